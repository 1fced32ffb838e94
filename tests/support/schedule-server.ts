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
import { WORKFLOW_BUNDLE_CACHE } from '../harness/temporal-global-setup';

/**
 * How long a Schedule test may take before it counts as hung: a last guard only. Every wait of this file ends when the
 * state it waits for shows (an update applied, a pause, a started workflow), which the dev server reaches in well
 * under a second alone and in tens of seconds on a 2-core machine busy with the other lanes of `npm test`.
 */
export const SCHEDULE_TEST_TIMEOUT_MS = 240_000;

/** The bound of one wait for a state (see SCHEDULE_TEST_TIMEOUT_MS). */
const STATE_WAIT_MS = 120_000;

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

  async function describeUpdatedTo(timezone: string | undefined): Promise<ScheduleDescription> {
    return await vi.waitFor(
      async () => {
        const description = await handle().describe();
        expect(description.spec.timezone).toBe(timezone);
        return description;
      },
      { timeout: STATE_WAIT_MS, interval: 100 },
    );
  }

  async function firstActionWorkflowId(): Promise<string> {
    return await vi.waitFor(
      async () => {
        const [action] = (await handle().describe()).info.recentActions;
        if (!action) throw new Error('the Schedule has not started its workflow yet');
        return action.action.workflow.workflowId;
      },
      { timeout: STATE_WAIT_MS, interval: 100 },
    );
  }

  return {
    get client() {
      return client;
    },
    handle,
    async changeByOperator({ spec, pauseNote }) {
      // One change at a time: an update and a pause sent back to back wait together for the Schedule's workflow,
      // which can apply the pause first and then the update, whose state (read before the pause) unpauses it again.
      await handle().update((previous) => ({ ...previous, spec }));
      await describeUpdatedTo(spec.timezone);
      await handle().pause(pauseNote);
      await vi.waitFor(
        async () => {
          const description = await handle().describe();
          expect(description.spec.timezone).toBe(spec.timezone);
          expect(description.state).toMatchObject({ paused: true, note: pauseNote });
        },
        { timeout: STATE_WAIT_MS, interval: 100 },
      );
    },
    describeUpdatedTo,
    async runTriggered(activities) {
      const nativeConnection = await NativeConnection.connect({ address: server.address });
      try {
        const worker = await createFanmissionWorker({
          connection: nativeConnection,
          activities,
          bundleCacheDir: WORKFLOW_BUNDLE_CACHE,
        });
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
