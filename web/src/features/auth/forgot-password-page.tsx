import { forgotPasswordRequestSchema } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/client';
import { validate } from '../../shared/forms/validate';
import { Card, Page } from '../../shared/ui/page';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(forgotPasswordRequestSchema, { email: email.trim() });
    if (!checked.ok) {
      setError(t(checked.errors.email ?? 'validation.invalid'));
      return;
    }
    setBusy(true);
    try {
      await api('/users/user/forgot-password-reset', { method: 'POST', body: checked.data, token: null });
      void navigate('/email-sent?view=forgot-password-email');
    } catch {
      setError(t('forgotPassword.mismatch'));
      setBusy(false);
    }
  };

  return (
    <Page title={t('forgotPassword.title')} width="xs">
      <Card>
        <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Typography color="text.secondary">{t('forgotPassword.description')}</Typography>
          <TextField
            label={t('forgotPassword.email')}
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Button type="submit" variant="contained" size="large" disabled={!email.trim() || busy}>
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
