import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, startEmbeddedPostgres } from '@fanmission/services/db';
import { startPostgresContainer, useTestcontainers } from './containers';
import { freePort } from '@fanmission/services/runtime';

export const TEMPLATE_DATABASE = 'fanmission_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the maintenance database of the run's PostgreSQL server. */
    postgresAdminUrl: string;
    /** Name of the migrated template that each test file's database is cloned from. */
    postgresTemplateDatabase: string;
  }
}

/**
 * One real PostgreSQL server per test run (embedded, TEST_DATABASE_URL's server, or a testcontainers one when
 * USE_TESTCONTAINERS=1 and Docker answers), holding a migrated template
 * database that test files clone in milliseconds.
 */
export default async function setup(project: TestProject) {
  const started = performance.now();
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let dataDir: string | undefined;
  if (!adminUrl && useTestcontainers()) {
    // Opt-in (USE_TESTCONTAINERS=1 with a Docker engine): a PostgreSQL container instead of the embedded server.
    const container = await startPostgresContainer();
    adminUrl = container.url;
    stop = container.stop;
  }
  if (!adminUrl) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-test-pg-'));
    await fs.chmod(dataDir, 0o755);
    const server = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'data'),
      port: await freePort(),
      // A throw-away cluster: durability buys nothing here and costs seconds.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    adminUrl = server.url;
    stop = server.stop;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DATABASE);
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: templateUrl, max: 1 }) }),
  });
  try {
    await migrateToLatest(db);
    await sql`checkpoint`.execute(db);
  } finally {
    await db.destroy();
  }
  await admin.query(`alter database ${TEMPLATE_DATABASE} with is_template true allow_connections false`);
  await admin.end();

  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplateDatabase', TEMPLATE_DATABASE);
  if (process.env.FANMISSION_TEST_TIMINGS) {
    console.log(`[postgres] server + migrated template ready in ${Math.round(performance.now() - started)} ms`);
  }

  return async () => {
    await stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
