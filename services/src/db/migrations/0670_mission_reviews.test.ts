// Migration 0670 goes down and up again (in a transaction rolled back): down drops the review tables, up adds them back.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down, up } from './0670_mission_reviews';

const testApp = useTestApp();

describe('migration 0670_mission_reviews', () => {
  it('drops the review tables going down and adds them going up', async () => {
    const app = testApp.current.app;
    const tables = async (trx: Kysely<unknown>) =>
      (
        await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema()
            and (table_name like 'mission\\_review%' or table_name = 'creator_review_summaries')
          order by table_name`.execute(trx)
      ).rows.map((row) => row.name);
    const all = [
      'creator_review_summaries',
      'mission_review_reminders',
      'mission_review_reports',
      'mission_review_votes',
      'mission_reviews',
    ];
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        expect(await tables(trx)).toEqual(all);
        await down(trx);
        expect(await tables(trx)).toEqual([]);
        await up(trx);
        expect(await tables(trx)).toEqual(all);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
