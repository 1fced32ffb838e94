// Scale-out: the distributed mode of docker-compose.yml on one machine, without Docker. The application
// roles run as separate Node processes started exactly as compose starts them (`node --import tsx
// services/src/main.ts --role api|worker|relay`, NODE_ENV=production, the compose environment variables), over one
// PostgreSQL, one Temporal server (the CLI's dev server), one Kafka broker, one SMTP server and one S3-compatible
// store (in place of compose's MinIO). Files go to the S3 store: each process has a data folder of its own, shared
// with nobody, as compose's containers have.
//
//   const cluster = await startScaleOut({ apis: 2, workers: 2, relays: 1 });
//   cluster.apis[0].url   // http://127.0.0.1:<port>
//   cluster.workers[0].kill('SIGKILL');
//   await cluster.restart(cluster.workers[0]);     // as a supervisor restarts a container
//   await cluster.restartPostgres('immediate');    // own PostgreSQL only
//   await cluster.stop();
//
// `scripts/scale-out.ts` runs it from the command line; `tests/scale-out`, `tests/bench/scale-out.ts` and the soak
// (`tests/support/soak`) use it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@fanmission/services/config';
import { ensureDatabase, startEmbeddedPostgres, type RunningPostgres } from '@fanmission/services/db';
import { generateVapidKeys } from '@fanmission/services/push';
import { freePort, startTemporalDevServer, type TemporalDevServer } from '@fanmission/services/runtime';
import { ensureTemporalCli } from '../../scripts/infra/temporal-cli';
import { startKafka, type KafkaBroker } from '../harness/kafka';
import { startSmtpServer, type SmtpTestServer } from '../harness/smtp';
import { createLocalS3Server } from './s3-server';

export type ScaleOutRole = 'api' | 'worker' | 'relay';

export interface ScaleOutOptions {
  apis?: number;
  workers?: number;
  relays?: number;
  /**
   * The application database (the test suite's cloned database). Without it an embedded PostgreSQL is started under
   * the scratch folder and database `fanmission` is created on it; the first API migrates it, as compose's api does.
   */
  databaseUrl?: string;
  /** Receives every line the application processes print, prefixed with the process's name. */
  log?: (line: string) => void;
  /** Extra environment for every application process (e.g. `LOG_LEVEL`). */
  env?: Record<string, string>;
  /** How long one process may take to become ready. Default 180 s (a loaded 2-core machine compiles slowly). */
  readyTimeoutMs?: number;
}

export interface AppProcess {
  /** `api-1`, `worker-2`, `relay-1`… */
  readonly name: string;
  readonly role: ScaleOutRole;
  readonly pid: number;
  /** `http://127.0.0.1:<port>` of an API process. */
  readonly url?: string;
  /** Its own DATA_DIR (compose: the container's /data), shared with no other process. */
  readonly dataDir: string;
  /** The process has exited (by itself or killed). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
  /** The last lines it printed (stdout and stderr). */
  output(): string[];
}

export interface ScaleOutCluster {
  readonly apis: AppProcess[];
  readonly workers: AppProcess[];
  readonly relays: AppProcess[];
  readonly databaseUrl: string;
  readonly temporalAddress: string;
  readonly kafkaBrokers: string[];
  readonly s3: ReturnType<typeof createLocalS3Server>;
  readonly s3Bucket: string;
  readonly smtp: SmtpTestServer;
  /** The environment every application process got (compose's `x-app` environment). */
  readonly environment: Readonly<Record<string, string>>;
  /** Starts one more process of the role (e.g. a worker to replace a killed one). */
  start(role: ScaleOutRole): Promise<AppProcess>;
  /**
   * Starts a process again once it has exited (SIGKILL it first), as compose's `restart:` policy does a container: the
   * same name, port and data folder; the cluster's lists name the new process in its place. Resolves once it is ready.
   */
  restart(child: AppProcess): Promise<AppProcess>;
  /**
   * Stops the cluster's own PostgreSQL (`fast`: SIGINT, sessions ended and a checkpoint; `immediate`: SIGQUIT, no
   * checkpoint, crash recovery at the next start) and starts it again on the same data and port. Not with
   * `databaseUrl` (a server the cluster does not own).
   */
  restartPostgres(mode: 'fast' | 'immediate'): Promise<void>;
  /** The Temporal server stopped (SIGTERM) and started again on its SQLite file and port. */
  restartTemporal(): Promise<void>;
  /** The Kafka broker stopped (SIGTERM), its data kept. */
  stopKafka(): Promise<void>;
  /** The stopped broker started again on its data and port. */
  startKafka(): Promise<void>;
  /** SIGTERM to every application process (API first), then the infrastructure; SIGKILL after 40 s. */
  stop(): Promise<void>;
}

/**
 * The variables compose's `x-app` anchor sets for every role (docker-compose.yml), with this machine's values. The
 * suite checks that the two lists stay the same.
 */
export const COMPOSE_APP_VARIABLES = [
  'NODE_ENV',
  'LOG_LEVEL',
  'DATABASE_URL',
  'TEMPORAL_ADDRESS',
  'TEMPORAL_NAMESPACE',
  'KAFKA_BROKERS',
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_URL',
  'JWT_SECRET',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SEED_DEMO_DATA',
  'DATA_DIR',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'METRICS_TOKEN',
  'TRACE_UI_URL',
  'BANK_DEPOSIT_BANK_NAME',
  'BANK_DEPOSIT_ACCOUNT_NUMBER',
  'BANK_DEPOSIT_ACCOUNT_HOLDER',
  'WEB_PUSH_VAPID_PUBLIC_KEY',
  'WEB_PUSH_VAPID_PRIVATE_KEY',
  'WEB_PUSH_SUBJECT',
  'SOLAPI_API_KEY',
  'SOLAPI_API_SECRET',
  'SOLAPI_KAKAO_PFID',
  'SOLAPI_SENDER_NUMBER',
  'ALIMTALK_TEMPLATE_IDS',
] as const;
/** What compose's `api` service adds. */
export const COMPOSE_API_VARIABLES = ['PORT', 'HOST'] as const;

/** compose's command of each role. */
export const roleCommand = (role: ScaleOutRole) => ['--import', 'tsx', 'services/src/main.ts', '--role', role];

/** The variable names of an `environment:` block of docker-compose.yml (the x-app anchor, or a service's). */
export function composeEnvironmentNames(block: 'x-app' | ScaleOutRole): string[] {
  const compose = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
  const start = block === 'x-app' ? compose.indexOf('x-app: &app') : compose.indexOf(`\n  ${block}:\n`);
  if (start < 0) throw new Error(`docker-compose.yml has no ${block}`);
  const rest = compose.slice(start + 1);
  // The anchor ends at the next top-level key, a service at the next service.
  const end = rest.search(block === 'x-app' ? /\n\S/ : /\n {2}\S|\n\S/);
  const section = end < 0 ? rest : rest.slice(0, end);
  const environment = /\n( +)environment:[^\n]*\n((?:\1 {2}[^\n]*\n)+)/.exec(section);
  if (!environment) return [];
  return [...environment[2]!.matchAll(/^ +([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
}

/** compose's `command:` of a service, e.g. ['node', '--import', 'tsx', 'services/src/main.ts', '--role', 'api']. */
export function composeCommand(role: ScaleOutRole): string[] {
  const compose = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
  const start = compose.indexOf(`\n  ${role}:\n`);
  const command = /\n {4}command: \[([^\]]*)\]/.exec(compose.slice(start))?.[1];
  if (start < 0 || !command) throw new Error(`docker-compose.yml has no command for ${role}`);
  return [...command.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
}

const READY_LINE: Record<ScaleOutRole, RegExp> = {
  api: /\[fanmission\] ready:/,
  // The worker role is ready once it polls the task queue and its event consumers have joined their groups.
  worker: /event consumers \(.*\) reading Kafka consumer groups/,
  relay: /outbox relay publishing to Kafka/,
};

export async function startScaleOut(options: ScaleOutOptions = {}): Promise<ScaleOutCluster> {
  const started = performance.now();
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'fanmission-scale-out-'));
  // As root, the embedded PostgreSQL runs as the `postgres` user, which must traverse to its data folder.
  await chmod(scratch, 0o755);
  const stops: Array<() => Promise<void>> = [];
  const running: AppProcess[] = [];
  const warn = (error: unknown) => options.log?.(`[scale-out] while stopping: ${String(error)}`);
  const stopAll = async () => {
    // The application processes together (as `docker compose down`), then the infrastructure, last started first.
    await Promise.all(running.splice(0).map((child) => stopProcess(child).catch(warn)));
    for (const stopOne of stops.reverse().splice(0)) await stopOne().catch(warn);
  };
  stops.push(() => rm(scratch, { recursive: true, force: true }));
  try {
    const s3Credentials = {
      accessKeyId: 'fanmission-scale-out',
      secretAccessKey: randomBytes(24).toString('hex'),
      region: 'us-east-1',
    };
    const s3 = createLocalS3Server(s3Credentials);
    await s3.listen();
    stops.push(() => s3.close());

    // The infrastructure's servers in mutable slots: a restart puts a new server in its slot, and the stops stop
    // whichever runs then.
    let postgres: { server: RunningPostgres; start: () => Promise<RunningPostgres> } | undefined;
    let temporalServer: TemporalDevServer;
    let kafkaBroker: KafkaBroker | undefined;
    let kafkaPort: number;
    const kafkaDataDir = path.join(scratch, 'kafka');
    const temporalDataDir = path.join(scratch, 'temporal');
    let temporalBinary: string;
    const [database, temporal, kafka, smtp] = await Promise.all([
      options.databaseUrl
        ? { url: options.databaseUrl }
        : freePort().then(async (port) => {
            const password = randomBytes(12).toString('hex');
            const start = () =>
              startEmbeddedPostgres({
                dataDir: path.join(scratch, 'postgres'),
                port,
                password,
                settings: { max_connections: '300' },
              });
            postgres = { server: await start(), start };
            stops.push(() => postgres!.server.stop());
            await ensureDatabase(postgres.server.url, 'fanmission');
            return { url: postgres.server.urlFor('fanmission') };
          }),
      ensureTemporalCli().then(async (binary) => {
        temporalBinary = binary;
        temporalServer = await startTemporalDevServer({ binary, dataDir: temporalDataDir });
        stops.push(() => temporalServer.stop());
        return temporalServer;
      }),
      startKafka({ dataDir: kafkaDataDir }).then((broker) => {
        kafkaBroker = broker;
        kafkaPort = Number(broker.brokers[0]!.split(':').at(-1));
        stops.push(async () => kafkaBroker?.stop());
        return broker;
      }),
      startSmtpServer().then((server) => {
        stops.push(() => server.stop());
        return server;
      }),
    ]);

    options.log?.(
      `[scale-out] PostgreSQL, Temporal, Kafka, SMTP and S3 ready in ${Math.round(performance.now() - started)} ms`,
    );
    const firstApiPort = await freePort();
    const bucket = 'fanmission';
    // docker-compose.yml's x-app environment, value for value where the machine allows it.
    const vapidKeys = generateVapidKeys();
    const environment: Record<(typeof COMPOSE_APP_VARIABLES)[number], string> = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_NAMESPACE: 'default',
      KAFKA_BROKERS: kafka.brokers.join(','),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Fanmission <no-reply@fanmission.local>',
      // One public origin, as behind compose's published port (or a load balancer): the first API's.
      PUBLIC_URL: `http://127.0.0.1:${firstApiPort}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: 'admin@fanmission.local',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      SEED_DEMO_DATA: 'true',
      DATA_DIR: '', // per process, below
      S3_ENDPOINT: s3.endpoint(),
      S3_BUCKET: bucket,
      S3_REGION: s3Credentials.region,
      S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
      // No collector runs here (compose's otel-collector): empty, the variable counts as unset.
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      TRACE_UI_URL: '',
      METRICS_TOKEN: randomBytes(16).toString('hex'),
      BANK_DEPOSIT_BANK_NAME: '카카오뱅크',
      BANK_DEPOSIT_ACCOUNT_NUMBER: '3333-01-2345678',
      BANK_DEPOSIT_ACCOUNT_HOLDER: '(주)팬미션',
      WEB_PUSH_VAPID_PUBLIC_KEY: vapidKeys.publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: vapidKeys.privateKey,
      WEB_PUSH_SUBJECT: 'mailto:admin@fanmission.local',
      // 알림톡 off, as compose runs without Solapi's keys: empty counts as unset.
      SOLAPI_API_KEY: '',
      SOLAPI_API_SECRET: '',
      SOLAPI_KAKAO_PFID: '',
      SOLAPI_SENDER_NUMBER: '',
      ALIMTALK_TEMPLATE_IDS: '',
    };
    Object.assign(environment, options.env);

    const processes: Record<ScaleOutRole, AppProcess[]> = { api: [], worker: [], relay: [] };
    const counters: Record<ScaleOutRole, number> = { api: 0, worker: 0, relay: 0 };
    const launch = async (role: ScaleOutRole, name: string, port: number | undefined, replacing?: AppProcess) => {
      const begun = performance.now();
      const dataDir = path.join(scratch, name);
      await mkdir(dataDir, { recursive: true });
      const env: Record<string, string> = {
        // Only what a container would have besides compose's variables: no TEST_*, no developer settings.
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? os.homedir(),
        TMPDIR: os.tmpdir(),
        ...environment,
        DATA_DIR: dataDir,
        ...(port !== undefined && { PORT: String(port), HOST: '127.0.0.1' }),
      };
      const child = spawnApp(role, name, env, dataDir, port, options.log);
      const list = processes[role];
      const index = replacing ? list.indexOf(replacing) : -1;
      if (index >= 0) list[index] = child;
      else list.push(child);
      if (replacing && running.includes(replacing)) running.splice(running.indexOf(replacing), 1);
      running.push(child);
      await waitUntilReady(child, role, options.readyTimeoutMs ?? 180_000);
      options.log?.(`[scale-out] ${name} ready in ${Math.round(performance.now() - begun)} ms`);
      return child;
    };
    const startOne = async (role: ScaleOutRole): Promise<AppProcess> => {
      counters[role] += 1;
      const name = `${role}-${counters[role]}`;
      const port = role === 'api' ? (counters.api === 1 ? firstApiPort : await freePort()) : undefined;
      return launch(role, name, port);
    };
    const restart = async (child: AppProcess): Promise<AppProcess> => {
      await child.exited;
      const port = child.url === undefined ? undefined : Number(new URL(child.url).port);
      return launch(child.role, child.name, port, child);
    };

    // compose: api first (it migrates the database and creates the operator account), the others once it is healthy.
    const apiCount = options.apis ?? 2;
    if (apiCount > 0) await startOne('api');
    await Promise.all([
      ...Array.from({ length: apiCount - 1 }, () => startOne('api')),
      ...Array.from({ length: options.workers ?? 2 }, () => startOne('worker')),
      ...Array.from({ length: options.relays ?? 1 }, () => startOne('relay')),
    ]);

    return {
      apis: processes.api,
      workers: processes.worker,
      relays: processes.relay,
      databaseUrl: database.url,
      temporalAddress: temporal.address,
      kafkaBrokers: kafka.brokers,
      s3,
      s3Bucket: bucket,
      smtp,
      environment,
      start: startOne,
      restart,
      async restartPostgres(mode) {
        if (!postgres) throw new Error('the cluster runs on a PostgreSQL it does not own (databaseUrl)');
        const dataDir = path.join(scratch, 'postgres');
        const pid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
        // pg_ctl's shutdown modes are these signals to the postmaster.
        process.kill(pid, mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
        await untilGone(pid, 60_000);
        postgres.server = await postgres.start();
      },
      async restartTemporal() {
        const port = Number(temporalServer.address.split(':').at(-1));
        await temporalServer.stop();
        temporalServer = await startTemporalDevServer({ binary: temporalBinary, dataDir: temporalDataDir, port });
      },
      async stopKafka() {
        await kafkaBroker?.stop();
        kafkaBroker = undefined;
      },
      async startKafka() {
        if (kafkaBroker) return;
        kafkaBroker = await startKafka({ dataDir: kafkaDataDir, port: kafkaPort });
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function spawnApp(
  role: ScaleOutRole,
  name: string,
  env: Record<string, string>,
  dataDir: string,
  port: number | undefined,
  log: ((line: string) => void) | undefined,
): AppProcess {
  const child: ChildProcess = spawn(process.execPath, roleCommand(role), {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  const lines: string[] = [];
  const onLine = (line: string) => {
    lines.push(line);
    if (lines.length > 200) lines.shift();
    log?.(`[${name}] ${line}`);
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) if (line.trim()) onLine(line);
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  // Never outlive the process that started us.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));
  return {
    name,
    role,
    pid: child.pid,
    ...(port !== undefined && { url: `http://127.0.0.1:${port}` }),
    dataDir,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    output: () => [...lines],
  };
}

async function waitUntilReady(child: AppProcess, role: ScaleOutRole, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void child.exited.then((result) => {
    exit = result;
  });
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(
        `${child.name} exited (${exit.signal ?? `code ${exit.code}`}) before it was ready:\n${child.output().join('\n')}`,
      );
    }
    if (child.output().some((line) => READY_LINE[role].test(line))) {
      if (role !== 'api') return;
      // compose's healthcheck of the api service.
      const healthy = await fetch(`${child.url}/api/v1/health`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${child.name} was not ready within ${timeoutMs} ms:\n${child.output().join('\n')}`);
}

/** Waits until no process has the pid (a server's postmaster after a shutdown signal). */
async function untilGone(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`process ${pid} still runs after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopProcess(child: AppProcess): Promise<void> {
  child.kill('SIGTERM');
  // compose's stop_grace_period (40 s), then SIGKILL.
  const stopped = await Promise.race([
    child.exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 40_000).unref()),
  ]);
  if (!stopped) {
    child.kill('SIGKILL');
    await child.exited;
  }
}
