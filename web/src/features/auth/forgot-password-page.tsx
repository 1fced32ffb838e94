import { forgotPasswordRequestSchema } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useSchemaForm } from '../../shared/forms/schema-form';
import { Card, Page } from '../../shared/ui/page';
import { requestPasswordReset } from './api/account';

/** The contracts' request, checked as it will be sent: the address trimmed. */
const forgotPasswordForm = z.object({
  email: z
    .string()
    .transform((value) => value.trim())
    .pipe(forgotPasswordRequestSchema.shape.email),
});

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, values, set, errorKey, fail, failure, clearFailure } = useSchemaForm(forgotPasswordForm, {
    email: '',
  });
  const fieldError = errorKey('email');
  const error = fieldError ? t(fieldError) : failure;

  const submit = form.handleSubmit(async (body) => {
    try {
      await requestPasswordReset(body);
      void navigate('/email-sent?view=forgot-password-email');
    } catch {
      fail(t('forgotPassword.mismatch'));
    }
  });

  return (
    <Page title={t('forgotPassword.title')} width="xs">
      <Card>
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
        >
          <Typography color="text.secondary">{t('forgotPassword.description')}</Typography>
          <TextField
            label={t('forgotPassword.email')}
            type="email"
            value={values.email}
            onChange={(event) => {
              set('email', event.target.value);
              clearFailure();
            }}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!values.email.trim() || form.formState.isSubmitting}
          >
            {t('forgotPassword.submit')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('forgotPassword.socialNote')}
          </Typography>
        </form>
      </Card>
    </Page>
  );
}
