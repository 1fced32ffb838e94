import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDb, type Db } from '@fanmission/services/db';
import { withDatabase } from './postgres-global-setup';

export interface TestDatabase {
  name: string;
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** Clones the run's migrated template into a fresh database of its own. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const template = inject('postgresTemplateDatabase');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template} strategy file_copy`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  // A busy 2-core test machine may keep a pooled connection longer than production's 5 s wait.
  const db = createDb(url, { max: 20, connectionTimeoutMs: 30_000 });
  let dropped = false;
  return {
    name,
    url,
    db,
    async drop() {
      if (dropped) return;
      dropped = true;
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A database for the whole test file: created before its first test, dropped after its last. */
export function useTestDatabase(): { readonly current: TestDatabase } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    get current() {
      if (!database) throw new Error('useTestDatabase(): the database exists only inside tests and hooks');
      return database;
    },
  };
}
