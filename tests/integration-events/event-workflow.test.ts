// Lottery event workflows end to end on the time-skipping test server: events created and applied to through the real
// API (which starts workflow `event-<productId>`), draw actions as Updates through the API, the schedule's timers
// skipped in seconds, the DB, the outbox and the provably fair record checked after each path.
import { createEventActivities, reconcileEventWorkflows } from '@fanmission/services/events';
import { createMissionActivities } from '@fanmission/services/missions';
import { createFan, createFile, createVerifiedCreator } from '@fanmission/tests/support/missions';
import { mp4, resumablyUploaded } from '@fanmission/tests/support/files';
import type { TestCreator } from '@fanmission/tests/support/creators';
import { mediaToolsOf, storageDriverFor } from '@fanmission/services/files';
import { eventSchedule, kstDate, type EventFairness, type EventStatus } from '@fanmission/contracts';
import { verifyEventDraw } from '@fanmission/tests/support/fairness-verifier';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import type { TestAccount } from '@fanmission/tests/harness/accounts';
import { useTemporalTestEnvironment } from '@fanmission/tests/harness/temporal';
import { recordHistoryFixtures } from '@fanmission/tests/support/workflow-histories';

// Each scenario walks an event through days of its schedule: more than the default 30 s on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

const env = await useTemporalTestEnvironment();
const taskQueue = `events-${randomUUID()}`;
// The app's clock follows the test server's, which runs ahead of the wall clock by every skipped day.
let skew = 0;
const syncClock = async () => {
  skew = (await env.currentTimeMs()) - Date.now();
};
const testApp = useTestApp({ temporal: { client: env.client, taskQueue }, now: () => new Date(Date.now() + skew) });
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;
const DAY = 24 * 60 * 60 * 1000;

let worker: Worker;
let running: Promise<void>;
const histories: Array<{ workflowId: string; scenario: string; history: unknown }> = [];

/**
 * `cache: false` for a worker the test kills: the test server keeps routing a workflow's next task to the sticky
 * queue of the worker that ran it last, also after that worker has gone (no sticky schedule-to-start fallback there),
 * so a task scheduled while no worker runs would never reach the restarted one. A worker without a workflow cache
 * never asks for a sticky queue.
 */
async function startWorker(options: { cache?: boolean } = {}): Promise<void> {
  worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    taskQueue,
    workflowBundle: inject('temporalWorkflowBundle'),
    activities: {
      ...createMissionActivities({
        db: db(),
        storage: storageDriverFor(testApp.current.config),
        mediaTools: mediaToolsOf(testApp.current.config),
      }),
      ...createEventActivities({ db: db() }),
    },
    stickyQueueScheduleToStartTimeout: '1 second',
    ...(options.cache === false && { maxCachedWorkflows: 0 }),
  });
  running = worker.run();
}

async function stopWorker(): Promise<void> {
  worker.shutdown();
  await running;
}

beforeAll(async () => {
  await syncClock();
  // The first scenario kills this worker mid-event (see startWorker).
  await startWorker({ cache: false });
});

afterAll(async () => {
  await stopWorker();
  // RECORD_EVENT_HISTORIES=1 refreshes the committed fixtures that replay-fixtures.test.ts replays.
  if (process.env.RECORD_EVENT_HISTORIES) await recordHistoryFixtures('events', histories);
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => app().inject({ method, url: `/api/v1${url}`, headers: { 'accept-language': 'en', ...headers }, payload });

async function skipTo(instant: Date | string): Promise<void> {
  const target = new Date(instant).getTime();
  const now = await env.currentTimeMs();
  if (target > now) await env.sleep(target - now + 1000);
  await syncClock();
}

async function skip(ms: number): Promise<void> {
  await env.sleep(ms);
  await syncClock();
}

const event = (productId: number) =>
  db().selectFrom('lottery_events').selectAll().where('product_id', '=', productId).executeTakeFirstOrThrow();
const mission = (id: number) => db().selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Polls until the stored event reaches the status (its workflow's timer and activity run asynchronously). */
async function statusBecomes(productId: number, status: EventStatus): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const current = (await event(productId)).status;
    if (current === status) return;
    if (Date.now() > deadline) throw new Error(`event ${productId} is ${current}, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls until the event's workflow has completed a workflow task and waits on a timer. */
async function waitingOnTimer(productId: number): Promise<void> {
  const handle = env.client.workflow.getHandle(`event-${productId}`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { events } = await handle.fetchHistory();
    const last = events?.at(-1)?.eventType;
    if (last === temporal.api.enums.v1.EventType.EVENT_TYPE_TIMER_STARTED) return;
    if (Date.now() > deadline) throw new Error(`event-${productId} does not wait on a timer (last event ${last})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for the event's workflow to finish (skipping time to its timers) and keeps its history for replay. */
async function finished(productId: number): Promise<{ status: string }> {
  const handle = env.client.workflow.getHandle(`event-${productId}`);
  const result = (await handle.result()) as { status: string };
  const scenario = expect.getState().currentTestName ?? handle.workflowId;
  histories.push({ workflowId: handle.workflowId, scenario, history: await handle.fetchHistory() });
  await syncClock();
  return result;
}

interface TestEvent {
  creator: TestCreator;
  productId: number;
  schedule: ReturnType<typeof eventSchedule>;
}

async function createEvent(drawNumber: number, options: { eventEndDays?: number } = {}): Promise<TestEvent> {
  await syncClock();
  const creator = await createVerifiedCreator(app());
  const cover = await createFile(db(), creator.id, 'image');
  const now = await env.currentTimeMs();
  const dates = {
    applyStart: kstDate(new Date(now + DAY)),
    applyEnd: kstDate(new Date(now + 2 * DAY)),
    eventEnd: kstDate(new Date(now + (2 + (options.eventEndDays ?? 30)) * DAY)),
  };
  const response = await call('POST', '/mission-products', creator.headers, {
    creatorId: creator.creatorId,
    type: 'EVENT',
    title: 'Birthday lottery',
    description: 'Signed polaroids for the lucky ones',
    drawNumber,
    ...dates,
    descriptionPictureId: cover,
  });
  expect(response.statusCode, response.body).toBe(200);
  const productId = response.json<{ id: number }>().id;
  expect(response.json()).toMatchObject({ type: 'EVENT', event: { status: 'CREATED', drawNumber, ...dates } });
  return { creator, productId, schedule: eventSchedule(dates) };
}

async function openApplications(created: TestEvent): Promise<void> {
  await skipTo(created.schedule.applyStartAt);
  await statusBecomes(created.productId, 'APPLYING');
}

async function apply(productId: number, count: number): Promise<{ fans: TestAccount[]; missions: number[] }> {
  const fans: TestAccount[] = [];
  const missions: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const fan = await createFan(app());
    const response = await call('POST', '/missions', fan.headers, {
      missionProductId: productId,
      requestComment: `I have been a fan for ${i + 1} years`,
      phone: '01012345678',
      name: `Fan ${i + 1}`,
      address: 'Seoul',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'REQUESTED' });
    fans.push(fan);
    missions.push(response.json<{ id: number }>().id);
  }
  return { fans, missions };
}

async function closeApplications(created: TestEvent): Promise<void> {
  await skipTo(created.schedule.applyEndAt);
  await statusBecomes(created.productId, 'DRAWING');
}

async function fairness(productId: number): Promise<EventFairness> {
  const response = await call('GET', `/mission-products/${productId}/fairness`, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventFairness>();
}

async function outboxTypes(missionId: number): Promise<string[]> {
  const rows = await db()
    .selectFrom('outbox')
    .select('type')
    .where('aggregate_id', '=', String(missionId))
    .where('aggregate_type', '=', 'mission')
    .orderBy('position')
    .execute();
  return rows.map((row) => row.type);
}

describe('a worker killed mid-event', () => {
  // First in the file: the killed worker holds only this workflow.
  it('resumes on a restarted worker: applications close on time and the draw goes on', async () => {
    const created = await createEvent(1);
    await openApplications(created);
    const { missions } = await apply(created.productId, 2);
    await stopWorker();
    // The timer fires while no worker runs; the new worker replays the history and carries on.
    await skipTo(created.schedule.applyEndAt);
    await startWorker();
    await statusBecomes(created.productId, 'DRAWING');
    const pick = await call(
      'PUT',
      `/mission-products/${created.productId}/missions/${missions[1]}/pick`,
      created.creator.headers,
    );
    expect(pick.statusCode, pick.body).toBe(200);
    const draw = await call('PUT', `/mission-products/${created.productId}/draw-event`, created.creator.headers);
    expect(draw.statusCode, draw.body).toBe(200);
    expect((await mission(missions[1]!)).status).toBe('ACCEPTED');
    await call('PUT', `/mission-products/${created.productId}/cancel-event`, created.creator.headers);
    expect(await finished(created.productId)).toEqual({ status: 'CANCELED' });
  });
});

describe('the schedule', () => {
  it('CREATED → APPLYING at applyStart 00:00 KST → DRAWING after applyEnd; a manual and a random pick; DRAWN; CLOSED once every prize is delivered', async () => {
    const created = await createEvent(2);
    const fan = await createFan(app());
    // Before applyStart nobody can apply.
    const early = await call('POST', '/missions', fan.headers, {
      missionProductId: created.productId,
      phone: '0101234',
      name: 'Early',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOT_APPLYING' });
    // One second before 00:00 KST it is still CREATED.
    await skipTo(new Date(created.schedule.applyStartAt.getTime() - 2000));
    expect((await event(created.productId)).status).toBe('CREATED');
    await openApplications(created);
    expect((await event(created.productId)).applying_at!.getTime()).toBeGreaterThanOrEqual(
      created.schedule.applyStartAt.getTime(),
    );
    const { fans, missions } = await apply(created.productId, 4);
    expect(await outboxTypes(missions[0]!)).toEqual(['event.applied']);
    // A second application of the same fan is 409.
    const again = await call('POST', '/missions', fans[0]!.headers, {
      missionProductId: created.productId,
      phone: '01012345678',
      name: 'Fan 1',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_APPLIED' });
    // Picks are refused while applications are open.
    const tooEarly = await call(
      'PUT',
      `/mission-products/${created.productId}/missions/${missions[0]}/pick`,
      created.creator.headers,
    );
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json()).toMatchObject({ code: 'NOT_DRAWING' });

    await closeApplications(created);
    const frozen = await fairness(created.productId);
    expect(frozen).toMatchObject({ status: 'DRAWING', serverSeed: null, entries: null, draws: [] });
    expect(frozen.entriesHash).toMatch(/^[0-9a-f]{64}$/);
    const late = await call('POST', '/missions', fan.headers, {
      missionProductId: created.productId,
      phone: '0101234',
      name: 'Late',
    });
    expect(late.statusCode).toBe(409);

    const base = `/mission-products/${created.productId}`;
    const manual = await call('PUT', `${base}/missions/${missions[2]}/pick`, created.creator.headers);
    expect(manual.json()).toMatchObject({ pickedNumber: 1, drawNumber: 2, applyNumber: 4, drawable: false });
    // A pick retried after its answer was lost answers the same success and writes no second pick (the draws below);
    // so does a retried undo, of an applicant no longer picked.
    const retried = await call('PUT', `${base}/missions/${missions[2]}/pick`, created.creator.headers);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual(manual.json());
    const undoRetried = await call('DELETE', `${base}/missions/${missions[3]}/pick`, created.creator.headers);
    expect(undoRetried.statusCode, undoRetried.body).toBe(200);
    expect(undoRetried.json()).toEqual(manual.json());
    // Finishing before every draw is picked is refused.
    const incomplete = await call('PUT', `${base}/draw-event`, created.creator.headers);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json()).toMatchObject({ code: 'NOT_DRAWABLE' });
    // View one applicant at random: the next provably fair choice, marked read, nothing picked.
    const preview = await call('GET', `${base}/missions/random`, created.creator.headers);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ event: { read: true, temporaryAccepted: false, phone: '01012345678' } });
    const random = await call('PUT', `${base}/missions/random-pick`, created.creator.headers);
    expect(random.json()).toMatchObject({ pickedNumber: 2, drawable: true });
    expect(random.json<{ picked: number[] }>().picked).toContain(preview.json<{ id: number }>().id);
    const full = await call(
      'PUT',
      `${base}/missions/${missions.find((id) => !random.json<{ picked: number[] }>().picked.includes(id))}/pick`,
      created.creator.headers,
    );
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'DRAW_COUNT_EXCEEDED',
      message: 'Cannot add more; draw count exceeded.',
    });
    expect((await call('GET', `${base}/missions/random`, created.creator.headers)).json()).toMatchObject({
      code: 'DRAW_ALL_DONE',
      message: 'The draw is all done.',
    });

    const draw = await call('PUT', `${base}/draw-event`, created.creator.headers);
    expect(draw.statusCode, draw.body).toBe(200);
    expect(draw.json()).toEqual({ id: created.productId });
    const drawn = await event(created.productId);
    expect(drawn).toMatchObject({ status: 'DRAWN', drawn_automatically: false });
    expect(drawn.prize_due_at!.getTime() - drawn.drawn_at!.getTime()).toBe(7 * DAY);

    const record = await fairness(created.productId);
    expect(record.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(record.entries).toEqual([...missions].sort((a, b) => a - b));
    expect(record.draws).toEqual([
      { n: null, missionId: missions[2], manual: true, action: 'PICK' },
      { n: expect.any(Number), missionId: preview.json<{ id: number }>().id, manual: false, action: 'PICK' },
    ]);
    expect(await verifyEventDraw({ ...record, winners: record.winners })).toEqual([]);
    // A changed seed or entry list fails the independent verifier.
    expect(await verifyEventDraw({ ...record, serverSeed: 'ab'.repeat(32) })).not.toEqual([]);
    expect(await verifyEventDraw({ ...record, entries: record.entries!.slice(1) })).not.toEqual([]);

    const winners = record.winners;
    for (const id of missions) {
      const row = await mission(id);
      if (winners.includes(id)) expect(row).toMatchObject({ status: 'ACCEPTED' });
      else expect(row).toMatchObject({ status: 'REJECTED', rejection_reason: 'NOT_WON' });
      expect(await outboxTypes(id)).toEqual(['event.applied', 'event.drawn']);
    }
    // The winners' prizes: a picture for one, a voice for the other; then the event closes by itself.
    for (const [index, winner] of winners.entries()) {
      const kind = index === 0 ? 'image' : 'audio';
      const file = await createFile(db(), created.creator.id, kind);
      const performed = await call('PUT', `${base}/missions/${winner}/perform`, created.creator.headers, {
        responseComment: 'Thank you for applying!',
        [index === 0 ? 'pictureId' : 'voiceId']: file,
      });
      expect(performed.statusCode, performed.body).toBe(200);
      expect((await mission(winner)).status).toBe('COMPLETED');
    }
    const twice = await call('PUT', `${base}/missions/${winners[0]}/perform`, created.creator.headers, {
      responseComment: 'Again',
      pictureId: await createFile(db(), created.creator.id, 'image'),
    });
    expect(twice.statusCode).toBe(409);
    expect(await finished(created.productId)).toEqual({ status: 'CLOSED' });
    expect((await event(created.productId)).status).toBe('CLOSED');
    // The public winner list.
    const page = await call('GET', `${base}/missions/page?status=ACCEPTED,COMPLETED,TRANSCODING`, {});
    expect(page.json()).toMatchObject({ totalElements: 2 });
    expect(page.json<{ content: Array<{ event: { phone: string | null } }> }>().content[0]!.event.phone).toBeNull();
  });

  it('an edit before APPLYING moves the schedule; after it the event cannot be edited', async () => {
    const created = await createEvent(1);
    const cover = (
      await db()
        .selectFrom('mission_products')
        .select('description_picture_file_id')
        .where('id', '=', created.productId)
        .executeTakeFirstOrThrow()
    ).description_picture_file_id!;
    const now = await env.currentTimeMs();
    const dates = {
      applyStart: kstDate(new Date(now + 3 * DAY)),
      applyEnd: kstDate(new Date(now + 4 * DAY)),
      eventEnd: kstDate(new Date(now + 20 * DAY)),
    };
    // The edit adds a description video the creator uploaded for it.
    const video = await resumablyUploaded(app(), created.creator.headers.authorization ?? '', mp4(), {
      purpose: 'description-video',
      filename: 'teaser.mp4',
      filetype: 'video/mp4',
    });
    const body = {
      type: 'EVENT',
      title: 'Moved lottery',
      description: 'Later',
      drawNumber: 3,
      ...dates,
      descriptionPictureId: cover,
      descriptionVideoId: video.id,
    };
    const edited = await call('PUT', `/mission-products/${created.productId}`, created.creator.headers, body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      descriptionVideo: { id: video.id },
      event: { title: 'Moved lottery', drawNumber: 3, ...dates, status: 'CREATED' },
    });
    // The old applyStart passes without opening applications.
    await skipTo(created.schedule.applyStartAt);
    // The workflow ran whatever that instant gave it and waits on a timer again: had it opened applications, it would have.
    await waitingOnTimer(created.productId);
    expect((await event(created.productId)).status).toBe('CREATED');
    await skipTo(eventSchedule(dates).applyStartAt);
    await statusBecomes(created.productId, 'APPLYING');
    const refused = await call('PUT', `/mission-products/${created.productId}`, created.creator.headers, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_EDITABLE' });
    await call('PUT', `/mission-products/${created.productId}/cancel-event`, created.creator.headers);
    expect(await finished(created.productId)).toEqual({ status: 'CANCELED' });
  });
});

describe('the 14-day rule', () => {
  it('a draw not finished within 14 days of applyEnd is drawn at random and announced automatically', async () => {
    const created = await createEvent(2);
    await openApplications(created);
    const { missions } = await apply(created.productId, 5);
    await closeApplications(created);
    // The creator picks one and leaves it there.
    await call('PUT', `/mission-products/${created.productId}/missions/${missions[4]}/pick`, created.creator.headers);
    await skipTo(new Date(created.schedule.drawDeadlineAt.getTime() - 60_000));
    expect((await event(created.productId)).status).toBe('DRAWING');
    await skipTo(created.schedule.drawDeadlineAt);
    await statusBecomes(created.productId, 'DRAWN');
    const drawn = await event(created.productId);
    expect(drawn.drawn_automatically).toBe(true);
    expect(drawn.drawn_at!.getTime()).toBeGreaterThanOrEqual(created.schedule.drawDeadlineAt.getTime());
    const record = await fairness(created.productId);
    expect(record.winners).toHaveLength(2);
    expect(record.winners).toContain(missions[4]);
    expect(record.draws.filter((draw) => !draw.manual)).toHaveLength(1);
    expect(await verifyEventDraw(record)).toEqual([]);
    const late = await call(
      'PUT',
      `/mission-products/${created.productId}/missions/${missions[0]}/pick`,
      created.creator.headers,
    );
    expect(late.statusCode).toBe(409);
    await call('PUT', `/mission-products/${created.productId}/cancel-event`, created.creator.headers);
    expect(await finished(created.productId)).toEqual({ status: 'CANCELED' });
  });

  it('fewer applicants than draws: everybody wins; no applicant at all: the event is drawn with no winner and closes', async () => {
    const few = await createEvent(5);
    await openApplications(few);
    const { missions } = await apply(few.productId, 2);
    await closeApplications(few);
    const random = await call('PUT', `/mission-products/${few.productId}/missions/random-pick`, few.creator.headers);
    expect(random.json()).toMatchObject({ pickedNumber: 2, drawable: true });
    expect((await call('PUT', `/mission-products/${few.productId}/draw-event`, few.creator.headers)).statusCode).toBe(
      200,
    );
    expect((await fairness(few.productId)).winners.sort()).toEqual([...missions].sort());
    await call('PUT', `/mission-products/${few.productId}/cancel-event`, few.creator.headers);
    expect(await finished(few.productId)).toEqual({ status: 'CANCELED' });

    const empty = await createEvent(1);
    expect(await finished(empty.productId)).toEqual({ status: 'CLOSED' });
    expect(await event(empty.productId)).toMatchObject({ status: 'CLOSED', drawn_automatically: true });
  });

  it('picks racing the 14-day timer: exactly one outcome, and the record still verifies', async () => {
    const created = await createEvent(2);
    await openApplications(created);
    const { missions } = await apply(created.productId, 6);
    await closeApplications(created);
    await skipTo(new Date(created.schedule.drawDeadlineAt.getTime() - 1000));
    const base = `/mission-products/${created.productId}`;
    // The pick races the timer; the creator's finish comes once the pick is answered.
    const picking = call('PUT', `${base}/missions/${missions[0]}/pick`, created.creator.headers);
    const [pick, draw] = await Promise.all([
      picking,
      picking.then(() => call('PUT', `${base}/draw-event`, created.creator.headers)),
      skip(5000),
    ]);
    await statusBecomes(created.productId, 'DRAWN');
    const record = await fairness(created.productId);
    expect(record.winners).toHaveLength(2);
    expect(await verifyEventDraw(record)).toEqual([]);
    if (pick.statusCode === 200) expect(record.winners).toContain(missions[0]);
    else {
      expect(pick.statusCode).toBe(409);
      expect(['DRAW_DEADLINE_PASSED', 'NOT_DRAWING']).toContain(pick.json<{ code: string }>().code);
      expect(record.draws.find((d) => d.missionId === missions[0] && d.manual)).toBeUndefined();
    }
    // The creator's finish could never complete the draw (only one pick at most): refused, the timer drew.
    expect(draw.statusCode).toBe(409);
    expect((await event(created.productId)).drawn_automatically).toBe(true);
    await call('PUT', `${base}/cancel-event`, created.creator.headers);
    expect(await finished(created.productId)).toEqual({ status: 'CANCELED' });
  });
});

describe('prizes', () => {
  it('a winner not served within a week: reminded 2 days and 1 day before, then PERFORM_EXPIRED, the creator penalised, the fan told; CLOSED at eventEnd', async () => {
    const created = await createEvent(2, { eventEndDays: 30 });
    await openApplications(created);
    const { missions } = await apply(created.productId, 2);
    await closeApplications(created);
    const base = `/mission-products/${created.productId}`;
    await call('PUT', `${base}/missions/random-pick`, created.creator.headers);
    expect((await call('PUT', `${base}/draw-event`, created.creator.headers)).statusCode).toBe(200);
    const served = missions[0]!;
    const missed = missions[1]!;
    const performed = await call('PUT', `${base}/missions/${served}/perform`, created.creator.headers, {
      responseComment: 'Here you go',
      pictureId: await createFile(db(), created.creator.id, 'image'),
    });
    expect(performed.statusCode, performed.body).toBe(200);
    const drawn = await event(created.productId);
    await skipTo(drawn.prize_due_at!);
    const tooLate = await call('PUT', `${base}/missions/${missed}/perform`, created.creator.headers, {
      responseComment: 'Sorry I am late',
      pictureId: await createFile(db(), created.creator.id, 'image'),
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ code: 'PRIZE_DEADLINE_PASSED' });
    expect(await finished(created.productId)).toEqual({ status: 'CLOSED' });
    expect(await mission(missed)).toMatchObject({ status: 'REJECTED', rejection_reason: 'PERFORM_EXPIRED' });
    expect(await mission(served)).toMatchObject({ status: 'COMPLETED' });
    const penalties = await db()
      .selectFrom('creator_penalties')
      .selectAll()
      .where('creator_id', '=', created.creator.creatorId)
      .execute();
    expect(penalties).toMatchObject([{ mission_id: missed, level: 1 }]);
    const closed = await event(created.productId);
    expect(closed.closed_at!.getTime()).toBeGreaterThanOrEqual(
      eventSchedule({
        applyStart: closed.apply_start,
        applyEnd: closed.apply_end,
        eventEnd: closed.event_end,
      }).eventEndAt.getTime(),
    );
    expect(await outboxTypes(missed)).toEqual([
      'event.applied',
      'event.drawn',
      'mission.deadline-approaching',
      'mission.deadline-approaching',
      'mission.rejected',
    ]);
    // The creator was reminded of the prize still owed at its times (to the minute), never of the one delivered.
    const reminders = await db()
      .selectFrom('mission_deadline_reminders')
      .selectAll()
      .where('mission_id', 'in', [served, missed])
      .orderBy('sent_at')
      .execute();
    expect(
      reminders.map((row) => [
        row.mission_id,
        row.deadline,
        Math.round((drawn.prize_due_at!.getTime() - row.sent_at.getTime()) / 60_000) * 60_000,
      ]),
    ).toEqual([
      [missed, 'PRIZE', 2 * DAY],
      [missed, 'PRIZE', DAY],
    ]);
    expect(await outboxTypes(served)).toEqual(['event.applied', 'event.drawn', 'mission.completed']);
  });
});

describe('cancel', () => {
  const cancel = (created: TestEvent, headers = created.creator.headers) =>
    call('PUT', `/mission-products/${created.productId}/cancel-event`, headers);

  it('in CREATED', async () => {
    const created = await createEvent(1);
    const response = await cancel(created);
    expect(response.json()).toEqual({ id: created.productId });
    expect(await finished(created.productId)).toEqual({ status: 'CANCELED' });
    expect((await event(created.productId)).status).toBe('CANCELED');
    expect((await cancel(created)).json()).toMatchObject({ code: 'NOT_CANCELABLE' });
  });

  it('in APPLYING: the applications are cancelled and the applicants told', async () => {
    const created = await createEvent(1);
    await openApplications(created);
    const { missions } = await apply(created.productId, 2);
    expect((await cancel(created)).statusCode).toBe(200);
    expect(await finished(created.productId)).toEqual({ status: 'CANCELED' });
    for (const id of missions) {
      expect(await mission(id)).toMatchObject({ status: 'REJECTED', rejection_reason: 'CANCELED' });
      expect(await outboxTypes(id)).toEqual(['event.applied', 'event.canceled']);
    }
  });

  it('in DRAWING, by an operator', async () => {
    const created = await createEvent(1);
    await openApplications(created);
    const { missions } = await apply(created.productId, 2);
    await closeApplications(created);
    await call('PUT', `/mission-products/${created.productId}/missions/${missions[0]}/pick`, created.creator.headers);
    const operator = await (
      await import('@fanmission/tests/harness/accounts')
    ).createAccount(app(), {
      roles: ['ROLE_USER', 'ROLE_OPERATOR'],
    });
    expect((await cancel(created, operator.headers)).statusCode).toBe(200);
    expect(await finished(created.productId)).toEqual({ status: 'CANCELED' });
    expect(await mission(missions[0]!)).toMatchObject({ status: 'REJECTED', rejection_reason: 'CANCELED' });
  });

  it('in DRAWN: open prizes are cancelled, delivered ones stay; CLOSED cannot be cancelled', async () => {
    const created = await createEvent(2);
    await openApplications(created);
    const { missions } = await apply(created.productId, 3);
    await closeApplications(created);
    const base = `/mission-products/${created.productId}`;
    await call('PUT', `${base}/missions/random-pick`, created.creator.headers);
    await call('PUT', `${base}/draw-event`, created.creator.headers);
    const { winners } = await fairness(created.productId);
    await call('PUT', `${base}/missions/${winners[0]}/perform`, created.creator.headers, {
      responseComment: 'Yours',
      pictureId: await createFile(db(), created.creator.id, 'image'),
    });
    expect((await cancel(created)).statusCode).toBe(200);
    expect(await finished(created.productId)).toEqual({ status: 'CANCELED' });
    expect((await mission(winners[0]!)).status).toBe('COMPLETED');
    expect(await mission(winners[1]!)).toMatchObject({ status: 'REJECTED', rejection_reason: 'CANCELED' });
    expect(missions).toContain(winners[1]);

    const closing = await createEvent(1);
    expect(await finished(closing.productId)).toEqual({ status: 'CLOSED' });
    expect((await cancel(closing)).json()).toMatchObject({ code: 'NOT_CANCELABLE' });
  });
});

describe('the console', () => {
  const staff = async (roles: Array<'ROLE_OPERATOR' | 'ROLE_FINANCE'>) =>
    (await import('@fanmission/tests/harness/accounts')).createAccount(app(), { roles });
  const act = (productId: number, action: 'cancel' | 'draw', account: TestAccount | null, payload: object) =>
    app().inject({
      method: 'POST',
      url: `/api/admin/lottery-events/${productId}/${action}`,
      headers: { 'accept-language': 'en', ...(account?.headers ?? {}) },
      payload,
    });
  const audited = (productId: number) =>
    db()
      .selectFrom('admin_audit_log')
      .select(['action', 'status_code', 'after'])
      .where('resource', '=', 'lottery-events')
      .where('resource_id', '=', String(productId))
      .orderBy('id')
      .execute();

  it('an operator draws an event now, with a reason: the picks left are drawn at random and announced', async () => {
    const operator = await staff(['ROLE_OPERATOR']);
    const finance = await staff(['ROLE_FINANCE']);
    const created = await createEvent(2);
    await openApplications(created);
    const early = await act(created.productId, 'draw', operator, { reason: 'creator asked by mail' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_DRAWING');
    const { missions } = await apply(created.productId, 4);
    await closeApplications(created);
    await call('PUT', `/mission-products/${created.productId}/missions/${missions[1]}/pick`, created.creator.headers);

    const noReason = await act(created.productId, 'draw', operator, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().subErrors.map((error: { field: string }) => error.field)).toEqual(['reason']);
    expect((await act(created.productId, 'draw', operator, {})).statusCode).toBe(400);
    expect((await act(created.productId, 'draw', finance, { reason: 'x' })).statusCode).toBe(403);
    expect((await act(created.productId, 'draw', created.creator, { reason: 'x' })).statusCode).toBe(403);
    expect((await act(created.productId, 'draw', null, { reason: 'x' })).statusCode).toBe(401);
    expect((await act(999_999, 'draw', operator, { reason: 'x' })).statusCode).toBe(404);
    expect((await event(created.productId)).status).toBe('DRAWING');

    const drawn = await act(created.productId, 'draw', operator, { reason: 'creator unreachable for a week' });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json()).toMatchObject({ id: created.productId, status: 'DRAWN' });
    expect(drawn.json().winners).toHaveLength(2);
    expect(drawn.json().winners).toContain(missions[1]);
    expect((await event(created.productId)).drawn_automatically).toBe(true);
    const record = await fairness(created.productId);
    expect(await verifyEventDraw(record)).toEqual([]);
    const again = await act(created.productId, 'draw', operator, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    const log = await audited(created.productId);
    expect(log.map((row) => row.status_code)).toEqual([409, 400, 400, 403, 200, 409]);
    expect(log.find((row) => row.status_code === 200)?.after).toMatchObject({
      status: 'DRAWN',
      reason: 'creator unreachable for a week',
    });
    await call('PUT', `/mission-products/${created.productId}/cancel-event`, created.creator.headers);
    expect(await finished(created.productId)).toEqual({ status: 'CANCELED' });
  });

  it('an operator cancels an event with a reason: the workflow cancels the applications as a creator’s cancel does', async () => {
    const operator = await staff(['ROLE_OPERATOR']);
    const created = await createEvent(1);
    await openApplications(created);
    const { missions } = await apply(created.productId, 2);
    expect((await act(created.productId, 'cancel', operator, { reason: '' })).statusCode).toBe(400);
    const canceled = await act(created.productId, 'cancel', operator, { reason: 'prize is illegal to ship' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toEqual({ id: created.productId, status: 'CANCELED', winners: [] });
    expect(await finished(created.productId)).toEqual({ status: 'CANCELED' });
    for (const id of missions) {
      expect(await mission(id)).toMatchObject({ status: 'REJECTED', rejection_reason: 'CANCELED' });
      expect(await outboxTypes(id)).toEqual(['event.applied', 'event.canceled']);
    }
    const twice = await act(created.productId, 'cancel', operator, { reason: 'again' });
    expect(twice.json()).toMatchObject({ code: 'NOT_CANCELABLE' });
    expect((await audited(created.productId)).at(-2)?.after).toMatchObject({
      status: 'CANCELED',
      reason: 'prize is illegal to ship',
    });
  });
});

describe('the reconciler', () => {
  it('starts the workflow of an event committed without one', async () => {
    const created = await createEvent(1);
    // As if the API had crashed between the commit and the start: no workflow, no mark. Terminated while its first
    // workflow task is still running, a workflow leaves the test server's clock locked (time would then crawl at the
    // wall clock's pace for minutes): it is terminated once that task is done and it waits on its applyStart timer.
    await waitingOnTimer(created.productId);
    await env.client.workflow.getHandle(`event-${created.productId}`).terminate('simulated crash');
    await db()
      .updateTable('lottery_events')
      .set({ workflow_started_at: null })
      .where('product_id', '=', created.productId)
      .execute();
    // A terminated workflow's id is reused by the reconciler's start (the default reuse policy allows it).
    const started = await reconcileEventWorkflows(
      { ...app().ctx, temporal: { client: env.client, taskQueue } },
      { graceMs: 0 },
    );
    expect(started).toBeGreaterThanOrEqual(1);
    expect((await event(created.productId)).workflow_started_at).not.toBeNull();
    await openApplications(created);
    await call('PUT', `/mission-products/${created.productId}/cancel-event`, created.creator.headers);
    expect(await finished(created.productId)).toEqual({ status: 'CANCELED' });
  });
});
