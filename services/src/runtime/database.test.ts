import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@fanmission/tests/harness/database';
import { testConfig } from '@fanmission/tests/harness/app';
import { openDatabase } from './database';

describe('openDatabase', () => {
  it('uses DATABASE_URL instead of starting the embedded server, and brings the schema up to date', async () => {
    const target = await createTestDatabase();
    const lines: string[] = [];
    try {
      // An empty schema on that server: drop what the template gave it, as a brand-new database would be.
      await sql`drop schema public cascade; create schema public`.execute(target.db);
      const runtime = await openDatabase(testConfig({ DATABASE_URL: target.url }), {
        migrate: true,
        log: (line) => lines.push(line),
      });
      try {
        expect(runtime.embedded).toBe(false);
        expect(runtime.url).toBe(target.url);
        expect(lines.some((line) => line.startsWith('embedded PostgreSQL'))).toBe(false);
        expect(lines.some((line) => line.startsWith('applied migrations: 0001_foundation'))).toBe(true);
        const tables = await sql<{ table_name: string }>`
          select table_name from information_schema.tables where table_schema = 'public'`.execute(runtime.db);
        expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['users', 'creators']));
      } finally {
        await runtime.stop();
      }
    } finally {
      await target.drop();
    }
  });
});
