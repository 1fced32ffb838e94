import { AGE } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { requestLogin } from '../../shared/auth/login';
import { SignUpAccountFields } from '../../shared/auth/sign-up-fields';
import { AddressSearchButton } from '../../shared/forms/address-search';
import { useSchemaForm } from '../../shared/forms/schema-form';
import { Card, Page } from '../../shared/ui/page';
import type { SignUpState } from './accept-terms-page';
import { signUp } from './api/account';
import type { EmailSentState } from './email-sent-page';
import {
  ageOn,
  EMPTY_SIGN_UP,
  signUpFailureMessages,
  signUpFormSchema,
  type SignUpValues,
} from '../../shared/auth/sign-up-rules';
import { FailureAlert } from '../../shared/forms/failure-alert';

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
  const { form, values, set, errorKey, textField } = useSchemaForm(schema, EMPTY_SIGN_UP);
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
      // Log in for the resend button (the session cookie); the account stays unverified until the mail's link.
      await requestLogin({ username: values.email.trim(), password: values.password }).catch(() => undefined);
      const state: EmailSentState = { userId: id };
      void navigate('/email-sent?view=success-public-user', { state, replace: true });
    } catch (error) {
      setFailures(signUpFailureMessages(error, t));
    }
  });

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
          <SignUpAccountFields
            field={field}
            passwordError={errorKey('password')}
            needsConsent={needsConsent}
            parentConsent={values.parentConsent}
            onParentConsent={(checked) => set('parentConsent', checked)}
            parentConsentError={errorKey('parentConsent')}
            birthDateMax={new Date().toISOString().slice(0, 10)}
            afterBirthDate={
              <Typography variant="body2" color="text.secondary">
                {t('signUp.ageNotice', { min: AGE.minimum })}
              </Typography>
            }
            phoneAutoComplete="tel"
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField label={t('signUp.address')} autoComplete="street-address" {...field('address')} />
            {korean ? <AddressSearchButton onSelect={(address) => set('address', address)} /> : null}
          </Stack>
          <TextField label={t('signUp.addressDetail')} {...field('addressDetail')} />
          <FailureAlert failures={failures} />
          <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
            {t('signUp.submit')}
          </Button>
        </Stack>
      </Card>
    </Page>
  );
}
