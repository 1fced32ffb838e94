import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { insertColumns } from './bulk-insert';

const database = useTestDatabase();

describe('insertColumns', () => {
  it('writes JSON texts as they are, a null as SQL null, and a text spanning lines too', async () => {
    const { db } = database.current;
    await sql`create table bulk_json (id int primary key, doc jsonb)`.execute(db);
    const docs = ['{"a":"line\\nbreak","b":[1,2]}', null, '"\\\\N"', '{\n  "pretty": true\n}', '[]'];
    await insertColumns(db, 'bulk_json', { id: docs.slice(0, 3).map((_, i) => i), doc: docs.slice(0, 3) });
    await insertColumns(db, 'bulk_json', { id: [3, 4], doc: docs.slice(3) });
    await insertColumns(db, 'bulk_json', { id: [5], doc: [null] });
    const { rows } = await sql<{ doc: unknown }>`select doc from bulk_json order by id`.execute(db);
    expect(rows.map((row) => row.doc)).toEqual([
      { a: 'line\nbreak', b: [1, 2] },
      null,
      '\\N',
      { pretty: true },
      [],
      null,
    ]);
  });

  it('writes texts, numbers, booleans and times as they are, whether they can be lines or not', async () => {
    const { db } = database.current;
    await sql`
      create table bulk_lines (id bigint primary key, name text, at timestamptz, day date, flag boolean)`.execute(db);
    const at = new Date('2026-11-25T23:30:00.123Z');
    const names = ['plain', '', '\\N', 'two\nlines', null, 'ok "quoted" \\ back'];
    await insertColumns(db, 'bulk_lines', {
      id: names.map((_, index) => index),
      name: names,
      at: names.map((_, index) => (index === 4 ? null : at)),
      day: names.map(() => '2026-11-25'),
      flag: names.map((_, index) => index % 2 === 0),
    });
    await insertColumns(db, 'bulk_lines', { id: [10], name: [''], at: [at], day: [null], flag: [null] });
    const { rows } = await sql<{ id: number; name: string | null; at: Date | null; day: string | null; flag: boolean }>`
      select id::int, name, at, day::text, flag from bulk_lines order by id`.execute(db);
    expect(rows).toEqual([
      ...names.map((name, index) => ({
        id: index,
        name,
        at: index === 4 ? null : at,
        day: '2026-11-25',
        flag: index % 2 === 0,
      })),
      { id: 10, name: '', at, day: null, flag: null },
    ]);
  });
});
