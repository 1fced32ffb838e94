import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { Card, Page } from '../../shared/ui/page';
import { resetPassword } from './api/account';
import { takeMailedSecret } from './mailed-secret';
import { NewPasswordForm } from '../../shared/password/new-password-form';
import { passwordChangeFailure } from '../../shared/password/password-result';

/** `/password-reset#code=…` from the reset or invitation mail; without a code: 'abnormal access' and back to `/`. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code] = useState(() => takeMailedSecret('code'));

  useEffect(() => {
    if (!code) {
      void showAlert(t('common.abnormalAccess'));
      void navigate('/', { replace: true });
    }
  }, [code, navigate, t]);
  if (!code) return null;

  return (
    <Page title={t('password.resetTitle')} width="xs">
      <Card>
        <NewPasswordForm
          withCurrent={false}
          onSubmit={async ({ password }) => {
            try {
              await resetPassword(code, password);
              void showAlert(t('password.changed'));
              void navigate('/login?view=email', { replace: true });
              return null;
            } catch (error) {
              const failure = passwordChangeFailure(error);
              if (failure.expired) {
                void showAlert(failure.message);
                void navigate('/forgot-password', { replace: true });
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
