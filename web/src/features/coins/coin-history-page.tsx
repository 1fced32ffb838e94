import { formatNumber } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCoinBalance } from '../../shared/api/coin-balance';
import { mayCharge } from '../../shared/coins/charge-form';
import { CoinChargeDialog } from '../../shared/coins/coin-charge-dialog';
import { Page } from '../../shared/ui/page';
import type { YearMonth } from './components/history-filters';
import { useCoinLots } from './api/refunds';
import { HistoryTab } from './components/history-tab';
import { PartialRefundDialog } from './components/partial-refund-dialog';
import { PendingTab } from './components/pending-tab';
import { useChargeReturn } from './use-charge-return';

/**
 * `/coin-history`: balance, charge button, history and pending tabs, year/month filter; the partial
 * refund and the way to the coin lots.
 */
export function CoinHistoryPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'history' | 'pending'>('history');
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState<YearMonth>({ year: '', month: '' });
  const [charging, setCharging] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const lots = useCoinLots();
  useChargeReturn();
  const balance = useCoinBalance();
  const switchTab = (next: 'history' | 'pending') => {
    setTab(next);
    setPage(0);
  };

  return (
    <Page title={t('coinHistory.title')} width="md">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Typography sx={{ fontWeight: 700, fontSize: 18 }} data-testid="coin-balance">
          {t('coinHistory.balance')}: {formatNumber(balance.data?.point ?? 0)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" onClick={() => mayCharge() && setCharging(true)}>
            {t('coinHistory.charge')}
          </Button>
          <Button variant="outlined" disabled={!lots.data} onClick={() => setRefunding(true)}>
            {t('coinRefunds.partialRefund')}
          </Button>
          <Button component={RouterLink} to="/my-coins">
            {t('coinRefunds.myCoins')}
          </Button>
        </Stack>
      </Stack>
      <Tabs value={tab} onChange={(_, value: 'history' | 'pending') => switchTab(value)} sx={{ mb: 1 }}>
        <Tab value="history" label={t('coinHistory.history')} />
        <Tab value="pending" label={t('coinHistory.pending')} />
      </Tabs>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('coinHistory.pendingNote')}
      </Alert>
      {tab === 'history' ? (
        <HistoryTab page={page} onPage={setPage} filter={filter} onFilter={setFilter} />
      ) : (
        <PendingTab page={page} onPage={setPage} />
      )}
      {refunding && lots.data ? (
        <PartialRefundDialog preview={lots.data.partialRefund} onClose={() => setRefunding(false)} />
      ) : null}
      {charging ? (
        <CoinChargeDialog onClose={() => setCharging(false)} onBankRequested={() => switchTab('pending')} />
      ) : null}
    </Page>
  );
}
