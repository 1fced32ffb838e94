// Migration 0680 goes down and up again (in a transaction rolled back): down drops the capacity table, the product
// cap and the response-time indexes, up brings them back.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down, up } from './0680_creator_capacity';

const testApp = useTestApp();

describe('migration 0680_creator_capacity', () => {
  it('drops the capacity table, product cap and indexes going down and adds them going up', async () => {
    const app = testApp.current.app;
    const present = async (trx: Kysely<unknown>) =>
      (
        await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_name = 'creator_capacity'
          union all
          select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = 'mission_products'
            and column_name = 'max_open_requests'
          union all
          select indexname from pg_indexes
          where schemaname = current_schema() and indexname in
            ('missions_creator_accept_times', 'missions_creator_perform_times')
          order by 1`.execute(trx)
      ).rows.map((row) => row.name);
    const all = [
      'creator_capacity',
      'max_open_requests',
      'missions_creator_accept_times',
      'missions_creator_perform_times',
    ];
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        expect(await present(trx)).toEqual(all);
        await down(trx);
        expect(await present(trx)).toEqual([]);
        await up(trx);
        expect(await present(trx)).toEqual(all);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
