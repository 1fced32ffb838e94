import {
  PAGINATION_DISPLAY,
  SETTLEMENT,
  koreaMonthOf,
  payoutWonPerCoin,
  type IncomeDetailRow,
  type MonthIncome,
  type MonthlySettlement,
  type Page as ApiPage,
} from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { api, apiUrl } from '../../shared/api/client';
import { formatDotDate } from '../../shared/format/date';
import { readSession, useSession } from '../../shared/session/session';
import { Page } from '../../shared/ui/page';

const INCOME_PAGE_SIZE = 12;

function Pages({ total, page, onChange }: { total: number; page: number; onChange: (page: number) => void }) {
  if (total <= 1) return null;
  return (
    <Box sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}>
      <Pagination
        count={total}
        page={page + 1}
        siblingCount={Math.floor(PAGINATION_DISPLAY.pageRange / 2)}
        boundaryCount={PAGINATION_DISPLAY.marginPages}
        onChange={(_, value) => onChange(value - 1)}
      />
    </Box>
  );
}

function Rows({
  columns,
  loading,
  empty,
  children,
  label,
}: {
  columns: string[];
  loading: boolean;
  empty: string | null;
  children: ReactNode;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 6 }}>
                <CircularProgress aria-label={t('common.loading')} />
              </TableCell>
            </TableRow>
          ) : empty !== null ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 8 }}>
                <Typography color="text.secondary">{empty}</Typography>
              </TableCell>
            </TableRow>
          ) : (
            children
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}

const won = (amount: number, t: TFunction) => t('income.won', { amount: amount.toLocaleString() });

/** Downloads a statement file with the session's token (a plain link would carry none). */
async function downloadStatement(statement: MonthlySettlement, format: 'pdf' | 'csv', t: TFunction, language: string) {
  const response = await fetch(apiUrl(`/creators/me/incomes/${statement.id}/${format}`), {
    headers: { Authorization: readSession().token ?? '', 'Accept-Language': language === 'jp' ? 'ja' : language },
  });
  if (!response.ok) {
    await showAlert(t('income.downloadFailed'));
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `fanmission-statement-${statement.year}-${String(statement.month).padStart(2, '0')}-${statement.id}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function MonthSummary({ income }: { income: MonthIncome }) {
  const { t } = useTranslation();
  const items: Array<[string, string]> = [
    [t('income.totalEarningCoin'), t('income.coinValue', { coins: income.totalEarningCoin.toLocaleString() })],
    [t('income.income'), won(income.income, t)],
    [t('income.pgFee'), won(income.pgFee, t)],
    [t('income.fatkatFee'), won(income.fatkatFee, t)],
    [t('income.toReceipt'), won(income.toReceipt, t)],
  ];
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, mb: 2 }} data-testid="month-summary">
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={t(`income.grade.${income.grade}`)} />
        <Typography variant="body2" color="text.secondary">
          {t('income.rate', { won: payoutWonPerCoin(income.grade) })}
        </Typography>
        <Chip
          size="small"
          color={income.settled ? 'success' : 'default'}
          variant="outlined"
          label={income.settled ? t('income.settled') : t('income.inProgress')}
        />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' }, gap: 1.5 }}>
        {items.map(([label, value]) => (
          <Box key={label}>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>{value}</Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function CurrentTab({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation();
  const now = koreaMonthOf(new Date());
  const [year, setYear] = useState(now.year);
  const [month, setMonth] = useState(now.month);
  const [page, setPage] = useState(0);
  const years = Array.from({ length: now.year - SETTLEMENT.incomeFirstYear + 1 }, (_, index) => now.year - index);
  const summary = useQuery({
    queryKey: ['income-month', creatorId, year, month],
    queryFn: async () =>
      (await api<MonthIncome>(`/creators/${creatorId}/incomes/by-month-new`, { query: { year, month } })).data,
  });
  const detail = useQuery({
    queryKey: ['income-detail', creatorId, year, month, page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await api<ApiPage<IncomeDetailRow>>(`/creators/${creatorId}/incomes-detail/page`, {
          query: { incomeYear: year, incomeMonth: month, page, size: INCOME_PAGE_SIZE },
        })
      ).data,
  });
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
      <Rows
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
            <TableCell>{row.username ?? '-'}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{row.missionProductName ?? '-'}</TableCell>
            <TableCell>{row.coinPrice.toLocaleString()}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDotDate(row.completed)}</TableCell>
          </TableRow>
        ))}
      </Rows>
      <Pages total={detail.data?.totalPages ?? 0} page={page} onChange={setPage} />
    </>
  );
}

function statusLabel(statement: MonthlySettlement, t: TFunction) {
  if (statement.status === 'CARRIED_OVER') return t('income.status.CARRIED_OVER');
  return statement.paid ? t('income.status.PAID') : t('income.status.UNPAID');
}

function PastTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const statements = useQuery({
    queryKey: ['income-statements', page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await api<ApiPage<MonthlySettlement>>('/creators/me/incomes-new/page', {
          query: { page, size: INCOME_PAGE_SIZE },
        })
      ).data,
  });
  const rows = statements.data?.content ?? [];
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('income.pastNote', { minimum: SETTLEMENT.minimumCoins, overseasMinimum: SETTLEMENT.minimumCoinsOverseas })}
      </Alert>
      <Rows
        label={t('income.pastTab')}
        columns={[
          t('income.number'),
          t('income.settlementMonth'),
          t('income.targetCoins'),
          t('income.amount'),
          t('income.paidState'),
          t('income.download'),
        ]}
        loading={statements.isPending}
        empty={rows.length === 0 ? t('income.pastEmpty') : null}
      >
        {rows.map((statement) => (
          <TableRow key={statement.id} data-testid="income-statement-row">
            <TableCell>{statement.id}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {t('income.settlementMonthValue', { year: statement.year, month: statement.month })}
            </TableCell>
            <TableCell>{statement.totalEarningCoin.toLocaleString()}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>{won(statement.toReceipt, t)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Chip
                size="small"
                variant={statement.paid ? 'filled' : 'outlined'}
                color={statement.paid ? 'success' : 'default'}
                label={statusLabel(statement, t)}
              />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Button size="small" onClick={() => void downloadStatement(statement, 'pdf', t, i18n.language)}>
                PDF
              </Button>
              <Button size="small" onClick={() => void downloadStatement(statement, 'csv', t, i18n.language)}>
                CSV
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </Rows>
      <Pages total={statements.data?.totalPages ?? 0} page={page} onChange={setPage} />
    </>
  );
}

/** `/adjustment-page` (spec 02 §2): this month's transactions and past monthly settlements. */
export function IncomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'past' ? 'past' : 'current';
  return (
    <Page title={t('income.title')} width="md">
      <Tabs
        value={tab}
        onChange={(_, value: 'current' | 'past') =>
          setParams(value === 'past' ? { tab: 'past' } : {}, { replace: true })
        }
        sx={{ mb: 2 }}
      >
        <Tab value="current" label={t('income.currentTab')} />
        <Tab value="past" label={t('income.pastTab')} />
      </Tabs>
      {session.creatorId === null ? null : tab === 'current' ? (
        <CurrentTab creatorId={session.creatorId} />
      ) : (
        <PastTab />
      )}
    </Page>
  );
}
