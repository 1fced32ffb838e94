import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import type { greet } from '@fanmission/tests/support/sample-workflows';
import { SAMPLE_WORKFLOWS_PATH } from '@fanmission/tests/support/sample-workflows-path';
import { threadNiceValues } from '@fanmission/tests/support/thread-priority';
import { FANMISSION_TASK_QUEUE } from '@fanmission/workflows/task-queue';
import { createFanmissionWorker } from '@fanmission/workflows/worker';
import { ensureTemporalCli } from '../../../scripts/infra/temporal-cli';
import { startTemporalDevServer, type TemporalDevServer } from './temporal-dev-server';

let binary: string;
let dataDir: string;
const started: TemporalDevServer[] = [];

async function start(): Promise<TemporalDevServer> {
  const startedAt = performance.now();
  const server = await startTemporalDevServer({ binary, dataDir, nice: 7 });
  started.push(server);
  console.log(`dev server ready at ${server.address} in ${Math.round(performance.now() - startedAt)} ms`);
  return server;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('Temporal dev server', () => {
  beforeAll(async () => {
    // The worker's state changes and webpack's module list at INFO level would drown the test output.
    if (!Runtime._instance) Runtime.install({ logger: new DefaultLogger('WARN') });
    // A cold `go install` of the CLI takes minutes; afterwards this is a file check.
    binary = await ensureTemporalCli();
    dataDir = await mkdtemp(join(tmpdir(), 'fanmission-temporal-'));
  }, 600_000);

  afterAll(async () => {
    for (const server of started) await server.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('runs a workflow on the production worker, serves the UI, keeps history across restarts and stops cleanly', async () => {
    const workflowId = `greet-${Date.now()}`;
    const first = await start();
    // Every thread of the server yields the CPU as `npm start` asks (BACKGROUND_NICE), the ones started while it
    // came up too.
    if (process.platform === 'linux') expect(new Set(threadNiceValues(first.pid))).toEqual(new Set([7]));

    const nativeConnection = await NativeConnection.connect({ address: first.address });
    const connection = await Connection.connect({ address: first.address });
    try {
      const worker = await createFanmissionWorker({
        connection: nativeConnection,
        workflowsPath: SAMPLE_WORKFLOWS_PATH,
      });
      const client = new Client({ connection });
      const greeting = await worker.runUntil(
        client.workflow.execute<typeof greet>('greet', {
          taskQueue: FANMISSION_TASK_QUEUE,
          workflowId,
          args: ['Temporal'],
        }),
      );
      expect(greeting).toBe('Hello, Temporal!');
      // Its SQLite file in write-ahead-log mode (SQLITE_PRAGMAS): the log beside the database.
      expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['temporal.db', 'temporal.db-wal']));
    } finally {
      await connection.close();
      await nativeConnection.close();
    }

    const ui = await fetch(first.uiUrl);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('<html');

    await first.stop();
    expect(isRunning(first.pid)).toBe(false);

    const second = await start();
    const again = await Connection.connect({ address: second.address });
    try {
      const description = await new Client({ connection: again }).workflow.getHandle(workflowId).describe();
      expect(description.status.name).toBe('COMPLETED');
    } finally {
      await again.close();
    }
    await second.stop();
    expect(isRunning(second.pid)).toBe(false);
  }, 120_000);
});
