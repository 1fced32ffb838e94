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

/** How long a dropped database's closing connections get to go before the drop terminates them. */
const CLOSING_CONNECTIONS_WAIT_MS = 10_000;

/**
 * Waits until no connection to `database` is left, or CLOSING_CONNECTIONS_WAIT_MS has passed. A pool's `end()`
 * resolves once its clients are told to close, before the server has seen them go; a forced drop right after it
 * terminates connections that are already closing, and the termination's error reaches a pool that nobody listens to
 * any more (an uncaught exception that fails the run). A connection a test leaked is still terminated by the drop.
 */
async function untilDisconnected(admin: pg.Client, database: string): Promise<void> {
  const deadline = performance.now() + CLOSING_CONNECTIONS_WAIT_MS;
  while (performance.now() < deadline) {
    const { rows } = await admin.query<{ connections: number }>(
      'select count(*)::int as connections from pg_stat_activity where datname = $1',
      [database],
    );
    if (rows[0]?.connections === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Drops `database` once the connections its pools were closing have gone (`untilDisconnected`). */
export async function dropTestDatabase(adminUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await untilDisconnected(admin, database);
    await admin.query(`drop database if exists ${database} with (force)`);
  } finally {
    await admin.end();
  }
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
      await dropTestDatabase(adminUrl, name);
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
