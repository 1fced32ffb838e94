// Loaded with `--import` into tests/bench/missions.ts's worker process, whose threads inherit it (plain JavaScript: the
// SDK's workflow thread starts without tsx's loader). In the SDK's workflow thread each call into a workflow's V8
// context (`initRuntime`, `initialize`, `activate`, `tryUnblockConditions`, `concludeActivation`,
// `getAndResetSinkCalls`, `dispose`…) runs a `vm.Script` with a timeout, for which V8 starts a watchdog: these calls
// are counted by name, and the jobs of each `activate` by kind (`initializeWorkflow`, `fireTimer`, `doUpdate`,
// `queryWorkflow`…). The process's main thread asks for the counts over a BroadcastChannel
// (tests/bench/sandbox-entries.ts, which names the same channel).
import vm from 'node:vm';
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads';

if (!isMainThread) {
  /** @type {{ calls: Record<string, number>, jobs: Record<string, number> }} */
  const entries = { calls: {}, jobs: {} };
  /** @param {Record<string, number>} record @param {string} key */
  const add = (record, key) => {
    record[key] = (record[key] ?? 0) + 1;
  };
  /** @param {any} context */
  const count = (context) => {
    // The reusable context's proxy sets `[holder, fn, args]` before each call (worker/lib/workflow/reusable-vm.js).
    const call = context?.__temporal_args;
    if (!Array.isArray(call) || typeof call[1] !== 'string') return;
    add(entries.calls, call[1]);
    if (call[1] !== 'activate') return;
    for (const job of call[2]?.[0]?.jobs ?? []) add(entries.jobs, job.variant ?? Object.keys(job)[0] ?? 'unknown');
  };
  const runInContext = vm.Script.prototype.runInContext;
  vm.Script.prototype.runInContext = function (context, options) {
    count(context);
    return runInContext.call(this, context, options);
  };
  const channel = new BroadcastChannel('fanmission-bench-sandbox-entries');
  channel.unref();
  channel.onmessage = (event) => {
    if (/** @type {{ data: { type: string } }} */ (event).data.type !== 'report') return;
    channel.postMessage({ type: 'counts', thread: threadId, entries });
  };
}
