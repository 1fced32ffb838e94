import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect } from 'react';
import { missionFirstView } from '../../shared/first-view';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { AdultGate } from '../../shared/adult-gate/adult-gate';
import { adultGateOf } from '../../shared/adult-gate/api';
import { MissionEventCard } from '../../shared/lottery-event/mission-event-card';
import { creatorPath } from '../../shared/navigation/creator-path';
import { useSession } from '../../shared/session/session';
import { EscrowTimeline } from './components/escrow-timeline';
import { useMission } from './api/mission';
import { useDocumentTitle } from '../../shared/navigation/document-title';
import { CommentsPanel } from './comments/comments-panel';
import { ContentHiddenNotice } from './components/content-hidden-notice';
import { LikePanel } from './components/like-panel';
import { SharePanel } from './components/share-panel';
import { MissionContentPanel } from './components/mission-content-panel';
import { statusColor } from './mission-content';
import { AvatarLink } from '../../shared/cards/pictures';
import { isOwnCancel } from '../../shared/cards/own-cancel';
import { MissionReviewPanel } from '../../shared/reviews/mission-review-panel';
import { unanswered } from '../../shared/api/pages';
import { OfflineState } from '../../shared/ui/list-states';

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
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  useDocumentTitle(mission?.missionProduct.name);
  const gate = adultGateOf(query.error);
  if (gate) return <AdultGate code={gate} />;
  if (!mission) {
    // The mission's first view (server-painted, then the shell's) stays until the answer arrives: nothing moves.
    const firstView = query.isPending ? missionFirstView(missionId) : null;
    if (firstView) return firstView;
    // No answer (offline): said so, not an endless spinner; it loads again once the browser is back online.
    if (unanswered(query.error)) {
      return (
        <Container component="main" maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
          <OfflineState reload={reload} />
        </Container>
      );
    }
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  const creator = mission.missionProduct.creator;
  const refused = mission.status === 'REJECTED';
  // Likes and the comment coin event wait for content: a request or a mission in progress has none yet.
  const performed = mission.status === 'COMPLETED';
  // The head's and the content panel's sizes are those of the first view (shared/first-view.tsx, and the server's in
  // services/src/plugins/first-view.ts): change them together. The title wraps (a phone shows all of it); the chips
  // sit on the creator's line, which keeps its height, so they move nothing when they appear.
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: 3 }}>
        <AvatarLink
          to={creatorPath(creator)}
          name={creator.name}
          seed={creator.id}
          src={creator.user.image?.thumbnail?.s3Url ?? creator.user.image?.s3Url}
        />
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{
              m: 0,
              mb: 0.5,
              fontSize: { xs: 24, sm: 32 },
              lineHeight: { xs: '30px', sm: '40px' },
              fontWeight: 800,
              letterSpacing: 0,
              overflowWrap: 'anywhere',
            }}
          >
            {mission.missionProduct.name}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: 24, fontSize: 16, lineHeight: '24px' }}>
            <Link
              component={RouterLink}
              to={creatorPath(creator)}
              underline="hover"
              color="text.secondary"
              sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {creator.name}
            </Link>
            <Chip
              label={isOwnCancel(mission) ? t('missionDetail.ownCancel') : t(`missionStatus.${mission.status}`)}
              color={isOwnCancel(mission) ? 'default' : statusColor(mission)}
              size="small"
            />
            {mission.private ? <Chip icon={<LockOutlined />} label={t('missionDetail.private')} size="small" /> : null}
          </Box>
        </Box>
      </Box>
      <ContentHiddenNotice mission={mission} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <MissionContentPanel mission={mission} />
        <Stack spacing={2}>
          {/* A lottery entry links its event, whatever its end (won, lost or cancelled). */}
          <MissionEventCard mission={mission} />
          <EscrowTimeline mission={mission} />
          {performed ? <SharePanel mission={mission} /> : null}
          {performed ? <LikePanel mission={mission} /> : null}
          {performed ? <MissionReviewPanel missionId={mission.id} /> : null}
          {/* A refused mission's comments stay readable; it takes no new ones (its coins went back). */}
          <CommentsPanel mission={mission} writable={!refused} coinEvent={performed} />
        </Stack>
      </Box>
    </Container>
  );
}
