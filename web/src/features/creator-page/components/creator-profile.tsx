import { DEFAULT_PROFILE_IMAGE, type CreatorPage as CreatorPageData } from '@fanmission/contracts';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Share from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showAlert } from '../../../shared/alert/alert';
import { initialsOf, placeholderColour, placeholderTint } from '../../../shared/cards/media';
import { LotteryEventCardOrNothing } from '../../../shared/lottery-event/event-card';
import { useSession } from '../../../shared/session/session';
import { useFollow } from '../../../shared/creators/follow';
import { useDocumentTitle } from '../../../shared/navigation/document-title';
import { CreatorReliabilityChips } from '../../../shared/creators/reliability';
import { CompletedMissions } from './completed-missions';
import { CreatorAvailabilityNotice } from './creator-availability';
import { MissionTabs } from './mission-tabs';
import { RankingPanel } from './ranking-panel';
import { CreatorReviews } from '../../../shared/reviews/creator-reviews';
import { SnsIcons } from './sns-icons';

/** The page's picture or intro video: 9:16 beside the text on a wide screen, at most 360 px high on a phone. */
const HERO = { width: '100%', aspectRatio: '9 / 16', maxHeight: { xs: 360, md: 'none' }, borderRadius: 3 } as const;

/**
 * The creator's page: intro video or picture (with a voice intro's player), name, links, tags, counts, the ranking and Top-3 blocks, the owner's
 * buttons and the missions.
 */
export function CreatorProfile({ data }: { data: CreatorPageData }) {
  const { t } = useTranslation();
  const session = useSession();
  const { creator } = data;
  const isOwner = session.creatorId === creator.id && session.userId === creator.user.id;
  const picture = creator.avatar ?? creator.user.image;
  const photo = picture && picture.s3Url !== DEFAULT_PROFILE_IMAGE ? picture.s3Url : null;
  const voice = creator.intro?.contentType.startsWith('audio/') === true;
  const introVideo = voice ? null : creator.intro;
  const introAudio = voice ? creator.intro : null;
  useDocumentTitle(creator.name);
  const [followerCount, setFollowerCount] = useState(data.followerCount);
  const follow = useFollow(creator.id, data.following, (state) => setFollowerCount(state.followerCount));

  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      void showAlert(t('creatorPage.shareCopied'));
    } catch {
      void showAlert(window.location.href);
    }
  };

  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
        <Box sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0 }}>
          {introVideo ? (
            <Box
              component="video"
              src={introVideo.s3Url}
              poster={introVideo.thumbnail?.s3Url ?? photo ?? undefined}
              controls
              playsInline
              aria-label={t('creatorPage.introVideo')}
              sx={{ ...HERO, bgcolor: '#000', objectFit: 'contain' }}
            />
          ) : photo ? (
            <Box
              component="img"
              src={photo}
              alt={creator.name}
              fetchPriority="high"
              sx={{ ...HERO, objectFit: 'cover', bgcolor: placeholderTint(creator.id) }}
            />
          ) : (
            // No picture: the name's initials on the creator's colour (shared/cards/media.ts), not a grey silhouette.
            <Box
              role="img"
              aria-label={creator.name}
              sx={{
                ...HERO,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                bgcolor: placeholderColour(creator.id),
                color: '#fff',
                fontSize: 96,
                fontWeight: 800,
              }}
            >
              <span aria-hidden="true">{initialsOf(creator.name)}</span>
            </Box>
          )}
          {introAudio ? (
            // A voice intro plays under the creator's picture, not in an empty video frame.
            <Box
              component="audio"
              src={introAudio.s3Url}
              controls
              aria-label={t('creatorPage.introVoice')}
              sx={{ width: '100%', mt: 1 }}
            />
          ) : null}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mr: 1 }}>
              {creator.name}
            </Typography>
            {creator.containAdultContent ? (
              // The rating mark of content for adults only (만 19세 이상): a red-ringed 19 beside the name.
              <Box
                role="img"
                aria-label={t('adultGate.badge')}
                title={t('adultGate.badge')}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  width: 32,
                  height: 32,
                  border: '3px solid #c62828',
                  borderRadius: '50%',
                  color: '#1d1d1f',
                  fontWeight: 800,
                  fontSize: 14,
                  lineHeight: 1,
                }}
              >
                19
              </Box>
            ) : null}
            <IconButton aria-label={t('creatorPage.share')} onClick={() => void share()}>
              <Share />
            </IconButton>
            {isOwner ? null : (
              // A visitor is sent to log in; a member follows or unfollows, the count following the server.
              <Button
                variant={follow.following ? 'outlined' : 'contained'}
                startIcon={follow.following ? <Favorite /> : <FavoriteBorder />}
                aria-pressed={follow.following}
                disabled={follow.busy}
                onClick={() => void follow.toggle()}
              >
                {t(follow.following ? 'creatorPage.following' : 'creatorPage.follow')}
              </Button>
            )}
          </Stack>
          <SnsIcons links={creator.snsLinks} />
          {/* The time to perform is the availability line's (the 90-day medians): the chips add the on-time rate. */}
          <CreatorReliabilityChips creatorId={creator.id} withPerformTime={false} />
          <CreatorAvailabilityNotice creatorId={creator.id} />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 2 }}>
            {creator.tags.map((tag) => (
              <Chip key={tag.id} label={`#${tag.name}`} variant="outlined" />
            ))}
          </Stack>
          {creator.description ? (
            <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{creator.description}</Typography>
          ) : null}
          <Stack direction="row" spacing={3} sx={{ mb: 2 }}>
            <Typography>
              {t('creatorPage.followers')} <strong>{followerCount}</strong>
            </Typography>
            <Typography>
              {t('creatorPage.likes')} <strong>{data.likeCount}</strong>
            </Typography>
          </Stack>
          <RankingPanel creatorId={creator.id} />
          {isOwner ? (
            <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
              <Button component={RouterLink} to="/edit-creator-profile" variant="outlined">
                {t('creatorPage.editProfile')}
              </Button>
              <Button component={RouterLink} to="/mission-management" variant="outlined">
                {t('creatorPage.missionManagement')}
              </Button>
            </Stack>
          ) : null}
          <LotteryEventCardOrNothing product={data.eventProduct} />
        </Box>
      </Stack>
      <MissionTabs creatorId={creator.id} isOwner={isOwner} />
      <CompletedMissions creatorId={creator.id} />
      <CreatorReviews creatorId={creator.id} isOwner={isOwner} />
    </Container>
  );
}
