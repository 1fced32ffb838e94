import { AGE, signUpRequestSchema, type ErrorResponse } from '@fanmission/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ApiError } from '../api/client';
import { validate, type FieldErrors } from '../forms/validate';

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

/** The member form before anything is typed. */
export const EMPTY_SIGN_UP: SignUpValues = {
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

/** The sign-up form's checks: the contracts' schema, the confirmation and the age rule. */
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

/** Messages of a failed sign-up. */
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

/**
 * The sign-up form's schema for react-hook-form: `checkSignUp` (the contracts' `signUpRequestSchema`, the
 * confirmation and the age rule, checked on the day of the submit); its output is the request body.
 */
export function signUpFormSchema(verifySuccessUrl: string, today: () => Date = () => new Date()) {
  return z
    .object({
      username: z.string(),
      email: z.string(),
      password: z.string(),
      passwordConfirm: z.string(),
      birthDate: z.string(),
      parentConsent: z.boolean(),
      phone: z.string(),
      address: z.string(),
      addressDetail: z.string(),
    })
    .transform((values, context) => {
      const checked = checkSignUp(values, today(), verifySuccessUrl);
      if (checked.ok) return checked.body;
      for (const [field, message] of Object.entries(checked.errors)) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
      return z.NEVER;
    });
}
