import {
  FAIRNESS_ALGORITHM_NAME,
  FILE_LIMITS,
  eventSchedule,
  type EventApplication,
  type EventDrawState,
  type EventFairness,
  type EventPerformRequest,
  type MissionRequestResponse,
  answerMediaOf,
} from '@fanmission/contracts';
import {
  cancelEventUpdate,
  drawEventUpdate,
  forceDrawUpdate,
  performPrizeUpdate,
  pickApplicantUpdate,
  randomPickUpdate,
  unpickApplicantUpdate,
} from '@fanmission/workflows/events';
import type { EventActionRefusal } from '@fanmission/workflows/events';
import { requireAdultAccess } from '../adult-content';
import { requireRequestingFan, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { uniqueViolation } from '../db';
import { accessDenied, invalidFields, notFound } from '../http';
import { domainEvent, recordEvents } from '../outbox';
import {
  alreadyApplied,
  applicantNotFound,
  cannotApplyToOwnEvent,
  eventActionRefused,
  eventNotFound,
  notApplying,
} from './errors';
import * as repository from './repository';
import { sendEventUpdate } from './workflow-client';
import { visibleEvent, managesEvent, ownEvent } from './event-access';
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
  requireAdultAccess(caller, { creatorId: product.creator_id, adult: product.creator_adult });
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

/**
 * The console's "draw now" (operators): what the 14-day rule would draw at its deadline, now. Only while DRAWING
 * (409 NOT_DRAWING otherwise); the workflow draws the picks left at random and announces the winners.
 */
export async function forceDrawEvent(ctx: ServiceContext, productId: number): Promise<{ winners: number[] }> {
  if (!(await repository.findEvent(ctx.db, productId))) throw eventNotFound();
  const result = await sendEventUpdate(ctx, productId, forceDrawUpdate, [], () => storedRefusal(ctx, productId));
  return { winners: result.winners };
}

/** The console's cancel (operators): the creator's cancel, refunding the applicants through the event's workflow. */
export async function cancelEventByOperator(ctx: ServiceContext, operator: Caller, productId: number): Promise<void> {
  await cancelEvent(ctx, operator, productId);
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
  const media = answerMediaOf(body);
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
