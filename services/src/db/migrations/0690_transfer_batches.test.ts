// Migration 0690 goes down and up again (in a transaction rolled back): a statement in transfer goes back to APPROVED
// on the way down; on the way up a statement IN_TRANSFER names its batch, a batch is never released by its maker, and
// the bank's result of a statement in transfer is recorded even when its account's check lapsed meanwhile.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createIncomeCreator, releasedMission } from '@fanmission/tests/support/income';
import { down, up } from './0690_transfer_batches';

const testApp = useTestApp({ now: () => new Date('2026-11-01T01:00:00Z') });

describe('migration 0690_transfer_batches', () => {
  it('keeps a statement in transfer tied to its batch and the batch to four eyes', async () => {
    const app = testApp.current.app;
    const finance = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const creator = await createIncomeCreator(app);
    await releasedMission(app.db, { creatorId: creator.creatorId, coins: 1_000, at: new Date('2026-10-15T03:00:00Z') });
    const run = await app.inject({
      method: 'POST',
      url: '/api/admin/settlement-runs',
      headers: finance.headers,
      payload: { year: 2026, month: 10 },
    });
    expect(run.statusCode, run.body).toBe(200);
    const statement = await app.db
      .selectFrom('settlement_statements')
      .select('id')
      .where('creator_id', '=', creator.creatorId)
      .executeTakeFirstOrThrow();
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        const batch = (
          await sql<{ id: string }>`
            insert into settlement_transfer_batches
              (year, month, created_by_user_id, created_at, statement_count, total_won, file_sha256)
            values (2026, 10, ${finance.id}, now(), 1, 1000, ${'a'.repeat(64)}) returning id`.execute(trx)
        ).rows[0]!.id;
        await sql`update settlement_statements set status = 'APPROVED' where id = ${statement.id}`.execute(trx);
        await sql`update settlement_statements set status = 'IN_TRANSFER', transfer_batch_id = ${batch}
          where id = ${statement.id}`.execute(trx);
        await down(trx);
        const downed = await sql<{
          status: string;
        }>`select status from settlement_statements where id = ${statement.id}`.execute(trx);
        expect(downed.rows).toEqual([{ status: 'APPROVED' }]);
        await up(trx);
        await sql`savepoint probe`.execute(trx);
        await expect(
          sql`update settlement_statements set status = 'IN_TRANSFER' where id = ${statement.id}`.execute(trx),
        ).rejects.toThrow(/settlement_statements_in_transfer/);
        await sql`rollback to savepoint probe`.execute(trx);
        const again = (
          await sql<{ id: string }>`
            insert into settlement_transfer_batches
              (year, month, created_by_user_id, created_at, statement_count, total_won, file_sha256)
            values (2026, 10, ${finance.id}, now(), 1, 1000, ${'b'.repeat(64)}) returning id`.execute(trx)
        ).rows[0]!.id;
        await expect(
          sql`update settlement_transfer_batches set status = 'RELEASED', released_at = now(),
            released_by_user_id = created_by_user_id where id = ${again}`.execute(trx),
        ).rejects.toThrow(/settlement_transfer_batches_four_eyes/);
        await sql`rollback to savepoint probe`.execute(trx);
        const kept = (
          await sql<{ id: string }>`
            insert into settlement_transfer_batches
              (year, month, created_by_user_id, created_at, statement_count, total_won, file_sha256)
            values (2026, 10, ${finance.id}, now(), 1, 1000, ${'c'.repeat(64)}) returning id`.execute(trx)
        ).rows[0]!.id;
        // In transfer, its account's check lapses: the bank's failure is still recorded.
        await sql`update settlement_statements set status = 'IN_TRANSFER', transfer_batch_id = ${kept}
          where id = ${statement.id}`.execute(trx);
        await sql`update payout_account_verifications set status = 'UNVERIFIED', matched = null
          where creator_id = ${creator.creatorId}`.execute(trx);
        await sql`update settlement_statements set status = 'TRANSFER_FAILED', transfer_failed_at = now()
          where id = ${statement.id}`.execute(trx);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
