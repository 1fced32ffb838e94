import {
  DEADLINES,
  FAIRNESS_ALGORITHM_NAME,
  FILE_LIMITS,
  eventSchedule,
  kstDate,
  kstDayStart,
  type CreateMissionProductRequest,
  type EventApplicant,
  type EventApplicantPageQuery,
  type EventApplication,
  type EventDrawState,
  type EventFairness,
  type EventPerformRequest,
  type MissionRequestResponse,
  type Page,
  type UpdateMissionProductRequest,
  DAY_MS,
} from '@fanmission/contracts';
import {
  cancelEventUpdate,
  drawEventUpdate,
  editEventUpdate,
  performPrizeUpdate,
  pickApplicantUpdate,
  randomPickUpdate,
  unpickApplicantUpdate,
} from '@fanmission/workflows/events';
import type { EventActionRefusal } from '@fanmission/workflows/events';
import { isOperator, requireRequestingFan, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { uniqueViolation, type DbExecutor } from '../db';
import { privateFileEntry } from '../files';
import type { FileRow } from '../files';
import { accessDenied, invalidFields, notFound, type FieldProblem } from '../http';
import { pageOffset, toPage } from '../http';
import { domainEvent, recordEvents } from '../outbox';
import { loadDrawState, previewRandomPick } from './activities';
import {
  alreadyApplied,
  applicantNotFound,
  eventActionRefused,
  eventNotFound,
  existOngoingEvent,
  notApplying,
  cannotApplyToOwnEvent,
} from './errors';
import { hasOngoingEvent } from './event-view';
import { commitmentOf, newServerSeed } from './fairness';
import * as repository from './repository';
import type { EventProduct } from './repository';
import type { LotteryEventRow } from './table';
import { sendEventUpdate, startEventWorkflow } from './workflow-client';

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
  if (body.descriptionPictureId !== (await currentCover(ctx.db, product.id))) {
    const creator = await ctx.db
      .selectFrom('creators')
      .select('user_id')
      .where('id', '=', product.creator_id)
      .executeTakeFirstOrThrow();
    await checkCover(ctx.db, body.descriptionPictureId, [creator.user_id, caller.id]);
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

async function currentCover(db: DbExecutor, productId: number): Promise<number | null> {
  const row = await db
    .selectFrom('mission_products')
    .select('description_picture_file_id')
    .where('id', '=', productId)
    .executeTakeFirst();
  return row?.description_picture_file_id ?? null;
}

/** Whether an EVENT product exists for this id (the missions module sends EVENT applications here). */
export async function isEventProduct(db: DbExecutor, productId: number): Promise<boolean> {
  return (await repository.findEventProduct(db, productId)) !== undefined;
}

/**
 * `POST /missions` with an EVENT product: free, once per fan, never on one's own event, only while APPLYING.
 * Creators and unverified members are refused as for requests. The application is a REQUESTED mission of the EVENT
 * product with the applicant's details beside it; the event's workflow is its writer from then on.
 */
export async function applyToEvent(
  ctx: ServiceContext,
  caller: Caller,
  body: EventApplication,
): Promise<MissionRequestResponse> {
  requireRequestingFan(caller);
  const product = await repository.findEventProduct(ctx.db, body.missionProductId);
  if (!product || !product.creator_verified || !product.active) throw notFound('missions.productNotFound');
  if (product.creator_user_id === caller.id) throw cannotApplyToOwnEvent();
  if (body.requestFileId !== undefined) {
    const file = await repository.findFile(ctx.db, body.requestFileId);
    if (!file || file.owner_user_id !== caller.id) {
      throw invalidFields([
        { field: 'requestFileId', key: 'missions.fileNotFound', rejectedValue: body.requestFileId },
      ]);
    }
    if (file.kind !== 'image' || file.size_bytes > FILE_LIMITS.attachmentImageBytes) {
      throw invalidFields([
        { field: 'requestFileId', key: 'events.attachmentImage', rejectedValue: body.requestFileId },
      ]);
    }
  }
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // Shares the row lock with the workflow's closing of applications: an application commits before the entry
      // list is frozen, or is refused.
      const event = await trx
        .selectFrom('lottery_events')
        .selectAll()
        .where('product_id', '=', product.id)
        .forShare()
        .executeTakeFirstOrThrow();
      const { applyEndAt } = eventSchedule({
        applyStart: event.apply_start,
        applyEnd: event.apply_end,
        eventEnd: event.event_end,
      });
      if (event.status !== 'APPLYING' || now.getTime() >= applyEndAt.getTime()) {
        throw notApplying();
      }
      const mission = await trx
        .insertInto('missions')
        .values({
          product_id: product.id,
          creator_id: product.creator_id,
          user_id: caller.id,
          type: 'EVENT',
          status: 'REQUESTED',
          coin_price: 0,
          request_comment: body.requestComment || null,
          request_file_id: body.requestFileId ?? null,
          requested_at: now,
          // The event's workflow writes this mission; no mission workflow of its own.
          workflow_started_at: now,
        })
        .returning(['id', 'status'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('event_applications')
        .values({
          mission_id: mission.id,
          product_id: product.id,
          user_id: caller.id,
          name: body.name,
          phone: body.phone,
          address: body.address || null,
          address_detail: body.addressDetail || null,
          read_at: null,
        })
        .execute();
      await recordEvents(trx, [
        domainEvent(
          'event.applied',
          {
            missionId: mission.id,
            creatorId: product.creator_id,
            userId: caller.id,
            productId: product.id,
            title: event.title,
          },
          now,
        ),
      ]);
      return { id: mission.id, status: mission.status };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'event_applications_product_id_user_id_key') {
      throw alreadyApplied();
    }
    throw error;
  }
}

/** The event product if the caller may see it (as products: verified creator and active, or owner/operator). */
async function visibleEvent(ctx: ServiceContext, caller: Caller | null, productId: number): Promise<EventProduct> {
  const product = await repository.findEventProduct(ctx.db, productId);
  if (!product) throw eventNotFound();
  const privileged = caller !== null && (isOperator(caller) || caller.creatorId === product.creator_id);
  if (!privileged && (!product.active || !product.creator_verified)) throw eventNotFound();
  return product;
}

const managesEvent = (caller: Caller | null, product: EventProduct) =>
  caller !== null && (isOperator(caller) || caller.creatorId === product.creator_id);

/** The event's creator only (the draw and the prizes): 404 when invisible, 403 otherwise. */
async function ownEvent(ctx: ServiceContext, caller: Caller, productId: number): Promise<EventProduct> {
  const product = await visibleEvent(ctx, caller, productId);
  if (caller.creatorId !== product.creator_id) throw accessDenied();
  return product;
}

function applicantQuery(db: DbExecutor, productId: number) {
  return db
    .selectFrom('missions as m')
    .innerJoin('event_applications as a', 'a.mission_id', 'm.id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.product_id', '=', productId);
}

async function applicantViews(
  ctx: ServiceContext,
  rows: ApplicantRow[],
  privileged: boolean,
): Promise<EventApplicant[]> {
  const fileIds = rows
    .flatMap((row) => [
      row.request_file_id,
      row.video_file_id,
      row.picture_file_id,
      row.voice_file_id,
      row.thumbnail_file_id,
    ])
    .filter((id): id is number => id !== null);
  const files = new Map<number, FileRow>(
    fileIds.length === 0
      ? []
      : (
          await ctx.db
            .selectFrom('files')
            .selectAll()
            .where('id', 'in', [...new Set(fileIds)])
            .execute()
        ).map((file) => [file.id, file]),
  );
  const entry = (id: number | null) => {
    const file = id === null ? undefined : files.get(id);
    // Applications are not public: the application image and any answer media go out as signed URLs.
    return file ? privateFileEntry(ctx.config, file) : null;
  };
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    requestComment: row.request_comment,
    requestFile: entry(row.request_file_id),
    created: row.created_at.toISOString(),
    completed: row.completed_at?.toISOString() ?? null,
    missionProduct: { id: row.product_id },
    user: { id: row.user_id, username: row.username },
    event: {
      name: privileged ? row.name : null,
      phone: privileged ? row.phone : null,
      address: privileged ? row.address : null,
      addressDetail: privileged ? row.address_detail : null,
      read: row.read_at !== null,
      temporaryAccepted: row.picked,
    },
    responseComment: row.response_comment,
    video: entry(row.video_file_id),
    picture: entry(row.picture_file_id),
    voice: entry(row.voice_file_id),
    thumbnail: entry(row.thumbnail_file_id),
    performDueAt: row.perform_due_at?.toISOString() ?? null,
  }));
}

/**
 * `GET /mission-products/{id}/missions/page`: the applications, oldest first. Only the event's creator and
 * operators see the applicants' real name, phone and address.
 */
export async function applicantPage(
  ctx: ServiceContext,
  caller: Caller | null,
  productId: number,
  query: EventApplicantPageQuery,
): Promise<Page<EventApplicant>> {
  const product = await visibleEvent(ctx, caller, productId);
  let base = applicantQuery(ctx.db, productId);
  if (query.status && query.status.length > 0) base = base.where('m.status', 'in', query.status);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await selectApplicantsFrom(base).offset(pageOffset(query)).limit(query.size).execute();
  return toPage(await applicantViews(ctx, rows, managesEvent(caller, product)), Number(total.count), query);
}

type ApplicantRow = Awaited<ReturnType<ReturnType<typeof selectApplicantsFrom>['execute']>>[number];

function selectApplicantsFrom(base: ReturnType<typeof applicantQuery>) {
  return base
    .select([
      'm.id',
      'm.status',
      'm.product_id',
      'm.user_id',
      'm.request_comment',
      'm.request_file_id',
      'm.created_at',
      'm.completed_at',
      'm.response_comment',
      'm.video_file_id',
      'm.picture_file_id',
      'm.voice_file_id',
      'm.thumbnail_file_id',
      'm.perform_due_at',
      'u.username',
      'a.name',
      'a.phone',
      'a.address',
      'a.address_detail',
      'a.read_at',
      'a.picked',
    ])
    .orderBy('m.id');
}

async function oneApplicant(ctx: ServiceContext, product: EventProduct, missionId: number, privileged: boolean) {
  const rows = await selectApplicantsFrom(applicantQuery(ctx.db, product.id).where('m.id', '=', missionId)).execute();
  if (rows.length === 0) throw applicantNotFound();
  return (await applicantViews(ctx, rows, privileged))[0]!;
}

async function markRead(ctx: ServiceContext, missionId: number): Promise<void> {
  await ctx.db
    .updateTable('event_applications')
    .set({ read_at: ctx.now() })
    .where('mission_id', '=', missionId)
    .where('read_at', 'is', null)
    .execute();
}

/** `GET /mission-products/{id}/missions/{missionId}`: one application; the creator reading it marks it read. */
export async function getApplicant(
  ctx: ServiceContext,
  caller: Caller | null,
  productId: number,
  missionId: number,
): Promise<EventApplicant> {
  const product = await visibleEvent(ctx, caller, productId);
  const privileged = managesEvent(caller, product);
  const applicant = await oneApplicant(ctx, product, missionId, privileged);
  if (caller?.creatorId === product.creator_id) {
    await markRead(ctx, missionId);
    applicant.event.read = true;
  }
  return applicant;
}

/** `GET /mission-products/{id}/missions/random`: the applicant the next provably fair random choice would pick. */
export async function randomApplicant(ctx: ServiceContext, caller: Caller, productId: number): Promise<EventApplicant> {
  const product = await ownEvent(ctx, caller, productId);
  const state = await loadDrawState(ctx.db, productId);
  if (!state || state.event.status !== 'DRAWING') throw eventActionRefused('NOT_DRAWING');
  // Every draw picked (or every applicant, when fewer): nobody is left to draw.
  if (state.picked.length >= Math.min(state.event.draw_number, state.applications.length)) {
    throw eventActionRefused('DRAW_ALL_DONE');
  }
  const pick = previewRandomPick(state);
  if (!pick) throw eventActionRefused('DRAW_ALL_DONE');
  await markRead(ctx, pick.missionId);
  return await oneApplicant(ctx, product, pick.missionId, true);
}

async function storedRefusal(ctx: ServiceContext, productId: number): Promise<EventActionRefusal | null> {
  const event = await repository.findEvent(ctx.db, productId);
  if (!event) return null;
  return event.status === 'DRAWING' ? null : 'NOT_DRAWING';
}

const drawStateOf = (productId: number, outcome: Omit<EventDrawState, 'id'>): EventDrawState => ({
  id: productId,
  pickedNumber: outcome.pickedNumber,
  drawNumber: outcome.drawNumber,
  applyNumber: outcome.applyNumber,
  drawable: outcome.drawable,
  picked: outcome.picked,
});

export async function pickApplicant(
  ctx: ServiceContext,
  caller: Caller,
  productId: number,
  missionId: number,
  pick: boolean,
): Promise<EventDrawState> {
  await ownEvent(ctx, caller, productId);
  const outcome = await sendEventUpdate(
    ctx,
    productId,
    pick ? pickApplicantUpdate : unpickApplicantUpdate,
    [{ missionId }],
    () => storedRefusal(ctx, productId),
  );
  return drawStateOf(productId, outcome);
}

export async function randomPickRest(ctx: ServiceContext, caller: Caller, productId: number): Promise<EventDrawState> {
  await ownEvent(ctx, caller, productId);
  const outcome = await sendEventUpdate(ctx, productId, randomPickUpdate, [], () => storedRefusal(ctx, productId));
  return drawStateOf(productId, outcome);
}

export async function drawEvent(ctx: ServiceContext, caller: Caller, productId: number): Promise<{ id: number }> {
  await ownEvent(ctx, caller, productId);
  await sendEventUpdate(ctx, productId, drawEventUpdate, [], () => storedRefusal(ctx, productId));
  return { id: productId };
}

/** `PUT /mission-products/{id}/cancel-event`: the creator or an operator, unless CLOSED or CANCELED. */
export async function cancelEvent(ctx: ServiceContext, caller: Caller, productId: number): Promise<{ id: number }> {
  const product = await visibleEvent(ctx, caller, productId);
  if (!managesEvent(caller, product)) throw accessDenied();
  if (product.status === 'CLOSED' || product.status === 'CANCELED') throw eventActionRefused('NOT_CANCELABLE');
  await sendEventUpdate(ctx, productId, cancelEventUpdate, [], async () => {
    const event = await repository.findEvent(ctx.db, productId);
    return event && (event.status === 'CLOSED' || event.status === 'CANCELED') ? 'NOT_CANCELABLE' : null;
  });
  return { id: productId };
}

/** `PUT /mission-products/{id}/missions/{missionId}/perform`: the winner's prize, within a week of the draw. */
export async function performPrize(
  ctx: ServiceContext,
  caller: Caller,
  productId: number,
  missionId: number,
  body: EventPerformRequest,
): Promise<{ id: number }> {
  await ownEvent(ctx, caller, productId);
  const mission = await ctx.db
    .selectFrom('missions')
    .select(['id', 'status', 'rejection_reason'])
    .where('id', '=', missionId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!mission) throw applicantNotFound();
  const media =
    body.videoId !== undefined
      ? { kind: 'video' as const, fileId: body.videoId, field: 'videoId', fileKind: 'video' }
      : body.pictureId !== undefined
        ? { kind: 'picture' as const, fileId: body.pictureId, field: 'pictureId', fileKind: 'image' }
        : { kind: 'voice' as const, fileId: body.voiceId!, field: 'voiceId', fileKind: 'audio' };
  const file = await repository.findFile(ctx.db, media.fileId);
  if (!file || file.owner_user_id !== caller.id) {
    throw invalidFields([{ field: media.field, key: 'missions.fileNotFound', rejectedValue: media.fileId }]);
  }
  if (file.kind !== media.fileKind) {
    throw invalidFields([{ field: media.field, key: 'missions.unknownFileFormat', rejectedValue: media.fileId }]);
  }
  return await sendEventUpdate(
    ctx,
    productId,
    performPrizeUpdate,
    [{ missionId, responseComment: body.responseComment, media: { kind: media.kind, fileId: media.fileId } }],
    async () => {
      const current = await ctx.db
        .selectFrom('missions')
        .select(['status', 'rejection_reason'])
        .where('id', '=', missionId)
        .executeTakeFirstOrThrow();
      if (current.status === 'COMPLETED' || current.status === 'TRANSCODING') return 'ALREADY_PERFORMED';
      if (current.rejection_reason === 'PERFORM_EXPIRED') return 'PRIZE_DEADLINE_PASSED';
      if (current.status !== 'ACCEPTED') return 'NOT_A_WINNER';
      return null;
    },
  );
}

/**
 * `GET /mission-products/{id}/fairness`: the commitment at once, the entries' hash once applications close, the seed,
 * the entries and every pick once the event is drawn (docs/provably-fair.md).
 */
export async function eventFairness(
  ctx: ServiceContext,
  caller: Caller | null,
  productId: number,
): Promise<EventFairness> {
  await visibleEvent(ctx, caller, productId);
  const event = (await repository.findEvent(ctx.db, productId))!;
  const revealed = event.status === 'DRAWN' || event.status === 'CLOSED' || event.status === 'CANCELED';
  const draws = revealed ? await repository.draws(ctx.db, productId) : [];
  const winners =
    event.status === 'DRAWN' || event.status === 'CLOSED'
      ? (await repository.applicationsOf(ctx.db, productId)).filter((a) => a.picked).map((a) => a.mission_id)
      : [];
  return {
    productId,
    algorithm: FAIRNESS_ALGORITHM_NAME,
    status: event.status,
    commitment: event.commitment,
    entriesHash: event.entries_hash,
    serverSeed: revealed ? event.server_seed.toString('hex') : null,
    entries: revealed && event.entries ? event.entries.map(Number) : null,
    draws: draws.map((draw) => ({
      n: draw.choice,
      missionId: draw.mission_id,
      manual: draw.manual,
      action: draw.action,
    })),
    winners,
  };
}
