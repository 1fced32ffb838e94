import { GRID, INFINITE_SCROLL_THRESHOLD_PX } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session';
import { EmptyState, LoadingState } from '../ui/list-states';
import { useScrolledItems } from '../ui/scroll-loading';
import { useEventsPages } from './api';
import { LotteryEventCard } from './event-card';

/** The browse-missions events tab: event cards 3 per row, 12 a page, infinite scroll; the empty state. */
export function LotteryEventsGrid() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useEventsPages(session.userId);
  const items = useScrolledItems(list, INFINITE_SCROLL_THRESHOLD_PX.browseMissions);
  if (list.isPending) return <LoadingState />;
  if (items.length === 0) return <EmptyState message={t('lotteryEvent.card.empty')} />;
  return (
    <>
      <Box
        aria-label={t('lotteryEvent.card.label')}
        role="list"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${GRID.missionCardsPerRow}, 1fr)` },
        }}
      >
        {items.map((product) => (
          <Box role="listitem" key={product.id}>
            <LotteryEventCard product={product} />
          </Box>
        ))}
      </Box>
      {list.isFetchingNextPage ? <LoadingState py={3} size={28} /> : null}
    </>
  );
}
