import type { BankTransferRow } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { failureMessage } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { cancelBankTransfer } from '../api/coin-history';

/**
 * "입금 신청 취소" under a deposit still to pay: after a confirmation that warns not to cancel money already sent, the
 * request is taken back and the pending tab shows it no more.
 */
export function CancelDepositButton({ request }: { request: BankTransferRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelBankTransfer(request.id);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.bankTransfers.all });
      void showAlert(t('bankDeposit.cancelled'));
    } catch (error) {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.bankTransfers.all });
      void showAlert(failureMessage(error, t('bankDeposit.cancelFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" variant="outlined" sx={{ mt: 1 }} onClick={() => setConfirming(true)}>
        {t('bankDeposit.cancel')}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
        <DialogTitle sx={{ fontWeight: 800 }}>{t('bankDeposit.cancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('bankDeposit.cancelText', { amount: request.coinItem.price })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('bankDeposit.keep')}</Button>
          <Button onClick={() => void cancel()} variant="contained" color="error" disabled={busy}>
            {t('bankDeposit.cancelConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
