import { formatNumber } from '@fanmission/contracts';
import type { AccountDeletionResponse, CoinLotsResponse, CurrentUser, ErrorResponse } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { api, ApiError } from '../../shared/api/client';
import { useCurrentUser } from '../../shared/api/current-user';
import { navigateTo } from '../../shared/navigation/navigation';
import { clearSession } from '../../shared/session/session';

/** `DELETE /users/me`. */
export async function deleteMyAccount(body: { password?: string; forfeitCoins?: boolean }) {
  return (await api<AccountDeletionResponse>('/users/me', { method: 'DELETE', body, globalErrors: 'none' })).data;
}

function problemOf(error: unknown): { field?: string; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  const body: ErrorResponse | undefined = error.body;
  const sub = body?.subErrors?.[0];
  if (sub) return { field: sub.field, message: sub.message };
  return body ? { message: body.message } : null;
}

function DeletionDialog({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lots = useQuery({
    queryKey: ['coin-lots', 'deletion'] as const,
    queryFn: async () => (await api<CoinLotsResponse>('/users/me/coin-lots')).data,
  });
  const [password, setPassword] = useState('');
  const [forfeit, setForfeit] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const needsPassword = user.provider === 'local';
  const coins = lots.data?.balance ?? 0;
  const refund = lots.data?.partialRefund;
  const ready = lots.isSuccess && (!needsPassword || password.length > 0) && (coins === 0 || forfeit);

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await deleteMyAccount({ ...(needsPassword && { password }), ...(coins > 0 && { forfeitCoins: forfeit }) });
      clearSession();
      queryClient.clear();
      onClose();
      await showAlert(t('trust.deletion.done'));
      navigateTo('/', { replace: true });
    } catch (error) {
      setProblem(problemOf(error) ?? { message: t('trust.deletion.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="deletion-title">
      <DialogTitle id="deletion-title">{t('trust.deletion.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>{t('trust.deletion.intro')}</Typography>
          {coins > 0 ? (
            <Alert severity="warning" data-testid="deletion-coins">
              <Typography sx={{ fontWeight: 700 }}>{t('trust.deletion.coinsTitle', { coins })}</Typography>
              <Typography variant="body2" sx={{ my: 1 }}>
                {t('trust.deletion.coinsBody')}
              </Typography>
              {refund && refund.refundCoins > 0 ? (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t('trust.deletion.refundPreview', {
                    coins: formatNumber(refund.refundCoins),
                    amount: formatNumber(refund.refundAmount),
                    fee: formatNumber(refund.feeCoins),
                  })}
                </Typography>
              ) : null}
              <Link component={RouterLink} to="/coin-history" onClick={onClose}>
                {t('trust.deletion.refundLink')}
              </Link>
            </Alert>
          ) : null}
          {coins > 0 ? (
            <FormControlLabel
              control={<Checkbox checked={forfeit} onChange={(event) => setForfeit(event.target.checked)} />}
              label={t('trust.deletion.forfeit')}
            />
          ) : null}
          {needsPassword ? (
            <TextField
              type="password"
              label={t('trust.deletion.password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={problem?.field === 'password'}
              helperText={problem?.field === 'password' ? problem.message : t('trust.deletion.passwordHelp')}
              autoComplete="current-password"
            />
          ) : null}
          {problem && problem.field !== 'password' ? <Alert severity="error">{problem.message}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button color="error" variant="contained" disabled={!ready || busy} onClick={() => void submit()}>
          {t('trust.deletion.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The "delete account" card of the profile page, for fans. */
export function AccountDeletionCard() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3, borderRadius: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('trust.deletion.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {t('trust.deletion.intro')}
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('trust.deletion.open')}
      </Button>
      {open ? <DeletionDialog user={user} onClose={() => setOpen(false)} /> : null}
    </Paper>
  );
}
