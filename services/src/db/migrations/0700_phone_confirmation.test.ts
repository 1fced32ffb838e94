// Migration 0700 goes down and up again (in a transaction rolled back): a number typed before starts unconfirmed,
// and a code row belongs to an existing member.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down, up } from './0700_phone_confirmation';

const testApp = useTestApp();

describe('migration 0700_phone_confirmation', () => {
  it('starts every number unconfirmed and keeps codes of existing members only', async () => {
    const app = testApp.current.app;
    const member = await createAccount(app);
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        await down(trx);
        await sql`update users set phone = '01012345678' where id = ${member.id}`.execute(trx);
        await up(trx);
        const users = await sql<{ phone: string; phone_confirmed_at: Date | null }>`
          select phone, phone_confirmed_at from users where id = ${member.id}`.execute(trx);
        expect(users.rows).toEqual([{ phone: '01012345678', phone_confirmed_at: null }]);
        await expect(
          sql`insert into phone_confirmation_codes (user_id, phone, code_hash, created_at, expires_at)
              values (2147483647, '01012345678', 'x', now(), now())`.execute(trx),
        ).rejects.toThrow(/foreign key/);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
