import { GRID, INFINITE_SCROLL_THRESHOLD_PX } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session';
import { EmptyState, LoadingState } from '../../shared/ui/list-states';
import { Page } from '../../shared/ui/page';
import { useScrolledItems } from '../../shared/ui/scroll-loading';
import { MissionCard } from '../../shared/cards/mission-card';
import { LotteryEventsGrid } from '../../shared/lottery-event/events-grid';
import { useBrowseMissions, type BrowseTab, type MissionTab } from './api/browse-missions';
import { BestComments } from './best-comments';

export type { BrowseTab } from './api/browse-missions';
export { browseRequest } from './api/browse-missions';

/** `/browse-missions`: completed and reserved missions 3 per row with infinite scroll; draw events. */
export function BrowseMissionsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<BrowseTab>('completed');
  return (
    <Page title={t('browseMissions.title')} width="lg">
      <BestComments />
      <Tabs
        value={tab}
        onChange={(_, value: BrowseTab) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {(['completed', 'reserved', 'events'] as const).map((name) => (
          <Tab key={name} value={name} label={t(`browseMissions.tabs.${name}`)} />
        ))}
      </Tabs>
      {tab === 'events' ? <LotteryEventsGrid /> : <MissionGrid key={tab} tab={tab} />}
    </Page>
  );
}

function MissionGrid({ tab }: { tab: MissionTab }) {
  const { t } = useTranslation();
  const session = useSession();
  const list = useBrowseMissions(tab, session.userId);
  const items = useScrolledItems(list, INFINITE_SCROLL_THRESHOLD_PX.browseMissions);

  if (list.isPending) {
    return <LoadingState />;
  }
  if (items.length === 0) {
    return (
      <EmptyState
        message={t(tab === 'completed' ? 'discover.empty.browseCompleted' : 'discover.empty.browseReserved')}
        action={{ label: t('discover.actions.findCreators'), to: '/creator-search' }}
      />
    );
  }
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${GRID.missionCardsPerRow}, 1fr)` },
        }}
      >
        {items.map((mission) => (
          <MissionCard key={mission.id} mission={mission} />
        ))}
      </Box>
      {list.isFetchingNextPage ? <LoadingState py={3} size={28} /> : null}
    </>
  );
}
