// Throughput of one API process against two (scale-out), in the same run on the same machine:
//   node --import tsx tests/bench/scale-out.ts
// The cluster is tests/support/scale-out.ts's (the roles as docker-compose.yml runs them, NODE_ENV=production, files
// in the local S3 store), here with two API processes, one worker and one relay on one embedded PostgreSQL. 200
// verified creators with a BASIC product each; one signed-in fan. One operation is one request of the route mix,
// cycled by every autocannon connection with the fan's token:
//   GET /api/v1/creators/page (popular, newest, recommended; pages 0–4), GET /api/v1/creators/{id},
//   GET /api/v1/mission-products/{id}, GET /api/v1/users/me, GET /files/<key> (a private upload, proxied from S3).
// "one API": BENCH_CONNECTIONS (default 20) connections to api-1; "two APIs": the same connections split between
// api-1 and api-2 at the same time (req/s summed, p99 the larger of the two). BENCH_SECONDS (default 5) per
// measurement, BENCH_ROUNDS (default 3) rounds of the pair; the ratio is the median of the rounds' own ratios.
// Beside req/s, the API processes' CPU per request (their /proc times over the measurement): the same for one process
// and for two means the second one adds capacity, not overhead.
// BENCH_DATABASE_URL: a generated world (services/src/world; e.g. the scale bench's kept M world, a copy of it: the
// workers write) instead of the 200 creators: the mix reads its most followed creators and their products as its
// first fan. Before measuring, the workers' reconcilers start the world's missing workflows (a generated world has
// none): the bench waits until no open mission lacks one. Every account of the copy but that fan's loses its login
// (production refuses accounts sharing a password hash). Afterwards nothing may be lost: no open mission without a
// workflow, no outbox event left unsent past a minute.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import type autocannon from 'autocannon';
import { sql } from 'kysely';
import type { UploadedFile } from '@fanmission/contracts';
import { hashPassword } from '@fanmission/services/auth';
import { createDb, type Db } from '@fanmission/services/db';
import { WORLD_PASSWORD, worldFanEmail } from '@fanmission/services/world';
import { multipartForm, PNG_1X1 } from '../support/files';
import { createProduct } from '../support/missions';
import { startScaleOut } from '../support/scale-out';
import { measureHttp, median, type HttpResult } from './support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CREATORS = 200;
const PASSWORD = 'bench-password-1';
const WORLD_DATABASE_URL = process.env.BENCH_DATABASE_URL;

console.log(
  `[bench] starting the cluster (2 API, 1 worker, 1 relay${WORLD_DATABASE_URL ? ', on a generated world' : ''}; ` +
    `load ${loadAverage()})…`,
);
if (WORLD_DATABASE_URL) await leaveOneWorldLogin(WORLD_DATABASE_URL);
const cluster = await startScaleOut({ apis: 2, workers: 1, relays: 1, databaseUrl: WORLD_DATABASE_URL });
const db = createDb(cluster.databaseUrl, { max: 4 });
try {
  const [api1, api2] = cluster.apis.map((api) => api.url!) as [string, string];
  const { creatorIds, productIds, fanEmail, fanPassword } = WORLD_DATABASE_URL
    ? await worldCast(db)
    : await seedCreators(db);
  if (WORLD_DATABASE_URL) await untilWorkflowsStarted(db);

  const signedIn = await fetch(`${api1}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: fanEmail, password: fanPassword }),
  });
  if (!signedIn.ok) throw new Error(`login: ${signedIn.status} ${await signedIn.text()}`);
  const authorization = signedIn.headers.get('authorization')!;
  const form = await multipartForm('data', PNG_1X1, 'bench.png');
  const uploaded = await fetch(`${api2}/api/v1/files/s3`, {
    method: 'POST',
    headers: { ...form.headers, authorization },
    body: new Uint8Array(form.payload),
  });
  if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const file = (await uploaded.json()) as UploadedFile;
  const fileUrl = new URL(file.s3Url, 'http://localhost');

  const requests: autocannon.Request[] = [];
  for (let n = 0; n < 15; n += 1) {
    const type = ['popular', 'newest', 'recommended'][n % 3]!;
    requests.push(
      { method: 'GET', path: `/api/v1/creators/page?type=${type}&page=${n % 5}&size=12` },
      { method: 'GET', path: `/api/v1/creators/${creatorIds[(n * 13) % creatorIds.length]}` },
      { method: 'GET', path: `/api/v1/mission-products/${productIds[(n * 7) % productIds.length]}` },
      { method: 'GET', path: '/api/v1/users/me' },
      { method: 'GET', path: `${fileUrl.pathname}${fileUrl.search}` },
    );
  }
  // Every route of the mix answers 2xx on both APIs before anything is measured.
  for (const base of [api1, api2]) {
    for (const request of requests.slice(0, 5)) {
      const response = await fetch(`${base}${request.path}`, { headers: { authorization } });
      if (!response.ok) throw new Error(`${base}${request.path}: ${response.status} ${await response.text()}`);
      await response.body?.cancel();
    }
  }

  const headers = { authorization };
  const apiPids = cluster.apis.map((api) => api.pid);
  const measure = (url: string, connections: number) =>
    measureHttp({ url, connections, seconds: SECONDS, requests, headers });
  // The API processes' CPU over a measurement, per request answered.
  const withCpu = async (run: () => Promise<HttpResult>): Promise<HttpResult & { cpuMs: number }> => {
    const before = await cpuSeconds(apiPids);
    const result = await run();
    const cpu = (await cpuSeconds(apiPids)) - before;
    return { ...result, cpuMs: (cpu * 1000) / Math.max(1, result.rps * SECONDS) };
  };
  // Warm both processes (JIT, pools, caches) before the first measured round.
  await Promise.all([measure(api1, 4), measure(api2, 4)]);

  const rounds: Array<{ load: string; one: HttpResult & { cpuMs: number }; two: HttpResult & { cpuMs: number } }> = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const load = loadAverage();
    const one = await withCpu(() => measure(api1, CONNECTIONS));
    const two = await withCpu(async () => {
      const halves = await Promise.all([
        measure(api1, Math.ceil(CONNECTIONS / 2)),
        measure(api2, Math.floor(CONNECTIONS / 2)),
      ]);
      return {
        rps: halves[0].rps + halves[1].rps,
        p50: Math.max(halves[0].p50, halves[1].p50),
        p99: Math.max(halves[0].p99, halves[1].p99),
        errors: halves[0].errors + halves[1].errors,
      };
    });
    rounds.push({ load, one, two });
    console.log(
      `[bench] round ${round} (load ${load}): one API ${format(one)}; two APIs ${format(two)} ` +
        `(${(two.rps / one.rps).toFixed(2)}×)`,
    );
  }

  console.log('');
  console.log(
    `Route mix (5 GET routes, fan token), ${CONNECTIONS} connections, ${SECONDS} s per measurement, ` +
      `${os.cpus().length} CPUs, ${new Date().toISOString()}${WORLD_DATABASE_URL ? ', on a generated world' : ''}`,
  );
  console.log('| round (load 1/5/15 min) | one API process | two API processes | two ÷ one |');
  console.log('|---|---|---|---|');
  for (const [index, round] of rounds.entries()) {
    console.log(
      `| ${index + 1} (${round.load}) | ${format(round.one)} | ${format(round.two)} | ` +
        `${(round.two.rps / round.one.rps).toFixed(2)}× |`,
    );
  }
  console.log(`median two ÷ one: ${median(rounds.map((round) => round.two.rps / round.one.rps)).toFixed(2)}×`);
  console.log(
    `API CPU per request: one process ${median(rounds.map((round) => round.one.cpuMs)).toFixed(2)} ms, ` +
      `two ${median(rounds.map((round) => round.two.cpuMs)).toFixed(2)} ms (medians)`,
  );
  if (WORLD_DATABASE_URL) console.log(`nothing lost: ${await nothingLost(db)}`);
} finally {
  await db.destroy();
  await cluster.stop();
}

/** 200 verified creators with a BASIC product each, and a fan. */
async function seedCreators(db: Db) {
  const passwordHash = await hashPassword(PASSWORD);
  const creatorIds: number[] = [];
  const productIds: number[] = [];
  for (let index = 0; index < CREATORS; index += 1) {
    const user = await db
      .insertInto('users')
      .values({
        email: `bench-creator-${index}-${randomUUID().slice(0, 8)}@example.com`,
        username: `creator${index}`,
        password_hash: passwordHash,
        provider: 'local',
        roles: ['ROLE_USER', 'ROLE_CREATOR'],
        email_verified_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const creator = await db
      .insertInto('creators')
      .values({ user_id: user.id, name: `크리에이터 ${index}`, url: `bench-${index}`, verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    creatorIds.push(creator.id);
    productIds.push(await createProduct(db, creator.id, 'BASIC', { coinPrice: 10 + (index % 50) }));
  }
  const fanEmail = `bench-fan-${randomUUID().slice(0, 8)}@example.com`;
  await db
    .insertInto('users')
    .values({
      email: fanEmail,
      username: 'benchfan',
      password_hash: passwordHash,
      provider: 'local',
      roles: ['ROLE_USER'],
      email_verified_at: new Date(),
    })
    .execute();
  await sql`vacuum analyze`.execute(db);
  return { creatorIds, productIds, fanEmail, fanPassword: PASSWORD };
}

/** The world's most followed verified creators with an active product, and its first fan. */
async function worldCast(db: Db) {
  const { rows } = await sql<{ creator_id: number; product_id: number }>`
    select c.id as creator_id, (
      select p.id from mission_products p where p.creator_id = c.id and p.active order by p.id limit 1
    ) as product_id
    from creators c left join creator_page_totals t on t.creator_id = c.id
    where c.verified and exists (select 1 from mission_products p where p.creator_id = c.id and p.active)
    order by coalesce(t.followers, 0) desc, c.id limit ${CREATORS}`.execute(db);
  if (rows.length === 0) throw new Error('the world has no verified creator with an active product');
  return {
    creatorIds: rows.map((row) => Number(row.creator_id)),
    productIds: rows.map((row) => Number(row.product_id)),
    fanEmail: worldFanEmail(1),
    fanPassword: WORLD_PASSWORD,
  };
}

/**
 * Production refuses a database whose accounts share a password hash (services/src/runtime/production-safety.ts), as
 * a generated world's do: on this copy every account but the first fan's gets a hash nobody can log in with.
 */
async function leaveOneWorldLogin(url: string): Promise<void> {
  const world = createDb(url, { max: 1 });
  try {
    const { numUpdatedRows } = await world
      .updateTable('users')
      .set({ password_hash: sql`'bench: no login ' || id` })
      .where('password_hash', 'is not', null)
      .where('email', '<>', worldFanEmail(1))
      .where('password_hash', 'not like', 'bench: no login %')
      .executeTakeFirst();
    console.log(`[bench] ${numUpdatedRows} accounts of the world copy can no longer log in; ${worldFanEmail(1)} can`);
  } finally {
    await world.destroy();
  }
}

/** Open missions (REQUESTED, ACCEPTED) without a workflow yet. */
async function missionsWithoutWorkflow(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from missions
    where status in ('REQUESTED', 'ACCEPTED') and type <> 'EVENT' and workflow_started_at is null`.execute(db);
  return rows[0]!.n;
}

/** Waits (up to 20 minutes) until the workers' reconcilers have started every open mission's workflow. */
async function untilWorkflowsStarted(db: Db): Promise<void> {
  const started = performance.now();
  let left = await missionsWithoutWorkflow(db);
  console.log(`[bench] ${left} open missions without a workflow: waiting for the reconcilers…`);
  while (left > 0) {
    if (performance.now() - started > 20 * 60_000) throw new Error(`${left} missions still without a workflow`);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    left = await missionsWithoutWorkflow(db);
  }
  console.log(`[bench] every open mission has its workflow (${Math.round((performance.now() - started) / 1000)} s)`);
}

/** What the run must not have lost: open missions without a workflow, outbox events unsent for over a minute. */
async function nothingLost(db: Db): Promise<string> {
  const { rows } = await sql<{ unsent: number }>`
    select count(*)::int as unsent from outbox
    where sent_at is null and recorded_at < now() - interval '1 minute'`.execute(db);
  const missions = await missionsWithoutWorkflow(db);
  const verdict = missions === 0 && rows[0]!.unsent === 0 ? 'yes' : 'NO';
  return `${verdict} (${missions} open missions without a workflow, ${rows[0]!.unsent} events unsent after a minute)`;
}

/** User and system CPU seconds of these processes so far (/proc). */
async function cpuSeconds(pids: readonly number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return total;
}

function format(result: HttpResult & { cpuMs?: number }): string {
  const errors = result.errors ? `, ${result.errors} errors` : '';
  const cpu = result.cpuMs === undefined ? '' : `, API CPU ${result.cpuMs.toFixed(2)} ms/req`;
  return `${Math.round(result.rps)} req/s p99 ${Math.round(result.p99)} ms${cpu}${errors}`;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}
