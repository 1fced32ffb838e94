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

describe('the indexes built online', () => {
  it('exist on a new database, each on its list’s order (the column, then the id), and none they replace', async () => {
    const indexes = await validIndexes();
    for (const index of LIST_INDEXES) {
      const definition = indexes.get(index.name)?.toLowerCase();
      expect(definition, index.name).toContain(`on public.${index.table} using btree (${index.columns})`);
      if (index.include) expect(definition, index.name).toContain(`include (${index.include})`);
      if (index.where) expect(definition, index.name).toContain('where');
      if (index.replaces) expect(indexes.has(index.replaces), index.replaces).toBe(false);
    }
    expect(await ensureListIndexes(database.current.db)).toEqual([]);
  });

  it('drop an index one of them replaces once it is built', async () => {
    const { db } = database.current;
    await sql`drop index missions_creator_status_newest`.execute(db);
    await sql`create index missions_creator_status_coins on missions (creator_id, status, created_at desc)`.execute(db);
    expect(await ensureListIndexes(db)).toEqual(['missions_creator_status_newest']);
    const indexes = await validIndexes();
    expect(indexes.has('missions_creator_status_newest')).toBe(true);
    expect(indexes.has('missions_creator_status_coins')).toBe(false);
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
