import { z } from 'zod';
import { isoDateTime, limitedText } from './admin-fields';
import { PAYMENT_REVERSAL_KINDS, paymentProviderSchema } from './coins-api';

/*
 * The console's payments resource (`/api/admin/payments`): finance and operators find a card, KakaoPay, phone or
 * PayPal payment (an "I paid but got no coins" ticket), see everything that happened to it, and finance cancels one at its
 * provider while its coins are unused.
 */

export const PAYMENT_STATUSES = ['ready', 'pending', 'paid', 'failed', 'cancelled'] as const;
export const PAYMENT_ORDER_METHODS = ['kakaopay', 'card', 'phone', 'paypal'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** Sorting keeps to the indexed order of the table: newest first, or oldest first. */
export const ADMIN_PAYMENT_SORT_FIELDS = ['createdAt'] as const;

/** The deepest row a list window may reach: past it, narrow the filter (no page of a big table skips more rows). */
export const ADMIN_PAYMENT_MAX_OFFSET = 10_000;

export const adminPaymentFilterSchema = z.strictObject({
  /** ra-data-simple-rest's getMany sends `{ id: [...] }`. */
  id: z.union([z.string().max(100), z.array(z.string().max(100)).max(500)]).optional(),
  /** The payment id, the provider's transaction id, or the member's e-mail or username, exactly (e-mail in any case). */
  q: z.string().trim().max(200).optional(),
  provider: paymentProviderSchema.optional(),
  payMethod: z.enum(PAYMENT_ORDER_METHODS).optional(),
  status: paymentStatusSchema.optional(),
  userId: z.number().int().optional(),
  /** Ordered at or after this instant. */
  from: isoDateTime.optional(),
  /** Ordered before this instant. */
  to: isoDateTime.optional(),
});
export type AdminPaymentFilter = z.infer<typeof adminPaymentFilterSchema>;

const adminPaymentFields = {
  /** Our order id (the `merchantUid` the web app paid). */
  id: z.string(),
  userId: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  coinItem: z.object({ id: z.number().int(), name: z.string() }),
  /** The coins the order buys. */
  coins: z.number().int(),
  provider: paymentProviderSchema,
  payMethod: z.enum(PAYMENT_ORDER_METHODS),
  currency: z.string().length(3),
  /** In the currency's minor unit (won, cents). */
  amount: z.number().int(),
  status: paymentStatusSchema,
  /** The provider's own id of the transaction (PortOne's payment, PayPal's order). */
  providerPaymentId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  /** What the providers paid back so far, in the same unit. */
  refundedAmount: z.number().int(),
};

export const adminPaymentSchema = z.object(adminPaymentFields).meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const PAYMENT_EVENT_KINDS = ['CREATED', 'STATUS', 'WEBHOOK'] as const;

export const adminPaymentDetailSchema = z
  .object({
    ...adminPaymentFields,
    /** The order's creation, every change of its status, and every verified webhook about it, oldest first. */
    events: z.array(
      z.object({
        kind: z.enum(PAYMENT_EVENT_KINDS),
        /** The status it changed to (STATUS, CREATED). */
        status: paymentStatusSchema.nullable(),
        /** The webhook's provider and event type, e.g. `portone Transaction.Paid`. */
        detail: z.string().nullable(),
        at: isoDateTime,
      }),
    ),
    /** The coin deposit the payment credited: its ledger transaction and coins. */
    deposit: z
      .object({ id: z.number().int(), ledgerTransactionId: z.number().int(), coins: z.number().int() })
      .nullable(),
    /** Refunds and chargebacks at the provider. */
    reversals: z.array(
      z.object({
        providerRefundId: z.string(),
        origin: z.enum(['provider', 'app']),
        kind: z.enum(PAYMENT_REVERSAL_KINDS),
        currency: z.string(),
        amount: z.number().int(),
        coinsTaken: z.number().int(),
        shortfallCoins: z.number().int(),
        at: isoDateTime,
      }),
    ),
    /** The coin refund requests (withdrawals) of its deposit. */
    refunds: z.array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        status: z.string(),
        coins: z.number().int(),
        requestedAt: isoDateTime,
        paidAt: isoDateTime.nullable(),
      }),
    ),
  })
  .meta({ id: 'AdminPaymentDetail' });
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

export const adminPaymentParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Finance cancels a paid charge at its provider: the reason is recorded with the audit entry and sent to the provider. */
export const adminPaymentCancelSchema = z.strictObject({ reason: limitedText(200) });
export type AdminPaymentCancel = z.infer<typeof adminPaymentCancelSchema>;
