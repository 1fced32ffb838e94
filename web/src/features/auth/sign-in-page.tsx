import Apple from '@mui/icons-material/Apple';
import Facebook from '@mui/icons-material/Facebook';
import Google from '@mui/icons-material/Google';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type LoginResponse, OAUTH2_ERROR_REASONS } from '@fanmission/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { isLoginForAction } from '../../shared/auth/login-return';
import { apiUrl } from '../../shared/api/client';
import { socialLoginReturnUrl, webConfig } from '../../shared/config';
import { clearSession } from '../../shared/session/session';
import { Card, Page } from '../../shared/ui/page';
import { NO_PROVIDERS, useAuthProviders } from './api/auth-providers';
import { EmailLoginForm } from './email-login-form';
import {
  appleLogin,
  beginSocialLogin,
  completeLogin,
  exchangeLoginCode,
  takeSocialLogin,
} from '../../shared/auth/login';

function startRedirectLogin(provider: 'google' | 'facebook') {
  const { state } = beginSocialLogin();
  window.location.assign(
    apiUrl(`/api/oauth2/authorize/${provider}`, { redirect_uri: socialLoginReturnUrl(), client_state: state }),
  );
}

/**
 * Sign in with Apple on the web: Apple returns to /sns-login with `#code=…&id_token=…`. The client id is the one the
 * API announces, else the build-time `VITE_APPLE_CLIENT_ID`.
 */
function startAppleLogin(clientId: string, failed: () => void) {
  if (!clientId) {
    failed();
    return;
  }
  const { state, nonce } = beginSocialLogin();
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: socialLoginReturnUrl(),
    response_type: 'code id_token',
    response_mode: 'fragment',
    state,
    nonce,
  });
  window.location.assign(`${webConfig.appleAuthorizeUrl}?${query.toString()}`);
}

/**
 * `/sns-login` and `/login`: the configured Apple, Google and Facebook buttons (`GET /auth/providers`), the e-mail login (`?view=email`), and the return
 * of the social logins (`#login_code=`, `?error=`, or Apple's hash with code / id_token / state). A return signs in only
 * with the state this tab kept when the login started (login CSRF); a session token in the URL is never taken.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const handled = useRef(false);
  const showEmail = searchParams.get('view') === 'email';
  const appleFailed = () => void showAlert(t('snsLogin.appleFailed'));
  const providers = useAuthProviders();
  const configured = providers.data ?? NO_PROVIDERS;
  const anySocial = configured.google || configured.facebook || configured.apple !== null;

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const error = searchParams.get('error');
    const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
    const loginCode = hash.get('login_code');
    const idToken = hash.get('id_token');
    const code = hash.get('code');
    const finish = async (login: LoginResponse) => navigate(await completeLogin(login), { replace: true });
    if (loginCode) {
      const kept = takeSocialLogin();
      exchangeLoginCode(loginCode, kept.state ?? 'not-started-in-this-tab')
        .then(finish)
        .catch(() => {
          clearSession();
          setFailure(t('login.failed'));
        });
    } else if (error) {
      takeSocialLogin();
      const known = (OAUTH2_ERROR_REASONS as readonly string[]).includes(error);
      setFailure(t('snsLogin.failed', { reason: known ? t(`snsLogin.reasons.${error}`) : error }));
    } else if (idToken || code) {
      const kept = takeSocialLogin();
      if (!idToken || !kept.state || !kept.nonce || hash.get('state') !== kept.state) {
        appleFailed();
        return;
      }
      appleLogin(idToken, code ?? undefined, kept.nonce)
        .then(finish)
        .catch(() => {
          clearSession();
          appleFailed();
        });
    }
    // Runs once for the URL the page was opened with.
  }, []);

  return (
    <Page title={showEmail ? t('login.title') : t('snsLogin.title')} width="xs">
      <Card>
        {showEmail ? (
          <EmailLoginForm />
        ) : (
          <>
            <Typography color="text.secondary">{t('snsLogin.subtitle')}</Typography>
            {isLoginForAction(location.state) ? (
              <Alert severity="info" role="status">
                {t('snsLogin.loginNeeded')}
              </Alert>
            ) : null}
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            {configured.apple ? (
              <Button
                variant="contained"
                size="large"
                startIcon={<Apple />}
                onClick={() => startAppleLogin(configured.apple?.clientId || webConfig.appleClientId, appleFailed)}
                sx={{ bgcolor: '#000', '&:hover': { bgcolor: '#222' } }}
              >
                {t('snsLogin.apple')}
              </Button>
            ) : null}
            {configured.google ? (
              <Button
                variant="outlined"
                size="large"
                startIcon={<Google />}
                onClick={() => startRedirectLogin('google')}
                sx={{ color: '#1d1d1f', borderColor: '#dadce0' }}
              >
                {t('snsLogin.google')}
              </Button>
            ) : null}
            {configured.facebook ? (
              <Button
                variant="contained"
                size="large"
                startIcon={<Facebook />}
                onClick={() => startRedirectLogin('facebook')}
                sx={{ bgcolor: '#1877f2', '&:hover': { bgcolor: '#166fe5' } }}
              >
                {t('snsLogin.facebook')}
              </Button>
            ) : null}
            {anySocial ? <Divider>{t('snsLogin.or')}</Divider> : null}
            <Button
              component={RouterLink}
              to="/login?view=email"
              variant="text"
              size="large"
              startIcon={<MailOutlined />}
            >
              {t('snsLogin.emailLogin')}
            </Button>
            {/* A new fan signs up here: the creator sign-up below is for those who perform missions. */}
            <Button component={RouterLink} to="/sign-up" variant="contained" size="large">
              {t('snsLogin.signUp')}
            </Button>
            {/* The sign-up link under the notice: as the alert's side action it squeezed into a column on a phone
                and broke its own word. */}
            <Alert severity="info" variant="outlined">
              {t('snsLogin.creatorNotice')}
              <Button
                component={RouterLink}
                to="/signup-for-creator"
                size="small"
                sx={{ display: 'flex', width: 'fit-content', mt: 0.5, ml: -0.625 }}
              >
                {t('snsLogin.creatorSignUp')}
              </Button>
            </Alert>
            {/* A line of its own, 24 px high: a finger's target (its 14 px text alone makes it 20). */}
            <Link
              component={RouterLink}
              to="/collectterms"
              variant="body2"
              sx={{ alignSelf: 'center', lineHeight: '24px' }}
            >
              {t('snsLogin.collectTerms')}
            </Link>
          </>
        )}
      </Card>
    </Page>
  );
}
