// What the HTTP benchmarks share: a migrated scratch database, an app configuration on a free port, autocannon runs.
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig, type AppConfig } from '@fanmission/services/config';
import { createDb, type Db, ensureDatabase, migrateToLatest } from '@fanmission/services/db';
import { freePort } from '@fanmission/services/runtime';

export interface HttpResult {
  /** Requests per second over the whole run. */
  rps: number;
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
  const db = createDb(postgres.urlFor(name), { max: poolSize });
  await migrateToLatest(db);
  const seeded = await seed(db);
  await sql`vacuum analyze`.execute(db);
  return { db, seeded };
}

/** A quiet test-mode configuration for an app listening on a free port. */
export async function benchConfig(dataDir: string): Promise<AppConfig> {
  const port = await freePort();
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
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
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
