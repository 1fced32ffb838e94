import {
  AGE,
  DEADLINES,
  DEFAULT_PROFILE_IMAGE,
  type CurrentUser,
  type Language,
  type Role,
  type SignUpRequest,
} from '@fanmission/contracts';
import { hashPassword, hashSecretToken, isStaffOnly, newSecretToken, verifyPassword } from '../auth';
import type { ServiceContext } from '../context';
import { uniqueViolation, type DbExecutor } from '../db';
import { tagsOfCreator } from '../creators';
import { AppError, conflict, invalidFields, notFound } from '../http';
import { verificationMail } from '../mail';
import { fileEntry } from '../files';
import { recordSignUpAcceptance } from '../terms';
import { sql } from 'kysely';
import * as repository from './repository';
import type { UserRow } from './table';
const HOUR_MS = 3_600_000;

/** Whole years between the birth date and today (UTC calendar dates). */
export function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Links in mails and redirects may only lead back to our own origin: no open redirect. */
export function isUnderPublicUrl(url: string, publicUrl: string): boolean {
  try {
    const target = new URL(url);
    const base = new URL(publicUrl);
    return target.origin === base.origin;
  } catch {
    return false;
  }
}

/**
 * The web page that confirms an address. The token travels in the fragment (never sent to a server, so it reaches no
 * request line, log, trace or Referer); the page posts it to `POST /users/email-verification`.
 */
function verificationLink(ctx: ServiceContext, token: string): string {
  return `${ctx.config.PUBLIC_URL}/email-verification#token=${encodeURIComponent(token)}`;
}

export async function sendMailSafely(ctx: ServiceContext, mail: Parameters<ServiceContext['mailer']['send']>[0]) {
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    // The account change is committed; the user can ask for the mail again.
    ctx.log.error({ err: error, to: mail.to, subject: mail.subject }, 'sending mail failed');
  }
}

async function issueVerification(ctx: ServiceContext, user: UserRow, redirectUrl: string): Promise<void> {
  const { token, hash } = newSecretToken();
  await repository.insertEmailVerification(ctx.db, {
    userId: user.id,
    tokenHash: hash,
    redirectUrl,
    expiresAt: new Date(ctx.now().getTime() + DEADLINES.emailVerificationHours * HOUR_MS),
  });
  await sendMailSafely(ctx, verificationMail(user.language, user.email!, user.username, verificationLink(ctx, token)));
}

export async function signUp(ctx: ServiceContext, input: SignUpRequest, language: Language): Promise<{ id: number }> {
  const problems = [];
  const age = ageOn(input.birthDate, ctx.now());
  if (age < AGE.minimum) {
    problems.push({
      field: 'birthDate',
      key: 'auth.tooYoung' as const,
      params: { min: AGE.minimum },
      rejectedValue: input.birthDate,
    });
  } else if (age < AGE.parentConsentBelow && !input.parentConsent) {
    problems.push({ field: 'parentConsent', key: 'auth.parentConsentRequired' as const, rejectedValue: false });
  }
  if (!isUnderPublicUrl(input.verifySuccessUrl, ctx.config.PUBLIC_URL)) {
    problems.push({
      field: 'verifySuccessUrl',
      key: 'auth.redirectNotAllowed' as const,
      rejectedValue: input.verifySuccessUrl,
    });
  }
  if (problems.length) throw invalidFields(problems);

  const passwordHash = await hashPassword(input.password);
  const creator = input.accountType === 'CREATOR';
  let user: UserRow;
  try {
    user = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await repository.insertUser(trx, {
        email: input.email,
        username: input.username,
        password_hash: passwordHash,
        provider: 'local',
        phone: input.phone ?? null,
        address: input.address ?? null,
        address_detail: input.addressDetail ?? null,
        birth_date: input.birthDate,
        parent_consent: input.parentConsent,
        language,
        // A creator account (the creator form variant) is a creator pending review from the start; like a fan who
        // switched, it cannot charge coins.
        roles: creator ? ['ROLE_UNVERIFIED', 'ROLE_CREATOR'] : ['ROLE_UNVERIFIED'],
        ...(creator && { coins_frozen_at: ctx.now() }),
      });
      if (creator)
        await repository.insertCreator(trx, { userId: inserted.id, name: input.creatorName ?? input.username });
      // The sign-up's required boxes: the service terms and the privacy policy in force now.
      await recordSignUpAcceptance(trx, inserted.id, ctx.now());
      return inserted;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_key') {
      throw conflict('auth.emailTaken', [{ field: 'email', key: 'auth.emailTaken', rejectedValue: input.email }]);
    }
    throw error;
  }
  await issueVerification(ctx, user, input.verifySuccessUrl);
  return { id: user.id };
}

/** Same answer for an unknown e-mail and a wrong password. */
export async function authenticate(ctx: ServiceContext, email: string, password: string): Promise<UserRow> {
  const user = await repository.findUserByEmail(ctx.db, email);
  const matches = await verifyPassword(user?.password_hash, password);
  if (!user || !matches) throw new AppError(401, 'auth.badCredentials', { code: 'BAD_CREDENTIALS' });
  if (user.login_blocked_at) throw new AppError(403, 'auth.loginBlocked', { code: 'LOGIN_BLOCKED' });
  return user;
}

/**
 * Confirms an e-mail from the mail's link; answers where to send the browser next and the member the link signs in:
 * the one it was made for, on its first use before it expires, unless his login is blocked or he is console-only. A
 * withdrawn member's link confirms nothing.
 */
export async function confirmEmail(
  ctx: ServiceContext,
  token: string,
): Promise<{ redirectUrl: string; signIn: UserRow | null }> {
  const invalidLinkTarget = `${ctx.config.PUBLIC_URL}/email-sent?view=suggest-user-authentication&error=expired`;
  return ctx.db.transaction().execute(async (trx) => {
    const tokenHash = hashSecretToken(token);
    const verification = await repository.consumeEmailVerification(trx, tokenHash, ctx.now());
    if (!verification) {
      // A link clicked again once its address is confirmed: say so, with the way to log in (its holder has the mail).
      const owner = await repository.findEmailVerificationOwner(trx, tokenHash);
      const redirectUrl = owner?.email_verified_at
        ? `${ctx.config.PUBLIC_URL}/email-sent?view=already-verified`
        : invalidLinkTarget;
      return { redirectUrl, signIn: null };
    }
    const user = await repository.findUserById(trx, verification.user_id);
    if (!user || user.deleted_at) return { redirectUrl: invalidLinkTarget, signIn: null };
    const verified = await repository.updateUser(trx, user.id, {
      email_verified_at: user.email_verified_at ?? ctx.now(),
      roles: promoteVerified(user.roles),
    });
    const signIn = verified && !verified.login_blocked_at && !isStaffOnly(verified.roles) ? verified : null;
    return { redirectUrl: verification.redirect_url, signIn };
  });
}

function promoteVerified(roles: Role[]): Role[] {
  const kept = roles.filter((role) => role !== 'ROLE_UNVERIFIED');
  return kept.includes('ROLE_USER') ? kept : ['ROLE_USER', ...kept];
}

/**
 * Sends the verification mail again. An anonymous caller learns nothing about the id: unknown,
 * mail-less and already verified accounts all answer like a sent mail (and none is sent); the signed-in owner is told.
 */
export async function resendVerification(
  ctx: ServiceContext,
  userId: number,
  options: { anonymous?: boolean } = {},
): Promise<void> {
  const user = await repository.findUserById(ctx.db, userId);
  const sendable = !!user?.email && user.roles.includes('ROLE_UNVERIFIED');
  if (options.anonymous && !sendable) return;
  if (!user || !user.email) throw notFound();
  if (!user.roles.includes('ROLE_UNVERIFIED')) throw conflict('auth.alreadyVerified');
  const redirect =
    (await repository.latestVerificationRedirect(ctx.db, user.id)) ??
    `${ctx.config.PUBLIC_URL}/email-sent/success-auth-public-user`;
  await issueVerification(ctx, user, redirect);
}

export async function updateProfile(
  ctx: ServiceContext,
  userId: number,
  profile: {
    username: string;
    phone?: string | null;
    address?: string | null;
    addressDetail?: string | null;
    rankingOptOut?: boolean;
  },
): Promise<{ id: number }> {
  const updated = await repository.updateUser(ctx.db, userId, {
    username: profile.username,
    ...(profile.phone !== undefined && { phone: profile.phone }),
    ...(profile.address !== undefined && { address: profile.address }),
    ...(profile.addressDetail !== undefined && { address_detail: profile.addressDetail }),
    ...(profile.rankingOptOut !== undefined && { ranking_opt_out: profile.rankingOptOut }),
  });
  if (!updated) throw notFound();
  return { id: userId };
}

export async function getCurrentUser(ctx: ServiceContext, userId: number): Promise<CurrentUser> {
  const user = await repository.findUserById(ctx.db, userId);
  if (!user) throw notFound();
  const image = user.image_file_id
    ? await ctx.db.selectFrom('files').selectAll().where('id', '=', user.image_file_id).executeTakeFirst()
    : undefined;
  const imageEntry = image ? fileEntry(ctx.config, image) : null;
  const creator = await repository.findCreatorOfUser(ctx.db, user.id);
  const summary = { id: user.id, username: user.username, image: imageEntry };
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    image: imageEntry,
    imageUrl: imageEntry?.thumbnail?.s3Url ?? imageEntry?.s3Url ?? DEFAULT_PROFILE_IMAGE,
    roles: user.roles,
    phone: user.phone,
    phoneConfirmed: user.phone !== null && user.phone_confirmed_at !== null,
    address: user.address,
    addressDetail: user.address_detail,
    provider: user.provider,
    language: user.language,
    coinsFrozen: user.coins_frozen_at !== null,
    rankingOptOut: user.ranking_opt_out,
    adultVerifiedAt: user.adult_verified_at?.toISOString() ?? null,
    creator: creator
      ? {
          id: creator.id,
          name: creator.name,
          verified: creator.verified,
          tags: await tagsOfCreator(ctx.db, creator.id),
          eventMission: await latestEventProduct(ctx.db, creator.id),
          user: summary,
        }
      : null,
  };
}

/** The creator's lottery event product, newest first (the newbie dashboard's "event done" flag reads it). */
async function latestEventProduct(db: DbExecutor, creatorId: number): Promise<{ id: number } | null> {
  const row = await db
    .selectFrom('mission_products')
    .select('id')
    .where('creator_id', '=', creatorId)
    .where('type', '=', 'EVENT')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Turns a verified member into a creator account, irreversibly: adds ROLE_CREATOR, creates the creator record
 * pending operator review and freezes the member's charged coins (the ledger refuses to spend frozen coins).
 */
export async function switchToCreator(ctx: ServiceContext, userId: number, name?: string): Promise<{ id: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!user) throw notFound();
    if (user.roles.includes('ROLE_UNVERIFIED')) throw new AppError(403, 'auth.notVerified', { code: 'UNVERIFIED' });
    if (user.roles.includes('ROLE_CREATOR')) throw conflict('users.alreadyCreator');
    const creator = await repository.insertCreator(trx, { userId, name: name ?? user.username });
    await repository.updateUser(trx, userId, {
      roles: [...user.roles, 'ROLE_CREATOR'],
      coins_frozen_at: ctx.now(),
    });
    return { id: creator.id };
  });
}

/**
 * Creates the first console account from ADMIN_EMAIL / ADMIN_PASSWORD, with both console roles and no member role
 * (it cannot charge coins), so it can invite the rest of the staff. Once any console account exists this does
 * nothing: a password changed since, a deactivation or a role change is never undone by a restart. Answers the new
 * account's id, or null when nothing was created.
 */
export async function ensureOperatorAccount(
  ctx: ServiceContext,
  email: string,
  password: string,
): Promise<number | null> {
  const passwordHash = await hashPassword(password);
  const roles: Role[] = ['ROLE_OPERATOR', 'ROLE_FINANCE'];
  return ctx.db.transaction().execute(async (trx) => {
    // Two processes starting together must not both create it.
    await sql`select pg_advisory_xact_lock(hashtext('fanmission:first-staff-account'))`.execute(trx);
    const staff = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<boolean>`roles && array['ROLE_OPERATOR', 'ROLE_FINANCE']::text[]`)
      .limit(1)
      .executeTakeFirst();
    if (staff) return null;
    const row = await trx
      .insertInto('users')
      .values({
        email,
        username: 'operator',
        password_hash: passwordHash,
        provider: 'local',
        roles,
        email_verified_at: ctx.now(),
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  });
}
