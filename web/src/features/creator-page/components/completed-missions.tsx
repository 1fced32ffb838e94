import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { missionThumbnail } from '../../../shared/cards/mission-card';
import { useCompletedMissions } from '../api/creator-page';
import { placeholderThumbnail, placeholderTint } from '../../../shared/cards/media';
import { CardGrid } from '../../../shared/ui/card-grid';

/** Shown only when the creator has completed missions. */
export function CompletedMissions({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation();
  const list = useCompletedMissions(creatorId);
  const missions = list.data?.pages.flatMap((page) => page.content) ?? [];
  if (missions.length === 0) return null;
  return (
    <Box component="section" aria-label={t('creatorPage.completed')} sx={{ mt: 6 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 800, mb: 2 }}>
        {t('creatorPage.completed')}
      </Typography>
      <CardGrid>
        {missions.map((mission) => {
          const thumbnail = missionThumbnail(mission);
          return (
            <Paper key={mission.id} variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
              <CardActionArea component={RouterLink} to={`/mission-detail/${mission.id}`}>
                <Box
                  sx={{
                    height: 200,
                    bgcolor: placeholderTint(mission.id),
                    backgroundImage: `url(${thumbnail ?? placeholderThumbnail(mission.id)})`,
                    backgroundSize: 'cover',
                    backgroundPosition: 'center',
                  }}
                />
                <Box sx={{ p: 2 }}>
                  <Typography noWrap sx={{ fontWeight: 700 }}>
                    {mission.missionProduct.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {mission.user.username}
                  </Typography>
                </Box>
              </CardActionArea>
            </Paper>
          );
        })}
      </CardGrid>
      {list.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button variant="outlined" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('creatorPage.more')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
