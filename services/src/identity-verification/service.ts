import {
  isAdultAt,
  type AdultVerification,
  type AdultVerificationRequest,
  type IdentityVerificationStart,
  type IdentityVerificationStartRequest,
} from '@fanmission/contracts';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { uniqueViolation } from '../db';
import { AppError, invalidFields } from '../http';
import { isUnderPublicUrl } from '../users';
import {
  identityProviderFor,
  identityProviderUnavailable,
  newIdentityVerificationId,
  type IdentityVerificationProvider,
} from './providers';
import { findAdultVerification, recordAdultVerification } from './repository';

/*
 * Adult verification through an identity check (본인인증): the browser runs the provider's check under an id of ours;
 * the server then reads the check back from the provider (never from the browser) and keeps, of a member 19 or older,
 * only when and under which id he was verified. A minor's check records nothing.
 */

function requireProvider(ctx: ServiceContext): IdentityVerificationProvider {
  const provider = identityProviderFor(ctx);
  if (!provider) throw identityProviderUnavailable();
  return provider;
}

/** `POST /users/me/identity-verifications`: a new verification id and what the browser needs to open the check. */
export async function startIdentityVerification(
  ctx: ServiceContext,
  caller: Caller,
  input: IdentityVerificationStartRequest,
  language: string,
): Promise<IdentityVerificationStart> {
  if (!isUnderPublicUrl(input.redirectUrl, ctx.config.PUBLIC_URL)) {
    throw invalidFields([{ field: 'redirectUrl', key: 'auth.redirectNotAllowed', rejectedValue: input.redirectUrl }]);
  }
  const provider = requireProvider(ctx);
  const identityVerificationId = newIdentityVerificationId();
  const sandboxUrl = await provider.start({
    id: identityVerificationId,
    userId: caller.id,
    redirectUrl: input.redirectUrl,
    language,
  });
  return { identityVerificationId, provider: provider.name, ...provider.browser, sandboxUrl };
}

const notVerified = () => new AppError(409, 'adult.notVerified', { code: 'IDENTITY_NOT_VERIFIED' });
const underAge = () => new AppError(403, 'adult.underAge', { code: 'UNDER_ADULT_AGE' });
const alreadyUsed = () => new AppError(409, 'adult.alreadyUsed', { code: 'IDENTITY_ALREADY_USED' });

/**
 * `POST /users/me/adult-verification`: reads the finished check from the provider. VERIFIED and 19 or older (Korea
 * time) → the member is an adult from now on (a member verified before keeps his first verification). Not finished
 * → 409 IDENTITY_NOT_VERIFIED; a minor → 403 UNDER_ADULT_AGE, nothing recorded; a check another account used (or
 * another member started, where the provider knows) → 409 IDENTITY_ALREADY_USED.
 */
export async function confirmAdultVerification(
  ctx: ServiceContext,
  caller: Caller,
  input: AdultVerificationRequest,
): Promise<AdultVerification> {
  const earlier = await findAdultVerification(ctx.db, caller.id);
  if (earlier?.adult_verified_at) return { adultVerifiedAt: earlier.adult_verified_at.toISOString() };
  const found = await requireProvider(ctx).find(input.identityVerificationId);
  if (!found || found.status !== 'VERIFIED' || found.birthDate === null) throw notVerified();
  if (found.userId !== undefined && found.userId !== caller.id) throw alreadyUsed();
  if (!isAdultAt(found.birthDate, ctx.now())) throw underAge();
  const now = ctx.now();
  try {
    await recordAdultVerification(ctx.db, caller.id, input.identityVerificationId, now);
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw alreadyUsed();
    throw error;
  }
  const recorded = await findAdultVerification(ctx.db, caller.id);
  return { adultVerifiedAt: (recorded?.adult_verified_at ?? now).toISOString() };
}
