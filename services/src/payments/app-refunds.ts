import { sql } from 'kysely';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { providerUnavailable } from './errors';
import { ProviderUnavailableError, type ProviderRefund } from './providers/provider';
import type { PaymentProviders } from './providers/registry';
import { findPayment, lockPayment } from './repository';
import type { PaymentRow } from './table';
import { coinsOf, PENDING, reconcileProviderRefunds } from './reversals';

// Refunds the app itself makes at a provider (a withdrawn charge, a refund request's parts): recorded before the
// provider is asked, so the provider's notice of the same refund takes nothing twice.

/**
 * Records, inside the caller's transaction (the one that took the coins back, e.g. a withdrawal), the refund the app
 * is about to ask the provider for: `coins` of the charge are accounted for, so the provider's notice of the same
 * refund takes nothing twice. Locks the order first (before any ledger lock, like every settling path).
 */
export async function recordAppRefund(
  trx: DbExecutor,
  input: { paymentId: string; requestId: string; amount: number; currency: string; coins: number },
): Promise<void> {
  await trx
    .insertInto('payment_reversals')
    .values({
      payment_id: input.paymentId,
      provider_refund_id: `${PENDING}${input.requestId}`,
      origin: 'app',
      kind: 'REFUND',
      currency: input.currency,
      amount: input.amount,
      coins_asked: input.coins,
      coins_taken: input.coins,
      shortfall_coins: 0,
      ledger_transaction_id: null,
      request_id: input.requestId,
    })
    .onConflict((conflict) => conflict.columns(['payment_id', 'provider_refund_id']).doNothing())
    .execute();
}

/**
 * Forgets an app refund the provider was never asked for (finance refused the request and the coins went back to
 * the wallet): a later provider refund of that charge takes its coins again. One already made at the provider stays.
 */
export async function forgetAppRefund(trx: DbExecutor, input: { paymentId: string; requestId: string }): Promise<void> {
  await trx
    .deleteFrom('payment_reversals')
    .where('payment_id', '=', input.paymentId)
    .where('provider_refund_id', '=', `${PENDING}${input.requestId}`)
    .execute();
}

/** Whether the app refund `requestId` of a charge is recorded and the provider's refund has not named it yet. */
export async function appRefundPending(
  db: DbExecutor,
  input: { paymentId: string; requestId: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('payment_reversals')
    .select('id')
    .where('payment_id', '=', input.paymentId)
    .where('provider_refund_id', '=', `${PENDING}${input.requestId}`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The money (minor unit of the charge's currency) `coins` of a charge paid: the whole amount for all its coins. */
export async function chargeRefundAmount(db: DbExecutor, payment: PaymentRow, coins: number): Promise<number> {
  return amountForCoins(await coinsOf(db, payment), payment.amount, coins);
}

/**
 * Asks the provider to refund what `recordAppRefund` recorded (that amount, in the charge's own currency) and names
 * the app refund after the provider's refund. Answers the provider's refund id. Asked again (a retry, a second click
 * after an interrupted one), it answers the refund already made: recorded, or found at the provider by its amount.
 * Throws PROVIDER_UNAVAILABLE (502) when the provider cannot be reached or refuses: nothing is recorded then.
 */
export async function refundAppRefundAtProvider(
  ctx: ServiceContext,
  providers: PaymentProviders,
  input: { paymentId: string; requestId: string; reason: string },
): Promise<string> {
  const payment = await findPayment(ctx.db, input.paymentId);
  const provider = payment ? providers.byName(payment.provider) : null;
  if (!payment || !provider) throw providerUnavailable();
  const appRefund = () =>
    ctx.db
      .selectFrom('payment_reversals')
      .selectAll()
      .where('payment_id', '=', input.paymentId)
      .where('request_id', '=', input.requestId)
      .where('origin', '=', 'app')
      .executeTakeFirst();
  let row = await appRefund();
  if (!row) throw new Error(`no app refund ${input.requestId} of payment ${input.paymentId} to ask the provider for`);
  if (!row.provider_refund_id.startsWith(PENDING)) return row.provider_refund_id;
  // An earlier call may have been answered by the provider and cut off before it recorded the answer.
  await reconcileProviderRefunds(ctx, providers, payment);
  row = await appRefund();
  if (row && !row.provider_refund_id.startsWith(PENDING)) return row.provider_refund_id;
  if (!row) throw new Error(`app refund ${input.requestId} of payment ${input.paymentId} is gone`);
  let refund: ProviderRefund;
  try {
    refund = await provider.cancel(payment, { reason: input.reason, amount: row.amount, requestId: input.requestId });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    ctx.log.error({ err: error, paymentId: payment.id }, 'the provider refused or could not be reached for a refund');
    throw providerUnavailable();
  }
  await lockAndName(ctx, payment.id, row.id, refund.id);
  return refund.id;
}

/** Names the app refund after the provider's, unless the provider's notice of it was recorded meanwhile. */
async function lockAndName(ctx: ServiceContext, paymentId: string, rowId: number, providerRefundId: string) {
  await ctx.db.transaction().execute(async (trx) => {
    await lockPayment(trx, paymentId);
    await sql`
      update payment_reversals set provider_refund_id = ${providerRefundId}
      where id = ${rowId} and provider_refund_id like ${`${PENDING}%`}
        and not exists (
          select 1 from payment_reversals other where other.payment_id = ${paymentId} and other.provider_refund_id = ${providerRefundId}
        )`.execute(trx);
  });
}

/** The amount (minor unit of the charge's currency) that `coins` of a `point`-coin charge of `total` paid: rounded down. */
export function amountForCoins(point: number, total: number, coins: number): number {
  if (point <= 0) return 0;
  return Math.floor((total * Math.min(coins, point)) / point);
}
