// One workflow per mission (`mission-<id>`), started by the API right after the request and its coin
// hold commit (or by the reconciler). From then on it is the only writer of the mission's state: accept, refuse and
// perform (and the fan's cancel of a request still undecided) reach it as Updates, and its timers are the 30-day decision and 10-day perform deadlines.
//
// Why an action and a deadline can never both win: the mission's phase lives in this workflow and changes
// synchronously, in one activation. An Update's validator admits an action only in the right phase and strictly
// before the deadline by the workflow clock; the handler leaves that phase before its first await. The deadline
// path leaves it too, before its first await. Whichever runs first, the other meets another phase and is refused
// (the Update with a clear reason, the deadline by not firing). One exception to "the validator checks": a perform
// that arrives while an accept is being recorded (no perform deadline runs yet) is admitted, waits for the accept,
// then makes the same checks and leaves ACCEPTED in that one activation.
import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  currentUpdateInfo,
  defineQuery,
  defineUpdate,
  patched,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { MissionActivities, MissionMediaKind } from './activities';
import { DEADLINE_REMINDERS, DEADLINE_REMINDERS_PATCH, type ReminderDeadline } from './reminders';
import { DAY_MS } from '@fanmission/contracts/time';
import { MISSION_ACTION_REFUSALS, MISSION_MEDIA_MISSING, type MissionActionRefusal } from './refusals';

/** Perform within 10 days of the request, win or acceptance. */
export const PERFORM_WINDOW_MS = 10 * DAY_MS;

const activities = proxyActivities<MissionActivities>({
  startToCloseTimeout: '1 minute',
  // State changes must happen eventually: retry for as long as it takes (the DB may be down), never give up.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

const transcoding = proxyActivities<Pick<MissionActivities, 'transcodeMissionVideo'>>({
  startToCloseTimeout: '15 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 5 },
});

export interface MissionWorkflowInput {
  missionId: number;
  /** REQUESTED: a CUSTOM mission awaiting the creator's decision; ACCEPTED: awaiting the performance. */
  status: 'REQUESTED' | 'ACCEPTED';
  /** REQUESTED: when the 30-day decision window closes (from the request). */
  decisionDueAt?: string;
  /** ACCEPTED: when the 10-day perform window closes (from the request, win or acceptance). */
  performDueAt?: string;
}

export interface PerformInput {
  responseComment: string;
  media: { kind: MissionMediaKind; fileId: number };
}

export type MissionPhase =
  'REQUESTED' | 'DECIDING' | 'ACCEPTED' | 'PERFORMING' | 'TRANSCODING' | 'EXPIRING' | 'COMPLETED' | 'REJECTED';

export interface MissionWorkflowState {
  phase: MissionPhase;
  decisionDueAt: string | null;
  performDueAt: string | null;
}

export interface MissionWorkflowResult {
  status: 'COMPLETED' | 'REJECTED';
  reason?: 'REFUSED' | 'DECISION_EXPIRED' | 'PERFORM_EXPIRED' | 'CANCELED';
}

export const acceptMissionUpdate = defineUpdate<{ id: number }, [{ feedback: string | null }]>('accept');
export const refuseMissionUpdate = defineUpdate<{ id: number }, [{ feedback: string }]>('refuse');
/**
 * The requester withdraws a CUSTOM request the creator has not decided yet: REJECTED as CANCELED, refunded. It
 * carries nothing; its one empty argument keeps the shape of the other actions (services send each the same way).
 */
export const cancelMissionUpdate = defineUpdate<{ id: number }, [Record<string, never>]>('cancel');
export const performMissionUpdate = defineUpdate<{ id: number }, [PerformInput]>('perform');
export const missionStateQuery = defineQuery<MissionWorkflowState>('state');

const refuse = (type: MissionActionRefusal): never => {
  throw ApplicationFailure.create({ type, message: MISSION_ACTION_REFUSALS[type], nonRetryable: true });
};

const nowIso = () => new Date().toISOString();

const isMediaMissing = (cause: unknown) => cause instanceof ApplicationFailure && cause.type === MISSION_MEDIA_MISSING;

/**
 * The workflow's result once every Update handler has returned. The refuse and perform handlers move the phase on
 * before they return, which unblocks the main function in the same activation: completing the workflow there could
 * reach the server before the Update's answer, which then fails the accepted Update with
 * `AcceptedUpdateCompletedWorkflow` (the API answered 500 to a refuse sent right after the request, under load).
 */
async function finish(result: MissionWorkflowResult): Promise<MissionWorkflowResult> {
  await condition(allHandlersFinished);
  return result;
}

/** Waits until `done()` or the deadline (workflow clock); true when `done()` came first. */
async function waitUntil(done: () => boolean, dueAt: number): Promise<boolean> {
  const remaining = dueAt - Date.now();
  if (remaining <= 0) return done();
  return await condition(done, remaining);
}

/**
 * Waits like `waitUntil`, reminding the creator at each of the deadline's reminder times still ahead (the workflow
 * clock) while `done()` is false. A reminder never delays the deadline: the activity only records a notification.
 */
async function waitUntilReminding(
  done: () => boolean,
  dueAt: number,
  reminder: { missionId: number; deadline: ReminderDeadline },
): Promise<boolean> {
  if (patched(DEADLINE_REMINDERS_PATCH)) {
    for (const beforeMs of DEADLINE_REMINDERS[reminder.deadline]) {
      const remindAt = dueAt - beforeMs;
      if (remindAt <= Date.now()) continue;
      if (await waitUntil(done, remindAt)) return true;
      await activities.remindDeadline({
        ...reminder,
        dueAt: new Date(dueAt).toISOString(),
        beforeMs,
        at: nowIso(),
      });
    }
  }
  return await waitUntil(done, dueAt);
}

export async function missionWorkflow(input: MissionWorkflowInput): Promise<MissionWorkflowResult> {
  const { missionId } = input;
  // The phase the mission started in, read before any handler exists: an Update that arrived with the workflow's
  // first task runs as soon as its handler is set (below), before this function goes on. The refuse sent right
  // after the request then had moved `phase` to DECIDING, the REQUESTED branch was skipped and the workflow failed
  // ("an ACCEPTED mission needs performDueAt") under the accepted Update: the 500 on /refuse, with no refund.
  const startedIn: MissionPhase = input.status;
  let phase: MissionPhase = input.status;
  const decisionDueAt = input.decisionDueAt ? Date.parse(input.decisionDueAt) : null;
  let performDueAt = input.performDueAt ? Date.parse(input.performDueAt) : null;
  let performed: { transcoding: boolean } | undefined;
  let decisionExpired = false;
  /** The requester cancelled the request before the creator decided. */
  let canceled = false;
  let performExpired = false;
  /**
   * An accept is being recorded (phase DECIDING). Its answer can reach the creator before it finishes here: when a
   * worker dies mid-accept, the API answers the retried request from the decision the activity already recorded
   * while the activity is retried on another worker. A perform sent then waits for the accept instead of being
   * refused as NOT_ACCEPTED (seen in the scale-out test).
   */
  let accepting = false;
  /** The id of the Update being handled, recorded with its action so the API can answer it if its answer is lost. */
  const handledUpdateId = (): string | undefined => currentUpdateInfo()?.id;

  setHandler(missionStateQuery, () => ({
    phase,
    decisionDueAt: decisionDueAt === null ? null : new Date(decisionDueAt).toISOString(),
    performDueAt: performDueAt === null ? null : new Date(performDueAt).toISOString(),
  }));

  const requireDecisionOpen = (_decision: { feedback: string | null }) => {
    if (decisionDueAt === null) refuse('NOT_REQUESTED');
    if (decisionExpired) refuse('DECISION_DEADLINE_PASSED');
    if (phase !== 'REQUESTED') refuse('ALREADY_DECIDED');
    if (Date.now() >= decisionDueAt!) refuse('DECISION_DEADLINE_PASSED');
  };

  setHandler(
    acceptMissionUpdate,
    async ({ feedback }) => {
      const decisionUpdateId = handledUpdateId();
      phase = 'DECIDING';
      accepting = true;
      const at = Date.now();
      const dueAt = at + PERFORM_WINDOW_MS;
      await activities.acceptMission({
        missionId,
        feedback,
        at: new Date(at).toISOString(),
        performDueAt: new Date(dueAt).toISOString(),
        ...(decisionUpdateId !== undefined && { decisionUpdateId }),
      });
      performDueAt = dueAt;
      phase = 'ACCEPTED';
      accepting = false;
      return { id: missionId };
    },
    { validator: requireDecisionOpen },
  );

  setHandler(
    refuseMissionUpdate,
    async ({ feedback }) => {
      const decisionUpdateId = handledUpdateId();
      phase = 'DECIDING';
      await activities.rejectMission({
        missionId,
        reason: 'REFUSED',
        feedback,
        at: nowIso(),
        ...(decisionUpdateId !== undefined && { decisionUpdateId }),
      });
      phase = 'REJECTED';
      return { id: missionId };
    },
    { validator: requireDecisionOpen },
  );

  // Open exactly while the creator may still decide: an accept or refuse and a cancel cannot both win.
  setHandler(
    cancelMissionUpdate,
    async () => {
      phase = 'DECIDING';
      canceled = true;
      await activities.rejectMission({ missionId, reason: 'CANCELED', feedback: null, at: nowIso() });
      phase = 'REJECTED';
      return { id: missionId };
    },
    { validator: (_cancel: Record<string, never>) => requireDecisionOpen({ feedback: null }) },
  );

  const requirePerformOpen = () => {
    if (performExpired) refuse('PERFORM_DEADLINE_PASSED');
    if (phase === 'PERFORMING' || phase === 'TRANSCODING' || phase === 'COMPLETED') refuse('ALREADY_PERFORMED');
    if (phase !== 'ACCEPTED') refuse('NOT_ACCEPTED');
    if (Date.now() >= performDueAt!) refuse('PERFORM_DEADLINE_PASSED');
  };

  setHandler(
    performMissionUpdate,
    async (perform) => {
      if (accepting) {
        await condition(() => !accepting);
        // Checked again: another perform may have gone first.
        requirePerformOpen();
      }
      phase = 'PERFORMING';
      try {
        const performUpdateId = handledUpdateId();
        performed = await activities.recordPerformance({
          missionId,
          ...perform,
          at: nowIso(),
          ...(performUpdateId !== undefined && { performUpdateId }),
        });
      } catch (error) {
        // The file was deleted before it could be recorded: still ACCEPTED, the deadline still running.
        if (error instanceof ActivityFailure && isMediaMissing(error.cause)) {
          phase = 'ACCEPTED';
          throw ApplicationFailure.create({
            type: MISSION_MEDIA_MISSING,
            message: 'the performed file no longer exists',
            nonRetryable: true,
          });
        }
        throw error;
      }
      return { id: missionId };
    },
    {
      validator: (_perform: PerformInput) => {
        if (!accepting) requirePerformOpen();
      },
    },
  );

  if (startedIn === 'REQUESTED') {
    if (decisionDueAt === null) throw ApplicationFailure.nonRetryable('a REQUESTED mission needs decisionDueAt');
    const decided = await waitUntilReminding(() => phase !== 'REQUESTED', decisionDueAt, {
      missionId,
      deadline: 'DECISION',
    });
    if (!decided) {
      decisionExpired = true;
      phase = 'EXPIRING';
      await activities.rejectMission({ missionId, reason: 'DECISION_EXPIRED', feedback: null, at: nowIso() });
      phase = 'REJECTED';
      return await finish({ status: 'REJECTED', reason: 'DECISION_EXPIRED' });
    }
    await condition(() => phase === 'ACCEPTED' || phase === 'REJECTED');
    // The handler moved the phase on while this function awaited.
    if ((phase as MissionPhase) === 'REJECTED') {
      return await finish({ status: 'REJECTED', reason: canceled ? 'CANCELED' : 'REFUSED' });
    }
  }

  if (performDueAt === null) throw ApplicationFailure.nonRetryable('an ACCEPTED mission needs performDueAt');
  // A perform that failed (its file was gone) returns the phase to ACCEPTED: wait again for the same deadline.
  for (;;) {
    const acted = await waitUntilReminding(() => phase !== 'ACCEPTED', performDueAt, {
      missionId,
      deadline: 'PERFORM',
    });
    if (!acted) {
      performExpired = true;
      phase = 'EXPIRING';
      await activities.rejectMission({ missionId, reason: 'PERFORM_EXPIRED', feedback: null, at: nowIso() });
      phase = 'REJECTED';
      return await finish({ status: 'REJECTED', reason: 'PERFORM_EXPIRED' });
    }
    await condition(() => performed !== undefined || phase === 'ACCEPTED');
    if (performed !== undefined) break;
  }

  if (performed!.transcoding) {
    phase = 'TRANSCODING';
    try {
      await transcoding.transcodeMissionVideo({ missionId });
    } catch {
      // A video whose poster frame cannot be taken is still delivered (the clients show a placeholder).
    }
    await activities.completeMission({ missionId, at: nowIso() });
  }
  phase = 'COMPLETED';
  return await finish({ status: 'COMPLETED' });
}
