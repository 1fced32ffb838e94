// A Temporal worker in a child process of its own (./worker-process-main.ts): real activities, the real workflow
// bundle, its own connections, so a test can SIGKILL it the way a crashed worker dies, with nothing flushed.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const WORKER_PROCESS_ENV = 'FANMISSION_TEST_WORKER';

export interface WorkerProcessOptions {
  temporalAddress: string;
  namespace: string;
  taskQueue: string;
  databaseUrl: string;
  /** The files' folder of the app under test (the perform's media are read from there). */
  storageDir: string;
  /** A bundle of the workflows on disk (`cachedWorkflowBundle()`), so that a child does not bundle again. */
  workflowBundlePath: string;
  /** This activity runs for real, then the process kills itself (SIGKILL) before returning its result. */
  killAfter?: string;
}

export interface WorkerProcess {
  readonly pid: number;
  /** Resolves with the input of the `killAfter` activity once it has committed, right before the process dies. */
  readonly committed: Promise<unknown[]>;
  /** Resolves when the process has exited, with its exit code or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The lines it printed on stderr (for failure messages). */
  readonly stderr: string[];
  /** SIGTERM (the worker drains and exits), SIGKILL if still running after `graceMs`. Safe once exited. */
  stop(graceMs?: number): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const entry = fileURLToPath(new URL('./worker-process-main.ts', import.meta.url));

/** Starts the child and resolves once its worker has been created (polling starts right after). */
export async function startWorkerProcess(
  options: WorkerProcessOptions,
  readyTimeoutMs = 120_000,
): Promise<WorkerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, [WORKER_PROCESS_ENV]: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let onReady: () => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  let onCommitted: (args: unknown[]) => void;
  const committed = new Promise<unknown[]>((resolve) => (onCommitted = resolve));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let message: { ready?: boolean; committed?: string; args?: unknown[] };
    try {
      message = JSON.parse(line) as typeof message;
    } catch {
      return;
    }
    if (message.ready) onReady();
    if (message.committed) onCommitted(message.args ?? []);
  });

  const stop = async (graceMs = 15_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ready,
      exited.then(({ code, signal }) => {
        throw new Error(`the worker process exited before it was ready (${code ?? signal}):\n${stderr.join('\n')}`);
      }),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the worker process was not ready in ${readyTimeoutMs} ms:\n${stderr.join('\n')}`)),
          readyTimeoutMs,
        );
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { pid: child.pid!, committed, exited, stderr, stop };
}
