import { type CoinHistoryRowDto, type CoinLot, formatNumber, WON_PER_COIN } from '@fanmission/contracts';
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
import { formatDotDateTime, formatDotDay } from '../../../shared/format/date';
import { useWithdrawCharge } from '../api/refunds';

/**
 * What a withdrawal gives back: the charge's own payment in its currency (a PayPal charge in US dollars), else its
 * coins at 100 won.
 */
export function paidAmount(row: CoinHistoryRowDto, coins: number, language: string): string {
  const payment = row.coinDeposit?.payment;
  const locale = language === 'ko' ? 'ko-KR' : language === 'ja' ? 'ja-JP' : 'en-US';
  if (payment && payment.currency === 'USD') {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(payment.amount / 100);
  }
  const won = payment?.amount ?? coins * WON_PER_COIN;
  return language === 'ko'
    ? `${formatNumber(won)}원`
    : new Intl.NumberFormat(locale, { style: 'currency', currency: 'KRW' }).format(won);
}

/** Whether a history row is a charge (EARN of CASH coins with its deposit). */
export function isCharge(row: CoinHistoryRowDto): boolean {
  return row.eventType === 'EARN' && row.coinItemType === 'CASH' && row.coinDeposit !== null;
}

/**
 * Under a charge in the history: until when it can still be withdrawn (unused, within 7 days) with the withdraw
 * action, or that it cannot any more.
 */
export function ChargeWithdrawal({ row, lot }: { row: CoinHistoryRowDto; lot: CoinLot | undefined }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawCharge();
  const depositId = row.coinDeposit?.id;
  if (depositId === undefined) return null;
  const until = lot?.withdrawableUntil ?? null;

  const confirm = async () => {
    try {
      const refund = await withdraw.mutateAsync(depositId);
      setConfirming(false);
      await showAlert(t('coinRefunds.withdrawDone', { dueOn: formatDotDay(refund.dueOn) }));
    } catch (error) {
      setConfirming(false);
      await showAlert(failureMessage(error, t('coinRefunds.failed')));
    }
  };

  if (lot?.withdrawal) {
    const { status, dueOn } = lot.withdrawal;
    return (
      <Typography
        variant="caption"
        color={status === 'refused' ? 'warning.main' : 'text.secondary'}
        component="div"
        data-testid="charge-withdrawn"
      >
        {t(`coinRefunds.withdrawnStatus.${status}`, { date: formatDotDay(dueOn) })}
      </Typography>
    );
  }
  if (until === null) {
    return (
      <Typography variant="caption" color="text.secondary" component="div" data-testid="charge-not-withdrawable">
        {t('coinRefunds.notWithdrawable')}
      </Typography>
    );
  }
  const coins = lot?.amount ?? row.point;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
      <Typography variant="caption" color="success.main" data-testid="charge-withdrawable">
        {t('coinRefunds.withdrawableUntil', { date: formatDotDateTime(until) })}
      </Typography>
      <Button size="small" variant="outlined" sx={{ whiteSpace: 'nowrap' }} onClick={() => setConfirming(true)}>
        {t('coinRefunds.withdraw')}
      </Button>
      {confirming ? (
        <Dialog
          open
          onClose={withdraw.isPending ? undefined : () => setConfirming(false)}
          aria-labelledby="withdraw-title"
        >
          <DialogTitle id="withdraw-title">{t('coinRefunds.withdrawTitle')}</DialogTitle>
          <DialogContent>
            <Typography>
              {t('coinRefunds.withdrawBody', {
                coins: formatNumber(coins),
                amount: paidAmount(row, coins, i18n.language),
              })}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)} disabled={withdraw.isPending}>
              {t('coinRefunds.cancel')}
            </Button>
            <Button variant="contained" color="error" onClick={() => void confirm()} disabled={withdraw.isPending}>
              {t('coinRefunds.withdraw')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Stack>
  );
}
