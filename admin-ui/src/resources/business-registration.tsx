import type { AdminApproval, AdminCreatorPayoutAccount } from '@fanmission/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useGetOne, useNotify, useRecordContext, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import { announceApprovalsChanged } from '../approval-counts';
import { httpClient } from '../data-provider';
import { formatKst } from '../format/kst';
import { useCanWrite } from '../permissions';

/*
 * A creator's business registration on his page (finance): what he declares, what staff verified (the business
 * registry's registered name; only that lifts the 3.3 % withholding and may hold his payout account), and the request
 * to verify it (`POST /api/admin/creator-payout-accounts/{id}/business-verification`), which another finance member
 * approves (services/src/creators/business-verification.ts).
 */

const RESOURCE = 'creator-payout-accounts';

export function BusinessRegistrationCard() {
  const creator = useRecordContext<RaRecord & { name?: string }>();
  const allowed = useCanWrite(RESOURCE);
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { data: account } = useGetOne<AdminCreatorPayoutAccount>(
    RESOURCE,
    { id: Number(creator?.id ?? 0) },
    { enabled: allowed && creator !== undefined },
  );
  if (!creator || !allowed || !account) return null;
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`console.businessRegistration.${key}`, options);
  const declared = account.declaredBusinessType;
  const verified = account.businessVerification;
  const isBusiness = declared === 'PRIVATE' || declared === 'CORPORATION';
  const send = async () => {
    if (reason.trim() === '') {
      setError(translate('ra.validation.required'));
      return;
    }
    setPending(true);
    try {
      const { json } = await httpClient(`/api/admin/${RESOURCE}/${creator.id}/business-verification`, {
        method: 'POST',
        body: JSON.stringify({ reason: reason.trim() }),
      });
      setOpen(false);
      notify('console.approvals.requested', { type: 'info' });
      announceApprovalsChanged();
      redirect('show', 'approvals', (json as AdminApproval).id);
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  const rows: Array<[string, string]> = [
    [
      t('declared'),
      declared
        ? `${translate(`console.businessRegistration.types.${declared}`)}${
            account.declaredBusinessRegistrationNumber ? ` ${account.declaredBusinessRegistrationNumber}` : ''
          }`
        : '-',
    ],
    [
      t('verified'),
      verified.businessType === 'NONE'
        ? t('notVerified')
        : `${translate(`console.businessRegistration.types.${verified.businessType}`)} ${
            verified.registrationNumber ?? ''
          } · ${verified.registeredName ?? ''}${verified.verifiedAt ? ` (${formatKst(verified.verifiedAt)})` : ''}`,
    ],
    [t('withholding'), verified.businessType === 'NONE' ? t('withheld') : t('notWithheld')],
  ];
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
          {t('title')}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {isBusiness && (
          <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
            {t('ask')}
          </Button>
        )}
        <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
          <DialogTitle id={titleId}>{t('ask')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2">{t('explain')}</Typography>
            <TextField
              fullWidth
              margin="dense"
              required
              multiline
              label={t('reason')}
              value={reason}
              error={error !== null}
              helperText={error}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              onChange={(event) => setReason(event.target.value)}
            />
            <Alert severity="info" sx={{ mt: 1.5 }}>
              {translate('console.confirm.approvalAlways')}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" disabled={pending} onClick={() => void send()}>
              {translate('ra.action.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      </CardContent>
    </Card>
  );
}
