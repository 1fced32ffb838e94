import {
  DEADLINES,
  eventSchedule,
  kstDate,
  kstDayStart,
  type CreateMissionProductRequest,
  type UpdateMissionProductRequest,
  DAY_MS,
} from '@fanmission/contracts';
import { editEventUpdate } from '@fanmission/workflows/events';
import { isOperator, type Caller } from '../auth';
import { claimUploadedFile } from '../files';
import type { ServiceContext } from '../context';
import { uniqueViolation, type DbExecutor } from '../db';
import { accessDenied, invalidFields, notFound, type FieldProblem } from '../http';
import { eventActionRefused, eventNotFound, existOngoingEvent } from './errors';
import { hasOngoingEvent } from './event-view';
import { commitmentOf, newServerSeed } from './fairness';
import * as repository from './repository';
import type { LotteryEventRow } from './table';
import { sendEventUpdate, startEventWorkflow } from './workflow-client';

// A lottery event as a product: its creation and edits by its creator, checked against the event's date rules
// (applyStart not before today in Korea time, applyEnd not before applyStart, eventEnd at least the due period after).

/*
 * Lottery events. The API writes an event's creation and the fans' applications; from
 * then on the event's workflow (`event-<productId>`) is the single writer of its state: edits, picks, the draw,
 * cancellation and prizes are Updates to it. Reads (the applicants, the fairness record) come from the tables.
 */
type EventProductBody = Extract<CreateMissionProductRequest, { type: 'EVENT' }>;
type EventProductUpdate = Extract<UpdateMissionProductRequest, { type: 'EVENT' }>;

/** The date rules of a lottery event (docs/rules/events.md), in Korea time. */
function dateProblems(body: { applyStart: string; applyEnd: string; eventEnd: string }, now: Date): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (body.applyStart < kstDate(now)) {
    problems.push({ field: 'applyStart', key: 'events.applyStartPast', rejectedValue: body.applyStart });
  }
  if (body.applyEnd < body.applyStart) {
    problems.push({ field: 'applyEnd', key: 'events.datesOrder', rejectedValue: body.applyEnd });
  }
  const minimumEnd = kstDate(
    new Date(kstDayStart(body.applyEnd).getTime() + DEADLINES.minimumMissionDuePeriodDays * DAY_MS),
  );
  if (body.eventEnd < minimumEnd) {
    problems.push({
      field: 'eventEnd',
      key: 'events.eventEndTooSoon',
      params: { days: DEADLINES.minimumMissionDuePeriodDays },
      rejectedValue: body.eventEnd,
    });
  }
  return problems;
}

async function checkCover(db: DbExecutor, fileId: number, uploaders: number[]): Promise<void> {
  const file = await repository.findFile(db, fileId);
  if (!file || file.kind !== 'image' || file.owner_user_id === null || !uploaders.includes(file.owner_user_id)) {
    throw invalidFields([
      { field: 'descriptionPictureId', key: 'missionProducts.coverNotUsable', rejectedValue: fileId },
    ]);
  }
}

/**
 * The description video: the file of a finished resumable upload the caller made for `description-video`, a video,
 * taken once (the same upload never becomes a second product's video).
 */
async function claimDescriptionVideo(db: DbExecutor, caller: Caller, fileId: number): Promise<void> {
  const claimed = await claimUploadedFile(db, caller.id, fileId, 'description-video');
  if (!claimed || claimed.kind !== 'video') {
    throw invalidFields([{ field: 'descriptionVideoId', key: 'files.uploadNotUsable', rejectedValue: fileId }]);
  }
}

/**
 * `POST /mission-products` with `type: "EVENT"`: the product and its event (with a fresh committed server seed) in
 * one transaction that locks the creator, then the event's workflow. Answers the product id.
 */
export async function createEventProduct(ctx: ServiceContext, caller: Caller, body: EventProductBody): Promise<number> {
  if (!isOperator(caller) && caller.creatorId !== body.creatorId) throw accessDenied();
  const now = ctx.now();
  const problems = dateProblems(body, now);
  if (problems.length > 0) throw invalidFields(problems);
  let event: LotteryEventRow;
  try {
    event = await ctx.db.transaction().execute(async (trx) => {
      const creator = await trx
        .selectFrom('creators')
        .select(['id', 'user_id'])
        .where('id', '=', body.creatorId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!creator) throw notFound();
      await checkCover(trx, body.descriptionPictureId, [creator.user_id, caller.id]);
      if (body.descriptionVideoId) await claimDescriptionVideo(trx, caller, body.descriptionVideoId);
      if (await hasOngoingEvent(trx, creator.id)) throw existOngoingEvent();
      const last = await trx
        .selectFrom('mission_products')
        .select((eb) => eb.fn.max('sort_order').as('last'))
        .where('creator_id', '=', creator.id)
        .where('type', '=', 'EVENT')
        .executeTakeFirst();
      const product = await trx
        .insertInto('mission_products')
        .values({
          creator_id: creator.id,
          type: 'EVENT',
          name: body.name ?? body.title,
          coin_price: null,
          description: body.description,
          description_picture_file_id: body.descriptionPictureId,
          description_video_file_id: body.descriptionVideoId ?? null,
          sort_order: Number(last?.last ?? 0) + 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const seed = newServerSeed();
      return await repository.insertEvent(trx, {
        product_id: product.id,
        creator_id: creator.id,
        title: body.title,
        description: body.description,
        draw_number: body.drawNumber,
        apply_start: body.applyStart,
        apply_end: body.applyEnd,
        event_end: body.eventEnd,
        status: 'CREATED',
        server_seed: seed,
        commitment: commitmentOf(seed),
        entries: null,
        entries_hash: null,
        applying_at: null,
        drawing_at: null,
        drawn_at: null,
        prize_due_at: null,
        closed_at: null,
        canceled_at: null,
        workflow_started_at: null,
        created_at: now,
        updated_at: now,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) === 'lottery_events_one_ongoing') throw existOngoingEvent();
    throw error;
  }
  await startEventWorkflow(ctx, event);
  return event.product_id;
}

/** `PUT /mission-products/{id}` of an EVENT product: only before applications open, through the workflow. */
export async function updateEventProduct(
  ctx: ServiceContext,
  caller: Caller,
  product: { id: number; creator_id: number },
  body: EventProductUpdate,
): Promise<void> {
  const event = await repository.findEvent(ctx.db, product.id);
  if (!event) throw eventNotFound();
  if (event.status !== 'CREATED') throw eventActionRefused('NOT_EDITABLE');
  const problems = dateProblems(body, ctx.now());
  if (problems.length > 0) throw invalidFields(problems);
  const current = await currentMedia(ctx.db, product.id);
  if (body.descriptionPictureId !== current?.description_picture_file_id) {
    const creator = await ctx.db
      .selectFrom('creators')
      .select('user_id')
      .where('id', '=', product.creator_id)
      .executeTakeFirstOrThrow();
    await checkCover(ctx.db, body.descriptionPictureId, [creator.user_id, caller.id]);
  }
  const descriptionVideoId = body.descriptionVideoId ?? null;
  if (descriptionVideoId !== null && descriptionVideoId !== current?.description_video_file_id) {
    await ctx.db.transaction().execute((trx) => claimDescriptionVideo(trx, caller, descriptionVideoId));
  }
  const dates = { applyStart: body.applyStart, applyEnd: body.applyEnd, eventEnd: body.eventEnd };
  const schedule = eventSchedule(dates);
  await sendEventUpdate(
    ctx,
    product.id,
    editEventUpdate,
    [
      {
        edit: {
          title: body.title,
          name: body.name ?? body.title,
          description: body.description,
          drawNumber: body.drawNumber,
          dates,
          descriptionPictureId: body.descriptionPictureId,
          descriptionVideoId,
        },
        schedule: {
          applyStartAt: schedule.applyStartAt.toISOString(),
          applyEndAt: schedule.applyEndAt.toISOString(),
          drawDeadlineAt: schedule.drawDeadlineAt.toISOString(),
          eventEndAt: schedule.eventEndAt.toISOString(),
        },
      },
    ],
    async () => 'NOT_EDITABLE',
  );
}

/** The product's cover and description video now. */
async function currentMedia(db: DbExecutor, productId: number) {
  return await db
    .selectFrom('mission_products')
    .select(['description_picture_file_id', 'description_video_file_id'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** Whether an EVENT product exists for this id (the missions module sends EVENT applications here). */
export async function isEventProduct(db: DbExecutor, productId: number): Promise<boolean> {
  return (await repository.findEventProduct(db, productId)) !== undefined;
}
