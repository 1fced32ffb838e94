// Migration 0770 goes down and up again (in a transaction rolled back): down drops the grouping columns and the
// senders' index, up brings them back with every existing notification one notice of its own.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down, up } from './0770_grouped_member_notices';

const testApp = useTestApp();

describe('migration 0770_grouped_member_notices', () => {
  it('drops the columns going down and counts each existing row as one notice going up', async () => {
    const app = testApp.current.app;
    const reader = await createAccount(app, { username: 'm0770reader' });
    await app.db
      .insertInto('notifications')
      .values({
        user_id: reader.id,
        kind: 'COMMENT_REPLIED',
        mission_id: 1,
        mission_comment_id: 1,
        actor_user_id: null,
        params: '{}',
        event_id: '00000000-0000-4000-8000-000000000770',
        created_at: new Date(),
      })
      .execute();
    const columns = async (trx: Kysely<unknown>) =>
      (
        await sql<{ column_name: string }>`
          select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = 'notifications'
            and column_name in ('group_count', 'grouped_event_ids') order by column_name`.execute(trx)
      ).rows.map((row) => row.column_name);
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        await down(trx);
        expect(await columns(trx)).toEqual([]);
        await up(trx);
        expect(await columns(trx)).toEqual(['group_count', 'grouped_event_ids']);
        const row = await sql<{ group_count: number; grouped_event_ids: string[] }>`
          select group_count, grouped_event_ids from notifications where user_id = ${reader.id}`.execute(trx);
        expect(row.rows).toEqual([{ group_count: 1, grouped_event_ids: [] }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
