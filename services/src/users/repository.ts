import { sql } from 'kysely';
import type { Db, DbExecutor } from '../db';
import type { Caller } from '../auth';
import { hasPendingTerms } from '../terms';
import type { NewUser, UserRow, UserUpdate } from './table';

export async function insertUser(db: DbExecutor, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function findUserById(db: DbExecutor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: DbExecutor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * The login throttle's credential of an account (services/src/auth/login-throttle.ts): its password hash as stored
 * now, found the way a login finds the account; null when there is none.
 */
export function passwordCredentialOf(db: DbExecutor) {
  return async (email: string): Promise<string | null> =>
    (await db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirst())
      ?.password_hash ?? null;
}

export async function updateUser(db: DbExecutor, id: number, changes: UserUpdate): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({
      ...changes,
      // A different number is unconfirmed until its SMS code comes back (services/src/users/phone-confirmation.ts).
      ...(changes.phone !== undefined && {
        phone_confirmed_at: sql<Date | null>`case when phone is not distinct from ${changes.phone} then phone_confirmed_at end`,
      }),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The caller a session token of `userId` at `sessionVersion` stands for: null when the account is gone or the token
 * was revoked; BLOCKED when the account may not log in (whatever the token). Whether he has terms in force to accept
 * at `now` comes in the same statement (the consent rule of every change he makes).
 */
export async function findCaller(
  db: Db,
  userId: number,
  sessionVersion: number,
  now: Date,
): Promise<Caller | 'BLOCKED' | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('creators', 'creators.user_id', 'users.id')
    .select([
      'users.id',
      'users.roles',
      'users.login_blocked_at',
      'users.session_version',
      'users.adult_verified_at',
      'creators.id as creator_id',
      hasPendingTerms('users', now).as('terms_pending'),
    ])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.login_blocked_at) return 'BLOCKED';
  if (row.session_version !== sessionVersion) return null;
  return {
    id: row.id,
    roles: row.roles,
    creatorId: row.creator_id,
    adultVerified: row.adult_verified_at !== null,
    termsPending: row.terms_pending,
  };
}

export async function insertEmailVerification(
  db: DbExecutor,
  values: { userId: number; tokenHash: string; redirectUrl: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('email_verifications')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      redirect_url: values.redirectUrl,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** Uses a verification token once: only the first of concurrent uses gets the row back. */
export async function consumeEmailVerification(db: DbExecutor, tokenHash: string, now: Date) {
  return db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'redirect_url'])
    .executeTakeFirst();
}

/** The member a verification link (used or not, expired or not) was sent to, with when his address was confirmed. */
export async function findEmailVerificationOwner(db: DbExecutor, tokenHash: string) {
  return db
    .selectFrom('email_verifications')
    .innerJoin('users', 'users.id', 'email_verifications.user_id')
    .select(['users.id', 'users.email_verified_at'])
    .where('email_verifications.token_hash', '=', tokenHash)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function latestVerificationRedirect(db: DbExecutor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('email_verifications')
    .select('redirect_url')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.redirect_url;
}

export async function insertPasswordReset(
  db: DbExecutor,
  values: { userId: number; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ user_id: values.userId, code_hash: values.codeHash, expires_at: values.expiresAt })
    .execute();
}

/** Uses a reset code once; unknown, used and expired codes all give undefined. */
export async function consumePasswordReset(db: DbExecutor, codeHash: string, now: Date) {
  return db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id'])
    .executeTakeFirst();
}

/** Revokes every session token of the member; answers the new version for a fresh token. */
export async function bumpSessionVersion(db: DbExecutor, userId: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({ session_version: sql`session_version + 1`, updated_at: sql`now()` })
    .where('id', '=', userId)
    .returning('session_version')
    .executeTakeFirstOrThrow();
  return row.session_version;
}

/** Voids the member's other reset codes once one was used. */
export async function voidPasswordResets(db: DbExecutor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function findCreatorOfUser(db: DbExecutor, userId: number) {
  return db.selectFrom('creators').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertCreator(db: DbExecutor, values: { userId: number; name: string }) {
  return db
    .insertInto('creators')
    .values({ user_id: values.userId, name: values.name })
    .returningAll()
    .executeTakeFirstOrThrow();
}
