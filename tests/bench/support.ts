// What the HTTP benchmarks share: a migrated scratch database, an app configuration on a free port, autocannon runs
// (closed loop) and paced runs (open loop, requests spread in time).
import fs from 'node:fs/promises';
import http from 'node:http';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig, type AppConfig } from '@fanmission/services/config';
import { createDb, type Db, ensureDatabase, migrateToLatest } from '@fanmission/services/db';
import { freePort } from '@fanmission/services/runtime';

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
