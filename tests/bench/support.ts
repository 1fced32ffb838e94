// What the HTTP benchmarks share: a migrated scratch database, an app configuration on a free port, autocannon runs
// (closed loop) and paced runs (open loop, requests spread in time).
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import type { Role } from '@fanmission/contracts';
import { buildApp } from '@fanmission/services/app';
import { signSessionToken } from '@fanmission/services/auth';
import { loadConfig, type AppConfig } from '@fanmission/services/config';
import { identityNameHmac } from '@fanmission/services/creators';
import { createDb, type Db, ensureDatabase, migrateToLatest, startEmbeddedPostgres } from '@fanmission/services/db';
import { createDevMailbox } from '@fanmission/services/mail';
import { EVENT_CONSUMERS, freePort } from '@fanmission/services/runtime';
import { generateWorld, WORLD_DB_OPTIONS, type WorldSize } from '@fanmission/services/world';

export interface HttpResult {
  /** Requests per second over the whole run. */
  rps: number;
  /** Median latency, ms. */
  p50: number;
  /** 99th percentile latency, ms. */
  p99: number;
  /** Connection errors, non-2xx answers and timeouts. */
  errors: number;
}

/** Creates and migrates database `name` on the bench's PostgreSQL, seeds it, then VACUUM ANALYZE. */
export async function migratedDatabase<Seeded>(
  postgres: { url: string; urlFor(name: string): string },
  name: string,
  seed: (db: Db) => Promise<Seeded>,
  poolSize = 10,
): Promise<{ db: Db; seeded: Seeded }> {
  await ensureDatabase(postgres.url, name);
  const db = createDb(postgres.urlFor(name), { max: poolSize, preparedStatements: PREPARED_STATEMENTS });
  await migrateToLatest(db);
  const seeded = await seed(db);
  await sql`vacuum analyze`.execute(db);
  return { db, seeded };
}

/** A quiet test-mode configuration for an app listening on a free port (`overrides`: further variables). */
/** DATABASE_PREPARED_STATEMENTS=false: the benchmarks' pools send every statement unnamed (the product's switch). */
export const PREPARED_STATEMENTS = loadConfig({
  DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS,
}).DATABASE_PREPARED_STATEMENTS;

export async function benchConfig(dataDir: string, overrides: Record<string, string> = {}): Promise<AppConfig> {
  const port = await freePort();
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...overrides,
  });
}

/** One autocannon run against `url` cycling through `requests`. */
export async function measureHttp(options: {
  url: string;
  connections: number;
  seconds: number;
  requests: autocannon.Request[];
  headers?: Record<string, string>;
  /** Requests per second offered over all connections (an open-loop load); as fast as answered when omitted. */
  overallRate?: number;
}): Promise<HttpResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: options.requests,
    ...(options.headers && { headers: options.headers }),
    ...(options.overallRate && { overallRate: options.overallRate }),
  });
  return {
    rps: result.requests.total / options.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** One request of a paced run. */
export interface PacedRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** An answer of a paced run's request. */
export interface PacedAnswer {
  status: number;
  body: string;
}

/** A paced run's figures: like `HttpResult`, with the median and the slowest answer. */
export interface PacedResult extends HttpResult {
  p50: number;
  max: number;
  /** The twelve slowest requests: when each was scheduled (s from the run's start) and its latency (ms). */
  slowest: Array<{ at: number; ms: number }>;
  /** This process's garbage-collection pauses of 5 ms or more during the run: when (s) and how long (ms). */
  gcPauses: Array<{ at: number; ms: number; major?: boolean }>;
  /** The longest event-loop delay of this process during the run, ms (the client and any app in this process). */
  loopDelayMax: number;
  /** When the last answer came, s from the run's start (beyond `seconds` when the server fell behind). */
  lastAnswerAt: number;
}

/**
 * An open-loop run: `rate` requests per second on average for `seconds`, their send times drawn as a Poisson process
 * (exponential gaps, from a fixed seed so every run of a bench offers the same schedule), over a keep-alive pool of
 * `connections` connections opened beforehand. Each latency is counted from the request's scheduled time, not from
 * when it went out, so a client or server that falls behind is charged for it (no coordinated omission).
 *
 * autocannon's `overallRate` is not this: every connection gets a one-second budget refilled by its own
 * one-second timer, and all connections' timers start in the same tick, so each second's requests go out at once
 * (25/s over 25 connections is a burst of 25 simultaneous requests every second). Its p99 at a "fixed rate" is
 * the time the last request of a burst waits behind the others.
 */
export async function measurePaced(options: {
  url: string;
  connections: number;
  seconds: number;
  rate: number;
  /** The i-th request of the run. */
  request?: (index: number) => PacedRequest;
  /**
   * Instead of `request`: the i-th operation of the run, one or more requests through `exchange` (each answers its
   * status and body) resolving to the status the operation counts as (its latency runs until then).
   */
  operation?: (index: number, exchange: (request: PacedRequest) => Promise<PacedAnswer>) => Promise<number>;
  /** A cheap GET on the same server used to open the connections before the clock starts. */
  warmPath: string;
}): Promise<PacedResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections, scheduling: 'fifo' });
  const exchange = (request: PacedRequest) =>
    new Promise<PacedAnswer>((resolve) => {
      const outgoing = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.path,
          headers: {
            ...request.headers,
            ...(request.body !== undefined && { 'content-length': String(Buffer.byteLength(request.body)) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', () => resolve({ status: 0, body: '' }));
        },
      );
      outgoing.on('error', () => resolve({ status: 0, body: '' }));
      outgoing.end(request.body);
    });
  const send = async (request: PacedRequest) => (await exchange(request)).status;
  const operation = (index: number) =>
    options.operation ? options.operation(index, exchange) : send(options.request!(index));
  try {
    // Every connection opened (and kept alive) before the first timed request.
    await Promise.all(
      Array.from({ length: options.connections }, () => send({ method: 'GET', path: options.warmPath, headers: {} })),
    );
    let seed = 0x2545f491;
    const uniform = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return (seed + 1) / 4_294_967_297;
    };
    const schedule: number[] = [];
    for (let at = 0; ;) {
      at += (-Math.log(uniform()) / options.rate) * 1000;
      if (at >= options.seconds * 1000) break;
      schedule.push(at);
    }
    const latencies: number[] = [];
    const timed: Array<{ at: number; ms: number }> = [];
    let errors = 0;
    const answers: Promise<void>[] = [];
    const start = performance.now();
    let lastAnswer = start;
    const gcPauses: Array<{ at: number; ms: number; major?: boolean }> = [];
    const gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
        const major = detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
        if (entry.duration >= 5 || major) {
          gcPauses.push({ at: (entry.startTime - start) / 1000, ms: entry.duration, ...(major && { major }) });
        }
      }
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    await new Promise<void>((done) => {
      let next = 0;
      const fire = () => {
        const now = performance.now() - start;
        for (; next < schedule.length && schedule[next]! <= now; next += 1) {
          const scheduled = start + schedule[next]!;
          answers.push(
            operation(next).then((status) => {
              lastAnswer = performance.now();
              const ms = lastAnswer - scheduled;
              latencies.push(ms);
              timed.push({ at: (scheduled - start) / 1000, ms });
              if (status < 200 || status >= 300) errors += 1;
            }),
          );
        }
        if (next === schedule.length) done();
        else setTimeout(fire, Math.max(0, schedule[next]! - (performance.now() - start)));
      };
      fire();
    });
    await Promise.all(answers);
    loopDelay.disable();
    gcObserver.disconnect();
    latencies.sort((a, b) => a - b);
    const at = (fraction: number) =>
      latencies[Math.min(latencies.length - 1, Math.ceil(fraction * latencies.length) - 1)] ?? 0;
    return {
      rps: latencies.length / options.seconds,
      p50: Math.round(at(0.5) * 10) / 10,
      p99: Math.round(at(0.99) * 10) / 10,
      max: Math.round(at(1) * 10) / 10,
      errors,
      slowest: timed.sort((a, b) => b.ms - a.ms).slice(0, 12),
      gcPauses,
      loopDelayMax: loopDelay.max / 1e6,
      lastAnswerAt: (lastAnswer - start) / 1000,
    };
  } finally {
    agent.destroy();
  }
}

/**
 * CPU seconds so far of this process and of each kind of process below it (by command name), from Linux /proc: each
 * process's own time plus that of its children it has already reaped (a pgbench that has exited counts in this
 * process, an exited PostgreSQL backend in its postmaster), so a difference of two samples misses nothing.
 */
export async function processTreeCpu(): Promise<Map<string, number>> {
  const seconds = (stat: string, fields: number[]) => {
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.reduce((sum, field) => sum + Number(after[field - 3]), 0) / 100;
  };
  const totals = new Map<string, number>();
  for (const entry of await processesBelow()) {
    // This process under its own name; its live children under theirs.
    const kind = entry.pid === process.pid ? 'this process' : entry.name;
    totals.set(kind, (totals.get(kind) ?? 0) + seconds(entry.stat, [14, 15, 16, 17]));
  }
  return totals;
}

/** The ids of the live processes below this one (children, theirs…) whose command name is `name`. */
export async function descendantsNamed(name: string): Promise<number[]> {
  return (await processesBelow())
    .filter((entry) => entry.pid !== process.pid && entry.name === name)
    .map((entry) => entry.pid);
}

/** This process and every live process below it, with its command name and /proc stat line. */
async function processesBelow(): Promise<{ pid: number; name: string; stat: string }[]> {
  const processes: { pid: number; parent: number; name: string; stat: string }[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    processes.push({ pid: Number(entry), parent, name, stat });
  }
  const below = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const entry of processes) {
      if (!below.has(entry.pid) && below.has(entry.parent)) {
        below.add(entry.pid);
        grew = true;
      }
    }
  }
  return processes.filter((entry) => below.has(entry.pid));
}

/** `after − before` of `processTreeCpu` in ms per operation, by the name `names` gives each process kind. */
export function cpuMsPerOperation(
  before: Map<string, number>,
  after: Map<string, number>,
  operations: number,
  names: Record<string, string> = {},
): Map<string, number> {
  // Processes that `names` calls alike (the test server's wrapper and its JVM) are counted together.
  const msByName = new Map<string, number>();
  if (operations === 0) return msByName;
  for (const [kind, total] of after) {
    const name = names[kind] ?? kind;
    msByName.set(name, (msByName.get(name) ?? 0) + ((total - (before.get(kind) ?? 0)) * 1000) / operations);
  }
  return msByName;
}

/** `after − before` of `processTreeCpu` as "kind X ms, …" per operation, largest first. */
export function cpuPerOperation(
  before: Map<string, number>,
  after: Map<string, number>,
  operations: number,
  names: Record<string, string> = {},
): string {
  if (operations === 0) return '';
  return [...cpuMsPerOperation(before, after, operations, names)]
    .filter(([, ms]) => ms >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
    .join(', ');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Bytes of the database and of its biggest tables (a partitioned table counts its partitions). */
export async function databaseSizes(db: Db): Promise<{ database: number; tables: Record<string, number> }> {
  const { rows: database } = await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(
    db,
  );
  const { rows: tables } = await sql<{ name: string; bytes: string }>`
    select coalesce(parent.relname, c.relname) as name, sum(pg_total_relation_size(c.oid)) as bytes
    from pg_class c
      left join pg_inherits i on i.inhrelid = c.oid
      left join pg_class parent on parent.oid = i.inhparent
    where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
    group by 1 order by 2 desc limit 8`.execute(db);
  return {
    database: Number(database[0]!.bytes),
    tables: Object.fromEntries(tables.map((table) => [table.name, Number(table.bytes)])),
  };
}

/** The generated worlds' PostgreSQL (tests/bench/scale.ts, tests/bench/persona.ts). */
/** The generated worlds' present: fixed, so that a kept world stays the same world. */
export const WORLDS_NOW = new Date('2026-11-24T00:00:00Z');

/** The months a generated world settles (services/src/world): a world with fewer settlement runs was cut short. */
const GENERATED_MONTHS = 12;

export type WorldsPostgres = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

/** The calibration route: a constant JSON answer of the same app, its CPU a request the yardstick of the others'. */
/** The creator studio's tabs as its pages ask them (web/src/features/creator-studio/missions): name, query. */
export const STUDIO_TABS = [
  ['accepted BASIC', 'productType=BASIC&status=ACCEPTED&order=CREATED'],
  ['requested CUSTOM', 'productType=CUSTOM&status=REQUESTED&order=CREATED'],
  ['completed', 'status=COMPLETED&order=COMPLETED'],
  ['completed by price', 'status=COMPLETED&order=COIN_PRICE'],
  ['rejected', 'status=REJECTED&order=CREATED'],
] as const;

export const CALIBRATION_ROUTE = { name: 'constant JSON (calibration)', path: '/bench/constant' } as const;

/** The worlds' embedded PostgreSQL, its data under `dir` (kept between runs), with pg_stat_statements loaded. */
export async function startWorldsPostgres(dir: string): Promise<WorldsPostgres> {
  await fs.mkdir(dir, { recursive: true });
  await fs.chmod(dir, 0o755);
  return await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    settings: {
      max_connections: '80',
      shared_buffers: '512MB',
      // L (about 55 GB) leaves little of this machine's disk: the WAL is kept small, at the price of more checkpoints.
      max_wal_size: '2GB',
      checkpoint_timeout: '30min',
      shared_preload_libraries: 'pg_stat_statements',
    },
  });
}

/** `work` on a connection to the server's maintenance database (create, drop, copy databases). */
export async function adminQuery<T>(postgres: WorldsPostgres, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The world of `size` in `database`: kept from an earlier run when it was generated whole, else generated now. */
export async function ensureWorld(
  postgres: WorldsPostgres,
  size: WorldSize,
  database: string,
  options: { now: Date },
): Promise<void> {
  const exists = await adminQuery(
    postgres,
    async (client) => (await client.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1,
  );
  if (exists) {
    const db = createDb(postgres.urlFor(database), { max: 1 });
    // A world the jobs ran on in place is spent (measureJobs).
    const { rows } = await sql<{ n: number }>`
      select case when to_regclass('bench_world_spent') is null then count(*)::int else 0 end as n from settlement_runs`
      .execute(db)
      .catch(() => ({ rows: [{ n: 0 }] }));
    await db.destroy();
    if (rows[0]!.n >= GENERATED_MONTHS) {
      // Migrations written since the world was generated apply to it as they would to a deployment's data.
      const migrating = createDb(postgres.urlFor(database), { max: 1, statementTimeoutMs: 0 });
      await migrateToLatest(migrating).finally(() => migrating.destroy());
      console.log(`world ${size}: kept from an earlier run (${database})`);
      return;
    }
  }
  await adminQuery(postgres, async (client) => {
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
  });
  const db = createDb(postgres.urlFor(database), WORLD_DB_OPTIONS);
  try {
    await migrateToLatest(db);
    const report = await generateWorld(db, {
      size,
      seed: 39,
      now: options.now,
      consumers: EVENT_CONSUMERS.map((consumer) => consumer.name),
      // The names as the bench's app (a test-mode configuration, `benchConfig`) keeps them.
      nameHmac: (name) => identityNameHmac(loadConfig({ NODE_ENV: 'test' }), name),
      log: (line) => console.log(`  world ${size}: ${line}`),
    });
    await sql`vacuum analyze`.execute(db);
    console.log(
      `world ${size}: generated in ${report.seconds.toFixed(0)} s, peak RSS ${(report.peakRssBytes / 2 ** 30).toFixed(2)} GB`,
    );
    for (const { table, rows, seconds } of report.tables) {
      console.log(`  ${table.padEnd(24)} ${String(rows).padStart(10)} rows ${rate(rows, seconds).padStart(9)} rows/s`);
    }
  } finally {
    await db.destroy();
  }
}

export function rate(rows: number, seconds: number): string {
  return String(Math.round(rows / Math.max(seconds, 0.001)));
}

/**
 * The API on a world's database, listening on a free port, with the calibration route added; `token` signs a session
 * of any member (a console token for the console's routes, as POST /api/admin/session signs it).
 */
export async function startWorldApp(postgres: WorldsPostgres, database: string, dataDir: string) {
  // The API reaches PostgreSQL over its Unix socket, as `npm start` connects (and tests/bench/missions.ts measures);
  // BENCH_DB_TCP=1 over TCP, as separate machines would.
  const db = createDb(process.env.BENCH_DB_TCP === '1' ? postgres.urlFor(database) : postgres.localUrlFor(database), {
    max: 10,
  });
  const config = await benchConfig(dataDir);
  const app = await buildApp({
    config,
    db,
    logger: false,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
    eventConsumers: [],
  });
  const constant = { status: 'ACCEPTED', id: 0 };
  app.get(`/api${CALIBRATION_ROUTE.path}`, async () => constant);
  await app.listen({ host: '127.0.0.1', port: config.PORT });
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  return {
    app,
    db,
    /** The API's base URL, `…/api`. */
    base: `http://127.0.0.1:${config.PORT}/api`,
    token: (id: number, roles: Role[], kind: 'web' | 'console' = 'web') =>
      `Bearer ${signSessionToken(app, { id, roles }, { kind })}`,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

/** What one request of a route costs: buffers and statements (pg_stat_statements), CPU ms of the API and PostgreSQL. */
export interface RouteCost {
  buffers: number;
  statements: number;
  cpuMs: number;
  apiCpuMs: number;
  postgresCpuMs: number;
}

/**
 * What one request of `url` costs, over requests made one after the other (what load does not move): buffers and
 * statements from pg_stat_statements (top-level statements: a function's own statements are inside its call's
 * figures), CPU from /proc of this process (the API, and the client making the requests) and of PostgreSQL; at least 3
 * requests, `options.requests` and at least 1 s (at most 400), at most 5 s. `options.statements`: print the six
 * heaviest statements with their buffers per request.
 */
export async function measureCost(
  db: Db,
  url: string,
  headers: Record<string, string>,
  options: { requests: number; statements?: boolean },
): Promise<RouteCost> {
  await sql`select pg_stat_statements_reset()`.execute(db);
  // PostgreSQL's CPU from /proc (ticks of 10 ms: enough requests make it fine), this process's from the runtime
  // (microseconds), each read so that the other's reading is not inside it.
  const postgresBefore = await processTreeCpu();
  const apiBefore = process.cpuUsage();
  const started = performance.now();
  let requests = 0;
  const elapsed = () => performance.now() - started;
  while (
    requests < 3 ||
    (elapsed() < 5_000 && (requests < options.requests || (elapsed() < 1_000 && requests < 400)))
  ) {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    requests += 1;
  }
  const api = process.cpuUsage(apiBefore);
  const postgres = cpuMsPerOperation(postgresBefore, await processTreeCpu(), requests);
  const { rows } = await sql<{ calls: string; buffers: string }>`
    select coalesce(sum(calls), 0) as calls, coalesce(sum(shared_blks_hit + shared_blks_read), 0) as buffers
    from pg_stat_statements where query not ilike '%pg_stat_statements%'`.execute(db);
  if (options.statements) {
    const { rows: statements } = await sql<{ query: string; calls: string; buffers: string; ms: number }>`
      select query, calls, shared_blks_hit + shared_blks_read as buffers, total_exec_time as ms from pg_stat_statements
      where query not ilike '%pg_stat_statements%' order by buffers desc limit 6`.execute(db);
    for (const statement of statements) {
      const perRequest = Number(statement.buffers) / requests;
      const ms = (statement.ms / requests).toFixed(2);
      console.log(
        `    ${perRequest.toFixed(0).padStart(7)} buffers/req ${ms.padStart(6)} ms/req  ` +
          statement.query.replace(/\s+/g, ' ').slice(0, 200),
      );
    }
  }
  const apiCpuMs = (api.user + api.system) / 1000 / requests;
  const postgresCpuMs = postgres.get('postgres') ?? 0;
  return {
    buffers: Number(rows[0]!.buffers) / requests,
    statements: Number(rows[0]!.calls) / requests,
    cpuMs: apiCpuMs + postgresCpuMs,
    apiCpuMs,
    postgresCpuMs,
  };
}
