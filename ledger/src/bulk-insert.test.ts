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
});
