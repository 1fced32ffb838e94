import i18next from 'i18next';
import { ApiError } from '../api/client';

/** 400 is the wrong format, 404 an expired page, anything else a failed change. */
export function passwordChangeFailure(error: unknown): { message: string; expired: boolean } {
  const t = i18next.t.bind(i18next);
  if (error instanceof ApiError && error.status === 400) {
    const currentMismatch = error.body?.subErrors?.some((sub) => sub.field === 'currentPassword');
    return { message: t(currentMismatch ? 'password.existingMismatch' : 'password.invalidFormat'), expired: false };
  }
  if (error instanceof ApiError && error.status === 404) return { message: t('password.expired'), expired: true };
  return { message: t('password.failed'), expired: false };
}
