import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { ensureListIndexes, LIST_INDEXES } from './list-indexes';

const database = useTestDatabase();

const validIndexes = async () => {
  const { rows } = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_indexdef(c.oid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relnamespace = current_schema()::regnamespace and i.indisvalid`.execute(database.current.db);
  return new Map(rows.map((row) => [row.name, row.definition]));
};

describe('the console lists’ indexes', () => {
  it('exist on a new database, each on its list’s order (the column, then the id)', async () => {
    const indexes = await validIndexes();
    for (const index of LIST_INDEXES) {
      expect(indexes.get(index.name), index.name).toContain(`ON public.${index.table} USING btree (${index.columns})`);
    }
    expect(await ensureListIndexes(database.current.db)).toEqual([]);
  });

  it('missing on a populated table, are built concurrently after the migrations; an invalid one is built again', async () => {
    const { db } = database.current;
    await sql`drop index missions_list_created`.execute(db);
    // What a concurrent build that failed leaves behind: an index marked invalid.
    await sql`update pg_index set indisvalid = false where indexrelid = 'users_list_email'::regclass`.execute(db);
    expect((await validIndexes()).has('users_list_email')).toBe(false);
    expect((await ensureListIndexes(db)).sort()).toEqual(['missions_list_created', 'users_list_email']);
    const indexes = await validIndexes();
    expect(indexes.get('missions_list_created')).toContain('(created_at, id)');
    expect(indexes.get('users_list_email')).toContain('(email, id)');
    expect(await ensureListIndexes(db)).toEqual([]);
  });
});
