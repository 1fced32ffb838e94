import type { MissionView } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDotDate } from '../../../shared/format/date';
import { missionContent, missionThumbnail } from '../mission-content';
import { RequestBox } from './request-box';
import { MissionMediaDownload } from '../../../shared/missions/media-download';
import { MediaProcessingNote } from '../../../shared/media/media-processing-note';
import { VideoPlayer } from '../../../shared/media/video-player';
import { placeholderTint } from '../../../shared/cards/media';
import { CardImage } from '../../../shared/cards/pictures';
import { useSession } from '../../../shared/session/session';
import { isOwnCancel } from '../../../shared/cards/own-cancel';

/** The left side: the answer's media, the thumbnail or the custom box while in progress, or the refusal. */
export function MissionContentPanel({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const content = missionContent(mission);
  const session = useSession();
  const isParty = session.userId === mission.user.id || session.creatorId === mission.missionProduct.creator.id;
  const frame = { width: '100%', maxHeight: 640, borderRadius: 12, background: '#111', display: 'block' } as const;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      {content === 'media' ? (
        <Stack spacing={2}>
          {mission.video ? (
            <VideoPlayer
              file={mission.video}
              poster={mission.thumbnail?.s3Url}
              label={mission.missionProduct.name}
              style={{ ...frame, aspectRatio: '9 / 16', objectFit: 'contain' }}
            />
          ) : null}
          <MediaProcessingNote file={mission.voice} />
          {mission.picture ? (
            // A 16:9 frame (the answer pictures' usual shape) on the mission's colour, there before the picture
            // arrives so nothing below moves; the whole picture shows, whatever its shape.
            <Box sx={{ borderRadius: 1, overflow: 'hidden' }}>
              <CardImage
                src={mission.picture.s3Url}
                seed={mission.id}
                ratio="16 / 9"
                alt={mission.responseComment ?? mission.missionProduct.name}
                eager
                fit="contain"
              />
            </Box>
          ) : null}
          {mission.voice ? (
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('missionDetail.voice')}
              </Typography>
              {mission.voice.processing ? null : <audio controls src={mission.voice.s3Url} style={{ width: '100%' }} />}
            </Box>
          ) : null}
          <MissionMediaDownload mission={mission} />
          <CreatorFeedback mission={mission} />
          {mission.responseComment ? (
            <Box>
              <Typography variant="subtitle2" color="text.secondary">
                {t('missionDetail.response')}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{mission.responseComment}</Typography>
            </Box>
          ) : null}
          {isParty ? <RequestBox mission={mission} collapsed /> : null}
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
              bgcolor: placeholderTint(mission.id),
              backgroundImage: `url(${missionThumbnail(mission)})`,
              backgroundSize: 'cover',
              backgroundPosition: 'center',
            }}
          />
          <InProgress mission={mission} />
          <CreatorFeedback mission={mission} />
          {/* Its requester and creator see what was asked and sent (requestFile is theirs only). */}
          {isParty ? <RequestBox mission={mission} /> : null}
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
          <CreatorFeedback mission={mission} />
          <RequestBox mission={mission} />
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Typography variant="h6" sx={{ fontWeight: 800 }}>
            {isOwnCancel(mission) ? t('missionDetail.ownCancel') : t('missionDetail.rejected')}
          </Typography>
          {isOwnCancel(mission) ? (
            <Alert severity="info">{t('missionDetail.ownCancelNote')}</Alert>
          ) : mission.rejectionReason ? (
            <Alert severity="error">{t(`missionDetail.rejectedReasons.${mission.rejectionReason}`)}</Alert>
          ) : null}
          <CreatorFeedback mission={mission} />
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

/**
 * What the creator wrote with his decision (the API gives it to the requester and the creator only): the reason of a
 * refusal, or the message sent with an acceptance.
 */
function CreatorFeedback({ mission }: { mission: MissionView }) {
  const { t } = useTranslation();
  const feedback = mission.feedback?.trim();
  if (!feedback) return null;
  const refused = mission.status === 'REJECTED';
  return (
    <Box
      role="region"
      aria-label={t(refused ? 'missionDetail.refusalReason' : 'missionDetail.acceptMessage')}
      sx={{ borderLeft: 4, borderColor: refused ? 'error.light' : 'primary.light', pl: 2, py: 0.5 }}
    >
      <Typography variant="subtitle2" color="text.secondary">
        {t(refused ? 'missionDetail.refusalReason' : 'missionDetail.acceptMessage')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{feedback}</Typography>
    </Box>
  );
}
