import type { TemporalAccess } from '../context';

/** The mission workflow starts under way in this process, per Temporal client, by mission id. */
const pending = new WeakMap<TemporalAccess['client'], Map<number, Promise<boolean>>>();

/**
 * Starts under way in this process beyond which a new request waits for its own start: when Temporal falls behind,
 * requests slow down with it instead of piling up starts without bound.
 */
export const MAX_PENDING_STARTS = 64;

/**
 * Remembers a start under way until it settles (see `startMissionWorkflowAfterCommit`). Answers whether the caller
 * should wait for it (more than `MAX_PENDING_STARTS` under way).
 */
export function trackMissionWorkflowStart(
  temporal: TemporalAccess,
  missionId: number,
  start: Promise<boolean>,
): boolean {
  let starts = pending.get(temporal.client);
  if (!starts) {
    starts = new Map();
    pending.set(temporal.client, starts);
  }
  const byClient = starts;
  const tracked = start.finally(() => {
    if (byClient.get(missionId) === tracked) byClient.delete(missionId);
  });
  byClient.set(missionId, tracked);
  return byClient.size > MAX_PENDING_STARTS;
}

/** The start of this mission's workflow under way in this process, if any. */
export function pendingMissionWorkflowStart(
  temporal: TemporalAccess | undefined,
  missionId: number,
): Promise<boolean> | undefined {
  return temporal ? pending.get(temporal.client)?.get(missionId) : undefined;
}

/** Resolves once every start under way through this client has settled (shutdown, tests). */
export async function missionWorkflowStartsSettled(temporal: TemporalAccess | undefined): Promise<void> {
  const starts = temporal && pending.get(temporal.client);
  while (starts && starts.size > 0) await Promise.allSettled([...starts.values()]);
}
