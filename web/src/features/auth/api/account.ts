import type { EmailVerificationResponse } from '@fanmission/contracts';
import { api } from '../../../shared/api/client';

/** `POST /users`: a member sign-up (no token; a 504 or an odd 401 is only logged). Answers the new id. */
export async function signUp(body: unknown): Promise<number> {
  return (await api<{ id: number }>('/users', { method: 'POST', body, token: null, globalErrors: 'signUp' })).data.id;
}

/** `POST /users/user/forgot-password-reset`: mails a reset link to a local account's address. */
export async function requestPasswordReset(body: { email: string }): Promise<void> {
  await api('/users/user/forgot-password-reset', { method: 'POST', body, token: null });
}

/** `PUT /users/user/forgot-password-reset`: the new password for the mailed code (in the body, never the URL). */
export async function resetPassword(code: string, password: string): Promise<void> {
  await api('/users/user/forgot-password-reset', { method: 'PUT', body: { code, password }, token: null });
}

/**
 * `POST /users/email-verification`: confirms the address of the mailed token; answers where to go next and whom the
 * answer signed in (its session cookie is set), null when nobody.
 */
export async function confirmEmail(token: string): Promise<EmailVerificationResponse> {
  const answer = await api<EmailVerificationResponse>('/users/email-verification', {
    method: 'POST',
    body: { token },
    token: null,
    globalErrors: 'none',
  });
  return answer.data;
}

/** `POST /users/{id}/email-verification`: sends the verification mail again. */
export async function resendVerification(userId: number): Promise<void> {
  await api(`/users/${userId}/email-verification`, { method: 'POST', globalErrors: 'none' });
}
