import { formatNumber } from '@fanmission/contracts';
import type { CoinRefund } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { failureMessage } from '../../../shared/api/client';
import { formatDotDate, formatDotDay } from '../../../shared/format/date';
import { PageNumbers } from '../../../shared/ui/list-states';
import { useCorrectRefundAccount, useMyRefunds } from '../api/refunds';
import { destinationText } from '../refund-destination';
import { BankAccountFields, emptyBankAccount, useBankAccountForm } from './bank-account-fields';
import { RowsTable } from '../../../shared/ui/rows-table';

/** The status line: requested (paid by …), paid (on …), or refused with finance's reason. */
export function statusText(
  refund: Pick<CoinRefund, 'status' | 'dueOn' | 'paidAt' | 'refusalReason'>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  switch (refund.status) {
    case 'requested':
      return t('coinRefunds.status.requested', { dueOn: formatDotDay(refund.dueOn) });
    case 'paid':
      return t('coinRefunds.status.paid', { date: refund.paidAt ? formatDotDate(refund.paidAt) : '' });
    case 'refused':
      return t('coinRefunds.status.refused', { reason: refund.refusalReason ?? '' });
  }
}

/** An amount in a currency's minor unit (won, cents) as the language writes money: ₩1,000, US$0.72. */
function formatMinorUnits(amount: number, currency: string, language: string): string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 0));
}

/**
 * What goes back, line by line: the won amount when it all goes back in won; else (a PayPal charge in USD, or a charge
 * going back to its payment beside a bank deposit going to the account) each charge's money in its own currency and
 * where it goes.
 */
export function refundMoneyLines(
  refund: Pick<CoinRefund, 'amount' | 'parts'>,
  language: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string[] {
  const inWon = refund.parts.every((part) => part.currency === 'KRW');
  const total = refund.parts.reduce((sum, part) => sum + part.amount, 0);
  const sameDestination = new Set(refund.parts.map((part) => part.via)).size <= 1;
  if (refund.parts.length === 0 || (inWon && sameDestination && total === refund.amount)) {
    return [t('coinRefunds.won', { amount: formatNumber(refund.amount) })];
  }
  return refund.parts.map(
    (part) =>
      `${formatMinorUnits(part.amount, part.currency, language)} ${t(
        part.via === 'PROVIDER' ? 'coinRefunds.partToPayment' : 'coinRefunds.partToAccount',
      )}`,
  );
}

function RefundMoney({ refund }: { refund: CoinRefund }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {refundMoneyLines(refund, i18n.language, t).map((line) => (
        <Typography key={line} variant="body2" component="div">
          {line}
        </Typography>
      ))}
    </>
  );
}

/** A refused partial refund: the fan corrects the account and it is requested again. */
function CorrectAccountDialog({ refund, onClose }: { refund: CoinRefund; onClose: () => void }) {
  const { t } = useTranslation();
  const bankAccount = useBankAccountForm(refund.bankAccount ?? emptyBankAccount);
  const correct = useCorrectRefundAccount();
  const submit = async () => {
    const account = bankAccount.checkedAccount();
    if (!account) return;
    try {
      await correct.mutateAsync({ refundId: refund.id, bankAccount: account });
      onClose();
      await showAlert(t('coinRefunds.corrected'));
    } catch (error) {
      await showAlert(failureMessage(error, t('coinRefunds.failed')));
    }
  };
  return (
    <Dialog
      open
      onClose={correct.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="correct-title"
    >
      <DialogTitle id="correct-title">{t('coinRefunds.correctTitle')}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }} color="error.main">
          {refund.refusalReason}
        </Typography>
        <BankAccountFields {...bankAccount.fields} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={correct.isPending}>
          {t('coinRefunds.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={correct.isPending}>
          {t('coinRefunds.correctSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The pending tab's refund requests: kind, date, coins, the money, where it goes and the status. */
export function RefundRequests() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [correcting, setCorrecting] = useState<CoinRefund | null>(null);
  const refunds = useMyRefunds(page);
  const rows = refunds.data?.content ?? [];
  return (
    <>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18, mt: 4, mb: 1 }}>
        {t('coinRefunds.requestsTitle')}
      </Typography>
      <RowsTable
        columns={[
          t('coinHistory.date'),
          t('coinHistory.type'),
          t('coinHistory.coins'),
          t('coinHistory.price'),
          t('coinRefunds.account'),
          t('coinHistory.status'),
        ]}
        loading={refunds.isPending}
        empty={rows.length === 0 ? t('coinRefunds.requestsEmpty') : null}
      >
        {rows.map((refund) => (
          <TableRow key={refund.id} data-testid="refund-request-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDotDate(refund.requestedAt)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`coinRefunds.kind.${refund.kind}`)}</TableCell>
            {/* Six columns do not fit a phone: the longer ones keep a readable width and the box scrolls sideways
                (squeezed, the status and its reason ran a syllable or two a line). */}
            <TableCell>
              {formatNumber(refund.coins)}
              {refund.feeCoins > 0 ? (
                <Typography variant="caption" component="div" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {t('coinRefunds.previewFee')}: {formatNumber(refund.feeCoins)}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <RefundMoney refund={refund} />
            </TableCell>
            <TableCell sx={{ minWidth: 128, overflowWrap: 'anywhere' }} data-testid="refund-destination">
              {destinationText(refund.destination, t, i18n.language)}
            </TableCell>
            <TableCell
              data-testid="refund-status"
              sx={{ minWidth: 148, color: refund.status === 'refused' ? 'error.main' : undefined }}
            >
              {statusText(refund, t)}
              {refund.status === 'refused' && refund.kind === 'PARTIAL_REFUND' ? (
                <Button size="small" sx={{ display: 'block', mt: 0.5 }} onClick={() => setCorrecting(refund)}>
                  {t('coinRefunds.correctAccount')}
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </RowsTable>
      <PageNumbers total={refunds.data?.totalPages ?? 0} page={page} onChange={setPage} />
      {correcting ? <CorrectAccountDialog refund={correcting} onClose={() => setCorrecting(null)} /> : null}
    </>
  );
}
