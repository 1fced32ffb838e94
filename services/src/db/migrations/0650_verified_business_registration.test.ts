// Migration 0650 goes down and up again (in a transaction rolled back): a payout account verified by a declared
// business name is queued for its check again, and the verified registration starts as NONE.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator } from '@fanmission/tests/support/creators';
import { down, up } from './0650_verified_business_registration';

const testApp = useTestApp();

describe('migration 0650_verified_business_registration', () => {
  it('checks again an account verified by a declared business name, and starts every creator unverified', async () => {
    const app = testApp.current.app;
    const creator = await createCreator(app);
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        await down(trx);
        await sql`update creators set business_type = 'CORPORATION', business_name = '김다름' where id = ${creator.creatorId}`.execute(
          trx,
        );
        await sql`
          insert into payout_account_verifications
            (creator_id, bank_name, bank_account_number, status, matched, bank_holder, queued_at, checked_at)
          values (${creator.creatorId}, '우리은행', '1002000007777', 'VERIFIED', 'BUSINESS_NAME', '김다름', now(), now())
        `.execute(trx);
        await up(trx);
        const account = await sql<{ status: string; matched: string | null; next_attempt_at: Date | null }>`
          select status, matched, next_attempt_at from payout_account_verifications
          where creator_id = ${creator.creatorId}`.execute(trx);
        expect(account.rows).toEqual([{ status: 'UNVERIFIED', matched: null, next_attempt_at: expect.any(Date) }]);
        const verified = await sql<{ verified_business_type: string; verified_business_name: string | null }>`
          select verified_business_type, verified_business_name from creators where id = ${creator.creatorId}`.execute(
          trx,
        );
        expect(verified.rows).toEqual([{ verified_business_type: 'NONE', verified_business_name: null }]);
        // A verified registration carries its registered name.
        await expect(
          sql`update creators set verified_business_type = 'PRIVATE' where id = ${creator.creatorId}`.execute(trx),
        ).rejects.toThrow(/creators_verified_business_named/);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
