// Migration 0630 goes down and up again (in a transaction rolled back): down drops the two tables of the comment and
// reply mail limits, up makes them again.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down, up } from './0630_notice_mail_limits';

const testApp = useTestApp();

describe('migration 0630_notice_mail_limits', () => {
  it('drops notice_mails and notice_mails_held going down and makes them again going up', async () => {
    const app = testApp.current.app;
    const tables = async (trx: Kysely<unknown>) =>
      (
        await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_name in ('notice_mails', 'notice_mails_held') order by table_name`.execute(trx)
      ).rows.map((row) => row.name);
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        expect(await tables(trx)).toEqual(['notice_mails', 'notice_mails_held']);
        await down(trx);
        expect(await tables(trx)).toEqual([]);
        await up(trx);
        expect(await tables(trx)).toEqual(['notice_mails', 'notice_mails_held']);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
