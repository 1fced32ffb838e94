import {
  DAY_MS,
  koreaDate,
  PAUSE_RETURN_MAX_DAYS,
  RESPONSE_TIME_DAYS,
  RESPONSE_TIME_MIN_SAMPLE,
  type CreatorAvailability,
  type CreatorCapacity,
  type CreatorCapacityUpdate,
  type ProductType,
  type ResponseTimes,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import { requireAdultAccess } from '../adult-content';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { invalidFields, notFound, type FieldProblem } from '../http';
import * as repository from './repository';
import { canSeeCreator } from './service';

// A creator's capacity (docs/rules/creators.md): his pause and caps, read and saved by him alone, and what fans see
// of them with his typical response times. The requests' side of the rules is in services/src/missions/capacity.ts.

/** Counted like services/src/missions/capacity.ts counts them: asked for or taken on, not yet delivered. */
const OPEN = sql.raw(`('REQUESTED', 'ACCEPTED', 'TRANSCODING')`);

const creatorNotFound = () => notFound('creators.notFound');

/** The caller's own creator: the same 404 for anybody else's as for a creator that does not exist. */
async function ownCreatorId(ctx: ServiceContext, caller: Caller, creatorId: number): Promise<number> {
  const creator = await repository.findCreatorById(ctx.db, creatorId);
  if (!creator || creator.user_id !== caller.id) throw creatorNotFound();
  return creator.id;
}

interface CapacityRow {
  paused: boolean;
  paused_now: boolean;
  return_on: string | null;
  pause_message: string | null;
  max_open_requests: number | null;
  open_requests: number | null;
}

/**
 * The creator's capacity row (defaults without one) and his open requests over all products (`countAlways` false:
 * only under an overall cap, so fans never learn the workload of a creator who set none, and his page never counts).
 */
async function readCapacityRow(
  db: DbExecutor,
  creatorId: number,
  now: Date,
  countAlways: boolean,
): Promise<CapacityRow> {
  const { rows } = await sql<CapacityRow>`
    select
      coalesce(cc.paused, false) as paused,
      coalesce(cc.paused and (cc.return_on is null or cc.return_on > ${koreaDate(now)}::date), false) as paused_now,
      to_char(cc.return_on, 'YYYY-MM-DD') as return_on,
      cc.pause_message,
      cc.max_open_requests,
      case when ${countAlways} or cc.max_open_requests is not null then
        (select count(*)::int from missions m where m.creator_id = ${creatorId} and m.status in ${OPEN}) end
        as open_requests
    from (values (1)) as one (one)
    left join creator_capacity cc on cc.creator_id = ${creatorId}`.execute(db);
  return rows[0]!;
}

/** The creator's products (lottery events aside), capped ones only when `cappedOnly`, with their open requests. */
async function productCounts(db: DbExecutor, creatorId: number, cappedOnly: boolean) {
  const { rows } = await sql<{
    id: number;
    name: string;
    type: ProductType;
    active: boolean;
    max_open_requests: number | null;
    open_requests: number;
  }>`
    select p.id, p.name, p.type, p.active, p.max_open_requests,
      (select count(*)::int from missions m where m.product_id = p.id and m.status in ${OPEN}) as open_requests
    from mission_products p
    where p.creator_id = ${creatorId} and p.type <> 'EVENT'
      and (${!cappedOnly} or p.max_open_requests is not null)
    order by p.type, p.sort_order, p.id`.execute(db);
  return rows;
}

async function capacityView(db: DbExecutor, creatorId: number, now: Date): Promise<CreatorCapacity> {
  const [row, products] = await Promise.all([
    readCapacityRow(db, creatorId, now, true),
    productCounts(db, creatorId, false),
  ]);
  return {
    paused: row.paused,
    pausedNow: row.paused_now,
    returnOn: row.return_on,
    pauseMessage: row.pause_message,
    maxOpenRequests: row.max_open_requests,
    openRequests: row.open_requests ?? 0,
    products: products.map((product) => ({
      productId: product.id,
      name: product.name,
      type: product.type,
      active: product.active,
      maxOpenRequests: product.max_open_requests,
      openRequests: product.open_requests,
    })),
  };
}

/** `GET /creators/{id}/capacity`: the owner's settings with today's open requests. */
export async function ownCapacity(ctx: ServiceContext, caller: Caller, creatorId: number): Promise<CreatorCapacity> {
  return capacityView(ctx.db, await ownCreatorId(ctx, caller, creatorId), ctx.now());
}

/**
 * `PUT /creators/{id}/capacity`: saves the pause (a return day after today in Korea time, at most a year ahead),
 * the overall cap and the caps of the listed products, which must be his own (a lottery event takes no cap).
 */
export async function saveCapacity(
  ctx: ServiceContext,
  caller: Caller,
  creatorId: number,
  body: CreatorCapacityUpdate,
): Promise<CreatorCapacity> {
  const id = await ownCreatorId(ctx, caller, creatorId);
  const now = ctx.now();
  const problems: FieldProblem[] = [];
  if (body.returnOn !== null) {
    const latest = koreaDate(new Date(now.getTime() + PAUSE_RETURN_MAX_DAYS * DAY_MS));
    if (body.returnOn <= koreaDate(now)) {
      problems.push({ field: 'returnOn', key: 'capacity.returnOnNotAhead', rejectedValue: body.returnOn });
    } else if (body.returnOn > latest) {
      problems.push({
        field: 'returnOn',
        key: 'capacity.returnOnTooFar',
        params: { days: PAUSE_RETURN_MAX_DAYS },
        rejectedValue: body.returnOn,
      });
    }
  }
  const own = new Set((await productCounts(ctx.db, id, false)).map((product) => product.id));
  body.productCaps.forEach((cap, index) => {
    if (!own.has(cap.productId)) {
      problems.push({ field: `productCaps[${index}].productId`, key: 'capacity.productNotFound' });
    }
  });
  if (problems.length > 0) throw invalidFields(problems);
  await ctx.db.transaction().execute(async (trx) => {
    // The row requests of a capped creator lock (services/src/missions/capacity.ts): a cap is saved with it.
    await trx
      .insertInto('creator_capacity')
      .values({
        creator_id: id,
        paused: body.paused,
        return_on: body.returnOn,
        pause_message: body.pauseMessage,
        max_open_requests: body.maxOpenRequests,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict.column('creator_id').doUpdateSet({
          paused: body.paused,
          return_on: body.returnOn,
          pause_message: body.pauseMessage,
          max_open_requests: body.maxOpenRequests,
          updated_at: now,
        }),
      )
      .execute();
    for (const cap of body.productCaps) {
      await trx
        .updateTable('mission_products')
        .set({ max_open_requests: cap.maxOpenRequests })
        .where('id', '=', cap.productId)
        .where('creator_id', '=', id)
        .execute();
    }
  });
  return capacityView(ctx.db, id, now);
}

/**
 * The medians, in hours, of the creator's missions of the last 90 days: from a custom request to its acceptance
 * (BASIC and won LUCKY missions are accepted at once, so they would say nothing), and from acceptance to delivery.
 * Each is null below `RESPONSE_TIME_MIN_SAMPLE` missions. Two index-only range reads of the creator's own entries
 * (missions_creator_accept_times, missions_creator_perform_times, migration 0680).
 */
async function responseTimes(db: DbExecutor, creatorId: number, now: Date): Promise<ResponseTimes> {
  const since = new Date(now.getTime() - RESPONSE_TIME_DAYS * DAY_MS);
  const median = (interval: ReturnType<typeof sql>) =>
    sql`case when count(*) >= ${RESPONSE_TIME_MIN_SAMPLE}
      then percentile_cont(0.5) within group (order by extract(epoch from ${interval})) end`;
  const { rows } = await sql<{ accept_seconds: number | null; complete_seconds: number | null }>`
    select
      (select ${median(sql`accepted_at - requested_at`)} from missions
       where creator_id = ${creatorId} and type = 'CUSTOM' and accepted_at is not null and requested_at is not null
         and accepted_at >= ${since}) as accept_seconds,
      (select ${median(sql`completed_at - accepted_at`)} from missions
       where creator_id = ${creatorId} and completed_at is not null and accepted_at is not null
         and completed_at >= ${since}) as complete_seconds`.execute(db);
  const hours = (seconds: number | null) => (seconds === null ? null : Math.round((Number(seconds) / 3600) * 10) / 10);
  return { acceptHours: hours(rows[0]!.accept_seconds), completeHours: hours(rows[0]!.complete_seconds) };
}

/** `GET /creators/{id}/availability`: the pause, the caps reached or not, and the typical response times. */
export async function creatorAvailability(
  ctx: ServiceContext,
  caller: Caller | null,
  creatorId: number,
): Promise<CreatorAvailability> {
  const creator = await repository.findCreatorById(ctx.db, creatorId);
  if (!creator || !canSeeCreator(caller, creator)) throw creatorNotFound();
  requireAdultAccess(caller, { creatorId: creator.id, adult: creator.contain_adult_content });
  const now = ctx.now();
  const [row, products, times] = await Promise.all([
    readCapacityRow(ctx.db, creator.id, now, false),
    productCounts(ctx.db, creator.id, true),
    responseTimes(ctx.db, creator.id, now),
  ]);
  return {
    paused: row.paused_now,
    returnOn: row.paused_now ? row.return_on : null,
    pauseMessage: row.paused_now ? row.pause_message : null,
    maxOpenRequests: row.max_open_requests,
    openRequests: row.open_requests,
    products: products.map((product) => ({
      productId: product.id,
      maxOpenRequests: product.max_open_requests!,
      openRequests: product.open_requests,
    })),
    responseTimes: times,
  };
}
