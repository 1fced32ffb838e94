import { DEPOSIT_STATUSES, PAGINATION_DISPLAY, type CoinHistoryRowDto } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { ApiError } from '../../shared/api/client';
import { coinBalanceQueryOptions, invalidateCoinBalance, useCoinBalance } from '../../shared/api/coin-balance';
import { queryKeys } from '../../shared/api/query-keys';
import { fetchCashItems } from '../../shared/coins/charge-api';
import { completeDeposit, useBankTransfers, useCoinHistory } from './api/coin-history';
import { formatDotDate } from '../../shared/format/date';
import { readSession, useSession } from '../../shared/session/session';
import { Page } from '../../shared/ui/page';
import { CHARGE_RETURN_PATH, CoinChargeDialog, mayCharge } from '../../shared/coins/coin-charge-dialog';

/** The content text of a history row (spec 01 §5). */
export function historyContent(row: CoinHistoryRowDto, t: TFunction): string {
  const product = row.mission ? `${row.mission.missionProduct.type} ${row.mission.missionProduct.name}` : '';
  switch (row.eventType) {
    case 'USE':
      return product;
    case 'EARN':
      if (row.coinDeposit?.payment) return t('coinHistory.earnCharge');
      if (row.coinDeposit?.coinItem.itemType === 'BONUS') return t('coinHistory.earnFreeEvent');
      if (row.coinItemType === 'BONUS') return t('coinHistory.earnBonus');
      return t('coinHistory.earnCharge');
    case 'EXPIRED':
      return t('coinHistory.expired');
    case 'REFUND':
      if (!row.mission) return t('coinHistory.refund');
      return row.mission.status === 'REJECTED' ? `${product} ${t('coinHistory.rejected')}` : product;
  }
}

/** ready / paid / cancelled / failed have labels; anything else shows NONE. */
export function depositStatusLabel(status: string, t: TFunction): string {
  return (DEPOSIT_STATUSES as readonly string[]).includes(status)
    ? t(`coinHistory.deposit.${status}`)
    : t('coinHistory.deposit.NONE');
}

/** "+1,000" / "-300": every amount signed. */
export const signedPoint = (point: number) => `${point > 0 ? '+' : ''}${point.toLocaleString()}`;

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
}: {
  columns: string[];
  loading: boolean;
  empty: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'auto' }}>
      <Table>
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

/** Finishes a checkout the provider sent back here (`?paymentId=…&status=paid|failed&coinItemId=…`). */
function useChargeReturn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  useEffect(() => {
    const paymentId = params.get('paymentId');
    const coinItemId = Number(params.get('coinItemId'));
    const status = params.get('status');
    if (!paymentId || handled.current) return;
    handled.current = true;
    void navigate(CHARGE_RETURN_PATH, { replace: true });
    void (async () => {
      if (status !== 'paid') {
        await showAlert(t('coinCharge.declined', { reason: t('coinCharge.declinedReason') }));
        return;
      }
      const userId = readSession().userId;
      try {
        await completeDeposit({ coinItemId, userId, paymentId });
      } catch (error) {
        // A PayPal order not completed (or Pending) and the provider's own failures carry the server's message.
        if (error instanceof ApiError && error.body && error.status < 500) {
          await showAlert(error.body.message);
          return;
        }
        await showAlert(t('coinCharge.depositFailed'));
        window.location.reload();
        return;
      }
      await invalidateCoinBalance(queryClient);
      await queryClient.invalidateQueries({ queryKey: queryKeys.coinHistory.all });
      const balance = await queryClient.fetchQuery(coinBalanceQueryOptions());
      const item = params.get('coinItemId');
      const points = await fetchCashItems();
      const point = points.find((entry) => String(entry.id) === item)?.point ?? 0;
      await showAlert(t('coinCharge.charged', { point, balance: balance.point }));
    })();
  }, [params, navigate, queryClient, t]);
}

/** `/coin-history` (spec 01 §2): balance, charge button, history and pending tabs, year/month filter. */
export function CoinHistoryPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [tab, setTab] = useState<'history' | 'pending'>('history');
  const [page, setPage] = useState(0);
  const [year, setYear] = useState<number | ''>('');
  const [month, setMonth] = useState<number | ''>('');
  const [charging, setCharging] = useState(false);
  useChargeReturn();

  const balance = useCoinBalance();
  const history = useCoinHistory({ page, year, month }, tab === 'history');
  const pending = useBankTransfers(session.userId, page, tab === 'pending');
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 6 }, (_, index) => thisYear - index);
  const switchTab = (next: 'history' | 'pending') => {
    setTab(next);
    setPage(0);
  };
  const historyRows = history.data?.content ?? [];
  const pendingRows = pending.data?.content ?? [];

  return (
    <Page title={t('coinHistory.title')} width="md">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Typography sx={{ fontWeight: 700, fontSize: 18 }} data-testid="coin-balance">
          {t('coinHistory.balance')}: {(balance.data?.point ?? 0).toLocaleString()}
        </Typography>
        <Button variant="contained" onClick={() => mayCharge() && setCharging(true)}>
          {t('coinHistory.charge')}
        </Button>
      </Stack>
      <Tabs value={tab} onChange={(_, value: 'history' | 'pending') => switchTab(value)} sx={{ mb: 1 }}>
        <Tab value="history" label={t('coinHistory.history')} />
        <Tab value="pending" label={t('coinHistory.pending')} />
      </Tabs>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('coinHistory.pendingNote')}
      </Alert>
      {tab === 'history' ? (
        <>
          <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
            <TextField
              select
              size="small"
              label={t('coinHistory.year')}
              value={year}
              onChange={(event) => {
                const value = event.target.value;
                setYear(value === '' ? '' : Number(value));
                if (value === '') setMonth('');
                setPage(0);
              }}
              sx={{ minWidth: 120 }}
            >
              <MenuItem value="">{t('coinHistory.all')}</MenuItem>
              {years.map((value) => (
                <MenuItem key={value} value={value}>
                  {t('coinHistory.yearValue', { year: value })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('coinHistory.month')}
              value={month}
              disabled={year === ''}
              onChange={(event) => {
                const value = event.target.value;
                setMonth(value === '' ? '' : Number(value));
                setPage(0);
              }}
              sx={{ minWidth: 120 }}
            >
              <MenuItem value="">{t('coinHistory.all')}</MenuItem>
              {Array.from({ length: 12 }, (_, index) => index + 1).map((value) => (
                <MenuItem key={value} value={value}>
                  {t('coinHistory.monthValue', { month: value })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Rows
            columns={[t('coinHistory.date'), t('coinHistory.type'), t('coinHistory.content'), t('coinHistory.amount')]}
            loading={history.isPending}
            empty={historyRows.length === 0 ? t('coinHistory.empty') : null}
          >
            {historyRows.map((row) => (
              <TableRow key={row.id} data-testid="coin-history-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDotDate(row.created)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`coinHistory.eventType.${row.eventType}`)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{historyContent(row, t)}</TableCell>
                <TableCell sx={{ fontWeight: 700, color: row.point < 0 ? 'error.main' : 'text.primary' }}>
                  {signedPoint(row.point)}
                </TableCell>
              </TableRow>
            ))}
          </Rows>
          <Pages total={history.data?.totalPages ?? 0} page={page} onChange={setPage} />
        </>
      ) : (
        <>
          <Rows
            columns={[
              t('coinHistory.date'),
              t('coinHistory.depositor'),
              t('coinHistory.phone'),
              t('coinHistory.coins'),
              t('coinHistory.price'),
              t('coinHistory.status'),
            ]}
            loading={pending.isPending}
            empty={pendingRows.length === 0 ? t('coinHistory.pendingEmpty') : null}
          >
            {pendingRows.map((row) => (
              <TableRow key={row.id} data-testid="pending-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDotDate(row.created)}</TableCell>
                <TableCell>{row.depositorName}</TableCell>
                <TableCell>{row.depositorPhone}</TableCell>
                <TableCell>{row.coinItem.point.toLocaleString()}</TableCell>
                <TableCell>{t('coinHistory.won', { amount: row.coinItem.price.toLocaleString() })}</TableCell>
                <TableCell>{depositStatusLabel(row.status, t)}</TableCell>
              </TableRow>
            ))}
          </Rows>
          <Pages total={pending.data?.totalPages ?? 0} page={page} onChange={setPage} />
        </>
      )}
      {charging ? (
        <CoinChargeDialog onClose={() => setCharging(false)} onBankRequested={() => switchTab('pending')} />
      ) : null}
    </Page>
  );
}
