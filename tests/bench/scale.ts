// How the product's cost grows with its data:
//   BENCH_SIZES=S,M node --import tsx tests/bench/scale.ts
// (L's generation holds its missions, comments and likes in memory, past Node's default heap of about 4 GB: for L,
// `node --max-old-space-size=18000 --import tsx tests/bench/scale.ts`.)
// For each size of services/src/world (BENCH_SIZES, default S,M; L on demand) one generated world, kept between runs
// under BENCH_WORLDS_DIR (default <tmp>/fanmission-scale-worlds; a world is generated once, in minutes, and reused),
// then:
// - the hot GET routes, each as the persona that uses it (the most active fan, the most followed creator, an
//   operator), and every console list sorted by each column it offers at its first and 51st page: first what load
//   does not move, over requests one after the other (BENCH_COST_REQUESTS (30) and at least 1 s, at most 400 and 5 s;
//   at least 3): buffers
//   (shared_blks_hit + shared_blks_read of pg_stat_statements, summed over the request's statements) and statements
//   per request, and CPU per request over this process (the API and its client) and PostgreSQL; then closed loop with
//   BENCH_CONNECTIONS (10) connections for BENCH_SECONDS (3) after a 1 s warm-up: p50, p99, req/s, and for the console
//   lists the total their Content-Range announces. A constant JSON route measured the same way calibrates the CPU
//   figures (machines of this kind differ by about 1.5×). BENCH_ROUTES (a regular expression) measures only the
//   routes it matches; BENCH_JOBS=0 skips the jobs, BENCH_JOBS=<a regular expression> runs only the jobs it matches
//   (BENCH_JOBS_IN_PLACE=1: on the world itself, not a copy);
//   BENCH_STATEMENTS=1 prints each route's heaviest statements; the API reaches PostgreSQL over its Unix socket as
//   `npm start` does (BENCH_DB_TCP=1: over TCP);
// - the jobs, on a copy of the world (they write): the ledger's full `verify` (time and peak heap, keeping its
//   checkpoint), the monthly settlement of the current month, the daily coin expiry and expiry warnings, then the
//   incremental `verify` of what those appended, the workflow reconcilers' pass, and last the daily data maintenance
//   (its first pass on the world: the database's size before and after).
// Then each route's and job's growth from the smallest to the largest size measured, and last the line
//   scale: worst growth <x>× by rows read (buffers) (<route>) from <size> to <size>; heaviest route <y> ms CPU
//   (<route>) at <size>; settlement <s> s; verify <v> s
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import {
  ADMIN_AUDIT_SORT_FIELDS,
  ADMIN_BANK_TRANSFER_SORT_FIELDS,
  ADMIN_COMMENT_SORT_FIELDS,
  ADMIN_CREATOR_SORT_FIELDS,
  ADMIN_LIST_SORT_FIELDS,
  ADMIN_MISSION_PRODUCT_SORT_FIELDS,
  ADMIN_MISSION_SORT_FIELDS,
  ADMIN_PAYMENT_SORT_FIELDS,
  ADMIN_USER_SORT_FIELDS,
} from '@fanmission/contracts';
import { expireLots, verify, verifyIncremental } from '@fanmission/ledger';
import { createCoinExpiryWarningActivities } from '@fanmission/services/coins';
import type { TemporalAccess } from '@fanmission/services/context';
import { createDb, type Db } from '@fanmission/services/db';
import { reconcileEventWorkflows } from '@fanmission/services/events';
import { settleMonth } from '@fanmission/services/income';
import { createDevMailbox } from '@fanmission/services/mail';
import { reconcileMissionWorkflows } from '@fanmission/services/missions';
import { runDataMaintenance } from '@fanmission/services/retention';
import { EVENT_CONSUMERS } from '@fanmission/services/runtime';
import { WORLD_SIZES, type WorldSize } from '@fanmission/services/world';
import {
  adminQuery,
  CALIBRATION_ROUTE,
  databaseSizes,
  ensureWorld,
  measureCost,
  measureHttp,
  startWorldApp,
  startWorldsPostgres,
  WORLDS_NOW,
  STUDIO_TABS,
} from './support';

const SIZES = (process.env.BENCH_SIZES ?? 'S,M').split(',').map((size) => size.trim()) as WorldSize[];
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const COST_REQUESTS = Number(process.env.BENCH_COST_REQUESTS ?? 30);
/** Only the routes whose name matches (a regular expression; the calibration route always), and jobs or not. */
const ROUTES = new RegExp(process.env.BENCH_ROUTES ?? '.');
const JOBS = process.env.BENCH_JOBS !== '0';
/** Only the jobs whose name matches (BENCH_JOBS as a regular expression; every job when unset or 1). */
const JOB_NAMES = new RegExp(!process.env.BENCH_JOBS || process.env.BENCH_JOBS === '1' ? '.' : process.env.BENCH_JOBS);
const JOBS_IN_PLACE = process.env.BENCH_JOBS_IN_PLACE === '1';
/** The calibration route's name in the tables. */
const CONSTANT = CALIBRATION_ROUTE.name;
/** Also print each route's statements with their buffers per request (where a route's reads go). */
const STATEMENTS = process.env.BENCH_STATEMENTS === '1';
/** The calibration route's name in the tables. */
const WORLDS = process.env.BENCH_WORLDS_DIR ?? path.join(os.tmpdir(), 'fanmission-scale-worlds');
const NOW = WORLDS_NOW;

interface RouteFigure {
  route: string;
  /** Per request, over the cost probe's requests: buffers read or hit, statements, CPU ms (API + PostgreSQL). */
  buffers: number;
  statements: number;
  cpuMs: number;
  apiCpuMs: number;
  postgresCpuMs: number;
  p50: number;
  p99: number;
  rps: number;
  total?: string;
  /** The answer is a page with no rows (a page past the end of a smaller world's list). */
  emptyPage: boolean;
  errors: number;
}
interface JobFigure {
  job: string;
  seconds: number;
  note: string;
}

for (const size of SIZES) if (!(size in WORLD_SIZES)) throw new Error(`unknown size ${size}`);
const postgres = await startWorldsPostgres(WORLDS);
const results = new Map<WorldSize, { routes: RouteFigure[]; jobs: JobFigure[] }>();
try {
  for (const size of SIZES) {
    const database = `world_${size.toLowerCase()}`;
    await ensureWorld(postgres, size, database, { now: NOW });
    const routes = await measureRoutes(size, database);
    printRoutes(size, routes);
    const jobs = JOBS ? await measureJobs(database) : [];
    results.set(size, { routes, jobs });
    printJobs(jobs);
  }
  printGrowth();
} finally {
  await postgres.stop();
}

async function measureRoutes(size: WorldSize, database: string): Promise<RouteFigure[]> {
  const shape = WORLD_SIZES[size];
  const { db, base, token, close } = await startWorldApp(postgres, database, path.join(WORLDS, `app-${database}`));
  try {
    // The busiest of each persona: the first fan and creator of the world are its most active.
    const fanId = 2 + shape.creators + 1;
    const creatorUserId = 2;
    const creatorId = 1;
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
    const sorted = (resource: string, fields: readonly string[]) =>
      fields.flatMap((field): [string, 'operator', string][] => {
        const sort = `sort=${encodeURIComponent(JSON.stringify([field, 'DESC']))}`;
        return [
          [`console ${resource} by ${field}`, 'operator', `/admin/${resource}?${sort}&${range(0)}`],
          [`console ${resource} by ${field} page 50`, 'operator', `/admin/${resource}?${sort}&${range(1250)}`],
        ];
      });
    const routes: [string, keyof typeof personas, string][] = [
      [CONSTANT, 'fan', CALIBRATION_ROUTE.path],
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
      ...STUDIO_TABS.map(([tab, query]): [string, 'creator', string] => [
        `management tab ${tab}`,
        'creator',
        `/v1/missions/page?creatorId=${creatorId}&${query}&page=0&size=12`,
      ]),
      [
        'management totals of a month',
        'creator',
        `/v1/creators/me/missions/totals?status=COMPLETED&createdYear=${NOW.getUTCFullYear()}&createdMonth=${NOW.getUTCMonth() + 1}`,
      ],
      ['management counts', 'creator', '/v1/creators/me/missions/count'],
      ['management totals', 'creator', '/v1/creators/me/missions/totals'],
      ['income lifetime', 'creator', '/v1/creators/me/incomes/accumulated'],
      ['income month', 'creator', `/v1/creators/${creatorId}/incomes/by-month?${month}`],
      ['past settlements', 'creator', '/v1/creators/me/incomes/page'],
      ['console users', 'operator', `/admin/users?${range(0)}`],
      ['console users page 50', 'operator', `/admin/users?${range(1250)}`],
      ['console missions', 'operator', `/admin/missions?${range(0)}`],
      ['console missions page 50', 'operator', `/admin/missions?${range(1250)}`],
      ['console ledger (revenue)', 'operator', `/admin/ledger/accounts/platform:revenue?${range(0)}`],
      ['console ledger (revenue) page 50', 'operator', `/admin/ledger/accounts/platform:revenue?${range(1250)}`],
      ['console ledger (fan wallet)', 'operator', `/admin/ledger/accounts/wallet:${fanId}?${range(0)}`],
      ['console ledger account (fan wallet)', 'operator', `/admin/ledger-accounts/wallet:${fanId}`],
      ...sorted('users', ADMIN_USER_SORT_FIELDS),
      ...sorted('missions', ADMIN_MISSION_SORT_FIELDS),
      ...sorted('mission-products', ADMIN_MISSION_PRODUCT_SORT_FIELDS),
      ...sorted('mission-comments', ADMIN_COMMENT_SORT_FIELDS),
      ...sorted('creators', ADMIN_CREATOR_SORT_FIELDS),
      ...sorted('payments', ADMIN_PAYMENT_SORT_FIELDS),
      ...sorted('bank-transfers', ADMIN_BANK_TRANSFER_SORT_FIELDS),
      ...sorted('coin-refunds', ADMIN_LIST_SORT_FIELDS['coin-refunds']),
      ...sorted('settlements', ADMIN_LIST_SORT_FIELDS.settlements),
      ...sorted('creator-penalties', ADMIN_LIST_SORT_FIELDS['creator-penalties']),
      ...sorted('audit-log', ADMIN_AUDIT_SORT_FIELDS),
      ['console audit log', 'operator', `/admin/audit-log?${range(0)}`],
      ['console settlements', 'operator', `/admin/settlements?${range(0)}`],
      ['console dashboard', 'operator', '/admin/dashboard'],
    ];
    const figures: RouteFigure[] = [];
    for (const [route, persona, url] of routes.filter(([name]) => name === CONSTANT || ROUTES.test(name))) {
      const headers = { authorization: personas[persona] };
      const probe = await fetch(`${base}${url}`, { headers });
      const answer: unknown = probe.status === 200 ? await probe.json() : await probe.arrayBuffer();
      if (probe.status !== 200) {
        console.log(`  ${route}: answered ${probe.status}, not measured (${url})`);
        continue;
      }
      const total = probe.headers.get('content-range')?.split('/')[1];
      const cost = await measureCost(db, `${base}${url}`, headers, { requests: COST_REQUESTS, statements: STATEMENTS });
      const requests = [{ method: 'GET' as const, path: `/api${url}` }];
      const origin = new URL(base).origin;
      await measureHttp({ url: origin, connections: CONNECTIONS, seconds: 1, requests, headers });
      const measured = await measureHttp({
        url: origin,
        connections: CONNECTIONS,
        seconds: SECONDS,
        requests,
        headers,
      });
      figures.push({
        route,
        ...cost,
        p50: measured.p50,
        p99: measured.p99,
        rps: measured.rps,
        total,
        emptyPage: rowsOf(answer)?.length === 0,
        errors: measured.errors,
      });
    }
    return figures;
  } finally {
    await close();
  }
}

/**
 * The jobs on a copy of the world (they write), dropped afterwards; with BENCH_JOBS_IN_PLACE=1 on the world itself (L
 * is too big to copy beside itself on a small disk), which is then marked spent: the next run generates it again.
 */
async function measureJobs(database: string): Promise<JobFigure[]> {
  const jobsDatabase = JOBS_IN_PLACE ? database : `${database}_jobs`;
  if (!JOBS_IN_PLACE) {
    await adminQuery(postgres, async (client) => {
      await client.query(`drop database if exists ${jobsDatabase} with (force)`);
      await client.query(`create database ${jobsDatabase} template ${database} strategy file_copy`);
    });
  }
  const db: Db = createDb(postgres.urlFor(jobsDatabase), { max: 10, statementTimeoutMs: 0 });
  const jobs: JobFigure[] = [];
  const timed = async (job: string, work: () => Promise<string>) => {
    if (!JOB_NAMES.test(job)) return;
    const started = performance.now();
    // A job that fails is reported with the time it took to fail; the others still run.
    const note = await work().catch((error: unknown) => `FAILED: ${String(error).slice(0, 120)}`);
    jobs.push({ job, seconds: (performance.now() - started) / 1000, note });
  };
  try {
    const monthEnd = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() + 1, 1) - 9 * 3_600_000);
    await timed('verify', async () => {
      const baseline = process.memoryUsage().heapUsed;
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed - baseline)), 20);
      const report = await verify(db, { saveCheckpoint: true });
      clearInterval(sampler);
      if (report.differenceCount > 0) throw new Error(`verify found ${report.differenceCount} differences`);
      return `${report.postings} postings, peak heap +${Math.round(peak / 1e6)} MB`;
    });
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
    await timed('verify (incremental)', async () => {
      // What the jobs above appended (payouts, expiries), from the checkpoint the full run kept.
      const report = await verifyIncremental(db);
      if (report.differenceCount > 0) throw new Error(`verify found ${report.differenceCount} differences`);
      return `${report.mode}: ${report.transactions} transactions, ${report.accounts} accounts, ${report.lots} lots`;
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
    await timed('daily data maintenance', async () => {
      // The first pass on a generated world: it partitions the outbox online when it is not yet, then drops what
      // is past its retention (services/src/retention).
      const before = await databaseSizes(db);
      await runDataMaintenance(db, NOW, { consumers: EVENT_CONSUMERS.map((consumer) => consumer.name) });
      const after = await databaseSizes(db);
      const mb = (bytes: number | undefined) => `${Math.round((bytes ?? 0) / 1e6)} MB`;
      return (
        `database ${mb(before.database)} → ${mb(after.database)}, ` +
        `outbox ${mb(before.tables.outbox)} → ${mb(after.tables.outbox)}`
      );
    });
    return jobs;
  } finally {
    if (JOBS_IN_PLACE) await sql`create table if not exists bench_world_spent ()`.execute(db);
    await db.destroy();
    if (!JOBS_IN_PLACE)
      await adminQuery(postgres, (client) => client.query(`drop database if exists ${jobsDatabase} with (force)`));
  }
}

/** The rows of a list's answer: a page's `content`, or a console list's array; undefined for anything else. */
function rowsOf(answer: unknown): unknown[] | undefined {
  if (Array.isArray(answer)) return answer;
  const content = (answer as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? content : undefined;
}

function printRoutes(size: WorldSize, routes: RouteFigure[]): void {
  console.log(`\nworld ${size} (${JSON.stringify(WORLD_SIZES[size])}), load average ${os.loadavg()[0]!.toFixed(2)}`);
  console.log(
    '| route | buffers/req | statements/req | CPU ms/req (API + PostgreSQL) | p50 ms | p99 ms | req/s | Content-Range total |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const figure of routes) {
    const errors = figure.errors > 0 ? ` (${figure.errors} errors)` : '';
    const cpu = `${figure.cpuMs.toFixed(2)} (${figure.apiCpuMs.toFixed(2)} + ${figure.postgresCpuMs.toFixed(2)})`;
    console.log(
      `| ${figure.route} | ${Math.round(figure.buffers)} | ${figure.statements.toFixed(1)} | ${cpu} | ${figure.p50} | ` +
        `${figure.p99} | ${Math.round(figure.rps)}${errors} | ${figure.total ?? ''} |`,
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
    if (!before || figure.route === CONSTANT) continue;
    if (before.emptyPage && !figure.emptyPage) {
      // The page is past the end of the smaller world's list: it read no rows there, so there is no growth to see.
      console.log(
        `  ${figure.route}: empty at ${smallest}, ${Math.round(figure.buffers)} buffers at ${largest} (not compared)`,
      );
      continue;
    }
    // Below 8 buffers (one index descent and its row) a route reads next to nothing: compare from 8.
    const growth = Math.max(figure.buffers, 8) / Math.max(before.buffers, 8);
    console.log(
      `  ${figure.route}: buffers ${Math.round(before.buffers)} → ${Math.round(figure.buffers)} (${growth.toFixed(2)}×), ` +
        `p99 ${before.p99} → ${figure.p99} ms, CPU ${before.cpuMs.toFixed(2)} → ${figure.cpuMs.toFixed(2)} ms`,
    );
    if (growth > worst.growth) worst = { growth, route: figure.route };
  }
  for (const job of last.jobs) {
    const before = first.jobs.find((candidate) => candidate.job === job.job);
    if (!before) continue;
    const growth = job.seconds / Math.max(before.seconds, 0.001);
    console.log(`  ${job.job}: ${before.seconds.toFixed(2)} → ${job.seconds.toFixed(2)} s (${growth.toFixed(1)}×)`);
  }
  const calibration = last.routes.find((figure) => figure.route === CONSTANT);
  const heaviest = last.routes
    .filter((figure) => figure.route !== CONSTANT)
    .reduce((most, figure) => (figure.cpuMs > most.cpuMs ? figure : most), { route: '-', cpuMs: 0 });
  console.log(
    `calibration: the constant JSON route ${calibration?.cpuMs.toFixed(2) ?? '?'} ms CPU a request at ${largest}; ` +
      `heaviest route ${(heaviest.cpuMs / Math.max(calibration?.cpuMs ?? 1, 0.001)).toFixed(1)}× that`,
  );
  const seconds = (job: string) => last.jobs.find((candidate) => candidate.job === job)?.seconds.toFixed(1) ?? '-';
  console.log(
    `scale: worst growth ${worst.growth.toFixed(2)}× by rows read (buffers) (${worst.route}) from ${smallest} to ` +
      `${largest}; heaviest route ${heaviest.cpuMs.toFixed(1)} ms CPU (${heaviest.route}) at ${largest}; ` +
      `settlement ${seconds('monthly settlement')} s; verify ${seconds('verify')} s ` +
      `(incremental ${seconds('verify (incremental)')} s)`,
  );
}
