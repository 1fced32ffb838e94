// Migration 0660 goes down and up again (in a transaction rolled back): down drops the share links and the creators'
// sharing switch, up makes them again.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down, up } from './0660_mission_share_links';

const testApp = useTestApp();

describe('migration 0660_mission_share_links', () => {
  it('drops mission_share_links and creator_sharing_off going down and makes them again going up', async () => {
    const app = testApp.current.app;
    const tables = async (trx: Kysely<unknown>) =>
      (
        await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_name in ('mission_share_links', 'creator_sharing_off') order by table_name`.execute(trx)
      ).rows.map((row) => row.name);
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        expect(await tables(trx)).toEqual(['creator_sharing_off', 'mission_share_links']);
        await down(trx);
        expect(await tables(trx)).toEqual([]);
        await up(trx);
        expect(await tables(trx)).toEqual(['creator_sharing_off', 'mission_share_links']);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
