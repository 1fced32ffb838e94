// The reading side of tests/bench/sandbox-entries-preload.mjs: the worker's calls into its workflows' sandbox (each
// with the watchdog of a timed `vm` call), counted in its workflow threads, summed and turned into figures per request.
import { BroadcastChannel } from 'node:worker_threads';

/** The channel the preload's threads answer on. */
const CHANNEL = 'fanmission-bench-sandbox-entries';

export interface SandboxEntries {
  /** Calls into a workflow's context by the SDK's function name. */
  calls: Record<string, number>;
  /** Jobs handed to `activate` by kind. */
  jobs: Record<string, number>;
}

type Message = { type: 'report' } | { type: 'counts'; thread: number; entries: SandboxEntries };

/** The counts of every workflow thread of this process so far (they answer within `waitMs`). */
export async function readSandboxEntries(waitMs = 300): Promise<SandboxEntries> {
  const channel = new BroadcastChannel(CHANNEL);
  const byThread = new Map<number, SandboxEntries>();
  channel.onmessage = (event) => {
    const message = (event as { data: Message }).data;
    if (message.type === 'counts') byThread.set(message.thread, message.entries);
  };
  channel.postMessage({ type: 'report' } satisfies Message);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  channel.close();
  const total: SandboxEntries = { calls: {}, jobs: {} };
  for (const entries of byThread.values()) {
    for (const kind of ['calls', 'jobs'] as const) {
      for (const [key, n] of Object.entries(entries[kind])) total[kind][key] = (total[kind][key] ?? 0) + n;
    }
  }
  return total;
}

/** `after − before` per request: "N sandbox entries (fn n, …); jobs: kind n, …". */
export function sandboxEntriesPerRequest(before: SandboxEntries, after: SandboxEntries, requests: number): string {
  const per = (kind: 'calls' | 'jobs') =>
    Object.entries(after[kind])
      .map(([key, n]) => [key, (n - (before[kind][key] ?? 0)) / requests] as const)
      .filter(([, n]) => n >= 0.005)
      .sort((a, b) => b[1] - a[1]);
  const calls = per('calls');
  const total = calls.reduce((sum, [, n]) => sum + n, 0);
  const list = (items: ReadonlyArray<readonly [string, number]>) =>
    items.map(([key, n]) => `${key} ${n.toFixed(2)}`).join(', ');
  const activations = calls.find(([key]) => key === 'concludeActivation')?.[1] ?? 0;
  return (
    `${total.toFixed(1)} sandbox entries, ${activations.toFixed(2)} activations a request ` +
    `(${list(calls)}; jobs: ${list(per('jobs')) || 'none'})`
  );
}
