// Migration 0631 goes down and up again (in a transaction rolled back): down drops the table of the one-click
// unsubscribe tokens, up makes it again.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down, up } from './0631_mail_unsubscribe_tokens';

const testApp = useTestApp();

describe('migration 0631_mail_unsubscribe_tokens', () => {
  it('drops mail_unsubscribe_tokens going down and makes it again going up', async () => {
    const app = testApp.current.app;
    const tables = async (trx: Kysely<unknown>) =>
      (
        await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_name = 'mail_unsubscribe_tokens'`.execute(trx)
      ).rows.map((row) => row.name);
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        expect(await tables(trx)).toEqual(['mail_unsubscribe_tokens']);
        await down(trx);
        expect(await tables(trx)).toEqual([]);
        await up(trx);
        expect(await tables(trx)).toEqual(['mail_unsubscribe_tokens']);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
