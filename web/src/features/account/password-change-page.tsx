import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { useAccountEmail } from '../../shared/api/current-user';
import { readSession } from '../../shared/session/session';
import { Card, Page } from '../../shared/ui/page';
import { changePassword } from './api/account';
import { requestLogin } from '../../shared/auth/login';
import { NewPasswordForm } from '../../shared/password/new-password-form';
import { passwordChangeFailure } from '../../shared/password/password-result';

export interface PasswordChangeState {
  email: string;
}

/**
 * `/password-change`, from the profile editors (the e-mail in navigation state), a bookmark or a reload (the signed-in
 * member's); 'abnormal access' and back to `/` only for an account without an e-mail. The current password is checked
 * by logging in with it first.
 */
export function PasswordChangePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { email, loading } = useAccountEmail(location.state);

  useEffect(() => {
    if (!email && !loading) {
      void showAlert(t('common.abnormalAccess'));
      void navigate('/', { replace: true });
    }
  }, [email, loading, navigate, t]);
  if (!email) return null;

  return (
    <Page title={t('password.changeTitle')} width="xs">
      <Card>
        <NewPasswordForm
          withCurrent
          onSubmit={async ({ password, current }) => {
            try {
              await requestLogin({ username: email, password: current });
            } catch {
              return t('password.existingMismatch');
            }
            try {
              await changePassword(readSession().userId, password, current);
              void showAlert(t('password.changed'));
              void navigate(-1);
              return null;
            } catch (error) {
              const failure = passwordChangeFailure(error);
              if (failure.expired) {
                void showAlert(failure.message);
                void navigate('/', { replace: true });
                return null;
              }
              return failure.message;
            }
          }}
        />
      </Card>
    </Page>
  );
}
