import { formatNumber } from '@fanmission/contracts';
import type { CoinLotsResponse } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { failureMessage } from '../../../shared/api/client';
import { usePartialRefund } from '../api/refunds';
import { destinationLine, partialRefundDestinationText } from '../refund-destination';
import { BankAccountFields, useBankAccountForm } from './bank-account-fields';

/** One line of the preview: a label and its figure. */
function PreviewLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography
        // The figure stays on one line ("980 coins" broke in two beside the longer English label on a phone).
        sx={{
          fontWeight: 700,
          fontSize: strong ? 18 : undefined,
          color: strong ? 'primary.main' : undefined,
          whiteSpace: 'nowrap',
        }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * The partial refund: a preview of what the fan gets (held CASH coins minus 3 %, in coins and won) and where it goes:
 * back to his payment methods, or the bank account he gives here. One Idempotency-Key per opened dialog: a double
 * click refunds once.
 */
export function PartialRefundDialog({
  preview,
  onClose,
}: {
  preview: CoinLotsResponse['partialRefund'];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const bankAccount = useBankAccountForm();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const refund = usePartialRefund();
  const nothing = preview.cashCoins === 0;
  // The account is asked only when the money goes to it; the preview follows the coins held (refetched on a refusal).
  const toAccount = preview.destination?.kind === 'BANK_ACCOUNT' || preview.destination?.kind === 'SPLIT';

  const submit = async () => {
    const account = toAccount ? bankAccount.checkedAccount() : undefined;
    if (account === null) return;
    try {
      const result = await refund.mutateAsync({ ...(account && { bankAccount: account }), idempotencyKey });
      onClose();
      // Where the money goes, as finance reads it, and its day as the app writes days.
      await showAlert(t('coinRefunds.requested', { destination: destinationLine(result, t, i18n.language) }));
    } catch (error) {
      await showAlert(failureMessage(error, t('coinRefunds.failed')));
    }
  };

  return (
    <Dialog
      open
      onClose={refund.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="partial-refund-title"
    >
      <DialogTitle id="partial-refund-title">{t('coinRefunds.partialTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('coinRefunds.partialIntro')}
          </Typography>
          <Stack spacing={1} data-testid="refund-preview" sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
            <PreviewLine
              label={t('coinRefunds.previewCash')}
              value={t('coinRefunds.coins', { coins: formatNumber(preview.cashCoins) })}
            />
            <PreviewLine
              label={t('coinRefunds.previewFee')}
              value={`- ${t('coinRefunds.coins', { coins: formatNumber(preview.feeCoins) })}`}
            />
            <PreviewLine
              label={t('coinRefunds.previewRefundCoins')}
              value={t('coinRefunds.coins', { coins: formatNumber(preview.refundCoins) })}
            />
            <PreviewLine
              strong
              label={t('coinRefunds.previewAmount')}
              value={t('coinRefunds.won', { amount: formatNumber(preview.refundAmount) })}
            />
          </Stack>
          {preview.nonRefundableCoins > 0 ? (
            <Alert severity="info">
              {t('coinRefunds.previewKept', { coins: formatNumber(preview.nonRefundableCoins) })}
            </Alert>
          ) : null}
          {nothing ? (
            <Alert severity="warning">{t('coinRefunds.nothingRefundable')}</Alert>
          ) : (
            <>
              {/* Where the money goes, before the fan acts: the account is asked only when it goes there. */}
              {preview.destination ? (
                <Typography variant="body2" color="text.secondary" data-testid="partial-refund-destination">
                  {partialRefundDestinationText(preview.destination, t, i18n.language)}
                </Typography>
              ) : null}
              {toAccount ? <BankAccountFields {...bankAccount.fields} /> : null}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={refund.isPending}>
          {t('coinRefunds.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={nothing || refund.isPending}>
          {t('coinRefunds.submit', { amount: formatNumber(preview.refundAmount) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
