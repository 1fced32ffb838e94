import pg from 'pg';
import { ERRORS } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@fanmission/tests/harness/database';
import { PostgresLocker } from './postgres-locker';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

const noSignal = () => new AbortController().signal;

describe('the PostgreSQL locker of resumable uploads', () => {
  it('lets one process at a time hold an upload, the other taking it once it is let go', async () => {
    // Two lockers stand for two API processes.
    const first = new PostgresLocker(database.url, { pollMs: 20 });
    const second = new PostgresLocker(database.url, { pollMs: 20 });
    const held = first.newLock('upload-a');
    await held.lock(noSignal(), () => undefined);

    let taken = false;
    const waiting = second.newLock('upload-a');
    const acquired = waiting.lock(noSignal(), () => undefined).then(() => (taken = true));
    // Another upload is not held up.
    const other = second.newLock('upload-b');
    await other.lock(noSignal(), () => undefined);
    await other.unlock();
    // The waiting lock asks again every pollMs on a session of its own that holds no advisory lock: three of its
    // attempts seen (after upload-b was let go) prove it was refused each time, not merely not asked yet.
    const monitor = new pg.Client({ connectionString: database.url });
    await monitor.connect();
    try {
      const attempts = new Set<string>();
      await expect
        .poll(
          async () => {
            const { rows } = await monitor.query<{ started: string }>(
              `select query_start::text as started from pg_stat_activity
               where datname = current_database() and pid <> pg_backend_pid()
                 and query like 'select pg_try_advisory_lock%'
                 and pid not in (select pid from pg_locks where locktype = 'advisory' and granted)`,
            );
            for (const row of rows) attempts.add(row.started);
            return attempts.size;
          },
          { timeout: 10_000, interval: 10 },
        )
        .toBeGreaterThanOrEqual(3);
    } finally {
      await monitor.end();
    }
    expect(taken).toBe(false);

    await held.unlock();
    await acquired;
    expect(taken).toBe(true);
    await waiting.unlock();
  });

  it('asks a holder in the same process to let go', async () => {
    const locker = new PostgresLocker(database.url, { pollMs: 20 });
    const held = locker.newLock('upload-c');
    let asked = 0;
    await held.lock(noSignal(), async () => {
      asked += 1;
      await held.unlock();
    });
    const next = locker.newLock('upload-c');
    await next.lock(noSignal(), () => undefined);
    expect(asked).toBeGreaterThan(0);
    await next.unlock();
  });

  it('gives up after its timeout, or when its request is cancelled', async () => {
    const first = new PostgresLocker(database.url, { pollMs: 20 });
    const second = new PostgresLocker(database.url, { pollMs: 20, timeoutMs: 200 });
    const held = first.newLock('upload-d');
    await held.lock(noSignal(), () => undefined);
    await expect(second.newLock('upload-d').lock(noSignal(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    const cancelled = new AbortController();
    cancelled.abort();
    await expect(second.newLock('upload-d').lock(cancelled.signal, () => undefined)).rejects.toBe(ERRORS.ABORTED);
    await held.unlock();
  });
});
