import { type Insertable } from 'kysely';
import type { DbExecutor } from '../db';
import type { CoinRefundPartRow, CoinRefundPartsTable } from './table';

// The parts of refund requests (each charge a request pays back, in the charge's own currency) and finance's claim
// on a request while its provider refunds run.

export type NewRefundPart = Omit<Insertable<CoinRefundPartsTable>, 'id'>;

export async function insertRefundParts(db: DbExecutor, parts: NewRefundPart[]): Promise<void> {
  if (parts.length === 0) return;
  await db.insertInto('coin_refund_parts').values(parts).execute();
}

/** The parts of each request's current ledger transaction (a refused request asked again has new ones). */
export async function findRefundParts(db: DbExecutor, refundIds: number[]): Promise<Map<number, RefundPartRow[]>> {
  const byRefund = new Map<number, RefundPartRow[]>();
  if (refundIds.length === 0) return byRefund;
  const rows = await db
    .selectFrom('coin_refund_parts as p')
    .innerJoin('coin_refunds as r', (join) =>
      join.onRef('r.id', '=', 'p.refund_id').onRef('r.ledger_transaction_id', '=', 'p.ledger_transaction_id'),
    )
    .leftJoin('payments as pay', 'pay.id', 'p.payment_id')
    .selectAll('p')
    .select(['pay.provider', 'pay.pay_method'])
    .where('p.refund_id', 'in', refundIds)
    .orderBy('p.id')
    .execute();
  for (const row of rows) {
    const parts = byRefund.get(row.refund_id) ?? [];
    parts.push(row);
    byRefund.set(row.refund_id, parts);
  }
  return byRefund;
}

export type RefundPartRow = CoinRefundPartRow & { provider: string | null; pay_method: string | null };

export async function markPartRefunded(db: DbExecutor, partId: number, providerRefundId: string, now: Date) {
  await db
    .updateTable('coin_refund_parts')
    .set({ provider_refund_id: providerRefundId, refunded_at: now })
    .where('id', '=', partId)
    .execute();
}

/** A provider-refund claim older than this is an interrupted call: another click takes it over. */
export const PROVIDER_REFUND_CLAIM_MS = 2 * 60_000;

/**
 * Takes a requested refund for a provider refund unless another call holds it (a claim older than `staleBefore` is
 * an interrupted call: taken over). Answers whether this call holds it now.
 */
export async function claimProviderRefund(db: DbExecutor, id: number, now: Date, staleBefore: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('coin_refunds')
    .set({ provider_refund_claimed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .where((eb) =>
      eb.or([eb('provider_refund_claimed_at', 'is', null), eb('provider_refund_claimed_at', '<', staleBefore)]),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function releaseProviderRefund(db: DbExecutor, id: number): Promise<void> {
  await db.updateTable('coin_refunds').set({ provider_refund_claimed_at: null }).where('id', '=', id).execute();
}

export async function setRefundProviderRefundId(db: DbExecutor, id: number, providerRefundId: string): Promise<void> {
  await db.updateTable('coin_refunds').set({ provider_refund_id: providerRefundId }).where('id', '=', id).execute();
}

/** Requests whose money goes (also) back to a charge paid in `currency`: the summary fields of a request. */
export async function setRefundCurrency(
  db: DbExecutor,
  id: number,
  money: { currency: string; amountMinor: number | null },
): Promise<void> {
  await db
    .updateTable('coin_refunds')
    .set({ currency: money.currency, amount_minor: money.amountMinor })
    .where('id', '=', id)
    .execute();
}
