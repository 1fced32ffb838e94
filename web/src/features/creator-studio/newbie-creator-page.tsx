import { CREATOR_REVIEW_DAYS, type MyCreator } from '@fanmission/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { Page } from '../../shared/ui/page';
import { useMyCreator } from './my-creator';

interface DashboardCard {
  key: 'profile' | 'event' | 'mission';
  title: string;
  done: boolean;
  text: string;
  action: string;
  to: string;
}

/**
 * One card: its texts are `creatorStudio.newbie.<key>Card`, `…Done` or `…Todo`, and the button `…Edit` once done,
 * else the first step's word (`…Upload`, `…Register`).
 */
function card(
  t: (key: string) => string,
  key: DashboardCard['key'],
  done: boolean,
  firstStep: 'Upload' | 'Register',
  to: string,
): DashboardCard {
  const text = (suffix: string) => t(`creatorStudio.newbie.${key}${suffix}`);
  return {
    key,
    title: text('Card'),
    done,
    text: text(done ? 'Done' : 'Todo'),
    action: text(done ? 'Edit' : firstStep),
    to,
  };
}

function cardsOf(creator: MyCreator, t: (key: string) => string): DashboardCard[] {
  const { basicInfoDone, eventDone, missionDone } = creator.newbie;
  return [
    card(t, 'profile', basicInfoDone, 'Upload', '/edit-creator-profile'),
    // Done, "Edit" opens the event's edit form (or, once its applications are open, its details).
    card(
      t,
      'event',
      eventDone,
      'Register',
      eventDone ? '/mission-management/lottery-event?edit' : '/mission-management/lottery-event',
    ),
    card(t, 'mission', missionDone, 'Register', '/mission-management/normal'),
  ];
}

/** `/newbie-creator-mypage`: the three cards, the pending banner and a rejection's reason. */
export function NewbieCreatorPage() {
  const { t } = useTranslation();
  const creator = useMyCreator();
  if (creator.isPending) return <div className="page-loading" role="progressbar" aria-label="loading" />;
  if (creator.isError) {
    return (
      <Page title={t('creatorStudio.newbie.title')}>
        <Alert severity="error">{t('creatorStudio.newbie.loadFailed')}</Alert>
      </Page>
    );
  }
  const data = creator.data;
  if (data.verified) return <Navigate to={`/creator/${data.id}`} replace />;
  const rejected = data.review.status === 'REJECTED';
  return (
    <Page title={t('creatorStudio.newbie.title')} width="md">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mb: 3 }}>
        {rejected ? (
          <Alert severity="error" role="alert">
            <AlertTitle sx={{ fontWeight: 800 }}>{t('creatorStudio.newbie.rejectedTitle')}</AlertTitle>
            <div>{t('creatorStudio.newbie.rejectedBody')}</div>
            <Box sx={{ mt: 1, fontWeight: 700, whiteSpace: 'pre-wrap' }}>
              {t('creatorStudio.newbie.reason', { reason: data.review.reason ?? '' })}
            </Box>
          </Alert>
        ) : data.review.queued ? (
          <Alert severity="info" role="status">
            {t('creatorStudio.newbie.pendingBanner', CREATOR_REVIEW_DAYS)}
          </Alert>
        ) : (
          <Alert severity="warning" role="status">
            {t('creatorStudio.newbie.todoBanner')}
          </Alert>
        )}
      </Box>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
        aria-label={t('creatorStudio.newbie.title')}
      >
        {cardsOf(data, t).map((card) => (
          <Paper
            key={card.key}
            variant="outlined"
            component="section"
            aria-label={card.title}
            sx={{ p: 3, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {card.done ? (
                <CheckCircle color="success" aria-hidden />
              ) : (
                <RadioButtonUnchecked color="disabled" aria-hidden />
              )}
              <Typography variant="h6" component="h2" sx={{ fontWeight: 800, flex: 1 }}>
                {card.title}
              </Typography>
              <Typography variant="caption" color={card.done ? 'success.main' : 'text.secondary'}>
                {t(card.done ? 'creatorStudio.newbie.done' : 'creatorStudio.newbie.todo')}
              </Typography>
            </Box>
            <Typography color="text.secondary" sx={{ flex: 1 }}>
              {card.text}
            </Typography>
            <Button component={RouterLink} to={card.to} variant={card.done ? 'outlined' : 'contained'}>
              {card.action}
            </Button>
          </Paper>
        ))}
      </Box>
    </Page>
  );
}
