import { describe, expect, it } from 'vitest';
import { useTemporalTestEnvironment, withTestWorker } from '@fanmission/tests/harness/temporal';
import { SAMPLE_WORKFLOWS_PATH } from '@fanmission/tests/support/sample-workflows-path';
import { approveSignal, awaitApprovalFor30Days, sleepTenDays } from '@fanmission/tests/support/sample-workflows';

const DAY_MS = 24 * 60 * 60 * 1000;

const env = await useTemporalTestEnvironment();
/** The sample workflows are not in the production bundle: this worker bundles them. */
const samples = { workflowsPath: SAMPLE_WORKFLOWS_PATH };

describe('time-skipping harness', () => {
  it('runs a 10-day sleep in seconds of wall time', async () => {
    const wallStart = performance.now();
    const serverStart = await env.currentTimeMs();

    const result = await withTestWorker(env, samples, (taskQueue) =>
      env.client.workflow.execute(sleepTenDays, { taskQueue, workflowId: `sleep-${taskQueue}` }),
    );

    const wallMs = Math.round(performance.now() - wallStart);
    console.log(`10-day sleep took ${wallMs} ms of wall time`);
    expect(result.sleptMs).toBeGreaterThanOrEqual(10 * DAY_MS);
    expect(await env.currentTimeMs()).toBeGreaterThanOrEqual(serverStart + 10 * DAY_MS);
  });

  it('lets an approve signal beat the 30-day timer', async () => {
    const result = await withTestWorker(env, samples, async (taskQueue) => {
      const handle = await env.client.workflow.start(awaitApprovalFor30Days, {
        taskQueue,
        workflowId: `approval-${taskQueue}`,
      });
      // Two simulated days pass without approval; the timer must still be pending.
      await env.sleep('2 days');
      await handle.signal(approveSignal);
      return await handle.result();
    });

    expect(result.outcome).toBe('signal');
    // The workflow counts from its first task, which a busy machine runs a few milliseconds into the two days (seen:
    // 74 ms): about two days, to the minute.
    expect(result.waitedMs).toBeGreaterThanOrEqual(2 * DAY_MS - 60_000);
    expect(result.waitedMs).toBeLessThan(30 * DAY_MS);
  });

  it('times out after 30 simulated days without a signal', async () => {
    const result = await withTestWorker(env, samples, (taskQueue) =>
      env.client.workflow.execute(awaitApprovalFor30Days, { taskQueue, workflowId: `approval-${taskQueue}` }),
    );

    expect(result.outcome).toBe('timeout');
    expect(result.waitedMs).toBeGreaterThanOrEqual(30 * DAY_MS);
  });
});
