import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MissionCard } from '../../../shared/cards/mission-card';
import { useCompletedMissions } from '../api/creator-page';
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
        {missions.map((mission) => (
          <MissionCard key={mission.id} mission={mission} subtitle={mission.user.username} />
        ))}
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
