import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../shared/session/session';
import { Page } from '../../shared/ui/page';
import { CurrentTab } from './components/current-tab';
import { LifetimeSummary } from './components/lifetime-summary';
import { PastTab } from './components/past-tab';

/** `/adjustment-page`: the all-time totals, then this month's transactions and past monthly settlements (`?tab=past`). */
export function IncomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'past' ? 'past' : 'current';
  return (
    <Page title={t('income.title')} width="md">
      {session.creatorId === null ? null : <LifetimeSummary creatorId={session.creatorId} />}
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
