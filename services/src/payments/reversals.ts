import { PAYMENT_PROVIDERS } from '@fanmission/contracts';
import { isLedgerError, reversePurchase } from '@fanmission/ledger';
import { sql } from 'kysely';
import { countUpTo } from '../admin';
import { findCoinItem, findDepositOfPayment } from '../coins';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { countRepairs } from '../metrics';
import { providerUnavailable } from './errors';
import { ProviderUnavailableError, type ProviderRefund } from './providers/provider';
import type { PaymentProviders } from './providers/registry';
import { findPayment, lockPayment } from './repository';
import type { PaymentRow } from './table';

/*
 * Refunds and chargebacks made at the provider (PortOne cancellations, PayPal refunds and reversals)
 * reverse the purchase in the ledger. Rules, as built:
 * - Each provider refund is reconciled once, by its provider id (`payment_reversals` unique per payment).
 * - The coins it stands for are the charge's coins pro rata of the money refunded so far, rounded up
 *   (`coinsForRefunded`), minus the coins already taken back for that charge (earlier reversals, or the fan's own
 *   withdrawal refunded through the provider): the fan never keeps coins for money he got back.
 * - They come out of that charge's own lot only, as far as it still holds them (PURCHASE_REVERSAL); a wallet never
 *   goes negative. What the fan had already spent is the shortfall, recorded on the reversal row for finance
 *   (`shortfall_coins`, listed by `listReversalShortfalls`), never taken from other charges or bonus coins.
 * - A refund request still waiting for finance with a provider part on the charge that the provider can no longer
 *   pay (it asks more than the provider still holds of the charge after this refund) is refused first, in the same
 *   transaction, unless a provider refunded or is refunding its money (`ctx.settleRefundsOfReversedCharge`, answered
 *   by coin-history): its coins go back to this charge's lot and are taken here, never recorded as a shortfall.
 * - Once a charge is reversed, even in part, a withdrawal of it is refused (the ledger counts it refunded); its
 *   coins left in the wallet stay refundable through a partial refund, since their money was not returned.
 */
/** The coins `refunded` (minor unit, cumulative) of a `total` charge of `point` coins stands for: rounded up. */
export function coinsForRefunded(point: number, total: number, refunded: number): number {
  if (total <= 0) return 0;
  return Math.min(point, Math.ceil((point * Math.min(refunded, total)) / total));
}

/** The prefix of an app-asked refund's id until the provider's answer names it. */
export const PENDING = 'pending:';

/** The coins a payment bought: its snapshot at order time, else (orders before 0120) the catalogue's. */
export async function coinsOf(db: DbExecutor, payment: PaymentRow): Promise<number> {
  if (payment.point !== null) return payment.point;
  const item = await findCoinItem(db, payment.coin_item_id);
  if (!item) throw new Error(`coin item ${payment.coin_item_id} of payment ${payment.id} is gone`);
  return item.point;
}

export interface ReconciledRefund {
  providerRefundId: string;
  coinsAsked: number;
  coinsTaken: number;
  shortfallCoins: number;
}

/**
 * Asks the payment's provider for its refunds and chargebacks and reverses each one not yet recorded. A payment
 * never credited has nothing to take back. Answers what this call reconciled. Throws PROVIDER_UNAVAILABLE (502)
 * when the provider cannot be reached: nothing is decided then.
 */
export async function reconcileProviderRefunds(
  ctx: ServiceContext,
  providers: PaymentProviders,
  payment: PaymentRow,
): Promise<ReconciledRefund[]> {
  const provider = providers.byName(payment.provider);
  if (!provider) throw providerUnavailable();
  if (!(await findDepositOfPayment(ctx.db, payment.id))) return [];
  let refunds: ProviderRefund[];
  try {
    refunds = await provider.refunds(payment);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    ctx.log.warn({ err: error, paymentId: payment.id }, 'payment provider unavailable for refunds');
    throw providerUnavailable();
  }
  const reconciled: ReconciledRefund[] = [];
  for (const refund of refunds) {
    if (refund.currency !== payment.currency) {
      ctx.log.error({ paymentId: payment.id, refund }, 'a provider refund in another currency than its charge');
      continue;
    }
    const done = await ctx.db.transaction().execute((trx) => reverseOnce(ctx, trx, payment, refund));
    if (done) reconciled.push(done);
  }
  return reconciled;
}

async function reverseOnce(
  ctx: ServiceContext,
  trx: DbExecutor,
  payment: PaymentRow,
  refund: ProviderRefund,
): Promise<ReconciledRefund | null> {
  // Webhooks, the sweeper and the fan's own withdrawal queue on the order's row.
  await lockPayment(trx, payment.id);
  const reversals = () =>
    trx.selectFrom('payment_reversals').selectAll().where('payment_id', '=', payment.id).orderBy('id').execute();
  let recorded = await reversals();
  if (recorded.some((row) => row.provider_refund_id === refund.id)) return null;
  const pending = (row: (typeof recorded)[number]) =>
    row.origin === 'app' && row.provider_refund_id.startsWith(PENDING);
  // A refund the app asked for whose answer it has not recorded yet (or never got): this is it. A chargeback never is.
  const asked = recorded.find((row) => pending(row) && refund.kind === 'REFUND' && row.amount === refund.amount);
  if (asked) {
    await trx
      .updateTable('payment_reversals')
      .set({ provider_refund_id: refund.id })
      .where('id', '=', asked.id)
      .execute();
    return null;
  }
  // Refund requests waiting for finance whose provider part the charge can no longer pay are settled first (refused,
  // their coins back in this charge's lot), so this reversal takes those coins instead of counting them spent.
  if (ctx.settleRefundsOfReversedCharge) {
    const refundedAtProvider = recorded.filter((row) => !pending(row)).reduce((sum, row) => sum + row.amount, 0);
    await ctx.settleRefundsOfReversedCharge(ctx, trx, {
      paymentId: payment.id,
      leftAtProvider: Math.max(0, payment.amount - refundedAtProvider - refund.amount),
    });
    recorded = await reversals();
  }
  const point = await coinsOf(trx, payment);
  const refundedSoFar = recorded.reduce((sum, row) => sum + row.amount, 0) + refund.amount;
  const accounted = recorded.reduce((sum, row) => sum + row.coins_asked, 0);
  const coinsAsked = Math.max(0, coinsForRefunded(point, payment.amount, refundedSoFar) - accounted);
  let coinsTaken = 0;
  let ledgerTransactionId: number | null = null;
  if (coinsAsked > 0) {
    try {
      const entry = await reversePurchase(trx, {
        userId: payment.user_id,
        paymentId: payment.id,
        coins: coinsAsked,
        providerRefundId: refund.id,
        idempotencyKey: `purchase-reversal:${payment.id}:${refund.id}`,
        now: ctx.now(),
        metadata: { provider: payment.provider, kind: refund.kind, amount: refund.amount, currency: refund.currency },
      });
      coinsTaken = typeof entry.metadata.refundedCoins === 'number' ? entry.metadata.refundedCoins : 0;
      ledgerTransactionId = entry.transactionId;
    } catch (error) {
      // Every coin of the charge was spent already: all of it is shortfall.
      if (!isLedgerError(error, 'NOTHING_TO_REVERSE')) throw error;
    }
  }
  const shortfallCoins = coinsAsked - coinsTaken;
  await trx
    .insertInto('payment_reversals')
    .values({
      payment_id: payment.id,
      provider_refund_id: refund.id,
      origin: 'provider',
      kind: refund.kind,
      currency: refund.currency,
      amount: refund.amount,
      coins_asked: coinsAsked,
      coins_taken: coinsTaken,
      shortfall_coins: shortfallCoins,
      ledger_transaction_id: ledgerTransactionId,
    })
    .execute();
  if (shortfallCoins > 0) {
    ctx.log.warn(
      { paymentId: payment.id, providerRefundId: refund.id, shortfallCoins },
      'a provider refund reversed a charge whose coins were already spent: shortfall recorded for finance',
    );
  }
  return { providerRefundId: refund.id, coinsAsked, coinsTaken, shortfallCoins };
}

/**
 * Provider refunds and chargebacks that found the charge's coins spent, newest first: a window of `limit` rows after
 * `offset` (the console's simple-rest range) or before `beforeId` (keyset paging), and the total of the list
 * (`countUpTo`: exact up to a thousand, the planner's estimate past it).
 */
export async function listReversalShortfalls(
  db: DbExecutor,
  options: { limit: number; offset?: number; beforeId?: number | undefined },
) {
  const shortfalls = db
    .selectFrom('payment_reversals as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('r.shortfall_coins', '>', 0);
  let page = shortfalls.select([
    'r.id',
    'r.payment_id',
    'r.provider_refund_id',
    'r.kind',
    'r.currency',
    'r.amount',
    'r.coins_asked',
    'r.coins_taken',
    'r.shortfall_coins',
    'r.created_at',
    'p.provider',
    'p.pay_method',
    'p.amount as payment_amount',
    'p.user_id',
    'u.username',
  ]);
  if (options.beforeId !== undefined) page = page.where('r.id', '<', options.beforeId);
  const [rows, total] = await Promise.all([
    page
      .orderBy('r.id', 'desc')
      .limit(options.limit)
      .offset(options.offset ?? 0)
      .execute(),
    countUpTo(shortfalls.select('r.id')),
  ]);
  return { rows, total };
}

/** The sweeper's window for provider refunds of paid orders (webhooks cover the rest). */
export const REFUND_CHECK_WINDOW_MS = 30 * 24 * 60 * 60_000;
const REFUND_CHECK_BATCH = 50;

/**
 * The sweeper's second half: asks the providers about the refunds of paid orders of the last 30 days, least
 * recently checked first (a batch per round), so a cancellation whose webhook was lost is still reconciled.
 * Answers how many refunds it reconciled. Only the orders of providers this deployment has configured are asked
 * about: one it cannot reach by configuration (the demo data's PortOne and PayPal orders without their keys, a
 * provider since removed) could never be checked, would stay first in line and fill every batch, and nobody else's
 * refunds would be looked at.
 */
export async function sweepProviderRefunds(ctx: ServiceContext, providers: PaymentProviders): Promise<number> {
  const now = ctx.now();
  const configured = PAYMENT_PROVIDERS.filter((name) => providers.byName(name) !== null);
  if (configured.length === 0) return 0;
  const { rows } = await sql<{ id: string }>`
    select id from payments
    where status = 'paid' and paid_at > ${new Date(now.getTime() - REFUND_CHECK_WINDOW_MS)}
      and provider = any(${configured}::text[])
    order by refunds_checked_at nulls first, paid_at
    limit ${REFUND_CHECK_BATCH}`.execute(ctx.db);
  let reconciled = 0;
  for (const { id } of rows) {
    const payment = await findPayment(ctx.db, id);
    if (!payment) continue;
    try {
      reconciled += (await reconcileProviderRefunds(ctx, providers, payment)).length;
    } catch (error) {
      ctx.log.warn({ err: error, paymentId: id }, 'provider refunds of a paid order could not be checked');
      continue;
    }
    await sql`update payments set refunds_checked_at = ${now} where id = ${id}`.execute(ctx.db);
  }
  countRepairs('payment-sweeper', 'refund_reconciled', reconciled);
  return reconciled;
}
