// One workflow per lottery event (`event-<productId>`), started by the API when the event is created
// (or by the reconciler). It is the only writer of the event's state: edits, picks, the draw, cancellation and the
// winners' prizes reach it as Updates; its timers are the schedule (applications open at applyStart 00:00 KST and
// close at the end of applyEnd, KST), the 14-day draw rule, the 1-week prize deadline and eventEnd.
//
// Why a creator's action and a timer never both win: the event's phase lives here and changes synchronously, in one
// activation. Validators admit an action only in its phase and strictly before its deadline by the workflow clock;
// a handler or a timer path leaves the phase before its first await, and a transition waits until the picks already
// admitted have finished. Whichever comes first, the other meets another phase and is refused (or does not fire).
// One file of more than 300 lines on purpose: that phase machine is only checkable read whole; its activities and the
// draw's arithmetic are in files of their own.
import {
  ApplicationFailure,
  condition,
  defineQuery,
  defineUpdate,
  patched,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import { DAY_MS } from '@fanmission/contracts/time';
import type { MissionActivities, MissionMediaKind } from '../missions/activities';
import { DEADLINE_REMINDERS, DEADLINE_REMINDERS_PATCH } from '../missions/reminders';
import type { DrawOutcome, EventActivities, EventEdit, EventSchedule } from './activities';
import { EVENT_ACTION_REFUSALS, type EventActionRefusal } from './refusals';

/** Prizes within 1 week of the announcement. */
export const PRIZE_WINDOW_MS = 7 * DAY_MS;

const retry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes' } as const;
const activities = proxyActivities<EventActivities>({ startToCloseTimeout: '1 minute', retry });
const missionActivities = proxyActivities<
  Pick<MissionActivities, 'recordPerformance' | 'completeMission' | 'rejectMission' | 'remindDeadline'>
>({ startToCloseTimeout: '1 minute', retry });
const transcoding = proxyActivities<Pick<MissionActivities, 'transcodeMissionVideo'>>({
  startToCloseTimeout: '15 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 5 },
});

export type EventPhase =
  | 'CREATED'
  | 'OPENING'
  | 'APPLYING'
  | 'CLOSING'
  | 'DRAWING'
  | 'FINISHING'
  | 'DRAWN'
  | 'CLOSED'
  | 'CANCELING'
  | 'CANCELED';

export interface EventWorkflowInput extends EventSchedule {
  productId: number;
  /** The stored status the workflow starts from (the reconciler may start it late). */
  status: 'CREATED' | 'APPLYING' | 'DRAWING' | 'DRAWN' | 'CLOSED';
  /** DRAWN/CLOSED: the winners, those settled (delivered or expired), those delivered, and the prize deadline. */
  winners?: number[];
  settled?: number[];
  delivered?: number[];
  prizeDueAt?: string;
}

export interface EventWorkflowState {
  phase: EventPhase;
  schedule: EventSchedule;
  winners: number[];
  settled: number[];
  prizeDueAt: string | null;
}

export interface EventPerformInput {
  missionId: number;
  responseComment: string;
  media: { kind: MissionMediaKind; fileId: number };
}

export const editEventUpdate = defineUpdate<{ id: number }, [{ edit: EventEdit; schedule: EventSchedule }]>('edit');
export const pickApplicantUpdate = defineUpdate<DrawOutcome, [{ missionId: number }]>('pick');
export const unpickApplicantUpdate = defineUpdate<DrawOutcome, [{ missionId: number }]>('unpick');
export const randomPickUpdate = defineUpdate<DrawOutcome, []>('randomPick');
export const drawEventUpdate = defineUpdate<{ id: number; winners: number[] }, []>('draw');
export const cancelEventUpdate = defineUpdate<{ id: number }, []>('cancel');
/** An operator draws now what the 14-day rule would draw at its deadline (the picks left at random, then announced). */
export const forceDrawUpdate = defineUpdate<{ id: number; winners: number[] }, []>('forceDraw');
export const performPrizeUpdate = defineUpdate<{ id: number }, [EventPerformInput]>('perform');
export const eventStateQuery = defineQuery<EventWorkflowState>('state');

const refuse = (type: EventActionRefusal): never => {
  throw ApplicationFailure.create({ type, message: EVENT_ACTION_REFUSALS[type], nonRetryable: true });
};

const nowIso = () => new Date().toISOString();

/** Waits until `done()` or the instant (workflow clock); true when `done()` came first. */
async function waitUntil(done: () => boolean, dueAt: number): Promise<boolean> {
  const remaining = dueAt - Date.now();
  if (remaining <= 0) return done();
  return await condition(done, remaining);
}

export async function lotteryEventWorkflow(input: EventWorkflowInput): Promise<{ status: 'CLOSED' | 'CANCELED' }> {
  const { productId } = input;
  let phase: EventPhase = input.status;
  let schedule: EventSchedule = {
    applyStartAt: input.applyStartAt,
    applyEndAt: input.applyEndAt,
    drawDeadlineAt: input.drawDeadlineAt,
    eventEndAt: input.eventEndAt,
  };
  let scheduleVersion = 0;
  let winners: number[] = input.winners ?? [];
  /** Winners whose prize was delivered, or whose week passed without it. */
  const settled = new Set<number>(input.settled ?? []);
  /** Winners whose prize was delivered. */
  const delivered = new Set<number>(input.delivered ?? []);
  const performing = new Set<number>();
  let prizeDueAt = input.prizeDueAt ? Date.parse(input.prizeDueAt) : null;
  let prizesExpired = false;
  /** Updates admitted whose activity has not answered yet; transitions wait for them. */
  let inFlight = 0;

  const at = (instant: string) => Date.parse(instant);
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight += 1;
    try {
      return await work();
    } finally {
      inFlight -= 1;
    }
  };
  const outcome = (result: DrawOutcome): DrawOutcome => {
    if (result.refused) refuse(result.refused);
    return result;
  };

  setHandler(eventStateQuery, () => ({
    phase,
    schedule,
    winners,
    settled: [...settled],
    prizeDueAt: prizeDueAt === null ? null : new Date(prizeDueAt).toISOString(),
  }));

  setHandler(
    editEventUpdate,
    async ({ edit, schedule: next }) => {
      await track(() => activities.editEvent({ productId, edit, at: nowIso() }));
      schedule = next;
      scheduleVersion += 1;
      return { id: productId };
    },
    {
      validator: (_edit: { edit: EventEdit; schedule: EventSchedule }) => {
        if (phase !== 'CREATED' || Date.now() >= at(schedule.applyStartAt)) refuse('NOT_EDITABLE');
      },
    },
  );

  const requireDrawing = () => {
    if (phase !== 'DRAWING') refuse('NOT_DRAWING');
    if (Date.now() >= at(schedule.drawDeadlineAt)) refuse('DRAW_DEADLINE_PASSED');
  };

  setHandler(
    pickApplicantUpdate,
    async ({ missionId }) =>
      outcome(await track(() => activities.pickApplicant({ productId, missionId, at: nowIso() }))),
    { validator: (_pick: { missionId: number }) => requireDrawing() },
  );
  setHandler(
    unpickApplicantUpdate,
    async ({ missionId }) =>
      outcome(await track(() => activities.unpickApplicant({ productId, missionId, at: nowIso() }))),
    { validator: (_pick: { missionId: number }) => requireDrawing() },
  );
  setHandler(
    randomPickUpdate,
    async () => outcome(await track(() => activities.randomPickRest({ productId, at: nowIso() }))),
    { validator: requireDrawing },
  );

  /** DRAWING → DRAWN, by the creator or by the 14-day rule. The caller has already left DRAWING. */
  const finish = async (automatic: boolean) => {
    await condition(() => inFlight === 0);
    const drawnAt = Date.now();
    const due = drawnAt + PRIZE_WINDOW_MS;
    const result = await activities.finishDraw({
      productId,
      automatic,
      at: new Date(drawnAt).toISOString(),
      prizeDueAt: new Date(due).toISOString(),
    });
    if (result.refused) {
      phase = 'DRAWING';
      return result;
    }
    winners = result.winners;
    prizeDueAt = due;
    phase = 'DRAWN';
    return result;
  };

  setHandler(
    drawEventUpdate,
    async () => {
      phase = 'FINISHING';
      const result = await finish(false);
      if (result.refused) refuse(result.refused);
      return { id: productId, winners: result.winners };
    },
    { validator: requireDrawing },
  );

  setHandler(
    forceDrawUpdate,
    async () => {
      phase = 'FINISHING';
      const result = await finish(true);
      if (result.refused) refuse(result.refused);
      return { id: productId, winners: result.winners };
    },
    {
      validator: () => {
        if (phase !== 'DRAWING') refuse('NOT_DRAWING');
      },
    },
  );

  setHandler(
    cancelEventUpdate,
    async () => {
      phase = 'CANCELING';
      await condition(() => inFlight === 0);
      await activities.cancelEvent({ productId, at: nowIso() });
      phase = 'CANCELED';
      return { id: productId };
    },
    {
      validator: () => {
        if (phase === 'CLOSED' || phase === 'CANCELED' || phase === 'CANCELING') refuse('NOT_CANCELABLE');
        if (phase === 'OPENING' || phase === 'CLOSING' || phase === 'FINISHING') refuse('BUSY');
      },
    },
  );

  setHandler(
    performPrizeUpdate,
    async ({ missionId, responseComment, media }) => {
      performing.add(missionId);
      try {
        await track(async () => {
          const performed = await missionActivities.recordPerformance({
            missionId,
            responseComment,
            media,
            at: nowIso(),
          });
          if (performed.transcoding) {
            try {
              await transcoding.transcodeMissionVideo({ missionId });
            } catch {
              // A video whose poster frame cannot be taken is still delivered.
            }
            await missionActivities.completeMission({ missionId, at: nowIso() });
          }
        });
        delivered.add(missionId);
        settled.add(missionId);
      } finally {
        performing.delete(missionId);
      }
      return { id: missionId };
    },
    {
      validator: ({ missionId }: EventPerformInput) => {
        if (phase !== 'DRAWN' && phase !== 'CLOSED') refuse('NOT_A_WINNER');
        if (!winners.includes(missionId)) refuse('NOT_A_WINNER');
        if (settled.has(missionId) || performing.has(missionId)) {
          if (prizesExpired && !performing.has(missionId)) refuse('PRIZE_DEADLINE_PASSED');
          refuse('ALREADY_PERFORMED');
        }
        if (prizesExpired || Date.now() >= prizeDueAt!) refuse('PRIZE_DEADLINE_PASSED');
      },
    },
  );

  const canceled = () => phase === 'CANCELING' || phase === 'CANCELED';
  const ended = async () => {
    await condition(() => phase === 'CANCELED');
    return { status: 'CANCELED' as const };
  };

  // CREATED: wait for applyStart (an edit moves it; a cancel ends the event).
  while (phase === 'CREATED') {
    const version = scheduleVersion;
    const interrupted = await waitUntil(
      () => canceled() || scheduleVersion !== version || inFlight > 0,
      at(schedule.applyStartAt),
    );
    if (canceled()) return await ended();
    if (interrupted) {
      await condition(() => inFlight === 0);
      continue;
    }
    phase = 'OPENING';
    await activities.openApplications({ productId, at: nowIso() });
    phase = 'APPLYING';
  }

  // Handlers change the phase while this function awaits: read it through a function, not a narrowed variable.
  const phaseNow = (): EventPhase => phase;

  if (phaseNow() === 'APPLYING') {
    await waitUntil(canceled, at(schedule.applyEndAt));
    if (canceled()) return await ended();
    phase = 'CLOSING';
    await activities.closeApplications({ productId, at: nowIso() });
    phase = 'DRAWING';
  }

  if (phaseNow() === 'DRAWING' || phaseNow() === 'FINISHING') {
    await waitUntil(() => phaseNow() === 'DRAWN' || canceled(), at(schedule.drawDeadlineAt));
    // A finish the creator started before the deadline ends first, one way or the other.
    await condition(() => phaseNow() !== 'FINISHING');
    if (canceled()) return await ended();
    if (phaseNow() === 'DRAWING') {
      // The 14-day rule: the remaining picks are drawn at random and the winners announced.
      phase = 'FINISHING';
      await finish(true);
    }
  }

  // DRAWN (or CLOSED): prizes within a week; CLOSED at eventEnd or once every winner has been served. The workflow
  // ends once it is closed and every winner is settled (served, or his week over).
  const allSettled = () => winners.every((winner) => settled.has(winner));
  const allDelivered = () => winners.every((winner) => delivered.has(winner));
  let closed = phaseNow() === 'CLOSED';
  // The creator is reminded of each winner's prize still owed before the week ends (histories from before the
  // reminders replay without them).
  const prizeReminders: number[] =
    prizeDueAt !== null && !prizesExpired && patched(DEADLINE_REMINDERS_PATCH)
      ? DEADLINE_REMINDERS.PRIZE.filter((beforeMs) => prizeDueAt! - beforeMs > Date.now())
      : [];
  for (;;) {
    if (canceled()) return await ended();
    if (!closed && allDelivered()) {
      await activities.closeEvent({ productId, at: nowIso() });
      closed = true;
      phase = 'CLOSED';
    }
    if (closed && allSettled()) return { status: 'CLOSED' };
    const nextReminderAt =
      prizeReminders.length > 0 && !prizesExpired && prizeDueAt !== null ? prizeDueAt - prizeReminders[0]! : Infinity;
    const nextDeadline = Math.min(
      closed ? Infinity : at(schedule.eventEndAt),
      prizesExpired ? Infinity : (prizeDueAt ?? Infinity),
      nextReminderAt,
    );
    const settledBefore = settled.size;
    if (nextDeadline === Infinity) {
      await condition(() => settled.size !== settledBefore || canceled());
      continue;
    }
    const changed = await waitUntil(() => settled.size !== settledBefore || canceled(), nextDeadline);
    if (changed) continue;
    if (canceled()) continue;
    if (Date.now() >= nextReminderAt && Date.now() < prizeDueAt!) {
      const beforeMs = prizeReminders.shift()!;
      for (const winner of winners) {
        if (settled.has(winner) || performing.has(winner)) continue;
        await missionActivities.remindDeadline({
          missionId: winner,
          deadline: 'PRIZE',
          dueAt: new Date(prizeDueAt!).toISOString(),
          beforeMs,
          at: nowIso(),
        });
      }
      continue;
    }
    if (!prizesExpired && prizeDueAt !== null && Date.now() >= prizeDueAt) {
      // The week is over: the prizes not delivered count as missed deadlines (the creator is penalised).
      prizesExpired = true;
      await condition(() => performing.size === 0);
      for (const winner of winners) {
        if (settled.has(winner)) continue;
        await missionActivities.rejectMission({
          missionId: winner,
          reason: 'PERFORM_EXPIRED',
          feedback: null,
          at: nowIso(),
        });
        settled.add(winner);
      }
      continue;
    }
    if (!closed && Date.now() >= at(schedule.eventEndAt)) {
      phase = 'CLOSED';
      await activities.closeEvent({ productId, at: nowIso() });
      closed = true;
    }
  }
}
