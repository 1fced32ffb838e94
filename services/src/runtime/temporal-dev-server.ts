// The Temporal server of the embedded mode (`npm start`): the Temporal CLI's dev server with its web UI, keeping
// its state in a SQLite file so workflows and their timers survive restarts.
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ensurePortsFree, freePort } from './free-port';
import { lowerCpuPriority } from './priority';

export interface TemporalDevServerOptions {
  /** Path of the Temporal CLI (see `ensureTemporalCli()` in scripts/infra/temporal-cli.ts). */
  binary: string;
  /** Folder of the SQLite database; the same folder on the next start brings the same workflows back. */
  dataDir: string;
  /** Frontend gRPC port; a free one when omitted. */
  port?: number;
  /** Web UI port; a free one when omitted. */
  uiPort?: number;
  /** The settings that chose `port` and `uiPort` (`npm start`'s), named when one of them is taken. */
  portSettings?: { port: string; uiPort: string };
  /** Receives each line the server prints; dropped when omitted (the last lines appear in start-up errors). */
  log?: (line: string) => void;
  /** How long to wait for the frontend and the UI to answer. */
  startTimeoutMs?: number;
  /** The CPU priority (nice, 0-19) of the server's threads: `BACKGROUND_NICE` in `npm start`; unchanged when omitted. */
  nice?: number;
}

export interface TemporalDevServer {
  /** `host:port` of the frontend, for `Connection.connect` / `NativeConnection.connect`. */
  address: string;
  uiUrl: string;
  pid: number;
  /** SIGTERM, then SIGKILL if the server has not exited after `graceMs` (default 10 s). Safe to call twice. */
  stop(graceMs?: number): Promise<void>;
}

const namespace = 'default';

/**
 * The SQLite file in write-ahead-log mode: a commit appends to the log and syncs it once, instead of writing a rollback
 * journal and the database with their own syncs (the server's CPU per mission request, closed loop, fell from 17-18
 * to 13-14 ms in tests/bench/missions.ts with BENCH_TEMPORAL=dev). `synchronous=full` keeps every acknowledged start
 * on disk before the answer, as before: a mission marked as started in PostgreSQL has its workflow after a power cut.
 */
export const SQLITE_PRAGMAS = ['journal_mode=wal', 'synchronous=full'] as const;

export async function startTemporalDevServer(options: TemporalDevServerOptions): Promise<TemporalDevServer> {
  await mkdir(options.dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const uiPort = options.uiPort ?? (await freePort());
  const host = '127.0.0.1';
  const address = `${host}:${port}`;
  const uiUrl = `http://${host}:${uiPort}`;
  // Checked before the start: otherwise the CLI's refusal comes back as a failed start with its log lines and a
  // stack, naming no setting. (Its other ports, the HTTP API's, the metrics' and its services', are free ones it
  // picks itself.)
  await ensurePortsFree(
    [
      { port, what: 'the Temporal dev server', setting: options.portSettings?.port },
      { port: uiPort, what: 'the Temporal dev server’s web UI', setting: options.portSettings?.uiPort },
    ],
    host,
  );

  const child = spawn(
    options.binary,
    [
      'server',
      'start-dev',
      '--db-filename',
      join(options.dataDir, 'temporal.db'),
      '--ip',
      host,
      '--port',
      String(port),
      '--ui-port',
      String(uiPort),
      '--namespace',
      namespace,
      ...SQLITE_PRAGMAS.flatMap((pragma) => ['--sqlite-pragma', pragma]),
      '--log-level',
      'warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const pid = child.pid;
  const recentLines: string[] = [];
  const onLine = (line: string): void => {
    recentLines.push(line);
    if (recentLines.length > 40) recentLines.shift();
    options.log?.(line);
  };
  forwardLines(child.stdout, onLine);
  forwardLines(child.stderr, onLine);

  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<void>((resolveExit) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolveExit();
    });
  });
  const spawnFailed = new Promise<never>((_, reject) => child.once('error', reject));
  // At once, and again once it answers: a thread the server started in between took its creator's priority, or is
  // caught by the second pass.
  const lowerPriority = () => {
    if (options.nice && pid !== undefined && !exit) lowerCpuPriority(pid, options.nice);
  };
  lowerPriority();
  // If this process exits without calling stop(), do not leave the server running.
  const killOnExit = (): void => {
    if (!exit) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 10_000): Promise<void> => {
    stopping ??= (async () => {
      if (!exit) {
        child.kill('SIGTERM');
        const stopped = await Promise.race([exited.then(() => true), delay(graceMs).then(() => false)]);
        if (!stopped) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      process.removeListener('exit', killOnExit);
    })();
    return stopping;
  };

  try {
    if (pid === undefined) await spawnFailed;
    const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
    const whileRunning = <T>(step: Promise<T>): Promise<T> =>
      Promise.race([
        step,
        spawnFailed,
        exited.then(() => {
          throw new Error(`exited with ${exit?.signal ?? `code ${exit?.code}`}`);
        }),
      ]);
    await whileRunning(waitForFrontend(address, deadline));
    await whileRunning(waitForHttp(uiUrl, deadline));
    lowerPriority();
  } catch (error) {
    await stop(2_000);
    throw new Error(
      `The Temporal dev server (${options.binary}) did not start: ${(error as Error).message}\n${recentLines.join('\n')}`,
      { cause: error },
    );
  }

  return { address, uiUrl, pid: pid as number, stop };
}

/** The port opens before the frontend serves; ready means the namespace can be described. */
async function waitForFrontend(address: string, deadline: number): Promise<void> {
  // Loaded here, not with this module: `npm start` spawns the server before the client's gRPC stack is loaded.
  const { Connection } = await import('@temporalio/client');
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 2_000 });
      try {
        await connection.withDeadline(Date.now() + 2_000, () =>
          connection.workflowService.describeNamespace({ namespace }),
        );
        return;
      } finally {
        await connection.close();
      }
    } catch (error) {
      lastError = error;
      await delay(200);
    }
  }
  throw new Error(`frontend at ${address} did not answer in time (${String(lastError)})`);
}

async function waitForHttp(url: string, deadline: number): Promise<void> {
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status < 500) return;
      lastError = new Error(`HTTP ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await delay(200);
  }
  throw new Error(`web UI at ${url} did not answer in time (${String(lastError)})`);
}

function forwardLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') onLine(line);
  });
  stream.on('end', () => {
    if (pending.trim() !== '') onLine(pending);
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolveDelay) => setTimeout(resolveDelay, ms).unref());
}
