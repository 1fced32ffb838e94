import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@fanmission/tests/harness/database';
import { testConfig } from '@fanmission/tests/harness/app';
import { openDatabase } from './database';
import { freePort } from './free-port';

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

  it('starts the embedded server under DATA_DIR with the write settings of a single-machine install', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fanmission-embedded-'));
    const lines: string[] = [];
    try {
      const config = testConfig({ DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(await freePort()) });
      const runtime = await openDatabase(config, { migrate: false, log: (line) => lines.push(line) });
      try {
        expect(runtime.embedded).toBe(true);
        expect(lines.some((line) => line.startsWith('embedded PostgreSQL ready'))).toBe(true);
        // A checkpoint every 30 minutes or 4 GB of WAL, full-page images compressed; commits still wait for the flush.
        const settings = await sql<{ name: string; setting: string }>`
          select name, setting from pg_settings
          where name in ('checkpoint_timeout', 'max_wal_size', 'wal_compression', 'synchronous_commit', 'fsync')
          order by name`.execute(runtime.db);
        expect(Object.fromEntries(settings.rows.map((row) => [row.name, row.setting]))).toEqual({
          checkpoint_timeout: '1800',
          fsync: 'on',
          max_wal_size: '4096',
          synchronous_commit: 'on',
          wal_compression: 'pglz',
        });
      } finally {
        await runtime.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
