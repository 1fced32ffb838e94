import { AGE } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { requestLoginToken } from '../../shared/auth/login';
import { AddressSearchButton } from '../../shared/forms/address-search';
import { useSchemaForm } from '../../shared/forms/schema-form';
import { digitsOnly } from '../../shared/forms/validate';
import { Card, Page } from '../../shared/ui/page';
import type { SignUpState } from './accept-terms-page';
import { signUp } from './api/account';
import type { EmailSentState } from './email-sent-page';
import { ageOn, signUpFailureMessages, signUpFormSchema, type SignUpValues } from './sign-up-rules';

const EMPTY: SignUpValues = {
  username: '',
  email: '',
  password: '',
  passwordConfirm: '',
  birthDate: '',
  parentConsent: false,
  phone: '',
  address: '',
  addressDetail: '',
};

/** `/sign-up`: the member form, reached from the terms page. */
export function SignUpPage() {
  const location = useLocation();
  const accepted = (location.state as Partial<SignUpState> | null)?.termsAccepted === true;
  if (!accepted) return <Navigate to="/signup-accept-terms" replace />;
  return <SignUpForm />;
}

function SignUpForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(() => signUpFormSchema(`${window.location.origin}/email-sent/success-auth-public-user`), []);
  const { form, values, set, errorKey, textField } = useSchemaForm(schema, EMPTY);
  const [failures, setFailures] = useState<string[]>([]);
  const korean = i18n.language === 'ko';
  const age = ageOn(values.birthDate, new Date());
  const needsConsent = age !== null && age >= AGE.minimum && age < AGE.parentConsentBelow;

  useEffect(() => {
    if (!needsConsent && values.parentConsent) set('parentConsent', false);
  }, [needsConsent, values.parentConsent]);

  const field = (name: Exclude<keyof SignUpValues, 'parentConsent'>, transform?: (value: string) => string) => {
    const key = errorKey(name);
    return { ...textField(name, transform), helperText: key ? t(key, { min: AGE.minimum }) : undefined };
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      const id = await signUp(body);
      // Log in to obtain a token for the resend button; the account stays unverified until the mail's link.
      const token = await requestLoginToken({ username: values.email.trim(), password: values.password }).catch(
        () => undefined,
      );
      const state: EmailSentState = { userId: id, ...(token ? { token } : {}) };
      void navigate('/email-sent?view=success-public-user', { state, replace: true });
    } catch (error) {
      setFailures(signUpFailureMessages(error, t));
    }
  });
  const passwordError = errorKey('password');

  return (
    <Page title={t('signUp.title')} width="sm">
      <Card>
        <Stack
          component="form"
          onSubmit={(event) => {
            setFailures([]);
            void submit(event);
          }}
          noValidate
          spacing={2}
          aria-label={t('signUp.title')}
        >
          <TextField label={t('signUp.nickname')} required autoComplete="nickname" {...field('username')} />
          <TextField label={t('signUp.email')} required type="email" autoComplete="email" {...field('email')} />
          <TextField
            label={t('signUp.password')}
            required
            type="password"
            autoComplete="new-password"
            {...field('password')}
            helperText={passwordError ? t(passwordError) : t('password.rule')}
          />
          <TextField
            label={t('signUp.passwordConfirm')}
            required
            type="password"
            autoComplete="new-password"
            {...field('passwordConfirm')}
          />
          <TextField
            label={t('signUp.birthDate')}
            required
            type="date"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: new Date().toISOString().slice(0, 10) } }}
            {...field('birthDate')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('signUp.ageNotice', { min: AGE.minimum })}
          </Typography>
          {needsConsent ? (
            <div>
              <FormControlLabel
                control={
                  <Checkbox checked={values.parentConsent} onChange={(_, checked) => set('parentConsent', checked)} />
                }
                label={t('signUp.parentConsent')}
              />
              {errorKey('parentConsent') ? (
                <FormHelperText error>{t(errorKey('parentConsent')!)}</FormHelperText>
              ) : null}
            </div>
          ) : null}
          <TextField
            label={t('signUp.phone')}
            type="tel"
            autoComplete="tel"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...field('phone', digitsOnly)}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField label={t('signUp.address')} autoComplete="street-address" {...field('address')} />
            {korean ? <AddressSearchButton onSelect={(address) => set('address', address)} /> : null}
          </Stack>
          <TextField label={t('signUp.addressDetail')} {...field('addressDetail')} />
          {failures.length > 0 ? (
            <Alert severity="error" role="alert">
              {failures.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          ) : null}
          <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
            {t('signUp.submit')}
          </Button>
        </Stack>
      </Card>
    </Page>
  );
}
