import { DEADLINES, TEXT_LIMITS, type MissionProduct, type MissionRequestResponse } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../shared/alert/alert';
import { CoinChargeDialog } from '../../shared/coins/coin-charge-dialog';
import { RequestAttachment } from './components/request-attachment';
import { dropRequestDraft, keepDraftUntil } from '../../shared/missions/request-draft';
import { attachmentsAllowed, minimumOffer, type RequestForm } from './request-form';
import { useMissionRequest } from './use-mission-request';

/** The BASIC / CUSTOM request modal; `draft`: what the fan had typed before he left to charge coins. */
export function MissionRequestDialog({
  product,
  onClose,
  onRequested,
  draft,
}: {
  product: MissionProduct;
  onClose: () => void;
  onRequested?: (response: MissionRequestResponse) => void;
  draft?: RequestForm;
}) {
  const { t } = useTranslation();
  const request = useMissionRequest(product, onClose, onRequested, draft);
  const bankRequested = useRef(false);
  const { values, set, textField, message, busy, held, cost } = request;
  const cut = (max: number) => (value: string) => value.slice(0, max);

  // The not-enough-coins path replaces this modal with the charge modal; closing it closes both and gives up the draft
  // (a checkout leaves the page without closing it, and its return restores the request). A bank deposit's coins come
  // later: the draft is kept until the deposit's deadline, and this page opens the request again on the next visit.
  if (request.charging) {
    return (
      <CoinChargeDialog
        onBankRequested={(deposit) => {
          bankRequested.current = true;
          keepDraftUntil(new Date(deposit.instructions.dueAt));
          void showAlert(t('missionRequest.draftKeptForDeposit'));
        }}
        onClose={() => {
          if (!bankRequested.current) dropRequestDraft();
          onClose();
        }}
      />
    );
  }
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="mission-request-title">
      <DialogTitle id="mission-request-title" sx={{ fontWeight: 800 }}>
        {t('missionRequest.title', { name: product.name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('missionRequest.to')}
            {...textField('to', cut(TEXT_LIMITS.recipientName))}
            helperText={message('to')}
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.recipientName } }}
            required
          />
          <FormControlLabel
            control={<Checkbox checked={values.toFriend} onChange={(event) => set('toFriend', event.target.checked)} />}
            label={t('missionRequest.toFriend')}
          />
          {values.toFriend ? (
            <TextField
              label={t('missionRequest.from')}
              {...textField('from', cut(TEXT_LIMITS.friendSenderName))}
              helperText={message('from')}
              slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.friendSenderName } }}
              required
            />
          ) : null}
          <Box>
            <TextField
              label={t('missionRequest.detail')}
              {...textField('requestComment', cut(TEXT_LIMITS.requestComment))}
              helperText={message('requestComment')}
              slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.requestComment } }}
              multiline
              minRows={3}
              fullWidth
              required
            />
            <Typography variant="caption" color="text.secondary" aria-label={t('missionRequest.counter')}>
              {values.requestComment.length}/{TEXT_LIMITS.requestComment}
            </Typography>
          </Box>
          {product.type === 'CUSTOM' ? (
            <TextField
              label={t('missionRequest.amount')}
              {...textField('amount', (value) => value.replace(/\D/g, ''))}
              helperText={message('amount') ?? t('missionRequest.belowMinimum', { min: minimumOffer(product) })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
          ) : null}
          {attachmentsAllowed(product) ? <RequestAttachment upload={request.upload} disabled={busy} /> : null}
          <FormControlLabel
            control={<Checkbox checked={values.private} onChange={(event) => set('private', event.target.checked)} />}
            label={t('missionRequest.private')}
          />
          <Alert severity="info">
            {product.type === 'CUSTOM'
              ? t('missionRequest.customNotice', {
                  decisionDays: DEADLINES.customDecisionDays,
                  performDays: DEADLINES.missionPerformDays,
                })
              : t('missionRequest.notice', { performDays: DEADLINES.missionPerformDays })}
          </Alert>
          <Box>
            <FormControlLabel
              control={<Checkbox checked={values.terms} onChange={(event) => set('terms', event.target.checked)} />}
              label={t('missionRequest.terms')}
            />
            {message('terms') ? <FormHelperText error>{message('terms')}</FormHelperText> : null}
          </Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography>{t('missionRequest.cost', { count: cost })}</Typography>
            <Typography color={held < cost ? 'error' : 'text.secondary'}>
              {t('missionRequest.held', { count: held })}
            </Typography>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void request.submit()} disabled={busy || request.upload.uploading}>
          {t('missionRequest.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
