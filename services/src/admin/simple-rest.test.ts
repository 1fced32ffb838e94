import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { countUpTo, EXACT_COUNT_LIMIT } from './simple-rest';

const database = useTestDatabase();

describe('countUpTo', () => {
  it('counts exactly up to the limit and estimates past it, never below the limit', async () => {
    const { db } = database.current;
    await sql`
      insert into tags (name) select 'tag ' || n from generate_series(1, 2500) as n`.execute(db);
    await sql`analyze tags`.execute(db);
    const exact = await countUpTo(db.selectFrom('tags').selectAll().where('name', 'like', 'tag 2%').orderBy('id'));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from tags where name like 'tag 2%'`.execute(db);
    expect(rows[0]!.n).toBeLessThanOrEqual(EXACT_COUNT_LIMIT);
    expect(exact).toBe(rows[0]!.n);
    expect(await countUpTo(db.selectFrom('tags').selectAll().where('name', '=', 'tag 7'))).toBe(1);

    const estimated = await countUpTo(db.selectFrom('tags').selectAll());
    expect(estimated).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(estimated - 2500)).toBeLessThan(EXACT_COUNT_LIMIT * 0.3);
  });
});
