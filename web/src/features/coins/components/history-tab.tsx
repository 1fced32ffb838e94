import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDotDate } from '../../../shared/format/date';
import { PageNumbers } from '../../../shared/ui/list-states';
import { useCoinHistory } from '../api/coin-history';
import { useCoinLots } from '../api/refunds';
import { historyContent, historyRefundLine, signedPoint } from '../history-texts';
import { ChargeReceipt } from './charge-receipt';
import { ChargeWithdrawal, isCharge } from './charge-withdrawal';
import { HistoryFilters, type YearMonth } from './history-filters';
import { RowsTable } from '../../../shared/ui/rows-table';

/** The history tab: the year/month filter, the rows (date, type, content, signed amount) and the page numbers. */
export function HistoryTab({
  page,
  onPage,
  filter,
  onFilter,
}: {
  page: number;
  onPage: (page: number) => void;
  filter: YearMonth;
  onFilter: (filter: YearMonth) => void;
}) {
  const { t, i18n } = useTranslation();
  const history = useCoinHistory({ page, ...filter });
  const rows = history.data?.content ?? [];
  // Used-up lots too (the most recent ones): a withdrawn charge's lot is empty and says how its refund stands.
  const lots = useCoinLots(true);
  const lotByDeposit = new Map((lots.data?.lots ?? []).map((lot) => [lot.coinDepositId, lot]));
  return (
    <>
      <HistoryFilters
        value={filter}
        onChange={(next) => {
          onFilter(next);
          onPage(0);
        }}
      />
      <RowsTable
        columns={[t('coinHistory.date'), t('coinHistory.type'), t('coinHistory.content'), t('coinHistory.amount')]}
        loading={history.isPending}
        empty={rows.length === 0 ? t('coinHistory.empty') : null}
      >
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="coin-history-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDotDate(row.created)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`coinHistory.eventType.${row.eventType}`)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {historyContent(row, t)}
              {row.refund ? (
                <Typography
                  variant="body2"
                  component="div"
                  data-testid="coin-history-refund"
                  sx={{ color: row.refund.status === 'refused' ? 'error.main' : 'text.secondary' }}
                >
                  {historyRefundLine(row.refund, t, i18n.language)}
                </Typography>
              ) : null}
              {row.eventType === 'EARN' ? <ChargeReceipt row={row} /> : null}
              {isCharge(row) && lots.data ? (
                <ChargeWithdrawal row={row} lot={lotByDeposit.get(row.coinDeposit?.id ?? null)} />
              ) : null}
            </TableCell>
            <TableCell
              sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: row.point < 0 ? 'error.main' : 'text.primary' }}
            >
              {signedPoint(row.point)}
            </TableCell>
          </TableRow>
        ))}
      </RowsTable>
      <PageNumbers total={history.data?.totalPages ?? 0} page={page} onChange={onPage} />
    </>
  );
}
