import net from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  Client,
  isGrpcDeadlineError,
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  type WorkflowHandle,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, describe, expect, it } from 'vitest';
import {
  missionStateQuery,
  missionWorkflow,
  performMissionUpdate,
  type MissionWorkflowInput,
} from '@fanmission/workflows/missions';
import { defaultWorkflowsPath } from '@fanmission/workflows/worker';
import { useTemporalTestEnvironment, withTestWorker } from '@fanmission/tests/harness/temporal';
import { freePort } from './free-port';
import { lazyTemporalConnection } from './temporal-connection';

const env = await useTemporalTestEnvironment();
const connection = lazyTemporalConnection({ address: env.address });
const client = new Client({ connection, namespace: env.namespace ?? 'default' });
afterAll(() => connection.close());

const requested = (missionId: number): MissionWorkflowInput => ({
  missionId,
  status: 'REQUESTED',
  decisionDueAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
});
const missionNumber = () => Math.floor(Math.random() * 1e9);
/** Sends a perform with a deadline `ms` from now, as the API does; answers what it failed with. */
const performWithin = (handle: WorkflowHandle, ms: number) =>
  client
    .withDeadline(Date.now() + ms, () =>
      handle.executeUpdate(performMissionUpdate, {
        args: [{ responseComment: 'performed', media: { kind: 'picture', fileId: 1 } }],
      }),
    )
    .catch((error: unknown) => error);

describe('the lazy Temporal connection over the Rust client', () => {
  it('starts, queries and updates a workflow, with the SDK errors the API tells apart', async () => {
    await withTestWorker(env, { workflowsPath: defaultWorkflowsPath() }, async (taskQueue) => {
      const workflowId = `connection-${randomUUID()}`;
      const handle = await client.workflow.start(missionWorkflow, {
        workflowId,
        taskQueue,
        args: [requested(missionNumber())],
      });
      expect(await handle.query(missionStateQuery)).toMatchObject({ phase: 'REQUESTED' });
      expect((await handle.describe()).status.name).toBe('RUNNING');

      // A second start of the same id: what makes a repeated start harmless (`startMissionWorkflow`).
      await expect(
        client.workflow.start(missionWorkflow, { workflowId, taskQueue, args: [requested(missionNumber())] }),
      ).rejects.toBeInstanceOf(WorkflowExecutionAlreadyStartedError);

      // A validator's refusal arrives as the workflow's ApplicationFailure (the API's 409 with its reason).
      const refused = await performWithin(handle, 10_000);
      expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
      const cause = (refused as WorkflowUpdateFailedError).cause;
      expect(cause).toBeInstanceOf(ApplicationFailure);
      expect((cause as ApplicationFailure).type).toBe('NOT_ACCEPTED');
      await handle.terminate('test over');
    });
  }, 60_000);

  it('starts eagerly over the connection of a worker of this process, and closes that connection with its own', async () => {
    const workerConnection = await NativeConnection.connect({ address: env.address });
    const shared = lazyTemporalConnection({
      address: env.address,
      workerConnection: Promise.resolve(workerConnection),
    });
    const sharing = new Client({ connection: shared, namespace: env.namespace ?? 'default' });
    const taskQueue = `eager-${randomUUID()}`;
    const worker = await Worker.create({
      connection: workerConnection,
      namespace: env.namespace ?? 'default',
      taskQueue,
      workflowsPath: defaultWorkflowsPath(),
    });
    await worker.runUntil(async () => {
      const handle = await sharing.workflow.start(missionWorkflow, {
        workflowId: `eager-${randomUUID()}`,
        taskQueue,
        args: [requested(missionNumber())],
        requestEagerStart: true,
      });
      // The server answered the start with the first workflow task, which this worker ran.
      expect(handle.eagerlyStarted).toBe(true);
      expect(await handle.query(missionStateQuery)).toMatchObject({ phase: 'REQUESTED' });
      await handle.terminate('test over');
    });
    // The API's own connection cannot carry an eager start: the SDK refuses the option there.
    await expect(
      client.workflow.start(missionWorkflow, {
        workflowId: `eager-${randomUUID()}`,
        taskQueue,
        args: [requested(missionNumber())],
        requestEagerStart: true,
      }),
    ).rejects.toThrow('Eager workflow start requires a NativeConnection');
    await shared.close();
    await expect(workerConnection.workflowService.getSystemInfo({})).rejects.toThrow();
  }, 60_000);

  it('fails an Update no worker answers at the caller deadline', async () => {
    const handle = await client.workflow.start(missionWorkflow, {
      workflowId: `connection-${randomUUID()}`,
      taskQueue: `nobody-${randomUUID()}`,
      args: [requested(missionNumber())],
    });
    const started = performance.now();
    const late = await performWithin(handle, 1_500);
    expect(late).toBeInstanceOf(WorkflowUpdateRPCTimeoutOrCancelledError);
    expect(performance.now() - started).toBeLessThan(8_000);
    await handle.terminate('test over');
  }, 30_000);

  it('dials nothing when created, fails a call while Temporal is unreachable, and connects on a later call', async () => {
    // A port nobody listens on yet; later, a TCP relay to the test server listens there.
    const port = await freePort();
    const unreachableUntilRelayed = lazyTemporalConnection({ address: `127.0.0.1:${port}` });
    const laterClient = new Client({ connection: unreachableUntilRelayed, namespace: env.namespace ?? 'default' });
    const workflowId = `connection-${randomUUID()}`;
    const start = () =>
      laterClient.workflow.start(missionWorkflow, {
        workflowId,
        taskQueue: `nobody-${randomUUID()}`,
        args: [requested(missionNumber())],
      });
    try {
      await expect(start()).rejects.toBeInstanceOf(ServiceError);
      await expect(client.workflow.getHandle(workflowId).describe()).rejects.toThrow();

      const [host, serverPort] = env.address.split(':') as [string, string];
      const relay = net.createServer((socket) => {
        const upstream = net.connect(Number(serverPort), host);
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      });
      await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
      try {
        const handle = await start();
        expect((await handle.describe()).status.name).toBe('RUNNING');
        await handle.terminate('test over');
      } finally {
        await unreachableUntilRelayed.close();
        relay.close();
      }
      await expect(start()).rejects.toThrow();
    } finally {
      await unreachableUntilRelayed.close();
    }
  }, 60_000);

  it('gives up connecting at the caller deadline, and after the connect timeout, when the server never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const stuck = lazyTemporalConnection({ address: `127.0.0.1:${port}`, connectTimeoutMs: 2_000 });
    try {
      const stuckClient = new Client({ connection: stuck, namespace: env.namespace ?? 'default' });
      const describe = () => stuckClient.workflow.getHandle(`connection-${randomUUID()}`).describe();
      let started = performance.now();
      const late = await stuckClient.withDeadline(Date.now() + 500, describe).catch((error: unknown) => error);
      expect(isGrpcDeadlineError(late)).toBe(true);
      expect(performance.now() - started).toBeLessThan(1_900);

      // Without a deadline (a workflow start after its request's commit), the call fails with the connect.
      started = performance.now();
      await expect(describe()).rejects.toBeInstanceOf(ServiceError);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
      await stuck.close();
    }
  }, 30_000);
});
