import { randomUUID } from 'node:crypto';
import { phonePaymentCancellable } from '@fanmission/contracts';
import type { Db } from '../../db';
import { cancelSandboxCheckout, findSandboxCheckout, findSandboxRefunds, insertSandboxRefund } from '../repository';
import type { PaymentRow } from '../table';
import {
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderVerification,
} from './provider';

/** The path of the sandbox checkout page (under the API's own origin). */
export const sandboxCheckoutPath = (paymentId: string) => `/api/v1/payment/sandbox/${encodeURIComponent(paymentId)}`;

/** The path of the sandbox's printable receipt (매출전표) of a paid checkout, as PortOne's `receiptUrl` is a page. */
export const sandboxReceiptPath = (paymentId: string) => `${sandboxCheckoutPath(paymentId)}/receipt`;

/**
 * The prefix of the request id of a chargeback the sandbox records on its own (the payer's bank took the money back,
 * nobody asked the provider): it reports it as a CHARGEBACK, every other refund as a REFUND.
 */
export const SANDBOX_CHARGEBACK = 'chargeback:';

/**
 * The development and test provider: a local checkout page (see sandbox-routes.ts) where the payer approves or
 * declines, recorded in `sandbox_checkouts` apart from our orders, as a provider's test mode would.
 */
export function sandboxProvider(options: { db: Db; publicUrl: string; now: () => Date }): PaymentProvider {
  const refundsOf = async (payment: PaymentRow): Promise<ProviderRefund[]> => {
    const rows = await findSandboxRefunds(options.db, payment.id);
    if (rows.length > 0) {
      return rows.map((row) =>
        refundOf(
          row.id,
          row.amount,
          row.currency,
          row.request_id.startsWith(SANDBOX_CHARGEBACK) ? 'CHARGEBACK' : 'REFUND',
        ),
      );
    }
    // Checkouts cancelled before partial refunds (0145) were refunded whole, under the payment's name.
    const checkout = await findSandboxCheckout(options.db, payment.id);
    return checkout?.status === 'cancelled'
      ? [refundOf(`sandbox-refund-${payment.id}`, checkout.amount, checkout.currency)]
      : [];
  };

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
        ...(checkout.status !== 'failed' && { receiptUrl: `${options.publicUrl}${sandboxReceiptPath(payment.id)}` }),
      };
    },

    // Like PortOne and PayPal: the whole checkout or part of it, never more than is left; the same request id
    // answers the same refund (PayPal-Request-Id).
    async cancel(payment, input) {
      const checkout = await findSandboxCheckout(options.db, payment.id);
      if (!checkout || checkout.status === 'failed') {
        throw new ProviderUnavailableError('sandbox', `checkout of ${payment.id} was not paid`);
      }
      // As a carrier does: a phone payment is cancelled only within the month it was paid in (then it is billed).
      if (payment.pay_method === 'phone' && !phonePaymentCancellable(checkout.decided_at, options.now())) {
        throw new ProviderUnavailableError('sandbox', `phone payment ${payment.id} was billed with its month`);
      }
      const requestId = input.requestId ?? `refund-${payment.id}-${input.amount ?? 'full'}`;
      const earlier = await refundsOf(payment);
      const same = (await findSandboxRefunds(options.db, payment.id)).find((row) => row.request_id === requestId);
      if (same) return refundOf(same.id, same.amount, same.currency);
      const left = checkout.amount - earlier.reduce((sum, refund) => sum + refund.amount, 0);
      const amount = input.amount ?? left;
      if (amount <= 0 || amount > left) {
        throw new ProviderUnavailableError('sandbox', `refund of ${amount} exceeds the ${left} left of ${payment.id}`);
      }
      const id = `sandbox-refund-${randomUUID()}`;
      await insertSandboxRefund(options.db, {
        id,
        payment_id: payment.id,
        request_id: requestId,
        amount,
        currency: checkout.currency,
      });
      if (amount === left) await cancelSandboxCheckout(options.db, payment.id, options.now());
      return refundOf(id, amount, checkout.currency);
    },

    refunds: refundsOf,
  };
}

const refundOf = (
  id: string,
  amount: number,
  currency: string,
  kind: ProviderRefund['kind'] = 'REFUND',
): ProviderRefund => ({
  id,
  kind,
  amount,
  currency,
});
