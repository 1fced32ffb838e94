// A real single-node Apache Kafka (KRaft: one combined broker + controller with a static voter) for tests.
//
//   const kafka = await startKafka();   // kafka.brokers = ['127.0.0.1:<port>']
//   ...
//   await kafka.stop();
//
// The jars come from tools/kafka/pom.xml (scripts/infra/kafka.ts). The JVM never outlives the Node process
// that started it: stop() terminates it, an exit handler kills it when Node exits without stop(), and a small
// watchdog process (reading a pipe from Node) terminates it if Node dies from a signal or SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { ensureKafkaJars, javaExecutable } from '../../scripts/infra/kafka';

export interface StartKafkaOptions {
  /** Keep the broker's data here (created if missing, kept on stop). Default: a temp dir removed on stop. */
  dataDir?: string;
  /** Broker (PLAINTEXT) port; default a free port. Pass the old port to restart a broker on the same data. */
  port?: number;
  /** How long to wait for the broker to accept admin requests. Default 90 s. */
  readyTimeoutMs?: number;
}

export interface KafkaBroker {
  brokers: string[];
  pid: number;
  stop(): Promise<void>;
}

const JVM_OPTIONS = ['-Xms64m', '-Xmx512m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Djava.awt.headless=true'];
const STOP_TIMEOUT_MS = 15_000;
const LOG4J = `log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
`;

export async function startKafka(options: StartKafkaOptions = {}): Promise<KafkaBroker> {
  const started = Date.now();
  const libDir = await ensureKafkaJars();
  const classpath = `${libDir}/*`;
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'fanmission-kafka-')));
  await mkdir(dataDir, { recursive: true });

  const ports = await freePorts(2, options.port === undefined ? [] : [options.port]);
  const brokerPort = ports[0]!;
  const controllerPort = ports[1]!;
  const brokerAddress = `127.0.0.1:${brokerPort}`;
  const configFile = join(dataDir, 'server.properties');
  const log4jFile = join(dataDir, 'log4j.properties');
  await writeFile(configFile, serverProperties({ brokerPort, controllerPort, logDir: join(dataDir, 'kraft-logs') }));
  await writeFile(log4jFile, LOG4J);
  const jvm = [...JVM_OPTIONS, `-Dlog4j.configuration=file:${log4jFile}`, '-cp', classpath];

  const output = new LogTail();
  try {
    const clusterId = await clusterIdFor(dataDir);
    const format = await run(
      javaExecutable(),
      [...jvm, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', configFile, '--ignore-formatted'],
      output,
    );
    if (format !== 0) throw new Error(`kafka.tools.StorageTool format exited with ${format}`);
  } catch (error) {
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    throw withLog(error, output);
  }

  const java = spawn(javaExecutable(), [...jvm, 'kafka.Kafka', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string>((resolveExit) => {
    java.once('exit', (code, signal) => resolveExit(code ?? signal ?? 'unknown'));
    java.once('error', (error) => resolveExit(error.message));
  });
  output.follow(java);
  const pid = java.pid;
  const watchdog = pid === undefined ? undefined : startWatchdog(pid, ownsDataDir ? dataDir : undefined);

  // Last resort for a Node process that exits without stop(): no graceful shutdown is possible in an exit handler.
  const onExit = () => {
    java.kill('SIGKILL');
    watchdog?.kill('SIGKILL');
    if (ownsDataDir) {
      try {
        rmSync(dataDir, { recursive: true, force: true });
      } catch {
        // the JVM may still hold files open for a moment; the OS temp cleaner gets the rest
      }
    }
  };
  process.once('exit', onExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (java.exitCode === null && java.signalCode === null) {
        java.kill('SIGTERM');
        const timer = setTimeout(() => java.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      watchdog?.kill('SIGKILL');
      watchdog?.stdin?.destroy();
      process.removeListener('exit', onExit);
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  if (pid === undefined) {
    await stop();
    throw withLog(new Error(`Cannot start ${javaExecutable()}: ${await exited}`), output);
  }

  try {
    await waitUntilReady(brokerAddress, exited, options.readyTimeoutMs ?? 90_000);
  } catch (error) {
    await stop();
    throw withLog(error, output);
  }
  if (process.env.FANMISSION_KAFKA_DEBUG) {
    console.error(`[kafka] broker ${brokerAddress} (pid ${pid}) ready in ${Date.now() - started} ms`);
  }
  return { brokers: [brokerAddress], pid, stop };
}

/** A kept data dir must be formatted (or re-checked by --ignore-formatted) with the cluster id it already has. */
async function clusterIdFor(dataDir: string): Promise<string> {
  const file = join(dataDir, 'cluster.id');
  const existing = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  if (existing) return existing;
  // Kafka refuses a cluster id of the wrong shape: 16 random bytes, base64url, no padding. Like Kafka's own
  // Uuid.randomUuid, never one starting with '-': the storage tool's argument parser would take it for an option
  // (1 start in 64 failed that way).
  let clusterId = randomBytes(16).toString('base64url');
  while (clusterId.startsWith('-')) clusterId = randomBytes(16).toString('base64url');
  await writeFile(file, `${clusterId}\n`);
  return clusterId;
}

function serverProperties(p: { brokerPort: number; controllerPort: number; logDir: string }): string {
  return `${[
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${p.controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${p.brokerPort},CONTROLLER://127.0.0.1:${p.controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${p.brokerPort}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    `log.dirs=${p.logDir}`,
    'num.partitions=3',
    'auto.create.topics.enable=true',
    'default.replication.factor=1',
    'min.insync.replicas=1',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=3',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=3',
    'group.initial.rebalance.delay.ms=0',
    // a test machine has few cores: keep the thread pools small
    'num.network.threads=2',
    'num.io.threads=2',
    'background.threads=2',
    'num.recovery.threads.per.data.dir=1',
    'log.cleaner.threads=1',
  ].join('\n')}\n`;
}

async function waitUntilReady(broker: string, exited: Promise<number | string>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  let died: number | string | undefined;
  void exited.then((code) => {
    died = code;
  });
  while (Date.now() < deadline) {
    if (died !== undefined) throw new Error(`Kafka exited (${died}) before it was ready`);
    // A fresh client per attempt: the port opens before the broker has registered with its controller.
    const admin = new Kafka({
      clientId: 'fanmission-harness',
      brokers: [broker],
      logLevel: logLevel.NOTHING,
      connectionTimeout: 1_000,
      requestTimeout: 5_000,
      retry: { retries: 0 },
    }).admin();
    try {
      await admin.connect();
      const cluster = await admin.describeCluster();
      if (cluster.brokers.length === 0 || cluster.controller === null) throw new Error('no broker registered yet');
      // Creating a topic proves the controller is active and the broker is unfenced.
      await admin.createTopics({
        topics: [{ topic: '__fanmission_ready', numPartitions: 1, replicationFactor: 1 }],
        waitForLeaders: true,
        timeout: 5_000,
      });
      const metadata = await admin.fetchTopicMetadata({ topics: ['__fanmission_ready'] });
      if (metadata.topics[0]?.partitions[0]?.leader !== 1) throw new Error('readiness topic has no leader yet');
      return;
    } catch (error) {
      lastError = error;
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
    await new Promise((resolveSleep) => setTimeout(resolveSleep, 200));
  }
  const reason = lastError instanceof Error ? lastError.message : String(lastError);
  throw new Error(`Kafka at ${broker} not ready within ${timeoutMs} ms (last error: ${reason})`);
}

/**
 * A `sh` that waits for end-of-file on a pipe from this process, then terminates the JVM (SIGKILL after 10 s) and
 * removes the temp data dir. The pipe closes however Node ends, SIGKILL included, which no exit handler can cover.
 */
function startWatchdog(pid: number, removeDir: string | undefined): ChildProcess | undefined {
  const script =
    'cat >/dev/null; if kill -TERM "$1" 2>/dev/null; then i=0; ' +
    'while kill -0 "$1" 2>/dev/null && [ "$i" -lt 100 ]; do sleep 0.1; i=$((i+1)); done; kill -KILL "$1" 2>/dev/null; ' +
    'fi; if [ -n "$2" ]; then sleep 0.2; rm -rf -- "$2"; fi';
  try {
    const child = spawn('/bin/sh', ['-c', script, 'kafka-watchdog', String(pid), removeDir ?? ''], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.on('error', () => undefined);
    child.stdin.on('error', () => undefined);
    // The watchdog must not keep the event loop (or vitest) alive.
    child.unref();
    (child.stdin as unknown as { unref?: () => void }).unref?.();
    return child;
  } catch {
    return undefined;
  }
}

async function freePorts(count: number, fixed: number[]): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count - fixed.length }, () => {
      return new Promise<Server>((resolveServer, reject) => {
        const server = createServer();
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolveServer(server));
      });
    }),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise((resolveClose) => server.close(resolveClose))));
  return [...fixed, ...ports];
}

function run(command: string, args: string[], output: LogTail): Promise<number | string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    output.follow(child);
    child.once('error', reject);
    child.once('close', (code, signal) => resolveRun(code ?? signal ?? 'unknown'));
  });
}

/** Keeps the last lines Kafka printed, for the error message of a failed start. */
class LogTail {
  private text = '';
  private readonly echo = Boolean(process.env.FANMISSION_KAFKA_DEBUG);

  follow(child: ChildProcess): void {
    const take = (chunk: Buffer) => {
      this.text = (this.text + chunk.toString()).slice(-8_000);
      if (this.echo) process.stderr.write(chunk);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
  }

  toString(): string {
    return this.text.trim();
  }
}

function withLog(error: unknown, output: LogTail): Error {
  const message = error instanceof Error ? error.message : String(error);
  const tail = output.toString();
  return new Error(tail ? `${message}\n--- Kafka output ---\n${tail}` : message, { cause: error });
}
