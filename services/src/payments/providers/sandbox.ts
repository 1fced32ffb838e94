import type { Db } from '../../db';
import { cancelSandboxCheckout, findSandboxCheckout } from '../repository';
import type { PaymentProvider, ProviderRefund, ProviderVerification } from './provider';

/** The path of the sandbox checkout page (under the API's own origin). */
export const sandboxCheckoutPath = (paymentId: string) => `/api/v1/payment/sandbox/${encodeURIComponent(paymentId)}`;

/**
 * The development and test provider: a local checkout page (see sandbox-routes.ts) where the payer approves or
 * declines, recorded in `sandbox_checkouts` apart from our orders, as a provider's test mode would.
 */
export function sandboxProvider(options: { db: Db; publicUrl: string; now: () => Date }): PaymentProvider {
  return {
    name: 'sandbox',

    async prepare(payment) {
      return { checkoutUrl: `${options.publicUrl}${sandboxCheckoutPath(payment.id)}`, providerPaymentId: null };
    },

    async verify(payment): Promise<ProviderVerification> {
      const checkout = await findSandboxCheckout(options.db, payment.id);
      if (!checkout) {
        return { status: 'ready', amount: null, currency: null, providerPaymentId: null, merchantReference: null };
      }
      return {
        status: checkout.status,
        amount: checkout.amount,
        currency: checkout.currency,
        providerPaymentId: `sandbox-${payment.id}`,
        merchantReference: payment.id,
        ...(checkout.status === 'failed' && { failureReason: 'declined at the sandbox checkout' }),
      };
    },

    // The sandbox refunds whole checkouts only: one refund, named after the payment.
    async cancel(payment) {
      await cancelSandboxCheckout(options.db, payment.id, options.now());
      return refundOf(payment.id, payment.amount, payment.currency);
    },

    async refunds(payment) {
      const checkout = await findSandboxCheckout(options.db, payment.id);
      return checkout?.status === 'cancelled' ? [refundOf(payment.id, checkout.amount, checkout.currency)] : [];
    },
  };
}

const refundOf = (paymentId: string, amount: number, currency: string): ProviderRefund => ({
  id: `sandbox-refund-${paymentId}`,
  kind: 'REFUND',
  amount,
  currency,
});
