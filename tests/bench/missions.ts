// Mission requests per second end to end, and their p99 latency, against the same Fastify app answering a constant
// JSON route in the same process and run:
//   node --import tsx tests/bench/missions.ts
// A scratch embedded PostgreSQL (the apps reach it over its Unix socket, as `npm start` does), the workflow tests'
// time-skipping Java test server (time skipping locked; BENCH_TEMPORAL=dev: the CLI dev server of `npm start`, on
// SQLite; no 10-day timer fires during the run with either) and the production worker
// (`createFanmissionWorker`, the real mission activities) polling it in a child process of its own, as a worker
// role of compose would. Each app under test (end to end, hold only) runs in a child process of its own too, as the
// api role of compose would, with its own database pool; this process is only the client (autocannon and the paced
// sender), so neither the client's work nor its heap is in the server's event loop or garbage collections.
// One request is `POST /api/v1/missions` for a 1-coin BASIC product: the caller's row, the checks, one DB transaction
// (mission row, coin hold through the ledger, outbox event), then the answer; `workflow.start` of `mission-<id>` and
// the `workflow_started_at` mark follow after it (`startMissionWorkflowAfterCommit`; a request waits for its own start
// only while more than 64 are under way).
// Beside each response p99, "committed → running" is the p99 over the run's missions of `workflow_started_at`
// (Temporal acknowledged the start: the execution is RUNNING) minus `requested_at` (taken before the commit, so the
// figure includes the commit). The worker meanwhile runs each workflow's first task (it sets the 10-day timer) on the
// same CPUs. 200 fans (each funded through the ledger's `purchase`) and 10 creators' products are cycled, so requests
// seldom queue on one wallet. Every run of a round uses the same fan tokens, so all pay the same authentication:
// - "constant": a constant JSON route (HTTP, JSON and authentication only), the machine-independent baseline;
// - "hold only": the same requests on a second app without a Temporal client (missions commit with their hold and
//   would wait for the reconciler), to show what the workflow start costs;
// - "end to end": the requests on the app that starts each workflow;
// - closed loop: each connection sends its next request when the last one is answered (the saturation figure);
// - "R/s paced": the three again at each offered rate of BENCH_RATES (default 25, 50 and 100 requests/s), sent as a
//   Poisson process over BENCH_CONNECTIONS keep-alive connections opened beforehand (`measurePaced`; each latency
//   from the request's scheduled time), the latency a client sees below saturation;
// - "R/s burst": autocannon's `overallRate` at each rate of BENCH_BURSTS (default 50; empty for none), the figure of
//   the earlier runs: autocannon sends each second's R requests at once (see `measurePaced`), so its p99 is the wait
//   of the last request of a burst of R simultaneous requests.
//   Before the fixed-rate runs the worker is drained: the closed loop leaves hundreds of workflows' first
//   tasks queued, which would otherwise run on the same CPUs during the next measurement. Drained means the last
//   workflow started (the reconciler's starts of the run's failed starts and of the hold-only app's missions
//   included) has completed its first workflow task and the worker has had nothing in flight for a second.
// The worker's process and the Temporal server run at the CPU priority the product gives them on a shared machine
// (BACKGROUND_NICE, default 10: the worker role lowers its own, `npm start` its Temporal dev server's; the Java test
// server stands in for the latter here); BACKGROUND_NICE=0 measures them at the apps' priority.
// BENCH_CONNECTIONS (default 50) autocannon connections, BENCH_SECONDS (default 5) per closed-loop and burst
// measurement, BENCH_PACED_SECONDS (default 20: 1,000 requests at 50/s, so a p99 is the 10th slowest) per paced
// measurement, BENCH_ROUNDS (default 3) rounds, back to back; BENCH_POOL (default 10, the production pool) the apps'
// database pool; BENCH_WORKER_PROF=<dir> and BENCH_APP_PROF=<dir> write CPU profiles of the worker's process and of
// the end-to-end app's (each thread) there; BENCH_TEMPORAL_CLIENT=grpc gives the end-to-end app the `@grpc/grpc-js`
// connection the API had before its Rust-client one; BENCH_APP_LOG=<file> writes the apps' warnings and errors there
// (a workflow start that failed, with its reason); BENCH_PG_LOG=<file> writes PostgreSQL's checkpoints and slow
// statements there, beside each measurement's times; BENCH_SLOWEST=1 prints each paced run's slowest requests with
// their times (a stall shows as a cluster); BENCH_STATEMENTS=1 prints the statements of each end-to-end run with their
// calls and server time per request (pg_stat_statements); BENCH_CONSUMERS=off runs the worker without the outbox
// consumers; BENCH_LAYOUT=one-process runs the worker and the consumers inside the end-to-end app's process, its
// Temporal client on the worker's connection as `npm start`'s `all` role could, with eager workflow starts
// (BENCH_EAGER=off: without; each run prints how many starts the server answered with their first task). Each figure
// is the median of the rounds.
// Beside each run's CPU, the worker's calls into its workflows' sandbox per request (each a `vm` call with a timeout,
// whose watchdog thread the SDK starts every time), the activations and their jobs by kind, counted in the worker's
// threads (tests/bench/sandbox-entries-preload.mjs); and the same-run calibration: the app's CPU per request of the
// constant route in the closed loop, and the mission's CPU as a multiple of it (figures from two machines compare by
// that multiple).
// CPU per request counts each process of the product (apps, worker with its outbox consumers, PostgreSQL, Temporal)
// from the start of an end-to-end run until what its requests set off is done: the worker drained and every consumer
// caught up. The last line is the figure of record at 50/s paced: `cpu per mission request: <n> ms (…)`. Afterwards every end-to-end
// mission must have its workflow started and running, and ledger `verify` must be clean; a start that failed under
// the load (left to the reconciler in production) is counted and handed to the reconciler.
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection, type WorkflowClientInterceptor } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import type autocannon from 'autocannon';
import { sql } from 'kysely';
import { verify } from '@fanmission/ledger';
import { buildApp } from '@fanmission/services/app';
import { signSessionToken } from '@fanmission/services/auth';
import { createDb, type Db, startEmbeddedPostgres } from '@fanmission/services/db';
import { mediaToolsOf, storageDriverFor } from '@fanmission/services/files';
import { createDevMailbox } from '@fanmission/services/mail';
import { tracingClientInterceptors, workerTracing } from '@fanmission/services/telemetry';
import {
  createMissionActivities,
  missionWorkflowStartsSettled,
  reconcileMissionWorkflows,
} from '@fanmission/services/missions';
import { loadConfig } from '@fanmission/services/config';
import { startPostgresConsumers } from '@fanmission/services/outbox';
import {
  EMBEDDED_POSTGRES_SETTINGS,
  EVENT_CONSUMERS,
  freePort,
  lazyTemporalConnection,
  lowerCpuPriority,
} from '@fanmission/services/runtime';
import { FANMISSION_TASK_QUEUE } from '@fanmission/workflows/task-queue';
import { createFanmissionWorker } from '@fanmission/workflows/worker';
import { startOtlpReceiver } from '../support/otlp-receiver';
import {
  benchConfig,
  cpuMsPerOperation,
  PREPARED_STATEMENTS,
  cpuPerOperation,
  measureHttp,
  measurePaced,
  median,
  migratedDatabase,
  processTreeCpu,
  type HttpResult,
  type PacedResult,
  type PacedRequest,
} from './support';
import { readSandboxEntries, sandboxEntriesPerRequest } from './sandbox-entries';
import {
  APP_PROCESS_TITLE,
  type ChildMessage,
  consumersCaughtUp as caughtUp,
  forkBenchChild,
  fundedFans,
  printStatements,
  PROCESS_NAMES,
  sleep,
  startBenchTemporal,
  workerOf,
} from './stack';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATES = (process.env.BENCH_RATES ?? process.env.BENCH_RATE ?? '25,50,100').split(',').map(Number);
const BURSTS = (process.env.BENCH_BURSTS ?? '50').split(',').filter(Boolean).map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 20);
const BACKGROUND_NICE = loadConfig({ BACKGROUND_NICE: process.env.BACKGROUND_NICE }).BACKGROUND_NICE;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POOL = Number(process.env.BENCH_POOL ?? 10);
/** BENCH_CONSUMERS=off: the worker runs without the outbox consumers (the figure before they were counted). */
const CONSUMERS = process.env.BENCH_CONSUMERS !== 'off';
/**
 * BENCH_STATEMENTS=1: pg_stat_statements over each end-to-end run, from its start until its effects are done (the
 * workflows' first tasks, the consumers' batches); prints each statement's calls and server time per request.
 */
const STATEMENTS = process.env.BENCH_STATEMENTS === '1';
/** Seconds of the idle measurement after the warm-up. */
const IDLE_SECONDS = 5;
const TEMPORAL_SERVER = process.env.BENCH_TEMPORAL === 'dev' ? 'dev' : 'test';
/** The end-to-end app's Temporal connection: `native` (the API's, default) or `grpc` (`@grpc/grpc-js`, the former). */
const TEMPORAL_CLIENT = process.env.BENCH_TEMPORAL_CLIENT === 'grpc' ? 'grpc' : 'native';
/**
 * BENCH_LAYOUT=one-process: the end-to-end app's process also runs the worker and the outbox consumers, its Temporal
 * client over the worker's connection, as `npm start`'s `all` role does; its workflow starts are eager unless
 * BENCH_EAGER=off. Default (`separate`): the worker in a process of its own, as compose's roles run.
 */
const ONE_PROCESS = process.env.BENCH_LAYOUT === 'one-process';
const EAGER = ONE_PROCESS && process.env.BENCH_EAGER !== 'off';
/**
 * BENCH_SLOWEST=1: after each paced run, its twelve slowest requests (when scheduled, how long), and the client's (this
 * process's) GC pauses, longest event-loop delay and heap.
 */
const SHOW_SLOWEST = process.env.BENCH_SLOWEST === '1';
/**
 * BENCH_TRACING=on: the apps and the worker run with tracing on, as `npm start` does with OTEL_EXPORTER_OTLP_ENDPOINT
 * set (services/src/telemetry/register.mjs loaded first, Temporal's interceptors), exporting to a sink in this
 * process; off (the default) is the product as it runs without a collector.
 */
const TRACING = process.env.BENCH_TRACING === 'on';
const TRACING_REGISTER = new URL('../../services/src/telemetry/register.mjs', import.meta.url).href;
const SANDBOX_ENTRIES = new URL('./sandbox-entries-preload.mjs', import.meta.url).href;
let tracingSink: Awaited<ReturnType<typeof startOtlpReceiver>> | undefined;
const FANS = 200;
const CREATORS = 10;
const COINS_PER_FAN = 1_000_000;

Runtime.install({ logger: new DefaultLogger('WARN') });

/**
 * The production worker with the real mission activities on `connection`, and the outbox consumers (popularity,
 * notifications, settlement feed, reliability) as the worker role runs them in embedded mode: each mission request's
 * event costs its share of their batches and of their idle polls. `answer` serves the bench's `status` and `sandbox`
 * messages (true when the message was one of them).
 */
async function startBenchWorker(db: Db, connection: NativeConnection, namespace: string, dataDir: string) {
  const config = await benchConfig(dataDir);
  const tracing = await workerTracing();
  const worker = await createFanmissionWorker({
    connection,
    namespace,
    bundleCacheDir: path.join(os.tmpdir(), 'fanmission-missions-bench-bundles'),
    activities: createMissionActivities({ db, storage: storageDriverFor(config), mediaTools: mediaToolsOf(config) }),
    // Tracing on: its workflow and activity interceptors, span sink and smaller workflow cache.
    ...tracing,
  });
  const running = worker.run();
  const consumers = CONSUMERS
    ? startPostgresConsumers(db, EVENT_CONSUMERS, {
        onError: (consumer, error) => console.error(`consumer ${consumer}:`, error),
      })
    : undefined;
  return {
    worker,
    answer(message: ChildMessage): boolean {
      if (message.type === 'status') {
        const status = worker.getStatus();
        const inFlight = status.numInFlightWorkflowActivations + status.numInFlightActivities;
        process.send!({ type: 'status', inFlight } satisfies ChildMessage);
        return true;
      }
      if (message.type === 'sandbox') {
        void readSandboxEntries().then((entries) => process.send!({ type: 'sandbox', entries } satisfies ChildMessage));
        return true;
      }
      return false;
    },
    async stop(): Promise<void> {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await consumers?.stop();
    },
  };
}

if (process.argv[2] === '--worker') {
  // The worker process: the production worker with the real mission activities and its own database pool.
  const [databaseUrl, address, namespace, dataDir] = process.argv.slice(3) as [string, string, string, string];
  // As the worker role does at its start (`startFanmission`), before the SDK's threads exist.
  lowerCpuPriority(process.pid, BACKGROUND_NICE);
  const db = createDb(databaseUrl, { max: 4, preparedStatements: PREPARED_STATEMENTS });
  const connection = await NativeConnection.connect({ address });
  const worker = await startBenchWorker(db, connection, namespace, dataDir);
  const stopped = new Promise<void>((resolve) => {
    process.on('message', (message: ChildMessage) => {
      if (!worker.answer(message) && message.type === 'stop') resolve();
    });
    // The bench stopped without stopping this process (a crash): do not outlive it.
    process.on('disconnect', resolve);
  });
  process.send!({ type: 'ready' } satisfies ChildMessage);
  await stopped;
  await worker.stop();
  await connection.close();
  await db.destroy();
  process.exit(0);
}

if (process.argv[2] === '--app') {
  // An app's process, as the api role of compose runs it: `end-to-end` starts each mission's workflow through its own
  // Temporal client, `hold-only` has no Temporal client (its missions commit with their hold and would wait for the
  // reconciler). Both answer the constant route too. The parent's tokens are signed here (`tokens`), with the
  // secret both apps share.
  const [mode, databaseUrl, address, namespace, dataDir] = process.argv.slice(3) as [
    'end-to-end' | 'hold-only',
    string,
    string,
    string,
    string,
  ];
  process.title = APP_PROCESS_TITLE;
  const appLogFile = process.env.BENCH_APP_LOG;
  const db = createDb(databaseUrl, { max: POOL, preparedStatements: PREPARED_STATEMENTS });
  // BENCH_APP_CONFIG: further configuration as JSON (tests/bench/purchases.ts: the local payment provider's).
  const config = await benchConfig(dataDir, {
    JWT_SECRET: process.env.BENCH_JWT_SECRET!,
    ...(JSON.parse(process.env.BENCH_APP_CONFIG ?? '{}') as Record<string, string>),
  });
  // BENCH_LAYOUT=one-process: the worker in this process, on the connection the API's client shares.
  const workerConnection =
    mode === 'end-to-end' && ONE_PROCESS ? await NativeConnection.connect({ address }) : undefined;
  const workerDb = workerConnection && createDb(databaseUrl, { max: 4, preparedStatements: PREPARED_STATEMENTS });
  const worker = workerConnection && (await startBenchWorker(workerDb!, workerConnection, namespace, dataDir));
  // The API's connection (the SDK's Rust client, connected on first use); BENCH_TEMPORAL_CLIENT=grpc the SDK's
  // `@grpc/grpc-js` connection the API used before, for comparison.
  const connection =
    mode !== 'end-to-end'
      ? undefined
      : (workerConnection ??
        (TEMPORAL_CLIENT === 'grpc' ? await Connection.connect({ address }) : lazyTemporalConnection({ address })));
  // The starts, and those the server answered with their first workflow task (eager).
  const starts = { starts: 0, eager: 0 };
  const countStarts: WorkflowClientInterceptor = {
    async startWithDetails(input, next) {
      const output = await next(input);
      starts.starts += 1;
      if (output.eagerlyStarted) starts.eager += 1;
      return output;
    },
  };
  const tracingInterceptors = await tracingClientInterceptors();
  const interceptors = { workflow: [...(tracingInterceptors?.workflow ?? []), countStarts] };
  const app = await buildApp({
    config,
    db,
    // BENCH_APP_LOG=<file>: the app's warnings and errors (a workflow start that failed, with its reason) go there.
    logger: appLogFile
      ? { level: 'warn', stream: { write: (line: string) => appendFileSync(appLogFile, `${mode} ${line}`) } }
      : false,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
    ...(connection && {
      temporal: {
        client: new Client({ connection, namespace, interceptors }),
        taskQueue: FANMISSION_TASK_QUEUE,
        eagerStart: EAGER,
      },
    }),
    eventConsumers: EVENT_CONSUMERS,
  });
  const constant = { status: 'ACCEPTED', id: 0 };
  app.get('/bench/constant', async () => constant);
  await app.listen({ host: '127.0.0.1', port: config.PORT });
  const stopped = new Promise<void>((resolve) => {
    process.on('message', (message: ChildMessage) => {
      if (worker?.answer(message)) return;
      if (message.type === 'starts') {
        process.send!({ type: 'starts', ...starts } satisfies ChildMessage);
      } else if (message.type === 'tokens') {
        const tokens = message.fanIds!.map((id) => `Bearer ${signSessionToken(app, { id, roles: ['ROLE_USER'] })}`);
        process.send!({ type: 'tokens', tokens } satisfies ChildMessage);
      } else if (message.type === 'settled') {
        // Every workflow start this app has under way has been acknowledged (or left to the reconciler).
        void missionWorkflowStartsSettled(app.ctx.temporal).then(() => process.send!({ type: 'settled' }));
      } else if (message.type === 'stop') resolve();
    });
    // The bench stopped without stopping this process (a crash): do not outlive it.
    process.on('disconnect', resolve);
  });
  process.send!({ type: 'ready', port: config.PORT } satisfies ChildMessage);
  await stopped;
  await app.close();
  await worker?.stop();
  await connection?.close();
  await workerDb?.destroy();
  await db.destroy();
  process.exit(0);
}

/**
 * With BENCH_PG_LOG=<file>, PostgreSQL's checkpoints and every statement of 40 ms or more go to that file, beside the
 * start and end of each hold-only and end-to-end measurement: a slow round can be laid against the server's stalls.
 */
const postgresLogFile = process.env.BENCH_PG_LOG;
const postgresLogSettings = (): Record<string, string> => ({
  ...(postgresLogFile && { log_checkpoints: 'on', log_min_duration_statement: '40', log_line_prefix: '%m ' }),
  ...(STATEMENTS && {
    shared_preload_libraries: 'pg_stat_statements',
    'pg_stat_statements.track': 'all',
    'pg_stat_statements.track_planning': 'off',
  }),
});
const logPostgres = (chunk: string) => {
  if (!postgresLogFile) return;
  for (const line of chunk.split('\n')) {
    if (/checkpoint|duration:/.test(line)) appendFileSync(postgresLogFile, `${line}\n`);
  }
};
const markPostgresLog = (what: string) => {
  if (postgresLogFile) appendFileSync(postgresLogFile, `${new Date().toISOString()} bench: ${what}\n`);
};

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-missions-bench-'));
await fs.chmod(scratch, 0o755);
const [postgres, temporal] = await Promise.all([
  freePort().then((port) =>
    startEmbeddedPostgres({
      dataDir: path.join(scratch, 'pg'),
      port,
      // The write settings of `npm start`'s embedded server, and enough connections for the apps and the worker.
      settings: { ...EMBEDDED_POSTGRES_SETTINGS, max_connections: '80', ...postgresLogSettings() },
      log: logPostgres,
    }),
  ),
  startBenchTemporal({ server: TEMPORAL_SERVER, scratch, nice: BACKGROUND_NICE }),
]);

let db: Db | undefined;
let reconcilerAccess: { client: typeof temporal.client; taskQueue: string } | undefined;
const stops: Array<() => Promise<unknown>> = [];
try {
  // Over the Unix socket, as `npm start` connects (`localUrlFor`).
  const database = await migratedDatabase(
    { url: postgres.url, urlFor: (name) => postgres.localUrlFor(name) },
    'missions_bench',
    seed,
    POOL,
  );
  db = database.db;
  if (STATEMENTS) await sql`create extension if not exists pg_stat_statements`.execute(db);
  const seeded = database.seeded;
  const databaseUrl = postgres.localUrlFor('missions_bench');
  if (TRACING) {
    tracingSink = await startOtlpReceiver({ keepSpans: false });
    stops.push(() => tracingSink!.close());
  }
  const separateWorker = ONE_PROCESS
    ? undefined
    : await startWorkerProcess(databaseUrl, temporal.address, temporal.namespace);
  if (separateWorker) stops.push(() => separateWorker.stop());

  reconcilerAccess = { client: temporal.client, taskQueue: FANMISSION_TASK_QUEUE };
  // Both apps accept the tokens the end-to-end app signs.
  const appEnvironment = { ...process.env, BENCH_JWT_SECRET: randomBytes(32).toString('hex') };
  const startApp = (mode: 'end-to-end' | 'hold-only') =>
    forkChild(['--app', mode, databaseUrl, temporal.address, temporal.namespace, scratch], {
      env: appEnvironment,
      ...(mode === 'end-to-end' && {
        execArgv: [
          ...(profileOptions('BENCH_APP_PROF').execArgv ?? process.execArgv),
          // With the worker inside it, its threads count their calls into the workflows' sandbox.
          ...(ONE_PROCESS ? ['--import', SANDBOX_ENTRIES] : []),
        ],
      }),
    });
  const [endToEnd, holdOnly] = await Promise.all([startApp('end-to-end'), startApp('hold-only')]);
  stops.push(
    () => endToEnd.stop(),
    () => holdOnly.stop(),
  );
  const worker = separateWorker ?? workerOf(endToEnd, temporal.client);
  const port = endToEnd.ready.port!;
  const holdOnlyPort = holdOnly.ready.port!;
  const startsSettled = () => endToEnd.request({ type: 'settled' });

  const tokens = (await endToEnd.request({ type: 'tokens', fanIds: seeded.fanIds })).tokens!;
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

  const pacedMission = (): PacedRequest => {
    counter += 1;
    return {
      method: 'POST',
      path: '/api/v1/missions',
      headers: { authorization: tokens[counter % FANS]!, 'content-type': 'application/json' },
      body: JSON.stringify(missionRequest(seeded.productIds[counter % CREATORS]!)),
    };
  };
  const pacedConstant = (): PacedRequest => {
    counter += 1;
    return { method: 'GET', path: '/bench/constant', headers: { authorization: tokens[counter % FANS]! } };
  };

  // Warm-up: JIT, cached plans, pool connections, the worker's workflow bundle and sticky cache.
  await measure(base, constantRequests, 2);
  await measure(holdOnlyBase, missions, 2);
  await measure(base, missions, 2);
  await startsSettled();
  await worker.drained(db);
  await consumersCaughtUp(db);
  // What the processes spend with nothing to do (pollers, timers, the consumers' polls): at a paced rate each
  // request carries 1/rate of a second of it.
  const idleBefore = await processTreeCpu();
  await sleep(IDLE_SECONDS * 1000);
  console.log(
    `idle: CPU ms per second with no request: ` +
      cpuPerOperation(idleBefore, await processTreeCpu(), IDLE_SECONDS, PROCESS_NAMES),
  );
  const before = await missionCounts(db);

  /** One load: closed loop (rate undefined) or a fixed offered rate. */
  interface Load {
    constant: HttpResult;
    holdOnly: HttpResult;
    endToEnd: HttpResult;
    /** committed → running p99 of the end-to-end missions, ms. */
    running: number;
    /** Seconds spent draining the worker after the end-to-end run. */
    drainSeconds: number;
    /** CPU ms per end-to-end request by process, from the run's start until its effects are done. */
    cpu: string;
    cpuMs: Map<string, number>;
    /** The apps' CPU ms per request of the constant route in the same load (the machine's calibration). */
    constantCpuMs: number;
    /** The worker's calls into the workflows' sandbox per end-to-end request, and their jobs. */
    sandbox: string;
    /** The end-to-end app's workflow starts in the run, and how many the server answered with their first task. */
    starts: { starts: number; eager: number };
  }
  /** closed: autocannon, each connection's next request on the last answer; paced: Poisson arrivals at `rate`/s;
   * burst: autocannon's overallRate (each second's `rate` requests sent at once, the figure of earlier runs). */
  type LoadKind = { kind: 'closed' } | { kind: 'paced'; rate: number } | { kind: 'burst'; rate: number };
  const loadKinds: LoadKind[] = [
    { kind: 'closed' },
    ...RATES.map((rate) => ({ kind: 'paced' as const, rate })),
    ...BURSTS.map((rate) => ({ kind: 'burst' as const, rate })),
  ];
  const loadNameOf = (load: LoadKind) =>
    load.kind === 'closed' ? 'closed loop' : load.kind === 'paced' ? `${load.rate}/s paced` : `${load.rate}/s burst`;
  const loadNames = loadKinds.map(loadNameOf);
  const rounds: Load[][] = [];
  const run = (load: LoadKind, url: string, autocannonRequests: autocannon.Request[], paced: () => PacedRequest) =>
    load.kind === 'paced'
      ? measurePaced({
          url,
          connections: CONNECTIONS,
          seconds: PACED_SECONDS,
          rate: load.rate,
          request: paced,
          warmPath: '/bench/constant',
        })
      : measure(url, autocannonRequests, SECONDS, load.kind === 'burst' ? load.rate : undefined);
  const requestsOf = (load: LoadKind, result: HttpResult) =>
    Math.round(result.rps * (load.kind === 'paced' ? PACED_SECONDS : SECONDS));
  const measureLoad = async (load: LoadKind): Promise<Load> => {
    const constantCpuBefore = await processTreeCpu();
    const constantResult = await run(load, base, constantRequests, pacedConstant);
    const constantCpuMs =
      cpuMsPerOperation(constantCpuBefore, await processTreeCpu(), requestsOf(load, constantResult), PROCESS_NAMES).get(
        'apps',
      ) ?? 0;
    markPostgresLog(`hold only, ${load.kind} ${'rate' in load ? `${load.rate}/s ` : ''}starts`);
    const holdOnlyResult = await run(load, holdOnlyBase, missions, pacedMission);
    markPostgresLog(`hold only ends, p99 ${holdOnlyResult.p99} ms`);
    // The hold-only app's last requests of a closed loop commit after it ends (autocannon drops them, the app does
    // not): the end-to-end missions start after them.
    await missionsCommitted(db!);
    // The hold-only missions' events are consumed before the measured run starts.
    await consumersCaughtUp(db!);
    const { rows } = await sql<{ last: number }>`select coalesce(max(id), 0)::int as last from missions`.execute(db!);
    if (STATEMENTS) await sql`select pg_stat_statements_reset()`.execute(db!);
    const sandboxBefore = await worker.sandboxEntries();
    const startsBefore = await endToEnd.request({ type: 'starts' });
    const cpuBefore = await processTreeCpu();
    markPostgresLog(`end to end, ${load.kind} ${'rate' in load ? `${load.rate}/s ` : ''}starts`);
    const endToEndResult = await run(load, base, missions, pacedMission);
    markPostgresLog(`end to end ends, p99 ${endToEndResult.p99} ms`);
    if (SHOW_SLOWEST) {
      for (const [name, measured] of [
        ['hold only', holdOnlyResult],
        ['end to end', endToEndResult],
      ] as const) {
        if (!('slowest' in measured)) continue;
        const result = measured as PacedResult;
        const list = (items: Array<{ at: number; ms: number; major?: boolean }>) =>
          items
            .map(({ at, ms, major }) => `${at.toFixed(2)} s ${ms.toFixed(0)} ms${major ? ' (major)' : ''}`)
            .join(', ');
        console.log(
          `  ${load.kind} ${'rate' in load ? `${load.rate}/s ` : ''}${name}: slowest ${list(result.slowest)}; ` +
            `the client's GC pauses ≥ 5 ms: ${list(result.gcPauses) || 'none'}; ` +
            `longest event-loop delay ${result.loopDelayMax.toFixed(0)} ms; ` +
            `heap used ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`,
        );
      }
    }
    // Likewise the end-to-end app's: their starts count once they are committed, not as failures.
    await missionsCommitted(db!);
    await startsSettled();
    const running = await committedToRunningP99(db!, rows[0]!.last);
    // The request's cost includes what it sets off: its workflow's first task and the consumers' work on its event.
    const drainStarted = performance.now();
    await worker.drained(db!);
    await consumersCaughtUp(db!);
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const requests = await missionsAfter(db!, rows[0]!.last);
    const cpuAfter = await processTreeCpu();
    const sandbox = sandboxEntriesPerRequest(sandboxBefore, await worker.sandboxEntries(), requests);
    const startsAfter = await endToEnd.request({ type: 'starts' });
    const starts = {
      starts: startsAfter.starts! - startsBefore.starts!,
      eager: startsAfter.eager! - startsBefore.eager!,
    };
    const cpu = cpuPerOperation(cpuBefore, cpuAfter, requests, PROCESS_NAMES);
    const cpuMs = cpuMsPerOperation(cpuBefore, cpuAfter, requests, PROCESS_NAMES);
    if (STATEMENTS) await printStatements(db!, `${loadNameOf(load)} end to end`, requests);
    return {
      constant: constantResult,
      holdOnly: holdOnlyResult,
      endToEnd: endToEndResult,
      running,
      drainSeconds,
      cpu,
      cpuMs,
      constantCpuMs,
      sandbox,
      starts,
    };
  };
  const show = (result: HttpResult) =>
    `${result.rps.toFixed(0)}/s ${'p50' in result ? `p50 ${String(result.p50)} ` : ''}p99 ${result.p99} ms`;
  for (let round = 1; round <= ROUNDS; round += 1) {
    const loads: Load[] = [];
    for (const load of loadKinds) loads.push(await measureLoad(load));
    loads.forEach((load, index) =>
      console.log(
        `round ${round}, ${loadNames[index]}: constant ${show(load.constant)}, hold only ${show(load.holdOnly)}, ` +
          `end to end ${show(load.endToEnd)}; committed → running p99 ${load.running.toFixed(0)} ms ` +
          `(worker drained in ${load.drainSeconds.toFixed(1)} s); end-to-end CPU ms per request: ${load.cpu}; ` +
          `constant route ${load.constantCpuMs.toFixed(3)} ms; worker: ${load.sandbox}; ` +
          `${load.starts.eager}/${load.starts.starts} starts eager`,
      ),
    );
    rounds.push(loads);
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

  console.log(
    `\nmedians of ${ROUNDS} rounds; ${CONNECTIONS} connections, ${SECONDS} s per closed-loop or burst run and ` +
      `${PACED_SECONDS} s per paced run, ${os.cpus().length} CPUs, ` +
      `database pool ${POOL}; embedded PostgreSQL, the Temporal ${TEMPORAL_SERVER === 'dev' ? 'dev server (CLI, SQLite)' : 'test server (Java, time skipping locked)'} ` +
      `and the worker's process on the same machine, the latter two at nice ${BACKGROUND_NICE}; the end-to-end app's ` +
      `Temporal client over ${TEMPORAL_CLIENT === 'grpc' ? '@grpc/grpc-js' : "the SDK's Rust client (the API's)"}` +
      (ONE_PROCESS
        ? `; one process: the worker and consumers in the end-to-end app's, on its connection, ` +
          `${EAGER ? 'eager starts requested' : 'no eager start'}`
        : ''),
  );
  const cell = (results: HttpResult[]) => {
    const rps = median(results.map((r) => r.rps));
    const p99 = median(results.map((r) => r.p99));
    const errors = results.reduce((sum, r) => sum + r.errors, 0);
    if (errors) process.exitCode = 1;
    return `${rps.toFixed(0).padStart(5)}/s p99 ${String(p99).padStart(4)} ms${errors ? ` (${errors} errors)` : ''}`;
  };
  console.log(
    `${'offered load'.padEnd(14)} | ${'constant route'.padEnd(22)} | ${'hold only (no Temporal)'.padEnd(22)} | ` +
      `${'POST /missions end to end'.padEnd(25)} | committed → running p99`,
  );
  loadNames.forEach((name, index) => {
    const loads = rounds.map((r) => r[index]!);
    console.log(
      `${name.padEnd(14)} | ${cell(loads.map((l) => l.constant)).padEnd(22)} | ` +
        `${cell(loads.map((l) => l.holdOnly)).padEnd(22)} | ${cell(loads.map((l) => l.endToEnd)).padEnd(25)} | ` +
        `${median(loads.map((l) => l.running)).toFixed(0)} ms`,
    );
  });
  console.log(
    `(target: response p99 ≤ 50 ms at ${CONNECTIONS} connections, paced; end to end / hold only in the closed loop: ` +
      `${median(rounds.map((r) => r[0]!.endToEnd.rps / r[0]!.holdOnly.rps)).toFixed(2)}×)`,
  );
  console.log(
    `missions: ${after.total} in all, ${endToEndMissions} timed end to end with their workflow started, ` +
      `${after.total - after.withWorkflow} from the hold-only app waiting for the reconciler; ` +
      `${running.filter(Boolean).length}/${running.length} latest workflows RUNNING; ` +
      `verify: ${report.transactions} transactions, ${report.differences.length} differences`,
  );
  if (report.differences.length > 0 || running.some((ok) => !ok)) process.exitCode = 1;
  // The figure of record: CPU per request of the product's processes (not this client), at 50/s paced (or the first
  // paced rate measured), median of the rounds per process.
  const recordIndex = Math.max(
    loadKinds.findIndex((load) => load.kind === 'paced' && load.rate === 50),
    loadKinds.findIndex((load) => load.kind === 'paced'),
  );
  if (recordIndex >= 0) {
    const perRole = new Map<string, number>();
    // The product's processes; not this client nor the tools of its own start (tsx's esbuild service).
    for (const role of ['worker', 'postgres', 'apps', 'temporal']) {
      perRole.set(role, median(rounds.map((loads) => loads[recordIndex]!.cpuMs.get(role) ?? 0)));
    }
    const total = [...perRole.values()].reduce((sum, ms) => sum + ms, 0);
    const roles = [...perRole]
      .sort((a, b) => b[1] - a[1])
      .map(([role, ms]) => `${role} ${ms.toFixed(1)}`)
      .join(', ');
    const tracing = tracingSink ? `tracing on, ${tracingSink.received()} spans exported` : 'tracing off';
    // The same-run calibration: the machine-independent figure is the mission's cost in constant routes. From the
    // closed loop, where the app's idle work (timers, pollers) is a negligible share of each request.
    const constantMs = median(rounds.map((loads) => loads[0]!.constantCpuMs));
    console.log(
      `calibration: the constant route costs the app ${constantMs.toFixed(3)} ms of CPU a request in the closed ` +
        `loop; a mission request at ${loadNames[recordIndex]} ${(total / constantMs).toFixed(1)}× that`,
    );
    console.log(`worker at ${loadNames[recordIndex]} (last round): ${rounds.at(-1)![recordIndex]!.sandbox}`);
    console.log(
      `cpu per mission request: ${total.toFixed(1)} ms (all processes; ${roles}) at ${loadNames[recordIndex]}` +
        `${CONSUMERS ? '' : ' without the outbox consumers'}; ${tracing}`,
    );
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  await db?.destroy();
  await temporal.teardown();
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}

/**
 * With BENCH_WORKER_PROF (the worker) or BENCH_APP_PROF (the end-to-end app) set to a folder, that child process writes
 * a CPU profile of each of its threads there.
 */
function profileOptions(variable: 'BENCH_WORKER_PROF' | 'BENCH_APP_PROF'): { execArgv?: string[] } {
  const dir = process.env[variable];
  return dir ? { execArgv: [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${dir}`] } : {};
}

/** A child process running this file with `args` (`--worker …`, `--app …`), traced when the bench is. */
function forkChild(args: string[], options: { env?: NodeJS.ProcessEnv; execArgv?: string[] } = {}) {
  return forkBenchChild(
    fileURLToPath(import.meta.url),
    args,
    tracingSink
      ? {
          execArgv: ['--import', TRACING_REGISTER, ...(options.execArgv ?? process.execArgv)],
          env: { ...(options.env ?? process.env), OTEL_EXPORTER_OTLP_ENDPOINT: tracingSink.endpoint },
        }
      : options,
  );
}

/** The worker's child process (this file with `--worker`), with its drain and its stop. */
async function startWorkerProcess(databaseUrl: string, address: string, namespace: string) {
  // The worker's threads count their calls into the workflows' sandbox (tests/bench/sandbox-entries-preload.mjs).
  const execArgv = profileOptions('BENCH_WORKER_PROF').execArgv ?? process.execArgv;
  const child = await forkChild(['--worker', databaseUrl, address, namespace, scratch], {
    execArgv: [...execArgv, '--import', SANDBOX_ENTRIES],
  });
  return { ...workerOf(child, temporal.client), stop: () => child.stop() };
}

function missionRequest(missionProductId: number) {
  return { to: '민지', requestComment: '생일 축하 노래 불러 주세요!', missionProductId };
}

/** Fans with funded wallets, and verified creators each selling a 1-coin BASIC mission. */
async function seed(db: Db): Promise<{ fanIds: number[]; productIds: number[] }> {
  const fanIds = await fundedFans(db, FANS, COINS_PER_FAN);
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

/** Resolves once every outbox consumer has handled every event recorded so far. */
async function consumersCaughtUp(db: Db): Promise<void> {
  if (CONSUMERS) await caughtUp(db, scratch);
}

/** Missions committed after `afterId`: the requests one end-to-end run served. */
async function missionsAfter(db: Db, afterId: number): Promise<number> {
  const row = await db
    .selectFrom('missions')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('id', '>', afterId)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Resolves once no mission has been committed for half a second (the requests of a load still in the apps). */
async function missionsCommitted(db: Db): Promise<void> {
  let last = -1;
  for (;;) {
    const { total } = await missionCounts(db);
    if (total === last) return;
    last = total;
    await sleep(500);
  }
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
