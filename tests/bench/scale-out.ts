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
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type autocannon from 'autocannon';
import { sql } from 'kysely';
import type { UploadedFile } from '@fanmission/contracts';
import { hashPassword } from '@fanmission/services/auth';
import { createDb } from '@fanmission/services/db';
import { multipartForm, PNG_1X1 } from '../support/files';
import { createProduct } from '../support/missions';
import { startScaleOut } from '../support/scale-out';
import { measureHttp, median, type HttpResult } from './support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CREATORS = 200;
const PASSWORD = 'bench-password-1';

console.log(`[bench] starting the cluster (2 API, 1 worker, 1 relay; load ${loadAverage()})…`);
const cluster = await startScaleOut({ apis: 2, workers: 1, relays: 1 });
const db = createDb(cluster.databaseUrl, { max: 4 });
try {
  const [api1, api2] = cluster.apis.map((api) => api.url!) as [string, string];
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

  const signedIn = await fetch(`${api1}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: fanEmail, password: PASSWORD }),
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
      { method: 'GET', path: `/api/v1/creators/${creatorIds[(n * 13) % CREATORS]}` },
      { method: 'GET', path: `/api/v1/mission-products/${productIds[(n * 7) % CREATORS]}` },
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
  const measure = (url: string, connections: number) =>
    measureHttp({ url, connections, seconds: SECONDS, requests, headers });
  // Warm both processes (JIT, pools, caches) before the first measured round.
  await Promise.all([measure(api1, 4), measure(api2, 4)]);

  const rounds: Array<{ load: string; one: HttpResult; two: HttpResult }> = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const load = loadAverage();
    const one = await measure(api1, CONNECTIONS);
    const halves = await Promise.all([
      measure(api1, Math.ceil(CONNECTIONS / 2)),
      measure(api2, Math.floor(CONNECTIONS / 2)),
    ]);
    const two: HttpResult = {
      rps: halves[0].rps + halves[1].rps,
      p50: Math.max(halves[0].p50, halves[1].p50),
      p99: Math.max(halves[0].p99, halves[1].p99),
      errors: halves[0].errors + halves[1].errors,
    };
    rounds.push({ load, one, two });
    console.log(
      `[bench] round ${round} (load ${load}): one API ${format(one)}; two APIs ${format(two)} ` +
        `(${(two.rps / one.rps).toFixed(2)}×)`,
    );
  }

  console.log('');
  console.log(
    `Route mix (5 GET routes, fan token), ${CONNECTIONS} connections, ${SECONDS} s per measurement, ` +
      `${os.cpus().length} CPUs, ${new Date().toISOString()}`,
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
} finally {
  await db.destroy();
  await cluster.stop();
}

function format(result: HttpResult): string {
  const errors = result.errors ? `, ${result.errors} errors` : '';
  return `${Math.round(result.rps)} req/s p99 ${Math.round(result.p99)} ms${errors}`;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}
