import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '@fanmission/tests/harness/app';
import { createTestDatabase, type TestDatabase } from '@fanmission/tests/harness/database';
import { pendingMigrations } from '../db';
import { DEMO_ACCOUNTS } from '../seed';
import { migrateDatabase, seedDatabase } from './database-tasks';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-db-tasks-'));
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  rmSync(storageDir, { recursive: true, force: true });
});

/** A database on the test server with an empty schema, as a brand-new one would be. */
async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  await sql`drop schema public cascade; create schema public`.execute(database.db);
  return database;
}

describe('npm run db:migrate and db:seed', () => {
  it('migrates an empty DATABASE_URL once, then seeds the operator and the demo accounts once', async () => {
    const target = await emptyDatabase();
    const config = testConfig({ DATABASE_URL: target.url, STORAGE_DIR: storageDir, ADMIN_PASSWORD: 'operator-pw1' });
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);

    const all = await pendingMigrations(target.db);
    expect(all[0]).toBe('0001_foundation');
    expect(await migrateDatabase(config, log)).toEqual(all);
    expect(await pendingMigrations(target.db)).toEqual([]);
    expect(await migrateDatabase(config, log)).toEqual([]);

    expect(await seedDatabase(config, log)).toEqual(DEMO_ACCOUNTS.map((account) => account.email));
    expect(await seedDatabase(config, log)).toEqual([]);
    const users = await target.db.selectFrom('users').select(['email', 'roles']).execute();
    expect(users).toEqual(
      expect.arrayContaining([
        { email: 'admin@fanmission.local', roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] },
        ...DEMO_ACCOUNTS.map((account) => ({ email: account.email, roles: account.roles })),
      ]),
    );
    expect(lines.some((line) => line.startsWith('embedded PostgreSQL'))).toBe(false);
    // The first seed writes the whole demo world and, on an empty cache, renders its media pool with ffmpeg and
    // espeak-ng (about 25 s on a quiet 2-core machine).
  }, 180_000);

  it('refuses to seed a database that is not migrated, or in production', async () => {
    const target = await emptyDatabase();
    const config = testConfig({ DATABASE_URL: target.url, STORAGE_DIR: storageDir });
    await expect(seedDatabase(config, () => {})).rejects.toThrow(/pending: 0001_foundation.*run npm run db:migrate/);
    const tables = await sql<{ count: number }>`
      select count(*)::int as count from information_schema.tables where table_schema = 'public'`.execute(target.db);
    expect(tables.rows[0]!.count).toBe(0);

    const production = { ...config, isProduction: true };
    await expect(seedDatabase(production, () => {})).rejects.toThrow(/refused with NODE_ENV=production/);
  });
});
