import { CREATOR_REVIEW_DAYS } from '@fanmission/contracts';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { clearSession, readSession, useSession } from '../../shared/session/session';
import { resendVerification } from './api/account';
import { Card, Page } from '../../shared/ui/page';

export const EMAIL_SENT_VIEWS = [
  'forgot-password-email',
  'success-creator-user',
  'success-public-user',
  'suggest-user-authentication',
  'success-auth-public-user',
  'already-verified',
] as const;
export type EmailSentView = (typeof EMAIL_SENT_VIEWS)[number];

/** What sign-up (or a login of an unverified account) hands over for the resend button. */
export interface EmailSentState {
  userId?: number;
}

function useResend() {
  const { t } = useTranslation();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const state = (location.state ?? {}) as EmailSentState;
  const resend = async () => {
    const session = readSession();
    const userId = state.userId ?? session.userId;
    if (!userId) {
      void showAlert(t('emailSent.resendFailed'));
      return;
    }
    setBusy(true);
    try {
      await resendVerification(userId);
      void showAlert(t('emailSent.resendDone'));
    } catch {
      void showAlert(t('emailSent.resendFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { resend, busy };
}

/** `/email-sent?view=…` and `/email-sent/{view_case}` (the verification mail returns to the latter). */
export function EmailSentPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { viewCase } = useParams();
  const view = (viewCase ?? searchParams.get('view') ?? '') as EmailSentView;
  const { resend, busy } = useResend();
  const authDone = view === 'success-auth-public-user';
  const session = useSession();
  // The verification link signed its member in (email-verification-page.tsx): he goes on from here, signed in.
  const signedIn = authDone && session.loggedIn && session.isVerified === true;

  useEffect(() => {
    // The verification is done without a session (a blocked member): an unverified login stored here must log in again.
    const stored = readSession();
    if (authDone && stored.loggedIn && stored.isVerified !== true) clearSession();
  }, [authDone]);

  let title: string;
  let body: string;
  let action: 'login' | 'resend' | 'start' | null;
  switch (view) {
    case 'forgot-password-email':
      [title, body, action] = [t('emailSent.forgotTitle'), t('emailSent.forgotBody'), 'login'];
      break;
    case 'success-creator-user':
      // The creator form's account verifies its e-mail like a member's, so the resend button is there too.
      [title, body, action] = [
        t('emailSent.creatorTitle'),
        `${t('emailSent.publicBody')} ${t('emailSent.creatorBody', CREATOR_REVIEW_DAYS)}`,
        'resend',
      ];
      break;
    case 'success-public-user':
      [title, body, action] = [t('emailSent.publicTitle'), t('emailSent.publicBody'), 'resend'];
      break;
    case 'suggest-user-authentication':
      [title, body, action] = [t('emailSent.suggestTitle'), t('emailSent.suggestBody'), 'resend'];
      break;
    case 'success-auth-public-user':
      [title, body, action] = signedIn
        ? [
            t('emailSent.authDoneTitle'),
            t('emailSent.signedInBody', { name: session.creatorName ?? session.userName ?? '' }),
            'start',
          ]
        : [t('emailSent.authDoneTitle'), t('emailSent.authDoneBody'), 'login'];
      break;
    case 'already-verified':
      // The verification link clicked again: nothing to do but log in.
      [title, body, action] = [t('emailSent.alreadyVerifiedTitle'), t('emailSent.authDoneBody'), 'login'];
      break;
    default:
      [title, body, action] = [t('common.abnormalAccess'), '', null];
  }

  return (
    <Page title={title} width="sm">
      <Card>
        <MarkEmailReadOutlined color="primary" sx={{ fontSize: 56, alignSelf: 'center' }} aria-hidden />
        {body ? <Typography sx={{ textAlign: 'center' }}>{body}</Typography> : null}
        {searchParams.get('error') === 'expired' ? (
          <Alert severity="warning">{t('emailSent.expiredLink')}</Alert>
        ) : null}
        {action === 'login' ? (
          <Button component={RouterLink} to="/login?view=email" variant="contained" size="large">
            {view === 'forgot-password-email' ? t('emailSent.goLogin') : t('emailSent.login')}
          </Button>
        ) : null}
        {action === 'start' ? (
          // Where his login would take him: a creator who just signed up waits for review at his dashboard.
          <Button
            component={RouterLink}
            to={session.creatorId !== null ? '/newbie-creator-mypage' : '/'}
            variant="contained"
            size="large"
          >
            {t('emailSent.start')}
          </Button>
        ) : null}
        {action === 'resend' ? (
          <Button variant="outlined" size="large" onClick={() => void resend()} disabled={busy}>
            {t('emailSent.resend')}
          </Button>
        ) : null}
      </Card>
    </Page>
  );
}
