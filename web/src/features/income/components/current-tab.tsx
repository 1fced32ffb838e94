import { formatNumber, koreaMonthOf, SETTLEMENT } from '@fanmission/contracts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDotDate } from '../../../shared/format/date';
import { PageNumbers } from '../../../shared/ui/list-states';
import { INCOME_PAGE_SIZE, useIncomeDetail, useMonthIncome } from '../api/income';
import { RowsTable } from '../../../shared/ui/rows-table';
import { MonthSummary } from './month-summary';

/** Current transactions: a year (2018 to now) and a month, the month's totals and the missions paid in it. */
export function CurrentTab({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation();
  const now = koreaMonthOf(new Date());
  const [year, setYear] = useState(now.year);
  const [month, setMonth] = useState(now.month);
  const [page, setPage] = useState(0);
  const years = Array.from({ length: now.year - SETTLEMENT.incomeFirstYear + 1 }, (_, index) => now.year - index);
  const summary = useMonthIncome(creatorId, year, month);
  const detail = useIncomeDetail(creatorId, year, month, page);
  const rows = detail.data?.content ?? [];
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('income.year')}
          value={year}
          onChange={(event) => {
            setYear(Number(event.target.value));
            setPage(0);
          }}
          sx={{ minWidth: 110 }}
        >
          {years.map((value) => (
            <MenuItem key={value} value={value}>
              {t('income.yearValue', { year: value })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('income.month')}
          value={month}
          onChange={(event) => {
            setMonth(Number(event.target.value));
            setPage(0);
          }}
          sx={{ minWidth: 100 }}
        >
          {Array.from({ length: 12 }, (_, index) => index + 1).map((value) => (
            <MenuItem key={value} value={value}>
              {t('income.monthValue', { month: value })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {summary.data ? <MonthSummary income={summary.data} /> : null}
      <RowsTable
        size="small"
        label={t('income.currentTab')}
        columns={[
          t('income.number'),
          t('income.type'),
          t('income.requester'),
          t('income.missionName'),
          t('income.coins'),
          t('income.completed'),
        ]}
        loading={detail.isPending}
        empty={rows.length === 0 ? t('income.detailEmpty') : null}
      >
        {rows.map((row, index) => (
          <TableRow key={`${row.missionId}-${row.completed}`} data-testid="income-detail-row">
            <TableCell>{(detail.data?.totalElements ?? 0) - page * INCOME_PAGE_SIZE - index}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {row.missionProductType ? t(`income.productType.${row.missionProductType}`) : '-'}
            </TableCell>
            {/* Korean words break at their spaces ("깜짝 영상 / 편지"), a number never. */}
            <TableCell sx={{ wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>{row.username ?? '-'}</TableCell>
            <TableCell sx={{ wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
              {row.missionProductName ?? '-'}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatNumber(row.coinPrice)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDotDate(row.completed)}</TableCell>
          </TableRow>
        ))}
      </RowsTable>
      <PageNumbers total={detail.data?.totalPages ?? 0} page={page} onChange={setPage} />
    </>
  );
}
