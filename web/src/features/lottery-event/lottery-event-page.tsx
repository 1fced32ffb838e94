import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { AdultGate } from '../../shared/adult-gate/adult-gate';
import { adultGateOf } from '../../shared/adult-gate/api';
import { ApiError } from '../../shared/api/client';
import { useGoToLogin } from '../../shared/auth/login-return';
import { formatDotDate } from '../../shared/format/date';
import { BADGE_COLOR, eventBadge, monthDay } from '../../shared/lottery-event/event-status';
import { useSession } from '../../shared/session/session';
import { LoadingState } from '../../shared/ui/list-states';
import { VideoPlayer } from '../../shared/media/video-player';
import { placeholderThumbnail, placeholderTint } from '../../shared/cards/media';
import { useEventProduct } from './api';
import { ApplyDialog } from './apply-dialog';
import { applyButton, applyGate } from './apply-rules';
import { VerifyDrawPanel } from './verify-panel';
import { WINNERS_TITLE_ID, WinnerList } from './winner-list';

/**
 * `/lottery-event/{id}`: status badge (Coming Soon before applications open, APPLIED once applied), title,
 * period MM/DD, media, info, the apply button by the event's status and the caller, the winners once DRAWN or CLOSED, and the
 * "verify this draw" panel.
 */
export function LotteryEventPage() {
  const { lotteryId = '' } = useParams();
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const goToLogin = useGoToLogin();
  const queryClient = useQueryClient();
  const loaded = useEventProduct(lotteryId, session.userId);
  const [applying, setApplying] = useState(false);
  const product = loaded.data;
  const missing =
    (loaded.isError && (!(loaded.error instanceof ApiError) || [400, 404].includes(loaded.error.status))) ||
    (product !== undefined && (product.type !== 'EVENT' || product.event === null));

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [lotteryId]);
  useEffect(() => {
    if (missing) void navigate('/not-found', { replace: true });
  }, [missing, navigate]);

  const gate = adultGateOf(loaded.error);
  if (gate) return <AdultGate code={gate} />;
  if (!product || !product.event) {
    return (
      <Container component="main" maxWidth="md">
        <LoadingState py={10} />
      </Container>
    );
  }
  const event = product.event;
  const badge = eventBadge(event);
  const button = applyButton(event, session, product.creator.id);
  const cover = product.descriptionPicture?.s3Url ?? placeholderThumbnail(product.id);

  const apply = async () => {
    if (button === 'completed') {
      await showAlert(t('lotteryEvent.alreadyCompleted'));
      const completedList = document.getElementById(WINNERS_TITLE_ID);
      completedList?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      completedList?.focus();
      return;
    }
    switch (applyGate(session)) {
      case 'login':
        await showAlert(t('lotteryEvent.loginToApply'));
        goToLogin();
        return;
      case 'creator':
        void showAlert(t('lotteryEvent.creatorCannotApply'));
        return;
      case 'unverified':
        void navigate('/email-sent?view=suggest-user-authentication');
        return;
      default:
        setApplying(true);
    }
  };

  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
          <Box
            component="img"
            src={cover}
            alt={event.title}
            sx={{
              width: { xs: '100%', sm: 280 },
              aspectRatio: '1 / 1',
              objectFit: 'cover',
              borderRadius: 3,
              bgcolor: placeholderTint(product.id),
              flexShrink: 0,
            }}
          />
          <Stack spacing={1.5} sx={{ minWidth: 0, flexGrow: 1 }}>
            <Box>
              <Chip
                color={BADGE_COLOR[badge]}
                label={t(`lotteryEvent.status.${badge}`)}
                aria-label={t(`lotteryEvent.status.${badge}`)}
                data-testid="event-status"
              />
            </Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
              {event.title}
            </Typography>
            <Link component={RouterLink} to={`/creator/${product.creator.id}`} underline="hover">
              {t('lotteryEvent.by', { name: product.creator.name })}
            </Link>
            <Typography sx={{ fontWeight: 700 }}>
              {t('lotteryEvent.period', { start: monthDay(event.applyStart), end: monthDay(event.applyEnd) })}
            </Typography>
            <Typography color="text.secondary">
              {t('lotteryEvent.eventEnd', { date: monthDay(event.eventEnd) })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Chip variant="outlined" label={t('lotteryEvent.drawNumber', { count: event.drawNumber })} />
              <Chip variant="outlined" label={t('lotteryEvent.applyNumber', { count: event.applyNumber })} />
            </Stack>
            {button === 'hidden' ? null : (
              <Box>
                <Button
                  variant="contained"
                  size="large"
                  disabled={button !== 'apply' && button !== 'completed'}
                  color={button === 'completed' ? 'inherit' : 'primary'}
                  onClick={() => void apply()}
                  sx={{ minWidth: 200 }}
                >
                  {t(
                    button === 'comingSoon'
                      ? 'lotteryEvent.comingSoon'
                      : button === 'applied'
                        ? 'lotteryEvent.applied'
                        : button === 'completed'
                          ? 'lotteryEvent.completed'
                          : 'lotteryEvent.apply',
                  )}
                </Button>
                {button === 'comingSoon' ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('lotteryEvent.opensOn', { date: monthDay(event.applyStart) })}
                  </Typography>
                ) : null}
              </Box>
            )}
          </Stack>
        </Stack>

        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="event-info-title"
          sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
        >
          <Typography id="event-info-title" variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
            {t('lotteryEvent.info')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{event.description}</Typography>
          {product.descriptionVideo ? (
            <Box sx={{ mt: 2, maxWidth: 640 }}>
              <VideoPlayer
                file={product.descriptionVideo}
                label={t('lotteryEvent.descriptionVideo', { title: event.title })}
                style={{ width: '100%', borderRadius: 12 }}
              />
            </Box>
          ) : null}
        </Paper>

        {event.drawnAutomatically ? <Alert severity="info">{t('lotteryEvent.drawnAutomatically')}</Alert> : null}
        {event.status === 'DRAWN' && event.prizeDueAt ? (
          <Alert severity="info">{t('lotteryEvent.prizeDue', { date: formatDotDate(event.prizeDueAt) })}</Alert>
        ) : null}
        {event.status === 'DRAWN' || event.status === 'CLOSED' ? (
          <WinnerList productId={String(product.id)} status={event.status} />
        ) : null}
        {event.status === 'CANCELED' ? null : <VerifyDrawPanel productId={String(product.id)} status={event.status} />}
      </Stack>
      {applying ? (
        <ApplyDialog
          productId={product.id}
          title={event.title}
          onClose={() => setApplying(false)}
          onApplied={() => void queryClient.invalidateQueries({ queryKey: ['lottery-event', lotteryId] })}
        />
      ) : null}
    </Container>
  );
}
