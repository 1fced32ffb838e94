import type {
  AdultVerification,
  IdentityVerificationStart,
  IdentityVerificationStartRequest,
} from '@fanmission/contracts';
import { ADULT_GATE_CODES, type AdultGateCode } from '@fanmission/contracts';
import { ApiError, api } from '../api/client';

/** `POST /users/me/identity-verifications`: a new identity check, coming back to `redirectUrl`. */
export async function startIdentityVerification(body: IdentityVerificationStartRequest) {
  return (await api<IdentityVerificationStart>('/users/me/identity-verifications', { method: 'POST', body })).data;
}

/** `POST /users/me/adult-verification`: the server reads the finished check from the provider. */
export async function confirmAdultVerification(identityVerificationId: string) {
  return (
    await api<AdultVerification>('/users/me/adult-verification', {
      method: 'POST',
      body: { identityVerificationId },
      globalErrors: 'none',
    })
  ).data;
}

/** The adult gate's refusal behind a failed read, if that is what it is. */
export function adultGateOf(error: unknown): AdultGateCode | null {
  if (!(error instanceof ApiError)) return null;
  const code = error.body?.code;
  return (ADULT_GATE_CODES as readonly string[]).includes(code ?? '') ? (code as AdultGateCode) : null;
}
