// Migration 0750 goes down and up again (in a transaction rolled back): down drops the products' summary table, up
// brings it back filled with the counted reviews of each product's missions.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { down, up } from './0750_product_review_summaries';

const testApp = useTestApp();

describe('migration 0750_product_review_summaries', () => {
  it('drops the table going down and fills it from the counted reviews going up', async () => {
    const app = testApp.current.app;
    const owner = await createCreator(app, { username: 'm0750star' });
    const product = await registerProduct(app, owner, { type: 'BASIC', coinPrice: 100 });
    const fan = await createAccount(app, { username: 'm0750fan' });
    const reviewed = async (rating: number, moderation: 'HIDDEN' | null) => {
      const mission = await insertMission(app, product, { user_id: fan.id, status: 'COMPLETED' });
      await app.db
        .insertInto('mission_reviews')
        .values({
          mission_id: mission.id,
          creator_id: owner.creatorId,
          user_id: fan.id,
          rating,
          edited_at: null,
          reply: null,
          reply_at: null,
          reply_edited_at: null,
          reports_open_since: null,
          moderation,
          moderation_reason: null,
          moderated_by: null,
          moderated_at: null,
        })
        .execute();
    };
    await reviewed(5, null);
    await reviewed(2, null);
    await reviewed(1, 'HIDDEN');
    const exists = async (trx: Kysely<unknown>) =>
      Number(
        (
          await sql<{ n: string }>`
          select count(*) as n from information_schema.tables
          where table_schema = current_schema() and table_name = 'product_review_summaries'`.execute(trx)
        ).rows[0]!.n,
      );
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        await down(trx);
        expect(await exists(trx)).toBe(0);
        await up(trx);
        expect(await exists(trx)).toBe(1);
        const row = await sql<{ reviews_count: number; rating_sum: number }>`
          select reviews_count, rating_sum from product_review_summaries where product_id = ${product.id}`.execute(trx);
        expect(row.rows).toEqual([{ reviews_count: 2, rating_sum: 7 }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
