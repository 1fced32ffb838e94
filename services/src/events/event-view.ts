import { eventSchedule, type LotteryEvent } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { DbExecutor } from '../db';
import type { LotteryEventRow } from './table';

export interface EventCounts {
  applyNumber: number;
  pickedNumber: number;
}

export async function eventCounts(db: DbExecutor, productIds: readonly number[]): Promise<Map<number, EventCounts>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_applications')
    .select([
      'product_id',
      sql<number>`count(*)::int`.as('apply_number'),
      sql<number>`(count(*) filter (where picked))::int`.as('picked_number'),
    ])
    .where('product_id', 'in', [...new Set(productIds)])
    .groupBy('product_id')
    .execute();
  return new Map(
    rows.map((row) => [row.product_id, { applyNumber: row.apply_number, pickedNumber: row.picked_number }]),
  );
}

/** Whether the draw can be finished: every draw picked, or every applicant when there are fewer. */
export const isDrawable = (drawNumber: number, counts: EventCounts): boolean =>
  counts.pickedNumber === Math.min(drawNumber, counts.applyNumber);

export function lotteryEventView(
  event: LotteryEventRow,
  productName: string,
  counts: EventCounts,
  applied: boolean,
): LotteryEvent {
  const schedule = eventSchedule({
    applyStart: event.apply_start,
    applyEnd: event.apply_end,
    eventEnd: event.event_end,
  });
  return {
    name: productName,
    title: event.title,
    description: event.description,
    applyStart: event.apply_start,
    applyEnd: event.apply_end,
    eventEnd: event.event_end,
    drawNumber: event.draw_number,
    applyNumber: counts.applyNumber,
    pickedNumber: counts.pickedNumber,
    status: event.status,
    drawable: event.status === 'DRAWING' && isDrawable(event.draw_number, counts),
    applied,
    commitment: event.commitment,
    applyStartAt: schedule.applyStartAt.toISOString(),
    applyEndAt: schedule.applyEndAt.toISOString(),
    drawDeadlineAt: schedule.drawDeadlineAt.toISOString(),
    drawnAt: event.drawn_at?.toISOString() ?? null,
    prizeDueAt: event.prize_due_at?.toISOString() ?? null,
    drawnAutomatically: event.drawn_automatically,
  };
}

/** The lottery event of each EVENT product given (others are absent from the map), as `viewerUserId` sees it. */
export async function loadLotteryEvents(
  db: DbExecutor,
  products: readonly { id: number; name: string; type: string }[],
  viewerUserId: number | null,
): Promise<Map<number, LotteryEvent>> {
  const ids = products.filter((product) => product.type === 'EVENT').map((product) => product.id);
  if (ids.length === 0) return new Map();
  const [events, counts, applied] = await Promise.all([
    db.selectFrom('lottery_events').selectAll().where('product_id', 'in', ids).execute(),
    eventCounts(db, ids),
    viewerUserId === null
      ? Promise.resolve([])
      : db
          .selectFrom('event_applications')
          .select('product_id')
          .where('product_id', 'in', ids)
          .where('user_id', '=', viewerUserId)
          .execute(),
  ]);
  const names = new Map(products.map((product) => [product.id, product.name]));
  const appliedTo = new Set(applied.map((row) => row.product_id));
  return new Map(
    events.map((event) => [
      event.product_id,
      lotteryEventView(
        event,
        names.get(event.product_id) ?? event.title,
        counts.get(event.product_id) ?? { applyNumber: 0, pickedNumber: 0 },
        appliedTo.has(event.product_id),
      ),
    ]),
  );
}

/**
 * The creator's current lottery event product: the ongoing one (at most one, its unique index of migration 0025),
 * else the newest not cancelled (`lottery_events_creator_newest`): two index lookups, however many events he ran.
 */
export async function currentEventProductId(db: DbExecutor, creatorId: number): Promise<number | null> {
  const { rows } = await sql<{ product_id: string }>`
    (select product_id from lottery_events
      where creator_id = ${creatorId} and status in ('CREATED', 'APPLYING', 'DRAWING', 'DRAWN'))
    union all
    (select product_id from lottery_events where creator_id = ${creatorId} and status <> 'CANCELED'
      order by product_id desc limit 1)
    limit 1`.execute(db);
  return rows[0] === undefined ? null : Number(rows[0].product_id);
}

/** Whether the creator has an event that is not closed or cancelled ("exist ongoing event"). */
export async function hasOngoingEvent(db: DbExecutor, creatorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('lottery_events')
    .select('product_id')
    .where('creator_id', '=', creatorId)
    .where('status', 'in', ['CREATED', 'APPLYING', 'DRAWING', 'DRAWN'])
    .executeTakeFirst();
  return row !== undefined;
}
