import { randomInt } from 'node:crypto';
import { koreanMobileNumber, type Language } from '@fanmission/contracts';
import { sql } from 'kysely';
import { hashSecretToken } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError, invalidFields } from '../http';
import { translate } from '../i18n';

/** A code is good for five minutes, for five wrong tries, and serves once. */
export const PHONE_CODE_LIFETIME_MS = 5 * 60_000;
export const PHONE_CODE_MAX_FAILED_ATTEMPTS = 5;
/** At most one code a minute to one member, and one a minute to one number. */
export const PHONE_CODE_RESEND_INTERVAL_MS = 60_000;
const DAY_MS = 24 * 3_600_000;

/** The caller of these requests: a signed-in member whose e-mail is confirmed. */
interface Member {
  id: number;
  roles: readonly string[];
}

function requireVerifiedMember(member: Member): void {
  if (member.roles.includes('ROLE_UNVERIFIED')) {
    throw new AppError(403, 'phone.unverifiedAccount', { code: 'UNVERIFIED' });
  }
}

// The code is bound to its member and number: the same six digits hash differently for anyone else.
const codeHash = (userId: number, phone: string, code: string) => hashSecretToken(`${userId}:${phone}:${code}`);

const tooMany = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(429, 'phone.tooManyCodes', {
    code: 'TOO_MANY_REQUESTS',
    params: { seconds },
    retryAfterSeconds: seconds,
  });
};

/**
 * How long the sender must wait before another code may go (0: now): one a minute and `perDay` a day, counted over
 * the codes of `column` (the member or the number).
 */
async function waitBeforeNext(
  trx: DbExecutor,
  column: 'user_id' | 'phone',
  value: number | string,
  now: Date,
  perDay: number,
): Promise<number> {
  const recent = await trx
    .selectFrom('phone_confirmation_codes')
    .select('created_at')
    .where(column, '=', value as never)
    .where('created_at', '>', new Date(now.getTime() - DAY_MS))
    .orderBy('created_at', 'desc')
    .limit(perDay)
    .execute();
  const newest = recent[0]?.created_at;
  const minute = newest ? newest.getTime() + PHONE_CODE_RESEND_INTERVAL_MS - now.getTime() : 0;
  const oldest = recent.length >= perDay ? recent[recent.length - 1]!.created_at : undefined;
  const day = oldest ? oldest.getTime() + DAY_MS - now.getTime() : 0;
  return Math.max(0, minute, day);
}

/**
 * Sends a six-digit code by SMS to `typedPhone` and makes it the member's number, unconfirmed (confirmed already when
 * it is the number he confirmed before). Refused (429 with Retry-After) within a minute of the member's last code or
 * of the number's, and past the day's allowance of either (config PHONE_CODES_PER_MEMBER_PER_DAY /
 * PHONE_CODES_PER_NUMBER_PER_DAY); a provider that does not take the SMS sends nothing and counts nothing (503).
 */
export async function sendPhoneCode(
  ctx: ServiceContext,
  member: Member,
  typedPhone: string,
  language: Language,
): Promise<{ phone: string; expiresAt: string; resendAt: string }> {
  requireVerifiedMember(member);
  const phone = koreanMobileNumber(typedPhone);
  if (!phone) throw invalidFields([{ field: 'phone', key: 'validation.mobileNumber' }]);
  const sms = ctx.sms ?? null;
  if (!sms) throw new AppError(503, 'phone.smsUnavailable', { code: 'SERVICE_UNAVAILABLE' });
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    // One member's requests, and the requests for one number, one after the other: the counts below stay true.
    await trx.selectFrom('users').select('id').where('id', '=', member.id).forUpdate().executeTakeFirstOrThrow();
    await sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`.execute(trx);
    const wait = Math.max(
      await waitBeforeNext(trx, 'user_id', member.id, now, ctx.config.PHONE_CODES_PER_MEMBER_PER_DAY),
      await waitBeforeNext(trx, 'phone', phone, now, ctx.config.PHONE_CODES_PER_NUMBER_PER_DAY),
    );
    if (wait > 0) throw tooMany(wait);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + PHONE_CODE_LIFETIME_MS);
    await trx
      .insertInto('phone_confirmation_codes')
      .values({
        user_id: member.id,
        phone,
        code_hash: codeHash(member.id, phone, code),
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
    await trx
      .updateTable('users')
      .set({
        phone,
        phone_confirmed_at: sql<Date | null>`case when phone is not distinct from ${phone} then phone_confirmed_at end`,
        updated_at: sql`now()`,
      })
      .where('id', '=', member.id)
      .execute();
    try {
      await sms.send({ to: phone, text: translate(language, 'phone.codeSms', { code }) });
    } catch (error) {
      ctx.log.warn({ err: error }, 'a phone code SMS was not sent');
      throw new AppError(503, 'phone.smsUnavailable', { code: 'SERVICE_UNAVAILABLE' });
    }
    return {
      phone,
      expiresAt: expiresAt.toISOString(),
      resendAt: new Date(now.getTime() + PHONE_CODE_RESEND_INTERVAL_MS).toISOString(),
    };
  });
}

/**
 * Confirms the member's number with the code of his latest SMS: only that code counts, only while it is unexpired,
 * unused, below five wrong tries and sent to the number his profile holds now (409 otherwise: a new code is needed).
 * A wrong code counts a try (400 on `code`).
 */
export async function confirmPhone(
  ctx: ServiceContext,
  member: Member,
  code: string,
): Promise<{ phone: string; confirmedAt: string }> {
  requireVerifiedMember(member);
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('phone')
      .where('id', '=', member.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const latest = await trx
      .selectFrom('phone_confirmation_codes')
      .select(['id', 'phone', 'code_hash', 'expires_at', 'failed_attempts', 'used_at'])
      .where('user_id', '=', member.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const live =
      latest &&
      latest.used_at === null &&
      latest.expires_at.getTime() > now.getTime() &&
      latest.failed_attempts < PHONE_CODE_MAX_FAILED_ATTEMPTS &&
      latest.phone === user.phone;
    if (!live) return { kind: 'spent' as const };
    if (latest.code_hash !== codeHash(member.id, latest.phone, code)) {
      const { failed_attempts } = await trx
        .updateTable('phone_confirmation_codes')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', latest.id)
        .returning('failed_attempts')
        .executeTakeFirstOrThrow();
      return { kind: 'wrong' as const, remaining: PHONE_CODE_MAX_FAILED_ATTEMPTS - failed_attempts };
    }
    await trx.updateTable('phone_confirmation_codes').set({ used_at: now }).where('id', '=', latest.id).execute();
    await trx
      .updateTable('users')
      .set({ phone_confirmed_at: now, updated_at: sql`now()` })
      .where('id', '=', member.id)
      .execute();
    return { kind: 'confirmed' as const, phone: latest.phone };
  });
  // The wrong try is committed before the refusal.
  if (outcome.kind === 'spent') throw new AppError(409, 'phone.codeExpired', { code: 'CONFLICT' });
  if (outcome.kind === 'wrong') {
    throw invalidFields([{ field: 'code', key: 'phone.codeWrong', params: { remaining: outcome.remaining } }]);
  }
  return { phone: outcome.phone, confirmedAt: now.toISOString() };
}
