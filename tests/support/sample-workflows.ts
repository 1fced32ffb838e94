// Sample workflows that prove the Temporal set-up (test support only: the production worker does not run them;
// a test worker bundles this file through `SAMPLE_WORKFLOWS_PATH` in `sample-workflows-path.ts`): long timers run in seconds under time skipping, a signal can
// beat a timer, and a trivial workflow runs on the dev server. Workflow code is deterministic: `Date.now()` is the
// workflow clock here, which is what lets the tests see how much simulated time passed.
import { ApplicationFailure, condition, continueAsNew, defineSignal, setHandler, sleep } from '@temporalio/workflow';

export interface SleptResult {
  sleptMs: number;
}

/** Sleeps ten days of workflow time, then reports how long it slept. */
export async function sleepTenDays(): Promise<SleptResult> {
  const startedAt = Date.now();
  await sleep('10 days');
  return { sleptMs: Date.now() - startedAt };
}

export const approveSignal = defineSignal('approve');

export type ApprovalOutcome = 'signal' | 'timeout';

export interface ApprovalResult {
  outcome: ApprovalOutcome;
  waitedMs: number;
}

/** Waits up to 30 days for `approve`; reports which came first, the signal or the deadline. */
export async function awaitApprovalFor30Days(): Promise<ApprovalResult> {
  const startedAt = Date.now();
  let approved = false;
  setHandler(approveSignal, () => {
    approved = true;
  });
  const signalled = await condition(() => approved, '30 days');
  return { outcome: signalled ? 'signal' : 'timeout', waitedMs: Date.now() - startedAt };
}

/** Returns at once; used where there is no time skipping (the dev server). */
export async function greet(name: string): Promise<string> {
  return `Hello, ${name}!`;
}

/** Fails its execution (an ApplicationFailure fails the workflow, not only its task). */
export async function failAtOnce(): Promise<void> {
  throw ApplicationFailure.nonRetryable('failed on purpose', 'SampleFailure');
}

/** Continues as new `times` times, then completes. */
export async function continueAsNewTimes(times: number): Promise<number> {
  if (times > 0) await continueAsNew<typeof continueAsNewTimes>(times - 1);
  return times;
}
