import { sql } from 'kysely';
import { runPeriodically, type PeriodicTask } from '../background';
import type { ServiceContext } from '../context';
import { AppError } from '../http';
import { countRepairs } from '../metrics';
import { creditVerifiedPayment } from './deposits';
import type { PaymentProviders } from './providers/registry';
import { findPayment } from './repository';
import { sweepProviderRefunds } from './reversals';

/** Orders younger than this are left to the browser still on its way back from the checkout. */
export const SWEEP_GRACE_MS = 2 * 60_000;
/** Orders older than this are not asked about any more (a checkout abandoned days ago stays unpaid). */
export const SWEEP_WINDOW_MS = 3 * 24 * 60 * 60_000;
const SWEEP_BATCH = 100;

/**
 * Asks the provider about every order that is neither paid nor given up (ready or pending, between the grace
 * period and the window), and credits those it reports paid, through the same locked path as the browser's
 * `POST /coin-deposit` and the webhooks, so the coins arrive exactly once even if the browser never returns.
 * Answers how many orders it credited.
 */
export async function sweepUnsettledPayments(ctx: ServiceContext, providers: PaymentProviders): Promise<number> {
  const now = ctx.now().getTime();
  const { rows } = await sql<{ id: string }>`
    select p.id from payments p
    where p.status in ('ready', 'pending')
      and p.created_at <= ${new Date(now - SWEEP_GRACE_MS)}
      and p.created_at > ${new Date(now - SWEEP_WINDOW_MS)}
      and not exists (select 1 from coin_deposits d where d.payment_id = p.id)
    order by p.created_at
    limit ${SWEEP_BATCH}`.execute(ctx.db);
  let credited = 0;
  for (const { id } of rows) {
    const payment = await findPayment(ctx.db, id);
    if (!payment) continue;
    try {
      await creditVerifiedPayment(ctx, providers, payment);
      credited += 1;
    } catch (error) {
      // Not paid yet, failed or mismatched (already recorded on the order), or the provider is down: next round.
      if (error instanceof AppError) continue;
      throw error;
    }
  }
  countRepairs('payment-sweeper', 'payment_credited', credited);
  return credited;
}

/** The API process's sweeper loop (unpaid orders, then refunds of paid ones): now, then every `intervalMs`. */
export function startPaymentSweeper(
  ctx: ServiceContext,
  providers: PaymentProviders,
  options: { intervalMs: number },
): PeriodicTask {
  const sweep = async () =>
    (await sweepUnsettledPayments(ctx, providers)) + (await sweepProviderRefunds(ctx, providers));
  return runPeriodically(sweep, {
    intervalMs: options.intervalMs,
    log: ctx.log,
    countMessage: 'credited paid payments whose browser never came back, or reconciled refunds made at the provider',
    failureMessage: 'the payment sweeper failed',
  });
}
