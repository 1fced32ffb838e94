import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { fetchCurrentUser } from '../../shared/api/current-user';
import { clearSession, storeCurrentUser, storeLogin } from '../../shared/session/session';
import { Card, Page } from '../../shared/ui/page';
import { confirmEmail } from './api/account';
import { takeMailedSecret } from './mailed-secret';

/**
 * `/email-verification#token=…`, the verification mail's link: posts the token and goes where the answer says (the
 * sign-up's success page, or the verification page when the link is spent). A first use of a valid link signs its
 * member in (the API sets the session cookie): the page stores him as a login does, in place of whoever this browser
 * showed before. Without a token: 'abnormal access'.
 */
export function EmailVerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [token] = useState(() => takeMailedSecret('token'));

  useEffect(() => {
    if (!token) {
      void showAlert(t('common.abnormalAccess'));
      void navigate('/', { replace: true });
      return;
    }
    const goTo = (redirectUrl: string) => {
      const target = new URL(redirectUrl, window.location.origin);
      if (target.origin === window.location.origin) {
        void navigate(`${target.pathname}${target.search}`, { replace: true });
      } else {
        window.location.replace(redirectUrl);
      }
    };
    confirmEmail(token)
      .then(async ({ redirectUrl, signedIn }) => {
        if (signedIn) {
          clearSession();
          storeLogin(signedIn);
          // The name and picture follow; without them the member is signed in all the same.
          await fetchCurrentUser().then(storeCurrentUser, () => undefined);
        }
        goTo(redirectUrl);
      })
      .catch(() => {
        void showAlert(t('emailSent.verifyFailed'));
        void navigate('/email-sent?view=suggest-user-authentication', { replace: true });
      });
  }, [token, navigate, t]);

  return (
    <Page title={t('emailSent.verifyingTitle')} width="xs">
      <Card>
        <CircularProgress size={24} aria-label={t('emailSent.verifyingTitle')} />
        <Typography sx={{ mt: 2 }}>{t('emailSent.verifyingBody')}</Typography>
      </Card>
    </Page>
  );
}
