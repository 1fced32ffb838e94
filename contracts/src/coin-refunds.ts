import { z } from 'zod';
import { adminApprovalTraceSchema } from './admin-approvals';
import {
  coinDepositPaymentSchema,
  coinRefundPartSchema,
  coinRefundStatusSchema,
  refundBankAccountSchema,
  refundDestinationSchema,
  refundDestinationSchemaOf,
  type RefundDestinationKind,
} from './coin-history';
import { pageQuerySchema, pageSchema } from './page';

// The fan's refunds (a whole charge withdrawn, or a partial refund of the CASH coins) and finance's console view of
// the refund requests. Instants are ISO 8601 strings.

const instant = z.iso.datetime({ offset: true });

export const COIN_REFUND_KINDS = ['WITHDRAWAL', 'PARTIAL_REFUND'] as const;
export const coinRefundKindSchema = z.enum(COIN_REFUND_KINDS);
export type CoinRefundKind = z.infer<typeof coinRefundKindSchema>;

/** Money-moving commands take an optional `Idempotency-Key`: a retry with the same key returns the first answer. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().trim().min(1).max(100).optional(),
});

/** The fan's refund requests per page. */
export const COIN_REFUNDS_PAGE_SIZE = 10;

/**
 * Finance's "refund at provider" matches only a destination with charges through the providers (a bank deposit has
 * none): the payment methods, or a split request's provider part.
 */
export function refundsThroughProvider(destination: {
  kind: RefundDestinationKind;
  methods?: readonly string[] | null;
}): boolean {
  if (destination.kind === 'SPLIT') return true;
  return destination.kind === 'ORIGINAL_METHOD' && !(destination.methods ?? []).includes('withoutbankbook');
}

/** Whether some of the request's money goes to the fan's bank account (all of it, or a split request's rest). */
export function refundsToAccount(destination: { kind: RefundDestinationKind }): boolean {
  return destination.kind === 'BANK_ACCOUNT' || destination.kind === 'SPLIT';
}

/**
 * `POST /users/me/coins/partial-refund`: the account to send the money to, required only when some of it goes to an
 * account (`BANK_ACCOUNT` or `SPLIT`: the coin lots' `partialRefund.destination` says so beforehand). Its holder must
 * be the fan (the bank's holder look-up against his verified name or the depositor name of the deposits it returns).
 */
export const partialRefundRequestSchema = z.strictObject({ bankAccount: refundBankAccountSchema.optional() });
export type PartialRefundRequest = z.infer<typeof partialRefundRequestSchema>;

/** `GET /users/me/coin-refunds`: the fan's refund requests, newest first. */
export const coinRefundPageQuerySchema = pageQuerySchema(COIN_REFUNDS_PAGE_SIZE);

export const coinRefundIdParamsSchema = z.object({ refundId: z.coerce.number().int().positive() });

export const coinDepositIdParamsSchema = z.object({ depositId: z.coerce.number().int().positive() });

export const coinRefundSchema = z
  .object({
    id: z.number().int(),
    kind: coinRefundKindSchema,
    status: coinRefundStatusSchema,
    /** Coins taken out of the wallet. */
    coins: z.number().int(),
    /** The 3 % partial-refund fee (0 for a withdrawal). */
    feeCoins: z.number().int(),
    refundCoins: z.number().int(),
    /** Won paid back (refundCoins × 100). */
    amount: z.number().int(),
    /**
     * The currency the money goes back in: the charges' own (USD for PayPal, never re-priced at today's exchange
     * rate); KRW when the parts are in several currencies (see `parts`).
     */
    currency: z.string().length(3),
    /** What goes back in `currency`'s minor unit (won, cents), when it is not `amount` won; else null. */
    amountInCurrency: z.number().int().nullable(),
    coinDepositId: z.number().int().nullable(),
    requestedAt: instant,
    /** The money is sent by the end of this day (3 business days, Korea time). */
    dueOn: z.iso.date(),
    paidAt: instant.nullable(),
    /** The account the fan gave for a partial refund; null for a withdrawal. Where the money goes is `destination`. */
    bankAccount: refundBankAccountSchema.nullable(),
    destination: refundDestinationSchema,
    refusedAt: instant.nullable(),
    /** Why finance could not pay it (status refused). */
    refusalReason: z.string().nullable(),
    /** The charges it pays back, each in its own currency (empty for requests from before parts were recorded). */
    parts: z.array(coinRefundPartSchema),
  })
  .meta({ id: 'CoinRefund' });
export type CoinRefund = z.infer<typeof coinRefundSchema>;
export const coinRefundPageSchema = pageSchema(coinRefundSchema);

/** The account a partial refund is paid to: its whole number for finance, `****1234` for operators. */
const adminRefundBankAccountSchema = refundBankAccountSchema
  .extend({ bankAccountNumber: z.string() })
  .meta({ id: 'AdminRefundBankAccount' });

/** A refund request as finance sees it in the console. */
export const adminCoinRefundSchema = coinRefundSchema
  .extend({
    bankAccount: adminRefundBankAccountSchema.nullable(),
    destination: refundDestinationSchemaOf(adminRefundBankAccountSchema).meta({ id: 'AdminRefundDestination' }),
    userId: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    ledgerTransactionId: z.number().int(),
    /** How the withdrawn charge was paid: cancel that payment. Null for a partial refund. */
    payment: coinDepositPaymentSchema.nullable(),
    paidBy: z.number().int().nullable(),
    note: z.string().nullable(),
    /**
     * How the bank's holder look-up showed the account is the member's own: the name his identity check verified,
     * or the depositor name of a deposit the refund returns; null when no money goes to an account, and for requests
     * written before the check (they cannot be marked paid: refuse them, the member asks again).
     */
    accountVerifiedAs: z.enum(['IDENTITY_NAME', 'DEPOSITOR_NAME']).nullable(),
  })
  .meta({ id: 'AdminCoinRefund' });
export type AdminCoinRefund = z.infer<typeof adminCoinRefundSchema>;

/** One refund request's console page: the request with the staff approvals asked to pay or refund it, oldest first. */
export const adminCoinRefundDetailSchema = adminCoinRefundSchema
  .extend({ approvals: z.array(adminApprovalTraceSchema) })
  .meta({ id: 'AdminCoinRefundDetail' });
export type AdminCoinRefundDetail = z.infer<typeof adminCoinRefundDetailSchema>;

export const ADMIN_COIN_REFUND_SORT_FIELDS = ['id', 'requestedAt', 'dueOn', 'amount', 'status'] as const;

export const adminCoinRefundFilterSchema = z.object({
  status: coinRefundStatusSchema.optional(),
  kind: coinRefundKindSchema.optional(),
  userId: z.coerce.number().int().positive().optional(),
});

/** react-admin sends the whole record on update; only these fields are read. */
export const adminCoinRefundUpdateSchema = z
  .object({
    status: coinRefundStatusSchema,
    note: z.string().trim().max(500).nullish(),
    /** Required to refuse: the fan reads it. */
    refusalReason: z.string().trim().max(500).nullish(),
  })
  .refine((body) => body.status !== 'refused' || (body.refusalReason ?? '') !== '', {
    path: ['refusalReason'],
    error: 'validation.required',
  });

/** Finance's "refund at provider": the reason the provider records (the fan sees it on PayPal). */
export const adminCoinRefundProviderRefundSchema = z
  .object({ reason: z.string().trim().min(1).max(200).optional() })
  .optional();

export const adminIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
