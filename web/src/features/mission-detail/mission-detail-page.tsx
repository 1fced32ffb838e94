import { DEFAULT_PROFILE_IMAGE } from '@fanmission/contracts';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { MissionEventCard } from '../../shared/lottery-event/mission-event-card';
import { creatorPath } from '../../shared/navigation/creator-path';
import { useSession } from '../../shared/session/session';
import { EscrowTimeline } from './components/escrow-timeline';
import { useMission } from './api/mission';
import { CommentsPanel } from './comments/comments-panel';
import { LikePanel } from './components/like-panel';
import { MissionContentPanel } from './components/mission-content-panel';
import { statusColor } from './mission-content';

/** `/mission-detail/{id}`: the content on the left, likes and comments on the right; unknown or private → 404. */
export function MissionDetailPage() {
  const { t } = useTranslation();
  const { missionId = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const query = useMission(missionId, session.userId);
  const missing = !/^\d+$/.test(missionId) || query.data === null;

  useEffect(() => {
    if (missing) void navigate('/not-found', { replace: true });
  }, [missing, navigate]);

  const mission = query.data;
  if (!mission) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  const creator = mission.missionProduct.creator;
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar
          component={RouterLink}
          to={creatorPath(creator)}
          src={creator.user.image?.thumbnail?.s3Url ?? creator.user.image?.s3Url ?? DEFAULT_PROFILE_IMAGE}
          alt={creator.name}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }} noWrap>
            {mission.missionProduct.name}
          </Typography>
          <Link component={RouterLink} to={creatorPath(creator)} underline="hover" color="text.secondary">
            {creator.name}
          </Link>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {mission.private ? <Chip icon={<LockOutlined />} label={t('missionDetail.private')} size="small" /> : null}
        <Chip label={t(`missionStatus.${mission.status}`)} color={statusColor(mission)} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <MissionContentPanel mission={mission} />
        <Stack spacing={2}>
          <MissionEventCard mission={mission} />
          <EscrowTimeline mission={mission} />
          <LikePanel mission={mission} />
          <CommentsPanel mission={mission} />
        </Stack>
      </Box>
    </Container>
  );
}
