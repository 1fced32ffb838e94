import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { countUpTo, ESTIMATE_REUSE_MS, EXACT_COUNT_LIMIT } from './simple-rest';

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

  afterEach(() => {
    vi.useRealTimers();
  });

  it('reuses a total past the limit for the same filter for a while when asked, and counts again after', async () => {
    const { db } = database.current;
    vi.useFakeTimers({ toFake: ['Date'] });
    await sql`insert into tags (name) select 'many ' || n from generate_series(1, 1500) as n`.execute(db);
    await sql`analyze tags`.execute(db);
    const many = () => db.selectFrom('tags').selectAll().where('name', 'like', 'many %');
    const first = await countUpTo(many(), { reuseEstimatesOf: db });
    expect(first).toBeGreaterThan(EXACT_COUNT_LIMIT);
    await sql`delete from tags where name like 'many %'`.execute(db);
    // Within the reuse: the estimate again, no statement; without reuse, counted.
    expect(await countUpTo(many(), { reuseEstimatesOf: db })).toBe(first);
    expect(await countUpTo(many())).toBe(0);
    // Another filter is its own.
    expect(await countUpTo(many().where('id', '>', 0), { reuseEstimatesOf: db })).toBe(0);
    vi.setSystemTime(Date.now() + ESTIMATE_REUSE_MS + 1);
    expect(await countUpTo(many(), { reuseEstimatesOf: db })).toBe(0);
  });
});
