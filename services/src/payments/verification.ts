import type { ServiceContext } from '../context';
import { paymentFailed, paymentMismatch, paymentNotCompleted, providerUnavailable } from './errors';
import { ProviderUnavailableError, type ProviderVerification } from './providers/provider';
import type { PaymentProviders } from './providers/registry';
import { recordPaymentOutcome } from './repository';
import type { PaymentRow } from './table';

/**
 * Asks the payment's provider where it stands (capturing an approved PayPal order), and accepts it only when it is
 * paid with exactly the order's amount and currency under the order's own id. Anything else is recorded on the
 * order and answered with the matching error; nothing the client said is trusted.
 */
export async function verifyPaidAtProvider(
  ctx: ServiceContext,
  providers: PaymentProviders,
  payment: PaymentRow,
): Promise<ProviderVerification> {
  const provider = providers.byName(payment.provider);
  if (!provider) throw providerUnavailable();
  let verification: ProviderVerification;
  try {
    verification = await provider.verify(payment);
    if (verification.status === 'approved' && provider.capture) verification = await provider.capture(payment);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    ctx.log.warn({ err: error, paymentId: payment.id }, 'payment provider unavailable');
    throw providerUnavailable();
  }
  const record = (status: 'pending' | 'failed' | 'cancelled', failureReason: string | null) =>
    recordPaymentOutcome(ctx.db, payment.id, { status, failureReason, now: ctx.now() });

  switch (verification.status) {
    case 'paid': {
      const problems = mismatches(payment, verification);
      if (problems.length === 0) return verification;
      ctx.log.warn({ paymentId: payment.id, problems, verification }, 'paid payment does not match its order');
      await record('failed', `mismatch: ${problems.join(', ')}`);
      throw paymentMismatch();
    }
    case 'pending':
      await record('pending', null);
      throw paymentNotCompleted(payment.pay_method, true);
    case 'ready':
    case 'approved':
      throw paymentNotCompleted(payment.pay_method, false);
    case 'failed': {
      const reason = verification.failureReason ?? 'FAILED';
      await record('failed', reason);
      throw paymentFailed(reason);
    }
    case 'cancelled':
      await record('cancelled', 'cancelled at the provider');
      throw paymentFailed('CANCELLED');
  }
}

function mismatches(payment: PaymentRow, verification: ProviderVerification): string[] {
  const problems: string[] = [];
  if (verification.amount !== payment.amount) problems.push(`amount ${verification.amount} ≠ ${payment.amount}`);
  if (verification.currency !== payment.currency) {
    problems.push(`currency ${verification.currency} ≠ ${payment.currency}`);
  }
  if (verification.merchantReference !== null && verification.merchantReference !== payment.id) {
    problems.push(`reference ${verification.merchantReference} ≠ ${payment.id}`);
  }
  return problems;
}
