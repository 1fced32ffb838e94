// Migration 0610 goes down and up again (in a transaction rolled back): down drops the trigger and its function, up
// puts them back.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down, up } from './0610_session_end_announced';

const testApp = useTestApp();

describe('migration 0610_session_end_announced', () => {
  it('drops the trigger on users going down and makes it again going up', async () => {
    const app = testApp.current.app;
    const triggers = (trx: Kysely<unknown>) =>
      sql<{ name: string }>`
        select tgname as name from pg_trigger where tgname = 'users_announce_session_end'`.execute(trx);
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        expect((await triggers(trx)).rows).toHaveLength(1);
        await down(trx);
        expect((await triggers(trx)).rows).toHaveLength(0);
        await up(trx);
        expect((await triggers(trx)).rows).toHaveLength(1);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
