import { loginRequestSchema, type LoginRequest } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { completeLogin, requestLogin } from '../../shared/auth/login';
import { useSchemaForm } from '../../shared/forms/schema-form';

/** E-mail and password; the button stays disabled until both are filled. */
export function EmailLoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, values, textField, fail, failure } = useSchemaForm(loginRequestSchema, { username: '', password: '' });
  const busy = form.formState.isSubmitting;
  /** The e-mail of an account whose login is blocked: the message offers the objection form. */
  const [blocked, setBlocked] = useState<string | null>(null);

  const submit = async (credentials: LoginRequest) => {
    setBlocked(null);
    try {
      const login = await requestLogin(credentials);
      void navigate(await completeLogin(login), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LOGIN_BLOCKED') {
        setBlocked(credentials.username);
        fail(error.message);
        return;
      }
      // A console-only account: the API's message sends it to the console's login.
      if (error instanceof ApiError && error.code === 'CONSOLE_ACCOUNT') {
        fail(error.message);
        return;
      }
      fail(t('login.failed'));
    }
  };

  return (
    <Stack
      component="form"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      spacing={2}
      noValidate
      aria-label={t('login.title')}
    >
      <TextField label={t('login.email')} type="email" autoComplete="email" {...textField('username')} error={false} />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        {...textField('password')}
        error={false}
      />
      {failure ? (
        <Alert severity="error">
          {failure}
          {blocked !== null ? (
            <>
              {' '}
              <Link component={RouterLink} to={`/block-objection?email=${encodeURIComponent(blocked)}`}>
                {t('blockObjection.link')}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={!values.username || !values.password || busy}>
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
