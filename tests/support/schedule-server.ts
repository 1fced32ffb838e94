// Test support for the Temporal Schedules (coin expiry, settlement). The time-skipping test server does not implement
// Schedules ("Failed to create schedule"), so they are checked against the Temporal CLI dev server, the server of
// `npm start`: one per suite, started before its tests and stopped after them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTemporalDevServer, type TemporalDevServer } from '@fanmission/services/runtime';
import {
  Client,
  Connection,
  type ScheduleDescription,
  type ScheduleHandle,
  type ScheduleSpec,
} from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { createFanmissionWorker } from '@fanmission/workflows/worker';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { ensureTemporalCli } from '../../scripts/infra/temporal-cli';

export interface ScheduleServer {
  readonly client: Client;
  /** The handle of the Schedule under test. */
  handle(): ScheduleHandle;
  /**
   * Triggers the Schedule now and runs the production worker with these activities until the workflow it started
   * finishes; answers the workflow's result.
   */
  runTriggered(activities: object): Promise<unknown>;
  /**
   * Changes the Schedule as an operator would in Temporal's UI (another spec, a pause with a note) and waits until its
   * description shows both: the Schedule's own workflow applies an update or a pause after the call returns, and a
   * describe right after it can still show the state before (seen on a busy machine).
   */
  changeByOperator(change: { spec: ScheduleSpec; pauseNote: string }): Promise<void>;
  /** The Schedule's description once an update to `timezone` shows (an update is applied after its call returns). */
  describeUpdatedTo(timezone: string): Promise<ScheduleDescription>;
}

/** A Temporal CLI dev server for this suite, with a client and the handle of `scheduleId`. */
export function useScheduleServer(scheduleId: string, folderPrefix: string): ScheduleServer {
  let server: TemporalDevServer;
  let dataDir: string;
  let connection: Connection;
  let client: Client;

  beforeAll(async () => {
    if (!Runtime._instance) Runtime.install({ logger: new DefaultLogger('WARN') });
    const binary = await ensureTemporalCli();
    dataDir = await mkdtemp(join(tmpdir(), folderPrefix));
    server = await startTemporalDevServer({ binary, dataDir });
    connection = await Connection.connect({ address: server.address });
    client = new Client({ connection });
  }, 600_000);

  afterAll(async () => {
    await connection?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const handle = () => client.schedule.getHandle(scheduleId);

  async function firstActionWorkflowId(): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const [action] = (await handle().describe()).info.recentActions;
      if (action) return action.action.workflow.workflowId;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the Schedule did not start its workflow');
  }

  return {
    get client() {
      return client;
    },
    handle,
    async changeByOperator({ spec, pauseNote }) {
      await handle().update((previous) => ({ ...previous, spec }));
      await handle().pause(pauseNote);
      await vi.waitFor(
        async () => {
          const description = await handle().describe();
          expect(description.spec.timezone).toBe(spec.timezone);
          expect(description.state).toMatchObject({ paused: true, note: pauseNote });
        },
        { timeout: 30_000, interval: 100 },
      );
    },
    async describeUpdatedTo(timezone) {
      return await vi.waitFor(
        async () => {
          const description = await handle().describe();
          expect(description.spec.timezone).toBe(timezone);
          return description;
        },
        { timeout: 30_000, interval: 100 },
      );
    },
    async runTriggered(activities) {
      const nativeConnection = await NativeConnection.connect({ address: server.address });
      try {
        const worker = await createFanmissionWorker({ connection: nativeConnection, activities });
        return await worker.runUntil(async () => {
          await handle().trigger();
          const workflowId = await firstActionWorkflowId();
          return await client.workflow.getHandle(workflowId).result();
        });
      } finally {
        await nativeConnection.close();
      }
    },
  };
}
