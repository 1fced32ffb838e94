import { formatNumber } from '@fanmission/contracts';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BankDepositInstructionsList } from '../../../shared/coins/bank-deposit-instructions';
import { formatDotDate } from '../../../shared/format/date';
import { useSession } from '../../../shared/session/session';
import { PageNumbers } from '../../../shared/ui/list-states';
import { useBankTransfers } from '../api/coin-history';
import { depositStatusLabel } from '../history-texts';
import { CancelDepositButton } from './cancel-deposit';
import { RefundRequests } from './refund-requests';
import { RowsTable } from '../../../shared/ui/rows-table';
import { formatPhoneNumber } from '../../../shared/format/phone';

/**
 * The pending tab: where, how much and by when to pay each bank deposit not paid yet (each one may be taken back);
 * the deposits waiting for the operator, with their status; then the refund requests.
 */
export function PendingTab({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const pending = useBankTransfers(session.userId, page);
  const rows = pending.data?.content ?? [];
  const toPay = rows.flatMap((row) =>
    row.status === 'ready' && row.instructions ? [{ ...row, instructions: row.instructions }] : [],
  );
  return (
    <>
      {toPay.map((row) => (
        <Paper
          key={row.id}
          component="section"
          variant="outlined"
          aria-label={t('bankDeposit.pendingTitle')}
          data-testid="deposit-instructions"
          sx={{ p: 2, mb: 2, borderRadius: 2 }}
        >
          <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {t('bankDeposit.pendingTitle')} · {t('coinCharge.itemLabel', { point: formatNumber(row.coinItem.point) })}
          </Typography>
          <BankDepositInstructionsList instructions={row.instructions} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('bankDeposit.exactAmount')}
          </Typography>
          <CancelDepositButton request={row} />
        </Paper>
      ))}
      <RowsTable
        columns={[
          t('coinHistory.date'),
          t('coinHistory.status'),
          t('coinHistory.depositor'),
          t('coinHistory.phone'),
          t('coinHistory.coins'),
          t('coinHistory.price'),
        ]}
        loading={pending.isPending}
        empty={rows.length === 0 ? t('coinHistory.pendingEmpty') : null}
      >
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="pending-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDotDate(row.created)}</TableCell>
            {/* Second, so that a narrow screen shows it without scrolling the table ("failed, contact support"). */}
            <TableCell>{depositStatusLabel(row.status, t)}</TableCell>
            <TableCell>{row.depositorName}</TableCell>
            <TableCell>
              {formatPhoneNumber(row.depositorPhone)}
              {/* The cash receipt asked for, with the number it goes to (issued once finance sees the money). */}
              {row.cashReceipt ? (
                <Typography variant="body2" color="text.secondary" data-testid="pending-cash-receipt">
                  {t('coinHistory.pendingCashReceipt', {
                    type: t(`coinCharge.cashReceipt${row.cashReceipt.receiptType}`),
                    number:
                      row.cashReceipt.receiptType === 'PHONE'
                        ? formatPhoneNumber(row.cashReceipt.number)
                        : row.cashReceipt.number,
                  })}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>{formatNumber(row.coinItem.point)}</TableCell>
            {/* An amount is read whole: at 360 px the table scrolls instead of breaking it over two lines. */}
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {t('coinHistory.won', { amount: formatNumber(row.coinItem.price) })}
            </TableCell>
          </TableRow>
        ))}
      </RowsTable>
      <PageNumbers total={pending.data?.totalPages ?? 0} page={page} onChange={onPage} />
      <RefundRequests />
    </>
  );
}
