import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@fanmission/tests/harness/database';
import { testConfig } from '@fanmission/tests/harness/app';
import { buildApp } from '../app';
import { createDb, type Db } from '../db';
import { createDevMailbox } from '../mail';
import { EVENT_CONSUMERS } from '../runtime';
import { isDatabaseUnavailable } from './database-errors';

// An unreachable, black-holed or overloaded database answers 503 with Retry-After (never 500),
// within the pool's connection timeout, and the server session carries statement and idle-in-transaction timeouts.

const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function appOn(db: Db) {
  const config = testConfig();
  const app = await buildApp({
    config,
    db,
    logger: false,
    eventConsumers: EVENT_CONSUMERS,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
  });
  await app.ready();
  closers.push(
    () => app.close(),
    () => db.destroy(),
  );
  return app;
}

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('database unavailable', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After when PostgreSQL refuses connections', async () => {
    const db = createDb(`postgres://postgres:secret-password@127.0.0.1:${await closedPort()}/fanmission`, {
      connectionTimeoutMs: 1_000,
    });
    const app = await appOn(db);

    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/coin-items',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again shortly.',
    });

    // A signed-in caller is identified from the database first: the same 503, not a 500 from the hook.
    const signedIn = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect([401, 503]).toContain(signedIn.statusCode);

    // Health says DOWN without the driver's text (host, port, role).
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'DOWN',
      details: { database: { status: 'DOWN', error: 'unavailable' } },
    });
    expect(health.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|secret-password|fanmission\b/);
  });

  it('gives up on a black-holed server after the connection timeout, with 503', async () => {
    // Accepts TCP connections and never says a word.
    const sockets = new Set<Socket>();
    const blackHole = createServer((socket) => sockets.add(socket));
    const port = await listening(blackHole);
    // Runs before the server's close (closers run last first), which waits for its connections.
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
    });
    const app = await appOn(createDb(`postgres://postgres@127.0.0.1:${port}/fanmission`, { connectionTimeoutMs: 300 }));

    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/v1/coin-items' });
    expect(response.statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('answers 503 when every pooled connection stays busy past the wait', async () => {
    const database = await createTestDatabase();
    closers.push(() => database.drop());
    const db = createDb(database.url, { max: 1, connectionTimeoutMs: 300 });
    const app = await appOn(db);
    // The pool's only connection, held by a transaction that waits for the test.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const holdingStarted = new Promise<void>((resolve) => (holding = resolve));
    const holder = db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      holding();
      await held;
    });
    await holdingStarted;
    const response = await app.inject({ method: 'GET', url: '/api/v1/coin-items' });
    release();
    await holder;
    expect(response.statusCode).toBe(503);
    // And the same app answers once the connection is free again.
    expect((await app.inject({ method: 'GET', url: '/api/v1/coin-items' })).statusCode).toBe(200);
  });

  it('sets statement and idle-in-transaction timeouts on every session; a statement past it is a 503 error', async () => {
    const database = await createTestDatabase();
    closers.push(() => database.drop());
    const defaults = createDb(database.url);
    closers.push(() => defaults.destroy());
    const { rows } = await sql<{ statement: string; idle: string }>`
      select current_setting('statement_timeout') as statement,
        current_setting('idle_in_transaction_session_timeout') as idle`.execute(defaults);
    expect(rows[0]).toEqual({ statement: '15s', idle: '30s' });

    const quick = createDb(database.url, { statementTimeoutMs: 100 });
    closers.push(() => quick.destroy());
    const error = await sql`select pg_sleep(2)`.execute(quick).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as { code?: string }).code).toBe('57014');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('tells unavailability from a bug', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
  });
});
