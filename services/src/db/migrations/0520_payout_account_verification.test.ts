// Migration 0520 goes down and up again cleanly (in a transaction rolled back), and grandfathers the accounts that
// exist when it runs as VERIFIED.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createIncomeCreator } from '@fanmission/tests/support/income';
import { down, up } from './0520_payout_account_verification';

const testApp = useTestApp();

describe('migration 0520_payout_account_verification', () => {
  it('drops the checks going down; going up, marks every existing account VERIFIED as grandfathered', async () => {
    const creator = await createIncomeCreator(testApp.current.app, { verification: null });
    const rolledBack = new Error('rolled back');
    await expect(
      testApp.current.app.db.transaction().execute(async (transaction) => {
        // Migrations take an untyped Kysely (services/src/db/migrations/index.ts).
        const trx = transaction as unknown as Kysely<unknown>;
        await down(trx);
        const gone = await sql`select to_regclass('payout_account_verifications') as t`.execute(trx);
        expect(gone.rows).toEqual([{ t: null }]);
        await up(trx);
        const { rows } = await sql<{ status: string; matched: string }>`
          select status, matched from payout_account_verifications where creator_id = ${creator.creatorId}`.execute(
          trx,
        );
        expect(rows).toEqual([{ status: 'VERIFIED', matched: 'GRANDFATHERED' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
