// The product's processes as the end-to-end benchmarks run them (tests/bench/missions.ts, tests/bench/hot-creator.ts):
// the Temporal server, child processes of a bench script (the worker, the apps) and their messages, the worker's
// drain and the outbox consumers' catch-up.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { sql } from 'kysely';
import { purchase } from '@fanmission/ledger';
import { loadConfig } from '@fanmission/services/config';
import type { Db } from '@fanmission/services/db';
import { readEventsHealth } from '@fanmission/services/outbox';
import { EVENT_CONSUMERS, lowerCpuPriority, startTemporalDevServer } from '@fanmission/services/runtime';
import { ensureTemporalCli } from '../../scripts/infra/temporal-cli';
import { startTemporalTestServer } from '../harness/temporal-global-setup';
import type { SandboxEntries } from './sandbox-entries';
import { descendantsNamed } from './support';

/** tests/bench/missions.ts: its `--worker` and `--app` modes are the worker's and the apps' processes of the benches. */
export const MISSIONS_BENCH = fileURLToPath(new URL('./missions.ts', import.meta.url));

/** Process names of `processTreeCpu` as the figures call them. */
export const APP_PROCESS_TITLE = 'fanmission-app';
export const PROCESS_NAMES = {
  'this process': 'client',
  [APP_PROCESS_TITLE]: 'apps',
  node: 'worker',
  java: 'temporal',
  temporal: 'temporal',
  // The test server's wrapper script (its command name cut at 15 characters) before it execs the JVM.
  'temporal-test-s': 'temporal',
};

/** The messages between a bench and its children (the worker, the apps): a request and its answer share a type. */
export type ChildMessage =
  | { type: 'ready'; port?: number }
  | { type: 'status'; inFlight?: number }
  | { type: 'tokens'; fanIds?: number[]; tokens?: string[] }
  | { type: 'settled' }
  | { type: 'sandbox'; entries?: SandboxEntries }
  | { type: 'starts'; starts?: number; eager?: number }
  | { type: 'stop' };

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface BenchTemporal {
  address: string;
  namespace: string;
  client: Client;
  teardown(): Promise<void>;
}

/**
 * The Temporal server a run measures against: `test`, the SDK's time-skipping test server (the Java in-memory server
 * of the workflow tests, time skipping locked); `dev`, the Temporal CLI's dev server (a real Temporal server on
 * SQLite, what `npm start` runs). Either runs at `nice`.
 */
export async function startBenchTemporal(options: {
  server: 'test' | 'dev';
  scratch: string;
  nice: number;
}): Promise<BenchTemporal> {
  if (options.server === 'test') {
    const environment = await startTemporalTestServer();
    // The JVM (the wrapper execs it) takes the priority `npm start` gives its Temporal dev server.
    for (const pid of await descendantsNamed('java')) lowerCpuPriority(pid, options.nice);
    return {
      address: environment.address,
      namespace: environment.namespace ?? 'default',
      client: environment.client,
      teardown: () => environment.teardown(),
    };
  }
  const server = await startTemporalDevServer({
    binary: await ensureTemporalCli(),
    dataDir: path.join(options.scratch, 'temporal'),
    nice: options.nice,
  });
  const connection = await Connection.connect({ address: server.address });
  return {
    address: server.address,
    namespace: 'default',
    client: new Client({ connection, namespace: 'default' }),
    teardown: async () => {
      await connection.close();
      await server.stop();
    },
  };
}

export type BenchChild = Awaited<ReturnType<typeof forkBenchChild>>;

/**
 * A child process running `script` with `args` (`--worker …`, `--app …`), once it says it is ready: its ready
 * message, `request` (send a message, resolve with the next answer of the same type) and `stop`.
 */
export async function forkBenchChild(
  script: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; execArgv?: string[] } = {},
) {
  const child: ChildProcess = fork(script, args, options);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Each answer listens for its message and for the child's exit, and drops both once either comes.
  const answer = <Type extends ChildMessage['type']>(type: Type) =>
    new Promise<Extract<ChildMessage, { type: Type }>>((resolve, reject) => {
      const onMessage = (message: ChildMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage).off('exit', onExit);
        resolve(message as Extract<ChildMessage, { type: Type }>);
      };
      const onExit = (code: number | null) => {
        child.off('message', onMessage);
        reject(new Error(`the child process ${args[0]} exited (${code})`));
      };
      child.on('message', onMessage).once('exit', onExit);
    });
  const ready = await answer('ready');
  return {
    ready,
    request<Type extends ChildMessage['type']>(message: Extract<ChildMessage, { type: Type }>) {
      const answered = answer(message.type as Type);
      child.send(message);
      return answered;
    },
    async stop(): Promise<void> {
      child.send({ type: 'stop' } satisfies ChildMessage);
      const code = await Promise.race([exited, sleep(30_000).then(() => 'timeout' as const)]);
      if (code === 'timeout') child.kill('SIGKILL');
      else if (code !== 0) throw new Error(`the child process ${args[0]} exited with ${code}`);
    },
  };
}

/** The worker in `child` (a worker's process, or an app's running one): its drain and its sandbox counts. */
export function workerOf(child: BenchChild, client: Client) {
  const inFlight = async () => (await child.request({ type: 'status' })).inFlight!;
  return {
    /** The worker's calls into its workflows' sandbox so far, and their jobs. */
    sandboxEntries: async () => (await child.request({ type: 'sandbox' })).entries!,
    /**
     * Resolves once the worker has caught up: the last started mission's workflow has completed its first workflow
     * task (the task queue is served in order, so the ones before it have too), and then the worker has had no
     * activation or activity in flight for a second.
     */
    async drained(database: Db): Promise<void> {
      // The last start (the reconciler's included).
      const newest = await database
        .selectFrom('missions')
        .select('id')
        .where('workflow_started_at', 'is not', null)
        .orderBy('workflow_started_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (newest) {
        const handle = client.workflow.getHandle(`mission-${newest.id}`);
        for (;;) {
          const history = await handle.fetchHistory();
          if (history.events?.some((event) => event.workflowTaskCompletedEventAttributes)) break;
          await sleep(200);
        }
      }
      for (let idleSince = performance.now(); performance.now() - idleSince < 1000;) {
        await sleep(100);
        if ((await inFlight()) > 0) idleSince = performance.now();
      }
    },
  };
}

/** Resolves once every outbox consumer has handled every event recorded so far (embedded mode, in `dataDir`). */
export async function consumersCaughtUp(db: Db, dataDir: string): Promise<void> {
  // Embedded mode (no Kafka brokers): the consumers' checkpoints in the database.
  const config = loadConfig({ DATA_DIR: dataDir });
  for (;;) {
    const health = await readEventsHealth(db, config, EVENT_CONSUMERS);
    if (health.consumers.every((consumer) => consumer.pendingEvents === 0)) return;
    await sleep(100);
  }
}

/** BENCH_STATEMENTS=1: the statements since pg_stat_statements' last reset by server time, per `requests`. */
export async function printStatements(db: Db, what: string, requests: number): Promise<void> {
  const { rows } = await sql<{ calls: number; ms: number; rows: number; query: string }>`
    select calls::int, total_exec_time::float8 as ms, rows::int, query
    from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
    order by total_exec_time desc`.execute(db);
  const calls = rows.reduce((sum, row) => sum + row.calls, 0);
  const ms = rows.reduce((sum, row) => sum + row.ms, 0);
  console.log(
    `  ${what}: ${(calls / requests).toFixed(1)} statements and ${(ms / requests).toFixed(2)} ms of execution ` +
      `per request (${requests} requests); the 25 longest:`,
  );
  for (const row of rows.slice(0, 25)) {
    console.log(
      `    ${(row.calls / requests).toFixed(2).padStart(6)} calls ${((row.ms * 1000) / requests).toFixed(0).padStart(5)} µs ` +
        `${(row.rows / Math.max(row.calls, 1)).toFixed(1).padStart(5)} rows/call  ${row.query.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
  }
}

/** `count` verified fans (fan1…, `@bench.local`), each with `coins` bought through the ledger's `purchase`; their ids. */
export async function fundedFans(db: Db, count: number, coins: number): Promise<number[]> {
  const fans = await sql<{ id: number }>`
    insert into users (username, provider, password_hash, roles, email, email_verified_at)
    select 'fan' || n, 'local', 'x', array['ROLE_USER'], 'fan' || n || '@bench.local', now()
    from generate_series(1, ${count}::int) as n
    returning id`.execute(db);
  const fanIds = fans.rows.map((row) => Number(row.id));
  for (const userId of fanIds) {
    await purchase(db, {
      idempotencyKey: `fund-${userId}`,
      now: new Date(),
      userId,
      coins,
      paymentId: `bench-${userId}`,
    });
  }
  return fanIds;
}
