import {
  GRID,
  INFINITE_SCROLL_THRESHOLD_PX,
  MISSION_LIST_STATUSES,
  PAGE_SIZES,
  type MissionView,
  type Page as ApiPage,
} from '@fanmission/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { useSession } from '../../shared/session/session';
import { Page } from '../../shared/ui/page';
import { useWindowScrollLoading } from '../../shared/ui/scroll-loading';
import { MissionCard } from '../my-page/tab-panel';
import { BestComments } from './best-comments';

export type BrowseTab = 'completed' | 'reserved' | 'events';
type MissionTab = Exclude<BrowseTab, 'events'>;

const EMPTY_PAGE: ApiPage<never> = { content: [], totalPages: 0, totalElements: 0, number: 0, size: 0, last: true };

/** `GET /missions/page` for a tab: completed (COMPLETED) or reserved (ACCEPTED), 12 a page. */
export function browseRequest(tab: MissionTab, page: number) {
  return {
    path: '/missions/page',
    query: { status: MISSION_LIST_STATUSES[tab].join(','), page, size: PAGE_SIZES.missions },
  };
}

/** One page; a failed call warns and reads as an empty last page (scroll loading stops, 01 §8). */
async function fetchBrowsePage(tab: MissionTab, page: number): Promise<ApiPage<MissionView>> {
  const request = browseRequest(tab, page);
  try {
    const { data } = await api<ApiPage<MissionView>>(request.path, { query: request.query });
    return data && Array.isArray(data.content) ? data : EMPTY_PAGE;
  } catch (error) {
    console.warn(`browse missions ${tab} could not be loaded`, error);
    return EMPTY_PAGE;
  }
}

/** `/browse-missions` (spec 02 §2): completed and reserved missions 3 per row with infinite scroll; draw events. */
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
      {tab === 'events' ? (
        <Paper variant="outlined" sx={{ py: 8, textAlign: 'center', borderRadius: 3 }}>
          <Typography color="text.secondary">{t('browseMissions.eventsSoon')}</Typography>
        </Paper>
      ) : (
        <MissionGrid key={tab} tab={tab} />
      )}
    </Page>
  );
}

function MissionGrid({ tab }: { tab: MissionTab }) {
  const { t } = useTranslation();
  const session = useSession();
  const list = useInfiniteQuery({
    queryKey: ['browse-missions', tab, session.userId],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchBrowsePage(tab, pageParam),
    getNextPageParam: (last, pages) => (last.last || last.content.length === 0 ? undefined : pages.length),
  });
  useWindowScrollLoading(
    INFINITE_SCROLL_THRESHOLD_PX.browseMissions,
    list.hasNextPage,
    list.isFetching,
    list.fetchNextPage,
  );
  const items = list.data?.pages.flatMap((page) => page.content) ?? [];

  if (list.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (items.length === 0) {
    return (
      <Paper variant="outlined" sx={{ py: 8, textAlign: 'center', borderRadius: 3 }}>
        <Typography color="text.secondary">{t(`browseMissions.empty.${tab}`)}</Typography>
      </Paper>
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
      {list.isFetchingNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      ) : null}
    </>
  );
}
