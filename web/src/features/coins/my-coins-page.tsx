import { formatNumber } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDotDate, formatDotDateTime } from '../../shared/format/date';
import { Page } from '../../shared/ui/page';
import { useCoinLots } from './api/refunds';
import { RowsTable } from '../../shared/ui/rows-table';

/**
 * `/my-coins`: the fan's coin lots, earliest expiry first: where the coins came from, how
 * many are left, when they expire, and whether they can be withdrawn or partly refunded.
 */
export function MyCoinsPage() {
  const { t } = useTranslation();
  const lots = useCoinLots();
  const rows = lots.data?.lots ?? [];
  return (
    <Page title={t('coinRefunds.lotsTitle')} width="md">
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography sx={{ fontWeight: 700, fontSize: 18 }} data-testid="lots-balance">
          {t('coinHistory.balance')}: {formatNumber(lots.data?.balance ?? 0)}
        </Typography>
        <Button component={RouterLink} to="/coin-history" variant="outlined">
          {t('coinRefunds.backToHistory')}
        </Button>
      </Stack>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('coinRefunds.lotsIntro')}
      </Alert>
      <RowsTable
        columns={[
          t('coinRefunds.lotSource'),
          t('coinRefunds.lotReceived'),
          t('coinRefunds.lotLeft'),
          t('coinRefunds.lotExpires'),
          t('coinRefunds.lotRefund'),
        ]}
        loading={lots.isPending}
        empty={rows.length === 0 ? t('coinRefunds.lotsEmpty') : null}
      >
        {rows.map((lot) => (
          <TableRow key={lot.id} data-testid="coin-lot-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`coinRefunds.source.${lot.source}`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDotDate(lot.createdAt)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
              {formatNumber(lot.remaining)} / {formatNumber(lot.amount)}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDotDate(lot.expiresAt)}</TableCell>
            {/* A column of sentences: wide enough to read on a phone (the table scrolls in its box), not a letter a line. */}
            <TableCell sx={{ minWidth: 160, wordBreak: 'keep-all' }}>
              {lot.withdrawableUntil
                ? t('coinRefunds.lotWithdrawable', { date: formatDotDateTime(lot.withdrawableUntil) })
                : lot.refundable
                  ? t('coinRefunds.lotPartial')
                  : t('coinRefunds.lotNotRefundable')}
            </TableCell>
          </TableRow>
        ))}
      </RowsTable>
    </Page>
  );
}
