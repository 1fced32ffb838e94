import { DEFAULT_PROFILE_IMAGE, type MissionLikeResponse, type MissionView } from '@fanmission/contracts';
import AttachFile from '@mui/icons-material/AttachFile';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { api, ApiError } from '../../shared/api/client';
import { formatDotDate } from '../../shared/format/date';
import { useSession } from '../../shared/session/session';
import { creatorPath } from '../my-page/tab-panel';
import { MissionMediaDownload } from '../mission-management/media-download';

/** What the left side shows (spec 02 §4 "Display by status"). */
export type MissionContent = 'media' | 'thumbnail' | 'customBox' | 'requestBox';

export function missionContent(mission: Pick<MissionView, 'status' | 'thumbnail' | 'missionProduct'>): MissionContent {
  if (mission.status === 'COMPLETED') return 'media';
  if (mission.status === 'REJECTED') return 'requestBox';
  return missionThumbnail(mission) ? 'thumbnail' : 'customBox';
}

/** The answer's thumbnail, else the product's picture. */
export function missionThumbnail(mission: Pick<MissionView, 'thumbnail' | 'missionProduct'>): string | null {
  const picture = mission.missionProduct.descriptionPicture;
  return mission.thumbnail?.s3Url ?? picture?.thumbnail?.s3Url ?? picture?.s3Url ?? null;
}

async function fetchMission(id: string): Promise<MissionView | null> {
  try {
    return (await api<MissionView>(`/missions/${id}`)).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** `/mission-detail/{id}`: the content on the left, likes and comments on the right; unknown or private → 404. */
export function MissionDetailPage() {
  const { t } = useTranslation();
  const { missionId = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const query = useQuery({
    queryKey: ['mission', missionId, session.userId],
    queryFn: () => fetchMission(missionId),
    retry: false,
  });
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
          <LikePanel mission={mission} />
          <Paper
            variant="outlined"
            sx={{ p: 3, borderRadius: 3 }}
            aria-label={t('missionDetail.comments', { count: mission.commentsCount })}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <ChatBubbleOutline fontSize="small" />
              <Typography sx={{ fontWeight: 700 }}>
                {t('missionDetail.comments', { count: mission.commentsCount })}
              </Typography>
            </Stack>
            <Typography color="text.secondary">{t('missionDetail.commentsSoon')}</Typography>
          </Paper>
        </Stack>
      </Box>
    </Container>
  );
}

function statusColor(mission: MissionView): 'success' | 'warning' | 'error' | 'default' {
  if (mission.status === 'COMPLETED') return 'success';
  if (mission.status === 'REJECTED') return 'error';
  if (mission.status === 'ACCEPTED') return 'warning';
  return 'default';
}

function MissionContentPanel({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const content = missionContent(mission);
  const frame = { width: '100%', maxHeight: 640, borderRadius: 12, background: '#111', display: 'block' } as const;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      {content === 'media' ? (
        <Stack spacing={2}>
          {mission.video ? (
            <video
              controls
              playsInline
              src={mission.video.s3Url}
              poster={mission.video.thumbnail?.s3Url ?? mission.thumbnail?.s3Url}
              style={{ ...frame, aspectRatio: '9 / 16', objectFit: 'contain' }}
            />
          ) : null}
          {mission.picture ? (
            <img
              src={mission.picture.s3Url}
              alt={mission.responseComment ?? mission.missionProduct.name}
              style={{ ...frame, objectFit: 'contain' }}
            />
          ) : null}
          {mission.voice ? (
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('missionDetail.voice')}
              </Typography>
              <audio controls src={mission.voice.s3Url} style={{ width: '100%' }} />
            </Box>
          ) : null}
          <MissionMediaDownload mission={mission} />
          {mission.responseComment ? (
            <Box>
              <Typography variant="subtitle2" color="text.secondary">
                {t('missionDetail.response')}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{mission.responseComment}</Typography>
            </Box>
          ) : null}
        </Stack>
      ) : content === 'thumbnail' ? (
        <Stack spacing={2}>
          <Box
            role="img"
            aria-label={mission.missionProduct.name}
            sx={{
              aspectRatio: '9 / 16',
              maxHeight: 560,
              mx: 'auto',
              width: '100%',
              borderRadius: 3,
              bgcolor: '#f1e6ea',
              backgroundImage: `url(${missionThumbnail(mission)})`,
              backgroundSize: 'cover',
              backgroundPosition: 'center',
            }}
          />
          <InProgress mission={mission} />
        </Stack>
      ) : content === 'customBox' ? (
        <Stack spacing={2}>
          <Box
            sx={{
              aspectRatio: '16 / 9',
              borderRadius: 3,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: 'linear-gradient(135deg, #ff5c8a 0%, #ffb36b 100%)',
              color: '#fff',
              p: 3,
              textAlign: 'center',
            }}
          >
            <Typography variant="h5" sx={{ fontWeight: 800 }}>
              {t('missionDetail.customBox')}
            </Typography>
          </Box>
          <InProgress mission={mission} />
          <RequestBox mission={mission} />
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Typography variant="h6" sx={{ fontWeight: 800 }}>
            {t('missionDetail.rejected')}
          </Typography>
          {mission.rejectionReason ? (
            <Alert severity="error">{t(`missionDetail.rejectedReasons.${mission.rejectionReason}`)}</Alert>
          ) : null}
          <RequestBox mission={mission} />
        </Stack>
      )}
    </Paper>
  );
}

function InProgress({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  if (mission.status !== 'ACCEPTED') return null;
  return (
    <Alert severity="info">
      {t('missionDetail.inProgress')}
      {mission.performDueAt ? ` ${t('missionDetail.dueBy', { date: formatDotDate(mission.performDueAt) })}` : ''}
    </Alert>
  );
}

/** The fan's request as it was sent. */
function RequestBox({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t('missionDetail.to'), mission.to],
    [t('missionDetail.from'), mission.toFriend ? mission.from : null],
    [t('missionDetail.requestComment'), mission.requestComment],
  ];
  return (
    <Box
      aria-label={t('missionDetail.request')}
      role="region"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 3, p: 2.5, bgcolor: '#fafafa' }}
    >
      <Typography variant="subtitle1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('missionDetail.request')}
      </Typography>
      <Stack spacing={1}>
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <Box key={label}>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{value}</Typography>
            </Box>
          ))}
        {mission.requestFile ? (
          <Link
            href={mission.requestFile.s3Url}
            target="_blank"
            rel="noreferrer"
            sx={{ display: 'inline-flex', gap: 0.5 }}
          >
            <AttachFile fontSize="small" />
            {mission.requestFile.filename || t('missionDetail.attachment')}
          </Link>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {formatDotDate(mission.created)}
        </Typography>
      </Stack>
    </Box>
  );
}

/** Like / unlike; a visitor is sent to /login. */
function LikePanel({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState({ liked: mission.liked, count: mission.likesCount });
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (!session.token) {
      void navigate('/login');
      return;
    }
    setBusy(true);
    try {
      const { data } = await api<MissionLikeResponse>(`/missions/${mission.id}/likes`, {
        method: state.liked ? 'DELETE' : 'POST',
      });
      setState({ liked: data.liked, count: data.likesCount });
      void queryClient.invalidateQueries({ queryKey: ['my-page', 'liked'] });
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) {
        void showAlert(t('missionDetail.likeFailed'));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant={state.liked ? 'contained' : 'outlined'}
          color="primary"
          startIcon={state.liked ? <Favorite /> : <FavoriteBorder />}
          aria-pressed={state.liked}
          disabled={busy}
          onClick={() => void toggle()}
        >
          {state.liked ? t('missionDetail.unlike') : t('missionDetail.like')}
        </Button>
        <Typography aria-label="likes count" sx={{ fontWeight: 700 }}>
          {t('missionDetail.likes', { count: state.count })}
        </Typography>
      </Stack>
    </Paper>
  );
}
