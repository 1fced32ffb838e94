import { AGE, CREATOR_NAME_MAX, CREATOR_REVIEW_DAYS } from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { api } from '../../shared/api/client';
import { type FieldErrors } from '../../shared/forms/validate';
import { Card, Page } from '../../shared/ui/page';
import { requestLogin } from '../../shared/auth/login';
import { SignUpAccountFields } from '../../shared/auth/sign-up-fields';
import {
  ageOn,
  checkSignUp,
  EMPTY_SIGN_UP,
  signUpFailureMessages,
  type SignUpValues,
} from '../../shared/auth/sign-up-rules';
import { FailureAlert } from '../../shared/forms/failure-alert';

export interface CreatorSignUpValues extends SignUpValues {
  creatorName: string;
  agreeService: boolean;
  agreePrivacy: boolean;
}

export const EMPTY_CREATOR_SIGN_UP: CreatorSignUpValues = {
  ...EMPTY_SIGN_UP,
  creatorName: '',
  agreeService: false,
  agreePrivacy: false,
};

/** The member checks plus the creator name and the two required terms (the creator form has no terms page). */
export function checkCreatorSignUp(
  values: CreatorSignUpValues,
  today: Date,
  verifySuccessUrl: string,
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FieldErrors } {
  const { creatorName, agreeService, agreePrivacy, ...member } = values;
  const checked = checkSignUp(member, today, verifySuccessUrl);
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  const name = creatorName.trim();
  if (!name) errors.creatorName = 'validation.required';
  else if (name.length > CREATOR_NAME_MAX) errors.creatorName = 'creatorStudio.errors.tooLong';
  if (!agreeService || !agreePrivacy) errors.terms = 'creatorStudio.signUp.termsRequired';
  if (!checked.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { ...(checked.body as object), accountType: 'CREATOR', creatorName: name } };
}

/** `/signup-for-creator`: the creator form variant of the sign-up, then the review notice. */
export function CreatorSignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<CreatorSignUpValues>(EMPTY_CREATOR_SIGN_UP);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const age = ageOn(values.birthDate, new Date());
  const needsConsent = age !== null && age >= AGE.minimum && age < AGE.parentConsentBelow;

  const update = (patch: Partial<CreatorSignUpValues>, cleared: string[]) => {
    setValues((previous) => ({ ...previous, ...patch }));
    setErrors((previous) => {
      const next = { ...previous };
      for (const field of cleared) delete next[field];
      return next;
    });
  };
  const field = (name: keyof CreatorSignUpValues, transform: (value: string) => string = (value) => value) => ({
    name,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => update({ [name]: transform(event.target.value) }, [name]),
    error: name in errors,
    helperText: errors[name] ? t(errors[name], { min: AGE.minimum }) : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailures([]);
    const verifySuccessUrl = `${window.location.origin}/email-sent/success-auth-public-user`;
    const checked = checkCreatorSignUp(values, new Date(), verifySuccessUrl);
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
      // Log in for the resend button (the session cookie); the account stays unverified until the mail's link.
      await requestLogin({ username: values.email.trim(), password: values.password }).catch(() => undefined);
      const state: { userId: number } = { userId: data.id };
      void navigate('/email-sent?view=success-creator-user', { state, replace: true });
    } catch (error) {
      setFailures(signUpFailureMessages(error, t));
      setBusy(false);
    }
  };

  const allAgreed = values.agreeService && values.agreePrivacy;
  return (
    <Page title={t('creatorStudio.signUp.title')} width="sm">
      <Card>
        <Typography color="text.secondary">{t('creatorStudio.signUp.intro', CREATOR_REVIEW_DAYS)}</Typography>
        <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label={t('creatorStudio.signUp.title')}>
          <TextField
            label={t('creatorStudio.signUp.creatorName')}
            required
            {...field('creatorName')}
            helperText={
              errors.creatorName
                ? t(errors.creatorName, { max: CREATOR_NAME_MAX })
                : t('creatorStudio.signUp.creatorNameHelp')
            }
          />
          <SignUpAccountFields
            field={field}
            passwordError={errors.password}
            needsConsent={needsConsent}
            parentConsent={values.parentConsent}
            onParentConsent={(checked) => update({ parentConsent: checked }, ['parentConsent'])}
            parentConsentError={errors.parentConsent}
          />
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={allAgreed}
                  onChange={(_, checked) => update({ agreeService: checked, agreePrivacy: checked }, ['terms'])}
                />
              }
              label={t('creatorStudio.signUp.agreeAll')}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.agreeService}
                  onChange={(_, checked) => update({ agreeService: checked }, ['terms'])}
                />
              }
              label={
                <>
                  {t('creatorStudio.signUp.agreeService')}{' '}
                  <Link component={RouterLink} to="/provideterms" target="_blank">
                    ↗
                  </Link>
                </>
              }
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.agreePrivacy}
                  onChange={(_, checked) => update({ agreePrivacy: checked }, ['terms'])}
                />
              }
              label={
                <>
                  {t('creatorStudio.signUp.agreePrivacy')}{' '}
                  <Link component={RouterLink} to="/privacyTerms" target="_blank">
                    ↗
                  </Link>
                </>
              }
            />
            {errors.terms ? <FormHelperText error>{t(errors.terms)}</FormHelperText> : null}
          </div>
          <FailureAlert failures={failures} />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('creatorStudio.signUp.submit')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            <Link component={RouterLink} to="/get-creator-account-number">
              {t('creatorStudio.signUp.fanAlready')}
            </Link>
          </Typography>
        </Stack>
      </Card>
    </Page>
  );
}
