// Migration 0780 goes down and up again (in a transaction rolled back): existing tags keep their Korean name and
// start with no translation.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down, up } from './0780_tag_translations';

const testApp = useTestApp();

describe('migration 0780_tag_translations', () => {
  it('keeps existing tags, untranslated', async () => {
    const app = testApp.current.app;
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        await down(trx);
        const inserted = await sql<{ id: number }>`
          insert into tags (name) values ('마이그레이션 태그') returning id`.execute(trx);
        await up(trx);
        const rows = await sql<{ name: string; name_en: string | null; name_ja: string | null }>`
          select name, name_en, name_ja from tags where id = ${inserted.rows[0]!.id}`.execute(trx);
        expect(rows.rows).toEqual([{ name: '마이그레이션 태그', name_en: null, name_ja: null }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
