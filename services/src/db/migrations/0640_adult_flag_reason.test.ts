// Migration 0640 goes down and up again (in a transaction rolled back): down drops the three columns of an operator's
// adult-flag decision, up adds them back.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down, up } from './0640_adult_flag_reason';

const testApp = useTestApp();

describe('migration 0640_adult_flag_reason', () => {
  it('drops the adult-flag decision columns going down and adds them going up', async () => {
    const app = testApp.current.app;
    const columns = async (trx: Kysely<unknown>) =>
      (
        await sql<{ name: string }>`
          select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = 'creators' and column_name like 'adult\\_flag\\_%'
          order by column_name`.execute(trx)
      ).rows.map((row) => row.name);
    const all = ['adult_flag_decided_at', 'adult_flag_decided_by', 'adult_flag_reason'];
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        expect(await columns(trx)).toEqual(all);
        await down(trx);
        expect(await columns(trx)).toEqual([]);
        await up(trx);
        expect(await columns(trx)).toEqual(all);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
