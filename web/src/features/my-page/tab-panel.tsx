import { GRID } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MissionCard } from '../../shared/cards/mission-card';
import { creatorPath } from '../../shared/navigation/creator-path';
import { EmptyState, LoadingState } from '../../shared/ui/list-states';
import { useTabList } from './api/tab-lists';
import { useScrollLoading, type FollowItem, type MissionListItem, type MyPageTab } from './lists';
import { InitialsAvatar } from '../../shared/cards/pictures';
import { PendingRequestCard } from './pending-request-card';

export function MyPageTabPanel({ tab, userId }: { tab: MyPageTab; userId: number | null }) {
  const { t } = useTranslation();
  const list = useTabList<FollowItem | MissionListItem>(tab, userId);
  useScrollLoading(list.hasNextPage, list.isFetching, list.fetchNextPage);
  const items = list.data?.pages.flatMap((page) => page.content) ?? [];

  if (list.isPending) {
    return <LoadingState />;
  }
  if (items.length === 0) {
    const follow = tab === 'follow';
    return (
      <EmptyState message={t(`myPage.empty.${tab}`)}>
        <Button
          component={RouterLink}
          to={follow ? '/creator-search' : '/browse-missions'}
          variant="contained"
          sx={{ mt: 3 }}
        >
          {follow ? t('myPage.goCreatorSearch') : t('myPage.goBrowseMissions')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, 1fr)',
            md: `repeat(${tab === 'follow' ? GRID.creatorCardsPerRow : GRID.missionCardsPerRow}, 1fr)`,
          },
        }}
      >
        {tab === 'follow'
          ? (items as FollowItem[]).map((item) => <FollowCard key={item.creator.id} item={item} />)
          : (items as MissionListItem[]).map((mission) => <MissionItem key={mission.id} mission={mission} />)}
      </Box>
      {list.isFetchingNextPage ? <LoadingState py={3} size={28} /> : null}
    </>
  );
}

/** A CUSTOM request still waiting for the creator gets its own card (amount, text, deadline, cancel). */
function MissionItem({ mission }: { mission: MissionListItem }) {
  return mission.missionProduct.type === 'CUSTOM' && mission.status === 'REQUESTED' ? (
    <PendingRequestCard mission={mission} />
  ) : (
    <MissionCard mission={mission} />
  );
}

function FollowCard({ item }: { item: FollowItem }) {
  const image = item.creator.user?.image;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <CardActionArea component={RouterLink} to={creatorPath(item.creator)} sx={{ p: 2 }}>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <InitialsAvatar
            name={item.creator.name}
            seed={item.creator.id}
            src={image?.thumbnail?.s3Url ?? image?.s3Url}
            size={72}
          />
          <Typography noWrap sx={{ fontWeight: 700, maxWidth: '100%' }}>
            {item.creator.name}
          </Typography>
        </Stack>
      </CardActionArea>
    </Paper>
  );
}
