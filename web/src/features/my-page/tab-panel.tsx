import { DEFAULT_PROFILE_IMAGE, GRID } from '@fanmission/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useScrollLoading, useTabList, type FollowItem, type MissionListItem, type MyPageTab } from './lists';
import { placeholderThumbnail } from '../../shared/ui/mission-placeholder';

/** The creator page address of a follow: its custom url when it has one (01 §2 creator search rule). */
export function creatorPath(creator: { id: number; url: string | null }): string {
  return creator.url ? `/${creator.url}` : `/creator/${creator.id}`;
}

/** The answer's thumbnail, else the product's picture. */
function thumbnailOf(mission: MissionListItem): string | undefined {
  const picture = mission.missionProduct.descriptionPicture;
  return mission.thumbnail?.s3Url ?? picture?.thumbnail?.s3Url ?? picture?.s3Url;
}

export function MyPageTabPanel({ tab, userId }: { tab: MyPageTab; userId: number | null }) {
  const { t } = useTranslation();
  const list = useTabList<FollowItem | MissionListItem>(tab, userId);
  useScrollLoading(list.hasNextPage, list.isFetching, list.fetchNextPage);
  const items = list.data?.pages.flatMap((page) => page.content) ?? [];

  if (list.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (items.length === 0) {
    const follow = tab === 'follow';
    return (
      <Paper variant="outlined" sx={{ py: 8, textAlign: 'center', borderRadius: 3 }}>
        <Typography color="text.secondary">{t(`myPage.empty.${tab}`)}</Typography>
        <Button
          component={RouterLink}
          to={follow ? '/creator-search' : '/browse-missions'}
          variant="contained"
          sx={{ mt: 3 }}
        >
          {follow ? t('myPage.goCreatorSearch') : t('myPage.goBrowseMissions')}
        </Button>
      </Paper>
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
          : (items as MissionListItem[]).map((mission) => <MissionCard key={mission.id} mission={mission} />)}
      </Box>
      {list.isFetchingNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} />
        </Box>
      ) : null}
    </>
  );
}

function FollowCard({ item }: { item: FollowItem }) {
  const image = item.creator.user?.image;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <CardActionArea component={RouterLink} to={creatorPath(item.creator)} sx={{ p: 2 }}>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Avatar
            src={image?.thumbnail?.s3Url ?? image?.s3Url ?? DEFAULT_PROFILE_IMAGE}
            sx={{ width: 72, height: 72 }}
          />
          <Typography noWrap sx={{ fontWeight: 700, maxWidth: '100%' }}>
            {item.creator.name}
          </Typography>
        </Stack>
      </CardActionArea>
    </Paper>
  );
}

export function MissionCard({ mission }: { mission: MissionListItem }) {
  const { t } = useTranslation();
  const thumbnail = thumbnailOf(mission);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <CardActionArea component={RouterLink} to={`/mission-detail/${mission.id}`}>
        <Box
          sx={{
            aspectRatio: '9 / 16',
            maxHeight: 240,
            width: '100%',
            bgcolor: '#f1e6ea',
            backgroundImage: `url(${thumbnail ?? placeholderThumbnail(mission.id)})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
        <Box sx={{ p: 2 }}>
          <Chip size="small" label={t(`missionStatus.${mission.status}`)} sx={{ mb: 1 }} />
          <Typography noWrap sx={{ fontWeight: 700 }}>
            {mission.missionProduct.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {mission.missionProduct.creator.name}
          </Typography>
        </Box>
      </CardActionArea>
    </Paper>
  );
}
