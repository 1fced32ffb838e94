import { sql, type Insertable } from 'kysely';
import type { DbExecutor } from '../db';
import type { SandboxIdentityVerificationRow, SandboxIdentityVerificationsTable } from './table';

export async function insertSandboxIdentityVerification(
  db: DbExecutor,
  values: Insertable<SandboxIdentityVerificationsTable>,
): Promise<void> {
  await db.insertInto('sandbox_identity_verifications').values(values).execute();
}

export async function findSandboxIdentityVerification(
  db: DbExecutor,
  id: string,
): Promise<SandboxIdentityVerificationRow | undefined> {
  return await db
    .selectFrom('sandbox_identity_verifications')
    .select(['id', 'user_id', 'redirect_url', 'status', 'name', 'created_at', 'decided_at'])
    // A date column reads back as a JavaScript Date at the server's midnight: the calendar date as PortOne gives it.
    .select(sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date'))
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The sandbox tester's decision; the first one stands (a READY verification only). */
export async function decideSandboxIdentityVerification(
  db: DbExecutor,
  id: string,
  decision: { status: 'VERIFIED'; birthDate: string; name: string | null } | { status: 'FAILED' },
  now: Date,
): Promise<void> {
  await db
    .updateTable('sandbox_identity_verifications')
    .set({
      status: decision.status,
      birth_date: decision.status === 'VERIFIED' ? decision.birthDate : null,
      name: decision.status === 'VERIFIED' ? decision.name : null,
      decided_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'READY')
    .execute();
}

/** The member's adult verification, if he has one. */
export async function findAdultVerification(
  db: DbExecutor,
  userId: number,
): Promise<
  | {
      adult_verified_at: Date | null;
      adult_verification_id: string | null;
      adult_identity_hmac: string | null;
      identity_name_hmac: string | null;
    }
  | undefined
> {
  return await db
    .selectFrom('users')
    .select(['adult_verified_at', 'adult_verification_id', 'adult_identity_hmac', 'identity_name_hmac'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Records the name a later check verified of a member proved an adult before (his first verification stands), when
 * none is kept yet: what a payout account's holder is compared with.
 */
export async function recordVerifiedName(db: DbExecutor, userId: number, nameHmac: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ identity_name_hmac: nameHmac })
    .where('id', '=', userId)
    .where('identity_name_hmac', 'is', null)
    .execute();
}

/** Records that the member was proved an adult; nothing when he already was. Answers whether it was recorded now. */
export async function recordAdultVerification(
  db: DbExecutor,
  userId: number,
  verificationId: string,
  hmacs: { identity: string | null; name: string | null },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      adult_verified_at: now,
      adult_verification_id: verificationId,
      adult_identity_hmac: hmacs.identity,
      identity_name_hmac: hmacs.name,
    })
    .where('id', '=', userId)
    .where('adult_verified_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
