// A workflow at rest: it has run every task it was given and now waits (on a timer, a signal or a condition), with no
// workflow task and no activity still to run. What its tasks would do (an activity's write) is then done, so a test
// can assert that something did not happen without waiting for a time.
import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

const { EventType } = temporal.api.enums.v1;

/** The events a completed workflow task may leave after it without giving the workflow more to run. */
const WAITING = new Set([
  EventType.EVENT_TYPE_TIMER_STARTED,
  EventType.EVENT_TYPE_TIMER_CANCELED,
  EventType.EVENT_TYPE_MARKER_RECORDED,
  EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES,
  EventType.EVENT_TYPE_WORKFLOW_PROPERTIES_MODIFIED,
]);

async function atRest(client: Client, workflowId: string): Promise<boolean> {
  const handle = client.workflow.getHandle(workflowId);
  const { raw } = await handle.describe();
  if ((raw.pendingActivities?.length ?? 0) > 0) return false;
  const events = (await handle.fetchHistory()).events ?? [];
  const lastTask = events.findLastIndex((event) => event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED);
  return lastTask >= 0 && events.slice(lastTask + 1).every((event) => WAITING.has(event.eventType!));
}

/** Waits until each workflow is at rest (see above); throws after `timeoutMs` naming those still busy. */
export async function untilWorkflowsAtRest(client: Client, workflowIds: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let busy = workflowIds;
  while (busy.length > 0) {
    const rest = await Promise.all(busy.map((id) => atRest(client, id)));
    busy = busy.filter((_, index) => !rest[index]);
    if (busy.length === 0) return;
    if (Date.now() > deadline) throw new Error(`workflows not at rest after ${timeoutMs} ms: ${busy.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
