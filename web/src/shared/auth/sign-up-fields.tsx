import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { digitsOnly } from '../forms/validate';
import type { SignUpValues } from './sign-up-rules';

export type SignUpTextField = Exclude<keyof SignUpValues, 'parentConsent' | 'address' | 'addressDetail'>;

/** The value, change handler, error and helper text of one text field, from the form that owns the values. */
export interface SignUpFieldProps {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: boolean;
  helperText?: ReactNode;
}

/**
 * The account fields both sign-up forms (fan and creator) ask for, in the spec's order: nickname, e-mail, password
 * (with the rule as its help), its confirmation, birth date, the parent's consent of a minor, the phone.
 */
export function SignUpAccountFields({
  field,
  passwordError,
  needsConsent,
  parentConsent,
  onParentConsent,
  parentConsentError,
  birthDateMax,
  afterBirthDate,
  phoneAutoComplete,
}: {
  field: (name: SignUpTextField, transform?: (value: string) => string) => SignUpFieldProps;
  passwordError: string | undefined;
  needsConsent: boolean;
  parentConsent: boolean;
  onParentConsent: (checked: boolean) => void;
  parentConsentError: string | undefined;
  /** The latest birth date the date picker offers. */
  birthDateMax?: string;
  /** Shown between the birth date and the consent (the fan form's age notice). */
  afterBirthDate?: ReactNode;
  phoneAutoComplete?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
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
        slotProps={{ inputLabel: { shrink: true }, ...(birthDateMax && { htmlInput: { max: birthDateMax } }) }}
        {...field('birthDate')}
      />
      {afterBirthDate}
      {needsConsent ? (
        <div>
          <FormControlLabel
            control={<Checkbox checked={parentConsent} onChange={(_, checked) => onParentConsent(checked)} />}
            label={t('signUp.parentConsent')}
          />
          {parentConsentError ? <FormHelperText error>{t(parentConsentError)}</FormHelperText> : null}
        </div>
      ) : null}
      <TextField
        label={t('signUp.phone')}
        type="tel"
        autoComplete={phoneAutoComplete}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        {...field('phone', digitsOnly)}
      />
    </>
  );
}
