import { loginRequestSchema } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { validate } from '../../shared/forms/validate';
import { completeLogin, requestLoginToken } from '../../shared/auth/login';

/** E-mail and password; the button stays disabled until both are filled (01 §5). */
export function EmailLoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(loginRequestSchema, { username: email, password });
    if (!checked.ok) return;
    setBusy(true);
    setFailed(false);
    try {
      const token = await requestLoginToken(checked.data);
      void navigate(await completeLogin(token), { replace: true });
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <Stack component="form" onSubmit={submit} spacing={2} noValidate aria-label={t('login.title')}>
      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {failed ? <Alert severity="error">{t('login.failed')}</Alert> : null}
      <Button type="submit" variant="contained" size="large" disabled={!email || !password || busy}>
        {t('login.submit')}
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Link component={RouterLink} to="/signup-accept-terms">
          {t('login.signUp')}
        </Link>
        <Link component={RouterLink} to="/forgot-password">
          {t('login.forgotPassword')}
        </Link>
      </Stack>
    </Stack>
  );
}
