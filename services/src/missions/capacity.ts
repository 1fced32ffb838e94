import { koreaDate } from '@fanmission/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { DbExecutor } from '../db';
import { creatorPaused, requestsFull } from './errors';

// A creator's capacity as requests see it (docs/rules/creators.md): while he is paused every new request is refused,
// and a request past one of his caps on open requests is refused, both before any coin moves.

/**
 * The statuses of an open request: asked for (REQUESTED) or taken on (ACCEPTED, TRANSCODING) and not yet delivered.
 * A mission that completes, or is refused, expires, is cancelled or refunded (REJECTED), frees its slot; a lucky
 * roulette not won yet (CREATED) holds none.
 */
export const OPEN_REQUEST_STATUSES = ['REQUESTED', 'ACCEPTED', 'TRANSCODING'] as const;

/** Whether the pause of the creator `creatorId` names holds at `now`: until 00:00 Korea time of his return day. */
export const pausedAt = (creatorId: RawBuilder<unknown>, now: Date) => sql<boolean>`coalesce((
  select cc.paused and (cc.return_on is null or cc.return_on > ${koreaDate(now)}::date)
  from creator_capacity cc where cc.creator_id = ${creatorId}), false)`;

/** Whether a request for the product counts against a cap (the product's own or its creator's overall one). */
export const cappedProduct = (productId: RawBuilder<unknown>, creatorId: RawBuilder<unknown>) => sql<boolean>`(
  (select p2.max_open_requests is not null from mission_products p2 where p2.id = ${productId})
  or exists (select 1 from creator_capacity cc where cc.creator_id = ${creatorId} and cc.max_open_requests is not null))`;

/** Refuses a request to a paused creator (409 CREATOR_PAUSED). */
export function requireNotPaused(product: { creator_paused: boolean }): void {
  if (product.creator_paused) throw creatorPaused();
}

/**
 * Takes a slot for one more open request of the product inside the request's transaction, or refuses it (409
 * REQUESTS_FULL, rolling the transaction back before its coins move). The creator's capacity row is locked first,
 * then his open missions are counted by a statement of its own: under READ COMMITTED that statement sees every
 * request that held the lock before, so exactly the cap's count gets through however many arrive at once. Products
 * without a cap, of a creator without one, skip the lock (`capped` is false) and never wait for each other.
 */
export async function takeOpenRequestSlot(
  trx: DbExecutor,
  product: { id: number; creator_id: number; capped: boolean },
): Promise<void> {
  if (!product.capped) return;
  // A cap is saved with its creator's capacity row (`saveCapacity`), so a capped product's creator has one.
  await sql`select 1 from creator_capacity where creator_id = ${product.creator_id} for update`.execute(trx);
  const { rows } = await sql<{ full: boolean }>`
    select
      coalesce((select p.max_open_requests <= count(*) from missions m
                where m.product_id = p.id and m.status in (${sql.join(OPEN_REQUEST_STATUSES)})), false)
      or coalesce((select cc.max_open_requests <= count(*) from missions m
                   where m.creator_id = cc.creator_id and m.status in (${sql.join(OPEN_REQUEST_STATUSES)})), false)
        as full
    from mission_products p join creator_capacity cc on cc.creator_id = p.creator_id
    where p.id = ${product.id}`.execute(trx);
  if (rows[0]?.full) throw requestsFull();
}
