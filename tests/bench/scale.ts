// How the product's cost grows with its data:
//   BENCH_SIZES=S,M node --import tsx tests/bench/scale.ts
// For each size of services/src/world (BENCH_SIZES, default S,M; L on demand) one generated world, kept between runs
// under BENCH_WORLDS_DIR (default <tmp>/fanmission-scale-worlds; a world is generated once, in minutes, and reused),
// then:
// - the hot GET routes, each as the persona that uses it (the most active fan, the most followed creator, an
//   operator), closed loop with BENCH_CONNECTIONS (10) connections for BENCH_SECONDS (3) after a 1 s warm-up: p50,
//   p99, req/s, and for the console lists the total their Content-Range announces;
// - the jobs, on a copy of the world (they write): the monthly settlement of the current month, the daily coin expiry
//   and expiry warnings, the ledger's `verify` (time and peak heap), the workflow reconcilers' pass.
// Then each route's and job's growth from the smallest to the largest size measured, and last the line
//   scale: worst p99 growth <x>× (<route>) from <size> to <size>; settlement <n> s; verify <n> s
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { Role } from '@fanmission/contracts';
import { expireLots, verify } from '@fanmission/ledger';
import { buildApp } from '@fanmission/services/app';
import { signSessionToken } from '@fanmission/services/auth';
import { createCoinExpiryWarningActivities } from '@fanmission/services/coins';
import type { TemporalAccess } from '@fanmission/services/context';
import { createDb, type Db, migrateToLatest, startEmbeddedPostgres } from '@fanmission/services/db';
import { reconcileEventWorkflows } from '@fanmission/services/events';
import { settleMonth } from '@fanmission/services/income';
import { createDevMailbox } from '@fanmission/services/mail';
import { reconcileMissionWorkflows } from '@fanmission/services/missions';
import { EVENT_CONSUMERS, freePort } from '@fanmission/services/runtime';
import { generateWorld, WORLD_SIZES, type WorldSize } from '@fanmission/services/world';
import { benchConfig, measureHttp } from './support';

const SIZES = (process.env.BENCH_SIZES ?? 'S,M').split(',').map((size) => size.trim()) as WorldSize[];
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WORLDS = process.env.BENCH_WORLDS_DIR ?? path.join(os.tmpdir(), 'fanmission-scale-worlds');
/** The worlds' present: fixed, so that a kept world stays the same world. */
const NOW = new Date('2026-11-24T00:00:00Z');
const GENERATED_MONTHS = 12;

interface RouteFigure {
  route: string;
  p50: number;
  p99: number;
  rps: number;
  total?: string;
  errors: number;
}
interface JobFigure {
  job: string;
  seconds: number;
  note: string;
}

for (const size of SIZES) if (!(size in WORLD_SIZES)) throw new Error(`unknown size ${size}`);
await fs.mkdir(WORLDS, { recursive: true });
await fs.chmod(WORLDS, 0o755);
const postgres = await startEmbeddedPostgres({
  dataDir: path.join(WORLDS, 'pg'),
  port: await freePort(),
  settings: { max_connections: '80', shared_buffers: '512MB', max_wal_size: '8GB', checkpoint_timeout: '30min' },
});
const results = new Map<WorldSize, { routes: RouteFigure[]; jobs: JobFigure[] }>();
try {
  for (const size of SIZES) {
    const database = `world_${size.toLowerCase()}`;
    await ensureWorld(size, database);
    const routes = await measureRoutes(size, database);
    printRoutes(size, routes);
    const jobs = await measureJobs(database);
    results.set(size, { routes, jobs });
    printJobs(jobs);
  }
  printGrowth();
} finally {
  await postgres.stop();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The world of `size` in `database`: kept from an earlier run when it was generated whole, else generated now. */
async function ensureWorld(size: WorldSize, database: string): Promise<void> {
  const exists = await admin(
    async (client) => (await client.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1,
  );
  if (exists) {
    const db = createDb(postgres.urlFor(database), { max: 1 });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from settlement_runs`
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
  await admin(async (client) => {
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
  });
  const db = createDb(postgres.urlFor(database), { max: 2, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(db);
    const report = await generateWorld(db, {
      size,
      seed: 39,
      now: NOW,
      consumers: EVENT_CONSUMERS.map((consumer) => consumer.name),
    });
    await sql`vacuum analyze`.execute(db);
    console.log(`world ${size}: generated in ${report.seconds.toFixed(0)} s`);
    for (const { table, rows, seconds } of report.tables) {
      console.log(`  ${table.padEnd(24)} ${String(rows).padStart(10)} rows ${rate(rows, seconds).padStart(9)} rows/s`);
    }
  } finally {
    await db.destroy();
  }
}

function rate(rows: number, seconds: number): string {
  return String(Math.round(rows / Math.max(seconds, 0.001)));
}

async function measureRoutes(size: WorldSize, database: string): Promise<RouteFigure[]> {
  const shape = WORLD_SIZES[size];
  const db = createDb(postgres.urlFor(database), { max: 10 });
  const config = await benchConfig(path.join(WORLDS, `app-${database}`));
  const app = await buildApp({
    config,
    db,
    logger: false,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
    eventConsumers: [],
  });
  await app.listen({ host: '127.0.0.1', port: config.PORT });
  const base = `http://127.0.0.1:${config.PORT}/api`;
  try {
    // The busiest of each persona: the first fan and creator of the world are its most active.
    const fanId = 2 + shape.creators + 1;
    const creatorUserId = 2;
    const creatorId = 1;
    const token = (id: number, roles: Role[], kind: 'web' | 'console' = 'web') =>
      `Bearer ${signSessionToken(app, { id, roles }, { kind })}`;
    const personas = {
      fan: token(fanId, ['ROLE_USER']),
      creator: token(creatorUserId, ['ROLE_USER', 'ROLE_CREATOR']),
      // The console's routes take a console token (what POST /api/admin/session signs).
      operator: token(1, ['ROLE_USER', 'ROLE_OPERATOR', 'ROLE_FINANCE'], 'console'),
    };
    const { rows: busiest } = await sql<{ id: number }>`
      select id from missions where not is_private and status = 'COMPLETED'
      order by comments_count desc, id limit 1`.execute(db);
    const missionId = busiest[0]!.id;
    const month = `year=${NOW.getUTCFullYear()}&month=${NOW.getUTCMonth() + 1}`;
    const range = (from: number) => `range=${encodeURIComponent(JSON.stringify([from, from + 24]))}`;
    const routes: [string, keyof typeof personas, string][] = [
      ...['newest', 'popular', 'recommended'].flatMap((sort): [string, 'fan', string][] => [
        [`search ${sort} page 0`, 'fan', `/v1/creators/page?type=${sort}&page=0`],
        [`search ${sort} page 50`, 'fan', `/v1/creators/page?type=${sort}&page=50`],
      ]),
      ['search a tag', 'fan', '/v1/creators/page?type=popular&tags=1'],
      ['search a text', 'fan', `/v1/creators/page?type=popular&name=${encodeURIComponent('크리에이터 12')}`],
      ['creator page', 'fan', `/v1/creators/${creatorId}`],
      ['creator page products', 'fan', `/v1/mission-products/page?creatorId=${creatorId}`],
      ['mission detail', 'fan', `/v1/missions/${missionId}`],
      ['mission comments', 'fan', `/v1/missions/${missionId}/comments/page`],
      ...['COMPLETED', 'ACCEPTED', 'REQUESTED'].flatMap((status): [string, 'fan', string][] => [
        [`browse ${status} page 0`, 'fan', `/v1/missions/page?status=${status}&page=0`],
        [`browse ${status} page 50`, 'fan', `/v1/missions/page?status=${status}&page=50`],
      ]),
      ['coin history page 0', 'fan', '/v1/users/me/coin-history/page?page=0'],
      ['coin history page 99', 'fan', '/v1/users/me/coin-history/page?page=99'],
      ['notifications (fan)', 'fan', '/v1/users/me/notifications/page'],
      ['notifications (creator)', 'creator', '/v1/users/me/notifications/page'],
      ['my missions (fan)', 'fan', '/v1/users/me/missions/page'],
      ...['BASIC', 'LUCKY', 'CUSTOM', 'EVENT'].map((type): [string, 'creator', string] => [
        `management ${type}`,
        'creator',
        `/v1/missions/page?creatorId=${creatorId}&productType=${type}&status=REQUESTED,ACCEPTED`,
      ]),
      ['management counts', 'creator', '/v1/creators/me/missions/count'],
      ['income month', 'creator', `/v1/creators/${creatorId}/incomes/by-month?${month}`],
      ['past settlements', 'creator', '/v1/creators/me/incomes/page'],
      ['console users', 'operator', `/admin/users?${range(0)}`],
      ['console users page 50', 'operator', `/admin/users?${range(1250)}`],
      ['console missions', 'operator', `/admin/missions?${range(0)}`],
      ['console missions page 50', 'operator', `/admin/missions?${range(1250)}`],
      ['console ledger (revenue)', 'operator', `/admin/ledger/accounts/platform:revenue?${range(0)}`],
      ['console audit log', 'operator', `/admin/audit-log?${range(0)}`],
      ['console settlements', 'operator', `/admin/settlements?${range(0)}`],
      ['console dashboard', 'operator', '/admin/dashboard'],
    ];
    const figures: RouteFigure[] = [];
    for (const [route, persona, url] of routes) {
      const headers = { authorization: personas[persona] };
      const probe = await fetch(`${base}${url}`, { headers });
      await probe.arrayBuffer();
      if (probe.status !== 200) {
        console.log(`  ${route}: answered ${probe.status}, not measured (${url})`);
        continue;
      }
      const total = probe.headers.get('content-range')?.split('/')[1];
      const requests = [{ method: 'GET' as const, path: `/api${url}` }];
      const origin = `http://127.0.0.1:${config.PORT}`;
      await measureHttp({ url: origin, connections: CONNECTIONS, seconds: 1, requests, headers });
      const measured = await measureHttp({
        url: origin,
        connections: CONNECTIONS,
        seconds: SECONDS,
        requests,
        headers,
      });
      figures.push({ route, p50: measured.p50, p99: measured.p99, rps: measured.rps, total, errors: measured.errors });
    }
    return figures;
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** The jobs on a copy of the world (they write), dropped afterwards. */
async function measureJobs(database: string): Promise<JobFigure[]> {
  const copy = `${database}_jobs`;
  await admin(async (client) => {
    await client.query(`drop database if exists ${copy} with (force)`);
    await client.query(`create database ${copy} template ${database} strategy file_copy`);
  });
  const db: Db = createDb(postgres.urlFor(copy), { max: 10, statementTimeoutMs: 0 });
  const jobs: JobFigure[] = [];
  const timed = async (job: string, work: () => Promise<string>) => {
    const started = performance.now();
    // A job that fails is reported with the time it took to fail; the others still run.
    const note = await work().catch((error: unknown) => `FAILED: ${String(error).slice(0, 120)}`);
    jobs.push({ job, seconds: (performance.now() - started) / 1000, note });
  };
  try {
    const monthEnd = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() + 1, 1) - 9 * 3_600_000);
    await timed('monthly settlement', async () => {
      const result = await settleMonth(db, {
        year: NOW.getUTCFullYear(),
        month: NOW.getUTCMonth() + 1,
        now: new Date(monthEnd.getTime() + 3_600_000),
        trigger: 'ADMIN',
      });
      return `${result.issued} issued, ${result.carriedOver} carried over`;
    });
    await timed('daily coin expiry', async () => {
      const entries = await expireLots(db, { now: NOW, idempotencyKey: 'bench-expiry' });
      return `${entries.length} wallets expired`;
    });
    await timed('expiry warnings', async () => {
      const activities = createCoinExpiryWarningActivities({
        db,
        mailer: createDevMailbox({ from: 'bench@fanmission.local' }),
        publicUrl: 'http://127.0.0.1',
      });
      const result = await activities.warnExpiringCoinsOfDate({ date: NOW.toISOString().slice(0, 10) });
      return `${result.warned} warned`;
    });
    await timed('verify', async () => {
      const baseline = process.memoryUsage().heapUsed;
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed - baseline)), 20);
      const report = await verify(db);
      clearInterval(sampler);
      if (report.differenceCount > 0) throw new Error(`verify found ${report.differenceCount} differences`);
      return `${report.postings} postings, peak heap +${Math.round(peak / 1e6)} MB`;
    });
    await timed('reconcilers', async () => {
      // Nothing is left to start in a generated world: the pass is the search for missions and events without one.
      const ctx = {
        db,
        now: () => NOW,
        log: { warn: () => undefined, error: () => undefined },
        temporal: {
          get client(): never {
            throw new Error('the reconcilers found something to start');
          },
          taskQueue: 'bench',
        } as unknown as TemporalAccess,
      };
      const missions = await reconcileMissionWorkflows(ctx);
      const events = await reconcileEventWorkflows(ctx);
      return `${missions + events} started`;
    });
    return jobs;
  } finally {
    await db.destroy();
    await admin((client) => client.query(`drop database if exists ${copy} with (force)`));
  }
}

function printRoutes(size: WorldSize, routes: RouteFigure[]): void {
  console.log(`\nworld ${size} (${JSON.stringify(WORLD_SIZES[size])}), load average ${os.loadavg()[0]!.toFixed(2)}`);
  console.log('| route | p50 ms | p99 ms | req/s | Content-Range total |');
  console.log('|---|---|---|---|---|');
  for (const figure of routes) {
    const errors = figure.errors > 0 ? ` (${figure.errors} errors)` : '';
    console.log(
      `| ${figure.route} | ${figure.p50} | ${figure.p99} | ${Math.round(figure.rps)}${errors} | ${figure.total ?? ''} |`,
    );
  }
}

function printJobs(jobs: JobFigure[]): void {
  console.log('| job | seconds | |');
  console.log('|---|---|---|');
  for (const job of jobs) console.log(`| ${job.job} | ${job.seconds.toFixed(2)} | ${job.note} |`);
}

function printGrowth(): void {
  const measured = SIZES.filter((size) => results.has(size));
  const smallest = measured[0]!;
  const largest = measured.at(-1)!;
  const first = results.get(smallest)!;
  const last = results.get(largest)!;
  console.log(`\ngrowth from ${smallest} to ${largest}`);
  let worst = { growth: 0, route: '' };
  for (const figure of last.routes) {
    const before = first.routes.find((candidate) => candidate.route === figure.route);
    if (!before) continue;
    // A p99 under 1 ms is within autocannon's resolution: compare from 1 ms.
    const growth = Math.max(figure.p99, 1) / Math.max(before.p99, 1);
    console.log(`  ${figure.route}: p99 ${before.p99} → ${figure.p99} ms (${growth.toFixed(2)}×)`);
    if (growth > worst.growth) worst = { growth, route: figure.route };
  }
  for (const job of last.jobs) {
    const before = first.jobs.find((candidate) => candidate.job === job.job)!;
    const growth = job.seconds / Math.max(before.seconds, 0.001);
    console.log(`  ${job.job}: ${before.seconds.toFixed(2)} → ${job.seconds.toFixed(2)} s (${growth.toFixed(1)}×)`);
  }
  const seconds = (job: string) => last.jobs.find((candidate) => candidate.job === job)!.seconds.toFixed(1);
  console.log(
    `scale: worst p99 growth ${worst.growth.toFixed(2)}× (${worst.route}) from ${smallest} to ${largest}; ` +
      `settlement ${seconds('monthly settlement')} s; verify ${seconds('verify')} s`,
  );
}
