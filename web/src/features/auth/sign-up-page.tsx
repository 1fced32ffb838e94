import { AGE, signUpRequestSchema, type ErrorResponse } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { api, ApiError } from '../../shared/api/client';
import { AddressSearchButton } from '../../shared/forms/address-search';
import { digitsOnly, validate, type FieldErrors } from '../../shared/forms/validate';
import { Card, Page } from '../../shared/ui/page';
import type { SignUpState } from './accept-terms-page';
import type { EmailSentState } from './email-sent-page';
import { requestLoginToken } from '../../shared/auth/login';

export interface SignUpValues {
  username: string;
  email: string;
  password: string;
  passwordConfirm: string;
  birthDate: string;
  parentConsent: boolean;
  phone: string;
  address: string;
  addressDetail: string;
}

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

/** Whole years between a YYYY-MM-DD birth date and today (the server's rule, in local dates). */
export function ageOn(birthDate: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.getFullYear() - year;
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age -= 1;
  return age;
}

/** The sign-up form's checks: the contracts' schema, the confirmation and the age rule (01 §5). */
export function checkSignUp(
  values: SignUpValues,
  today: Date,
  verifySuccessUrl: string,
): { ok: true; body: unknown } | { ok: false; errors: FieldErrors } {
  const { passwordConfirm, ...payload } = values;
  const body = { provider: 'local' as const, ...payload, verifySuccessUrl };
  const checked = validate(signUpRequestSchema, body);
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  if (values.password && passwordConfirm !== values.password) errors.passwordConfirm = 'signUp.passwordsDoNotMatch';
  if (!passwordConfirm) errors.passwordConfirm ??= 'validation.required';
  if (!values.birthDate) errors.birthDate = 'validation.required';
  const age = ageOn(values.birthDate, today);
  if (age !== null && age < AGE.minimum) errors.birthDate = 'auth.tooYoung';
  else if (age !== null && age < AGE.parentConsentBelow && !values.parentConsent) {
    errors.parentConsent = 'auth.parentConsentRequired';
  }
  return Object.keys(errors).length === 0 ? { ok: true, body } : { ok: false, errors };
}

/** 01 §8: messages of a failed sign-up. */
export function signUpFailureMessages(error: unknown, t: TFunction): string[] {
  const body: ErrorResponse | undefined = error instanceof ApiError ? error.body : undefined;
  const subErrors = body?.subErrors ?? [];
  if (error instanceof ApiError && error.status === 409 && subErrors.length > 0) {
    return subErrors.map((sub) => `${sub.message} - ${String(sub.rejectedValue ?? '')}`);
  }
  if (error instanceof ApiError && error.status === 400 && body) {
    if (subErrors.length === 0) return [body.message];
    return subErrors.map((sub) => {
      if (sub.field === 'snsLinks') return t('signUp.snsLinks');
      if (sub.field === 'email') return t('signUp.emailRegistered');
      return t('signUp.invalidField', { field: sub.field, message: sub.message });
    });
  }
  return [t('signUp.failed')];
}

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
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const korean = i18n.language === 'ko';
  const age = ageOn(values.birthDate, new Date());
  const needsConsent = age !== null && age >= AGE.minimum && age < AGE.parentConsentBelow;

  useEffect(() => {
    if (!needsConsent && values.parentConsent) setValues((previous) => ({ ...previous, parentConsent: false }));
  }, [needsConsent, values.parentConsent]);

  const set = (field: keyof SignUpValues, transform: (value: string) => string = (value) => value) => ({
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => {
      setValues((previous) => ({ ...previous, [field]: transform(event.target.value) }));
      setErrors(({ [field]: _removed, ...rest }) => rest);
    },
    error: field in errors,
    helperText: errors[field] ? t(errors[field], { min: AGE.minimum }) : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailures([]);
    const verifySuccessUrl = `${window.location.origin}/email-sent/success-auth-public-user`;
    const checked = checkSignUp(values, new Date(), verifySuccessUrl);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      const { data } = await api<{ id: number }>('/users', {
        method: 'POST',
        body: checked.body,
        token: null,
        globalErrors: 'signUp',
      });
      // Log in to obtain a token for the resend button; the account stays unverified until the mail's link.
      const token = await requestLoginToken({ username: values.email.trim(), password: values.password }).catch(
        () => undefined,
      );
      const state: EmailSentState = { userId: data.id, ...(token ? { token } : {}) };
      void navigate('/email-sent?view=success-public-user', { state, replace: true });
    } catch (error) {
      setFailures(signUpFailureMessages(error, t));
      setBusy(false);
    }
  };

  return (
    <Page title={t('signUp.title')} width="sm">
      <Card>
        <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label={t('signUp.title')}>
          <TextField label={t('signUp.nickname')} required autoComplete="nickname" {...set('username')} />
          <TextField label={t('signUp.email')} required type="email" autoComplete="email" {...set('email')} />
          <TextField
            label={t('signUp.password')}
            required
            type="password"
            autoComplete="new-password"
            {...set('password')}
            helperText={errors.password ? t(errors.password) : t('password.rule')}
          />
          <TextField
            label={t('signUp.passwordConfirm')}
            required
            type="password"
            autoComplete="new-password"
            {...set('passwordConfirm')}
          />
          <TextField
            label={t('signUp.birthDate')}
            required
            type="date"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: new Date().toISOString().slice(0, 10) } }}
            {...set('birthDate')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('signUp.ageNotice', { min: AGE.minimum })}
          </Typography>
          {needsConsent ? (
            <div>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={values.parentConsent}
                    onChange={(_, checked) => {
                      setValues((previous) => ({ ...previous, parentConsent: checked }));
                      setErrors(({ parentConsent: _removed, ...rest }) => rest);
                    }}
                  />
                }
                label={t('signUp.parentConsent')}
              />
              {errors.parentConsent ? <FormHelperText error>{t(errors.parentConsent)}</FormHelperText> : null}
            </div>
          ) : null}
          <TextField
            label={t('signUp.phone')}
            type="tel"
            autoComplete="tel"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...set('phone', digitsOnly)}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField label={t('signUp.address')} autoComplete="street-address" {...set('address')} />
            {korean ? (
              <AddressSearchButton onSelect={(address) => setValues((previous) => ({ ...previous, address }))} />
            ) : null}
          </Stack>
          <TextField label={t('signUp.addressDetail')} {...set('addressDetail')} />
          {failures.length > 0 ? (
            <Alert severity="error" role="alert">
              {failures.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          ) : null}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('signUp.submit')}
          </Button>
        </Stack>
      </Card>
    </Page>
  );
}
