// Mission requests per second end to end, and their p99 latency, against the same Fastify app answering a constant
// JSON route in the same process and run:
//   node --import tsx tests/bench/missions.ts
// A scratch embedded PostgreSQL, Temporal's time-skipping test server (the Maven jar, started by the same function as
// the workflow tests' global setup; time skipping stays locked, so no 10-day timer fires during the run) and the
// production worker (`createFanmissionWorker`, the real mission activities) polling it in this process.
// One request is `POST /api/v1/missions` for a 1-coin BASIC product: the caller's row, the checks, one DB transaction
// (mission row, coin hold through the ledger, outbox event), then the answer; `workflow.start` of `mission-<id>` and
// the `workflow_started_at` mark follow after it (`startMissionWorkflowAfterCommit`; a request waits for its own start
// only while more than 64 are under way).
// Beside each response p99, "committed → running" is the p99 over the round's missions of `workflow_started_at`
// (Temporal acknowledged the start: the execution is RUNNING) minus `requested_at` (taken before the commit, so the
// figure includes the commit). The worker meanwhile runs each workflow's first task (it
// sets the 10-day timer) on the same CPUs. 200 fans (each funded through the ledger's `purchase`) and 10 creators'
// products are cycled, so requests seldom queue on one wallet. Every run of a round uses the same fan tokens, so all
// pay the same authentication:
// - "constant": a constant JSON route (HTTP, JSON and authentication only), the machine-independent baseline;
// - "hold only": the same requests on a second app without a Temporal client (missions commit with their hold and
//   would wait for the reconciler), to show what the workflow start costs;
// - "end to end": the requests on the app that starts each workflow;
// - "end to end at R/s": the same at a fixed offered rate (BENCH_RATE, default 100 requests/s over all connections;
//   autocannon corrects the latencies for coordinated omission), the latency a client sees below saturation.
// BENCH_CONNECTIONS (default 50) autocannon connections, BENCH_SECONDS (default 5) per measurement, BENCH_ROUNDS
// (default 3) rounds of the three measurements, back to back; each ratio is the median of the rounds' own ratios.
// Afterwards every end-to-end mission must have its workflow started and running, and ledger `verify` must be clean;
// a start that failed under the load (left to the reconciler in production) is counted and handed to the reconciler.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import type autocannon from 'autocannon';
import { sql } from 'kysely';
import { purchase, verify } from '@fanmission/ledger';
import { buildApp } from '@fanmission/services/app';
import { signSessionToken } from '@fanmission/services/auth';
import { type Db, startEmbeddedPostgres } from '@fanmission/services/db';
import { mediaToolsOf, storageDriverFor } from '@fanmission/services/files';
import { createDevMailbox } from '@fanmission/services/mail';
import {
  createMissionActivities,
  missionWorkflowStartsSettled,
  reconcileMissionWorkflows,
} from '@fanmission/services/missions';
import { EVENT_CONSUMERS, freePort } from '@fanmission/services/runtime';
import { FANMISSION_TASK_QUEUE } from '@fanmission/workflows/task-queue';
import { createFanmissionWorker } from '@fanmission/workflows/worker';
import { startTemporalTestServer } from '../harness/temporal-global-setup';
import { benchConfig, measureHttp, median, migratedDatabase, type HttpResult } from './support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FANS = 200;
const CREATORS = 10;
const COINS_PER_FAN = 1_000_000;

Runtime.install({ logger: new DefaultLogger('WARN') });
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-missions-bench-'));
await fs.chmod(scratch, 0o755);
const [postgres, temporal] = await Promise.all([
  freePort().then((port) =>
    startEmbeddedPostgres({ dataDir: path.join(scratch, 'pg'), port, settings: { max_connections: '60' } }),
  ),
  startTemporalTestServer(),
]);

let db: Db | undefined;
let reconcilerAccess: { client: typeof temporal.client; taskQueue: string } | undefined;
const stops: Array<() => Promise<unknown>> = [];
try {
  const database = await migratedDatabase(postgres, 'missions_bench', seed);
  db = database.db;
  const seeded = database.seeded;
  const config = await benchConfig(scratch);
  const port = config.PORT;
  const workerConnection = await NativeConnection.connect({ address: temporal.address });
  stops.push(() => workerConnection.close());
  const worker = await createFanmissionWorker({
    connection: workerConnection,
    namespace: temporal.namespace ?? 'default',
    activities: createMissionActivities({ db, storage: storageDriverFor(config), mediaTools: mediaToolsOf(config) }),
  });
  const workerRunning = worker.run();
  stops.push(async () => {
    worker.shutdown();
    await workerRunning;
  });

  reconcilerAccess = { client: temporal.client, taskQueue: FANMISSION_TASK_QUEUE };
  const mailer = createDevMailbox({ from: config.MAIL_FROM });
  const endToEnd = await buildApp({
    config,
    db,
    logger: false,
    mailer,
    temporal: { client: temporal.client, taskQueue: FANMISSION_TASK_QUEUE },
    eventConsumers: EVENT_CONSUMERS,
  });
  const constant = { status: 'ACCEPTED', id: 0 };
  endToEnd.get('/bench/constant', async () => constant);
  await endToEnd.listen({ host: '127.0.0.1', port });
  stops.push(() => endToEnd.close());
  const holdOnly = await buildApp({ config, db, logger: false, mailer, eventConsumers: EVENT_CONSUMERS });
  const holdOnlyPort = await freePort();
  await holdOnly.listen({ host: '127.0.0.1', port: holdOnlyPort });
  stops.push(() => holdOnly.close());

  const tokens = seeded.fanIds.map((id) => `Bearer ${signSessionToken(endToEnd, { id, roles: ['ROLE_USER'] })}`);
  const base = `http://127.0.0.1:${port}`;
  const holdOnlyBase = `http://127.0.0.1:${holdOnlyPort}`;
  const sample = await fetch(`${base}/api/v1/missions`, {
    method: 'POST',
    headers: { authorization: tokens[0]!, 'content-type': 'application/json' },
    body: JSON.stringify(missionRequest(seeded.productIds[0]!)),
  });
  if (sample.status !== 200) throw new Error(`POST /missions answered ${sample.status}: ${await sample.text()}`);

  let counter = 0;
  const missions: autocannon.Request[] = [
    {
      method: 'POST',
      path: '/api/v1/missions',
      setupRequest: (request) => {
        counter += 1;
        return {
          ...request,
          headers: { ...request.headers, authorization: tokens[counter % FANS]!, 'content-type': 'application/json' },
          body: JSON.stringify(missionRequest(seeded.productIds[counter % CREATORS]!)),
        };
      },
    },
  ];
  const constantRequests: autocannon.Request[] = [
    {
      method: 'GET',
      path: '/bench/constant',
      setupRequest: (request) => {
        counter += 1;
        return { ...request, headers: { ...request.headers, authorization: tokens[counter % FANS]! } };
      },
    },
  ];

  // Warm-up: JIT, cached plans, pool connections, the worker's workflow bundle and sticky cache.
  await measure(base, constantRequests, 2);
  await measure(holdOnlyBase, missions, 2);
  await measure(base, missions, 2);
  await missionWorkflowStartsSettled(endToEnd.ctx.temporal);
  const before = await missionCounts(db);
  type Round = Record<'constant' | 'holdOnly' | 'endToEnd' | 'atRate', HttpResult> &
    Record<'endToEndRunning' | 'atRateRunning', number>;
  const rounds: Round[] = [];
  const timedEndToEnd = async (rate?: number): Promise<[HttpResult, number]> => {
    const { rows } = await sql<{ last: number }>`select coalesce(max(id), 0)::int as last from missions`.execute(db!);
    const result = await measure(base, missions, SECONDS, rate);
    await missionWorkflowStartsSettled(endToEnd.ctx.temporal);
    return [result, await committedToRunningP99(db!, rows[0]!.last)];
  };
  for (let round = 1; round <= ROUNDS; round += 1) {
    const constantResult = await measure(base, constantRequests, SECONDS);
    const holdOnlyResult = await measure(holdOnlyBase, missions, SECONDS);
    const [endToEndResult, endToEndRunning] = await timedEndToEnd();
    const [atRate, atRateRunning] = await timedEndToEnd(RATE);
    const results: Round = {
      constant: constantResult,
      holdOnly: holdOnlyResult,
      endToEnd: endToEndResult,
      atRate,
      endToEndRunning,
      atRateRunning,
    };
    console.log(
      `round ${round}: ` +
        (['constant', 'holdOnly', 'endToEnd', 'atRate'] as const)
          .map((name) => `${name} ${results[name].rps.toFixed(0)}/s p99 ${results[name].p99} ms`)
          .join(', ') +
        `; committed → running p99 ${endToEndRunning.toFixed(0)} ms (${atRateRunning.toFixed(0)} ms at ${RATE}/s)`,
    );
    rounds.push(results);
  }

  // Every mission the end-to-end app accepted has its workflow started; a sample of them is running on the server.
  const after = await missionCounts(db);
  const endToEndMissions = after.withWorkflow - before.withWorkflow;
  const sampled = await db
    .selectFrom('missions')
    .select('id')
    .where('workflow_started_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  const running = await Promise.all(
    sampled.map(async ({ id }) => {
      const description = await temporal.client.workflow.getHandle(`mission-${id}`).describe();
      return description.status.name === 'RUNNING';
    }),
  );
  const report = await verify(db);

  type Measured = 'constant' | 'holdOnly' | 'endToEnd' | 'atRate';
  const line = (label: string, name: Measured, baseline?: Measured, versus = '', running?: keyof Round) => {
    const rps = median(rounds.map((r) => r[name].rps));
    const p99 = median(rounds.map((r) => r[name].p99));
    const errors = rounds.reduce((sum, r) => sum + r[name].errors, 0);
    const ratio = baseline ? median(rounds.map((r) => r[name].rps / r[baseline].rps)) : undefined;
    console.log(
      `${label.padEnd(38)} ${rps.toFixed(0).padStart(6)} req/s  p99 ${String(p99).padStart(4)} ms` +
        (ratio === undefined ? '' : `  → ${ratio.toFixed(2)}× ${versus}`) +
        (running ? `; committed → running p99 ${median(rounds.map((r) => r[running] as number)).toFixed(0)} ms` : '') +
        (errors ? `  (${errors} errors)` : ''),
    );
    if (errors) process.exitCode = 1;
  };
  console.log(
    `\nmedians of ${ROUNDS} rounds; ${CONNECTIONS} connections, ${SECONDS} s per run, ${os.cpus().length} CPUs, ` +
      `embedded PostgreSQL, Temporal test server and worker on the same machine`,
  );
  line('constant JSON route (fan)', 'constant');
  line('POST /missions, hold only (no Temporal)', 'holdOnly', 'constant', 'constant');
  line('POST /missions end to end', 'endToEnd', 'constant', 'constant', 'endToEndRunning');
  line(`POST /missions end to end at ${RATE}/s`, 'atRate', undefined, '', 'atRateRunning');
  console.log(`(target: response p99 ≤ 50 ms at ${CONNECTIONS} connections)`);
  console.log(
    `${''.padEnd(38)} ${''.padStart(6)}        ${''.padStart(12)}  → ` +
      `${median(rounds.map((r) => r.endToEnd.rps / r.holdOnly.rps)).toFixed(2)}× hold only`,
  );
  console.log(
    `missions: ${after.total} in all, ${endToEndMissions} timed end to end with their workflow started, ` +
      `${after.total - after.withWorkflow} from the hold-only app waiting for the reconciler; ` +
      `${running.filter(Boolean).length}/${running.length} latest workflows RUNNING; ` +
      `verify: ${report.transactions} transactions, ${report.differences.length} differences`,
  );
  if (report.differences.length > 0 || running.some((ok) => !ok)) process.exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  await db?.destroy();
  await temporal.teardown();
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}

function missionRequest(missionProductId: number) {
  return { to: '민지', requestComment: '생일 축하 노래 불러 주세요!', missionProductId };
}

/** Fans with funded wallets, and verified creators each selling a 1-coin BASIC mission. */
async function seed(db: Db): Promise<{ fanIds: number[]; productIds: number[] }> {
  const fans = await sql<{ id: number }>`
    insert into users (username, provider, password_hash, roles, email, email_verified_at)
    select 'fan' || n, 'local', 'x', array['ROLE_USER'], 'fan' || n || '@bench.local', now()
    from generate_series(1, ${FANS}::int) as n
    returning id`.execute(db);
  const fanIds = fans.rows.map((row) => Number(row.id));
  for (const userId of fanIds) {
    await purchase(db, {
      idempotencyKey: `fund-${userId}`,
      now: new Date(),
      userId,
      coins: COINS_PER_FAN,
      paymentId: `bench-${userId}`,
    });
  }
  await sql`
    insert into users (username, provider, password_hash, roles, email, email_verified_at)
    select 'creator' || n, 'local', 'x', array['ROLE_USER', 'ROLE_CREATOR'], 'creator' || n || '@bench.local', now()
    from generate_series(1, ${CREATORS}::int) as n`.execute(db);
  await sql`
    insert into creators (user_id, name, url, verified)
    select id, '크리에이터 ' || id, 'c' || id, true from users where username like 'creator%'`.execute(db);
  const products = await sql<{ id: number }>`
    insert into mission_products (creator_id, type, name, coin_price, description, sort_order)
    select id, 'BASIC', '생일 축하 노래', 1, '이름을 불러 드려요', 1 from creators
    returning id`.execute(db);
  return { fanIds, productIds: products.rows.map((row) => Number(row.id)) };
}

async function missionCounts(db: Db): Promise<{ total: number; withWorkflow: number }> {
  const row = await db
    .selectFrom('missions')
    .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(workflow_started_at)::int`.as('withWorkflow')])
    .executeTakeFirstOrThrow();
  return row;
}

async function measure(
  base: string,
  requests: autocannon.Request[],
  seconds: number,
  overallRate?: number,
): Promise<HttpResult> {
  return measureHttp({ url: base, connections: CONNECTIONS, seconds, requests, ...(overallRate && { overallRate }) });
}

/**
 * p99 over the missions after `afterId` of the time from the request (`requested_at`, before its commit) to the
 * acknowledged workflow start (`workflow_started_at`), in ms; every one of them must have its workflow by now.
 */
async function committedToRunningP99(db: Db, afterId: number): Promise<number> {
  const [row] = (
    await sql<{ p99: number | null; missing: number }>`
      select percentile_cont(0.99) within group (
               order by extract(epoch from workflow_started_at - requested_at) * 1000)::float8 as p99,
             count(*) filter (where workflow_started_at is null)::int as missing
      from missions where id > ${afterId}`.execute(db)
  ).rows;
  if (row!.missing > 0) {
    // Their start failed (the log is off here): the reconciler's job in production. Run it now; it must start them.
    const started = await reconcileMissionWorkflows(
      {
        db,
        log: { warn: () => undefined, error: () => undefined },
        now: () => new Date(),
        temporal: reconcilerAccess!,
      },
      { graceMs: 0 },
    );
    console.log(`${row!.missing} starts of the run failed and were left to the reconciler; it started ${started}`);
    if (started < row!.missing) process.exitCode = 1;
  }
  return row!.p99 ?? 0;
}
