import { CREATOR_REVIEW_DAYS } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../shared/session/session';
import { Page } from '../../shared/ui/page';

/**
 * `/get-creator-account-number`: how to get a creator account (public): a new creator sign-up, or a verified fan's
 * switch (from /creator-registration; visitors log in first).
 */
export function CreatorAccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const fan = session.loggedIn && session.creatorId === null && session.isVerified === true;
  const creator = session.creatorId !== null;
  return (
    <Page title={t('creatorStudio.accountNumber.title')} width="md">
      <Typography sx={{ mb: 1 }}>{t('creatorStudio.accountNumber.body', CREATOR_REVIEW_DAYS)}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3, fontWeight: 700 }}>
        {t('creatorStudio.accountNumber.steps')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, flex: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
            {t('creatorStudio.accountNumber.newTitle')}
          </Typography>
          <Typography sx={{ my: 2 }}>{t('creatorStudio.accountNumber.newBody')}</Typography>
          <Button component={RouterLink} to="/signup-for-creator" variant="contained" disabled={session.loggedIn}>
            {t('creatorStudio.accountNumber.newAction')}
          </Button>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, flex: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
            {t('creatorStudio.accountNumber.switchTitle')}
          </Typography>
          <Typography sx={{ my: 2 }}>{t('creatorStudio.accountNumber.switchBody')}</Typography>
          {fan ? (
            <Button component={RouterLink} to="/creator-registration" variant="outlined">
              {t('creatorStudio.accountNumber.switchAction')}
            </Button>
          ) : (
            <Button component={RouterLink} to="/login" variant="outlined" disabled={creator}>
              {t('creatorStudio.accountNumber.loginFirst')}
            </Button>
          )}
        </Paper>
      </Stack>
    </Page>
  );
}
