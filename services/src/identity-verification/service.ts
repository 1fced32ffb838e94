import {
  isAdultAt,
  type AdultVerification,
  type AdultVerificationRequest,
  type IdentityVerificationStart,
  type IdentityVerificationStartRequest,
} from '@fanmission/contracts';
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Caller } from '../auth';
import { identityNameHmac } from '../creators';
import type { ServiceContext } from '../context';
import { uniqueViolation } from '../db';
import { AppError, invalidFields, notFound } from '../http';
import { isUnderPublicUrl } from '../users';
import {
  identityProviderFor,
  identityProviderUnavailable,
  newIdentityVerificationId,
  type IdentityVerificationProvider,
} from './providers';
import { findAdultVerification, recordAdultVerification, recordVerifiedName } from './repository';

/** How long an issued check id may be used: the check takes minutes at most. */
const CHECK_VALID_MS = 60 * 60 * 1000;

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
  const now = ctx.now();
  await ctx.db
    .insertInto('identity_verification_starts')
    .values({
      id: identityVerificationId,
      user_id: caller.id,
      created_at: now,
      expires_at: new Date(now.getTime() + CHECK_VALID_MS),
    })
    .execute();
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
const identityInUse = () => new AppError(409, 'adult.identityInUse', { code: 'ADULT_IDENTITY_IN_USE' });

/** The HMAC kept of a check's CI: which accounts one person verified, never who he is. */
const identityHmac = (ctx: ServiceContext, ci: string) =>
  createHmac('sha256', ctx.config.IDENTITY_CI_HMAC_KEY ?? ctx.config.JWT_SECRET)
    .update(`identity-ci:${ci}`)
    .digest('base64url');

/**
 * `POST /users/me/adult-verification`: reads the finished check from the provider. Only a check id the API issued to
 * the caller, unexpired and never used, counts (another's, an unknown or an expired one is 409 IDENTITY_NOT_VERIFIED,
 * never telling which; one used before is 409 IDENTITY_ALREADY_USED). VERIFIED and 19 or older (Korea time) → the
 * member is an adult from now on (a member verified before keeps his first verification; a later check of the same
 * person only adds the verified name he had none of, kept as an HMAC). Not finished → 409
 * IDENTITY_NOT_VERIFIED; a minor → 403 UNDER_ADULT_AGE, nothing recorded; a person (the check's CI) who already
 * verified another account → 409 ADULT_IDENTITY_IN_USE, unless an operator allowed this member a shared identity.
 */
export async function confirmAdultVerification(
  ctx: ServiceContext,
  caller: Caller,
  input: AdultVerificationRequest,
): Promise<AdultVerification> {
  const earlier = await findAdultVerification(ctx.db, caller.id);
  const verifiedBefore = earlier?.adult_verified_at
    ? { adultVerifiedAt: earlier.adult_verified_at.toISOString() }
    : null;
  // An adult already: his first verification answers, unless a new check may still give the name his payout account's
  // holder is compared with (docs/rules/settlement.md).
  if (
    verifiedBefore &&
    (earlier?.identity_name_hmac || earlier?.adult_verification_id === input.identityVerificationId)
  ) {
    return verifiedBefore;
  }
  const issued = await ctx.db
    .selectFrom('identity_verification_starts')
    .selectAll()
    .where('id', '=', input.identityVerificationId)
    .executeTakeFirst();
  if (!issued || issued.user_id !== caller.id || issued.expires_at <= ctx.now()) throw notVerified();
  if (issued.used_at !== null) throw alreadyUsed();
  const found = await requireProvider(ctx).find(input.identityVerificationId);
  if (!found || found.status !== 'VERIFIED' || found.birthDate === null) throw notVerified();
  if (!isAdultAt(found.birthDate, ctx.now())) throw underAge();
  const hmac = found.ci === null ? null : identityHmac(ctx, found.ci);
  const nameHmac = found.name ? identityNameHmac(ctx.config, found.name) : null;
  if (verifiedBefore) {
    // The name of another person than the one his first check verified is not his.
    if (hmac !== null && earlier?.adult_identity_hmac && hmac !== earlier.adult_identity_hmac) throw notVerified();
    await ctx.db
      .updateTable('identity_verification_starts')
      .set({ used_at: ctx.now() })
      .where('id', '=', issued.id)
      .where('used_at', 'is', null)
      .execute();
    if (nameHmac !== null) await recordVerifiedName(ctx.db, caller.id, nameHmac);
    return verifiedBefore;
  }
  const now = ctx.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('identity_verification_starts')
        .set({ used_at: now })
        .where('id', '=', issued.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows === 0n) throw alreadyUsed();
      if (hmac !== null) {
        // One person's verifications are decided one at a time, so two accounts never both pass.
        await sql`select pg_advisory_xact_lock(hashtext(${`adult-identity:${hmac}`}))`.execute(trx);
        const other = await trx
          .selectFrom('users')
          .select('id')
          .where('adult_identity_hmac', '=', hmac)
          .where('id', '<>', caller.id)
          .limit(1)
          .executeTakeFirst();
        const member = await trx
          .selectFrom('users')
          .select('adult_identity_shared_allowed_at')
          .where('id', '=', caller.id)
          .executeTakeFirstOrThrow();
        if (other && member.adult_identity_shared_allowed_at === null) throw identityInUse();
      }
      await recordAdultVerification(
        trx,
        caller.id,
        input.identityVerificationId,
        { identity: hmac, name: nameHmac },
        now,
      );
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw alreadyUsed();
    throw error;
  }
  const recorded = await findAdultVerification(ctx.db, caller.id);
  return { adultVerifiedAt: (recorded?.adult_verified_at ?? now).toISOString() };
}

/**
 * `POST /api/admin/users/{id}/adult-identity-allowance` (operators): lets the member verify as an adult with an
 * identity another account already verified (one person's second account, checked by the operator out of band); the
 * reason is in the audit log. Staff accounts are not members (404, as an unknown id).
 */
export async function allowSharedAdultIdentity(ctx: ServiceContext, operator: Caller, userId: number): Promise<void> {
  const updated = await ctx.db
    .updateTable('users')
    .set({ adult_identity_shared_allowed_at: ctx.now(), adult_identity_shared_allowed_by: operator.id })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`not (roles && array['ROLE_OPERATOR', 'ROLE_FINANCE']::text[])`)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound();
}
