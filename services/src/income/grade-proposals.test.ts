import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { proposeMonthlyGrades } from './grades';

const database = useTestDatabase();

describe('proposeMonthlyGrades', () => {
  it('proposes a grade for each of more verified creators than one statement has parameters for', async () => {
    const { db } = database.current;
    const creators = 9_000;
    await sql`
      insert into users (email, username, password_hash, roles)
      select 'grade' || n || '@example.com', 'grade' || n, 'x', array['ROLE_USER', 'ROLE_CREATOR']
      from generate_series(1, ${creators}) as n`.execute(db);
    await sql`
      insert into creators (user_id, name, url, verified, review_status)
      select id, username, username, true, 'APPROVED' from users where username like 'grade%'`.execute(db);
    const now = new Date('2026-11-02T00:00:00Z');
    expect(await proposeMonthlyGrades(db, 2026, 10, now)).toBe(creators);
    expect(await proposeMonthlyGrades(db, 2026, 10, now)).toBe(0);
  });
});
