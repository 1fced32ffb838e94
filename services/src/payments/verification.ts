import type { ServiceContext } from '../context';
import { countPaymentVerification, type PaymentVerificationOutcome } from '../metrics';
import { paymentFailed, paymentMismatch, paymentNotCompleted, providerUnavailable } from './errors';
import { ProviderUnavailableError, type ProviderVerification } from './providers/provider';
import type { PaymentProviders } from './providers/registry';
import { recordPaymentOutcome } from './repository';
import type { PaymentRow } from './table';

/**
 * Asks the payment's provider where it stands (capturing an approved PayPal order), and accepts it only when it is
 * paid with exactly the order's amount and currency under the order's own id. Anything else is recorded on the
 * order and answered with the matching error; nothing the client said is trusted. Each answer is counted by provider,
 * pay method and outcome (`fanmission_payment_verifications_total`).
 */
export async function verifyPaidAtProvider(
  ctx: ServiceContext,
  providers: PaymentProviders,
  payment: PaymentRow,
): Promise<ProviderVerification> {
  const counted = (outcome: PaymentVerificationOutcome) => countPaymentVerification(payment, outcome);
  const provider = providers.byName(payment.provider);
  if (!provider) {
    counted('provider_unavailable');
    throw providerUnavailable();
  }
  let verification: ProviderVerification;
  try {
    verification = await provider.verify(payment);
    if (verification.status === 'approved' && provider.capture) verification = await provider.capture(payment);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    ctx.log.warn({ err: error, paymentId: payment.id }, 'payment provider unavailable');
    counted('provider_unavailable');
    throw providerUnavailable();
  }
  const record = (status: 'pending' | 'failed' | 'cancelled', failureReason: string | null) =>
    recordPaymentOutcome(ctx.db, payment.id, { status, failureReason, now: ctx.now() });

  switch (verification.status) {
    case 'paid': {
      const problems = mismatches(payment, verification);
      counted(problems.length === 0 ? 'paid' : 'mismatch');
      if (problems.length === 0) return verification;
      ctx.log.warn({ paymentId: payment.id, problems, verification }, 'paid payment does not match its order');
      await record('failed', `mismatch: ${problems.join(', ')}`);
      throw paymentMismatch();
    }
    case 'pending':
      counted('pending');
      await record('pending', null);
      throw paymentNotCompleted(payment.pay_method, true);
    case 'ready':
    case 'approved':
      counted('not_completed');
      throw paymentNotCompleted(payment.pay_method, false);
    case 'failed': {
      const reason = verification.failureReason ?? 'FAILED';
      counted('failed');
      await record('failed', reason);
      throw paymentFailed(reason);
    }
    case 'cancelled':
      counted('cancelled');
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
