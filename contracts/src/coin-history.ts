import { z } from 'zod';
import { BANK_NAMES } from './banks';
import {
  coinEventTypeSchema,
  coinItemTypeSchema,
  ledgerTransactionTypeSchema,
  payMethodSchema,
  paymentCurrencySchema,
} from './coins';
import { BANK_ACCOUNT_NUMBER_PATTERN } from './creators';
import { PAGE_SIZES } from './limits';
import { missionStatusSchema, productTypeSchema } from './missions';
import { pageQuerySchema, pageSchema } from './page';

/*
 * The fan's coin history, coin lots and refunds (spec 01 §3, §4, §9; DESIGN.md §5, §13), and the console's views of
 * refund requests and of the ledger. Instants are ISO 8601 strings; calendar dates are Korea-time YYYY-MM-DD.
 */

const instant = z.iso.datetime({ offset: true });
/** An optional number in a query string; an empty value (`createdYear=`) means "not given". */
const optionalQueryNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** `GET /users/me/coin-history/page`: 12 per page; the month (Korea time) needs its year. */
export const coinHistoryQuerySchema = pageQuerySchema(PAGE_SIZES.coinHistory)
  .extend({
    createdYear: optionalQueryNumber(z.coerce.number().int().min(2000).max(2999)),
    createdMonth: optionalQueryNumber(z.coerce.number().int().min(1).max(12)),
  })
  .refine((query) => query.createdMonth === undefined || query.createdYear !== undefined, {
    path: ['createdYear'],
    error: 'coinHistory.monthNeedsYear',
  });
export type CoinHistoryQuery = z.infer<typeof coinHistoryQuerySchema>;

/** How a charge was paid: a payment order (card, pay service, PayPal) or a bank deposit. */
export const coinDepositPaymentSchema = z
  .object({
    payMethod: payMethodSchema,
    /** The payment order, for card, pay-service and PayPal charges. */
    paymentId: z.string().nullable(),
    /** The bank-deposit request, for `withoutbankbook` charges. */
    bankTransferId: z.number().int().nullable(),
    currency: paymentCurrencySchema,
    /** In the currency's minor unit (won for KRW, cents for USD). */
    amount: z.number().int(),
  })
  .meta({ id: 'CoinDepositPayment' });
export type CoinDepositPayment = z.infer<typeof coinDepositPaymentSchema>;

export const coinHistoryDepositSchema = z.object({
  id: z.number().int(),
  payment: coinDepositPaymentSchema.nullable(),
  coinItem: z.object({
    id: z.number().int(),
    name: z.string(),
    point: z.number().int(),
    itemType: coinItemTypeSchema,
  }),
});

export const coinHistoryMissionSchema = z.object({
  id: z.number().int(),
  status: missionStatusSchema,
  missionProduct: z.object({ type: productTypeSchema, name: z.string() }),
});

/** One row of the coin history (spec 01 §3): a ledger transaction that changed the fan's wallet. */
export const coinHistoryRowSchema = z
  .object({
    /** The ledger transaction. */
    id: z.number().int(),
    eventType: coinEventTypeSchema,
    /** Signed change of the wallet (negative rows are shown in red). */
    point: z.number().int(),
    created: instant,
    transactionType: ledgerTransactionTypeSchema,
    /** Why coins came back or were given, e.g. REJECTED for a refused mission, FREE_COIN_EVENT for free coins. */
    reason: z.string().nullable(),
    mission: coinHistoryMissionSchema.nullable(),
    /** The charge that credited the coins (EARN), or that a withdrawal took back (REFUND). */
    coinDeposit: coinHistoryDepositSchema.nullable(),
    /** The source of the coins an EARN row credited: CASH (charged) or BONUS (free, supported, received). */
    coinItemType: coinItemTypeSchema.nullable(),
  })
  .meta({ id: 'CoinHistoryRow' });
export type CoinHistoryRowDto = z.infer<typeof coinHistoryRowSchema>;
export const coinHistoryPageSchema = pageSchema(coinHistoryRowSchema);

export const coinLotsQuerySchema = z.object({
  /** Also list lots with no coins left (spent, withdrawn, expired): the most recent 100 of them. */
  includeEmpty: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** A credit to the wallet, with its expiry and refund window (DESIGN.md §13). */
export const coinLotSchema = z
  .object({
    id: z.number().int(),
    source: coinItemTypeSchema,
    amount: z.number().int(),
    remaining: z.number().int(),
    createdAt: instant,
    /** 5 years after the charge or receipt; what is left then expires. */
    expiresAt: instant,
    expired: z.boolean(),
    /** The charge behind a CASH lot; null for free coins. */
    coinDepositId: z.number().int().nullable(),
    /** CASH only: the end of the 7 days in which an unused charge can be withdrawn in full. */
    withdrawalDeadline: instant.nullable(),
    /** Set while the lot can be withdrawn in full (CASH, unused, within the 7 days). */
    withdrawableUntil: instant.nullable(),
    /** CASH coins left and not expired: they count towards a partial refund. BONUS coins never do. */
    refundable: z.boolean(),
  })
  .meta({ id: 'CoinLot' });
export type CoinLot = z.infer<typeof coinLotSchema>;

/** What a partial refund would pay now: held CASH coins minus 3 %. */
export const partialRefundPreviewSchema = z.object({
  cashCoins: z.number().int(),
  feeCoins: z.number().int(),
  refundCoins: z.number().int(),
  /** Won paid back (refundCoins × 100). */
  refundAmount: z.number().int(),
  /** Free, supported and received coins, never refunded. */
  nonRefundableCoins: z.number().int(),
});

export const coinLotsResponseSchema = z.object({
  /** Earliest expiry first. */
  lots: z.array(coinLotSchema),
  /** Coins that can be spent now. */
  balance: z.number().int(),
  partialRefund: partialRefundPreviewSchema,
});
export type CoinLotsResponse = z.infer<typeof coinLotsResponseSchema>;

export const COIN_REFUND_KINDS = ['WITHDRAWAL', 'PARTIAL_REFUND'] as const;
export const coinRefundKindSchema = z.enum(COIN_REFUND_KINDS);
export type CoinRefundKind = z.infer<typeof coinRefundKindSchema>;

/**
 * A refund request waits for finance to send the money (within 3 business days), then is marked paid. Finance may
 * refuse to pay it with a reason (e.g. the holder does not match the account): the money is still owed, and the fan
 * corrects the bank account, which makes it requested again.
 */
export const COIN_REFUND_STATUSES = ['requested', 'paid', 'refused'] as const;
export const coinRefundStatusSchema = z.enum(COIN_REFUND_STATUSES);
export type CoinRefundStatus = z.infer<typeof coinRefundStatusSchema>;

/** Money-moving commands take an optional `Idempotency-Key`: a retry with the same key returns the first answer. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().trim().min(1).max(100).optional(),
});

export const REFUND_ACCOUNT_HOLDER_MAX = 100;
/** The fan's refund requests per page. */
export const COIN_REFUNDS_PAGE_SIZE = 10;

/** The fan's account a partial refund is paid to: a bank from `BANKS` (its Korean name), the holder, the number. */
export const refundBankAccountSchema = z
  .object({
    bankName: z.enum(BANK_NAMES, { error: 'coinRefunds.bankNameInvalid' }),
    bankAccountHolder: z
      .string()
      .trim()
      .min(1, { error: 'validation.required' })
      .max(REFUND_ACCOUNT_HOLDER_MAX, { error: 'coinRefunds.holderTooLong' }),
    bankAccountNumber: z.string().trim().regex(BANK_ACCOUNT_NUMBER_PATTERN, { error: 'validation.numeric' }),
  })
  .meta({ id: 'RefundBankAccount' });
export type RefundBankAccount = z.infer<typeof refundBankAccountSchema>;

/** `POST /users/me/coins/partial-refund`: where to send the money. */
export const partialRefundRequestSchema = z.strictObject({ bankAccount: refundBankAccountSchema });
export type PartialRefundRequest = z.infer<typeof partialRefundRequestSchema>;

/** `GET /users/me/coin-refunds`: the fan's refund requests, newest first. */
export const coinRefundPageQuerySchema = pageQuerySchema(COIN_REFUNDS_PAGE_SIZE);

export const coinRefundIdParamsSchema = z.object({ refundId: z.coerce.number().int().positive() });

export const coinDepositIdParamsSchema = z.object({ depositId: z.coerce.number().int().positive() });

/**
 * One charge a refund request pays back (review M6), in that charge's own currency: through its provider (card,
 * KakaoPay, PayPal) or, for a bank deposit, by bank transfer to the fan's account.
 */
export const coinRefundPartSchema = z
  .object({
    /** The payment order of the charge; null for bank deposits. */
    paymentId: z.string().nullable(),
    via: z.enum(['PROVIDER', 'BANK_TRANSFER']),
    /** sandbox, portone or paypal; null for a bank transfer. */
    provider: z.string().nullable(),
    coins: z.number().int(),
    /** This charge's share of the 3 % partial-refund fee. */
    feeCoins: z.number().int(),
    currency: z.string().length(3),
    /** In `currency`'s minor unit (won, cents). */
    amount: z.number().int(),
    /** When the provider refunded it (null until then, and for a bank transfer). */
    refundedAt: instant.nullable(),
    providerRefundId: z.string().nullable(),
  })
  .meta({ id: 'CoinRefundPart' });
export type CoinRefundPart = z.infer<typeof coinRefundPartSchema>;

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
    /** Where a partial refund is paid; null for a withdrawal (it goes back to the payment). */
    bankAccount: refundBankAccountSchema.nullable(),
    refusedAt: instant.nullable(),
    /** Why finance could not pay it (status refused). */
    refusalReason: z.string().nullable(),
    /** The charges it pays back, each in its own currency (empty for requests from before parts were recorded). */
    parts: z.array(coinRefundPartSchema),
  })
  .meta({ id: 'CoinRefund' });
export type CoinRefund = z.infer<typeof coinRefundSchema>;
export const coinRefundPageSchema = pageSchema(coinRefundSchema);

/** A refund request as finance sees it in the console. */
export const adminCoinRefundSchema = coinRefundSchema
  .extend({
    userId: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    ledgerTransactionId: z.number().int(),
    /** How the withdrawn charge was paid: cancel that payment. Null for a partial refund. */
    payment: coinDepositPaymentSchema.nullable(),
    paidBy: z.number().int().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'AdminCoinRefund' });
export type AdminCoinRefund = z.infer<typeof adminCoinRefundSchema>;

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

/** One transaction of a ledger account's history, for the console. */
export const adminLedgerEntrySchema = z
  .object({
    /** The ledger transaction id. */
    id: z.number().int(),
    account: z.string(),
    type: ledgerTransactionTypeSchema,
    idempotencyKey: z.string(),
    occurredAt: instant,
    /** This account's posting: positive credits it, negative debits it. */
    amount: z.number().int(),
    postings: z.array(z.object({ account: z.string(), amount: z.number().int() })),
    metadata: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AdminLedgerEntry' });
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

/** Ledger account names (DESIGN.md §5): wallet:<userId>, escrow:mission:<missionId>, earnings:<creatorId>, … */
export const LEDGER_ACCOUNT_PATTERN =
  /^(wallet:\d+|escrow:mission:\d+|earnings:\d+|settled:\d+|platform:[a-z-]+|world:[a-z-]+)$/;
export const ledgerAccountParamsSchema = z.object({
  account: z.string().max(200).regex(LEDGER_ACCOUNT_PATTERN, { error: 'ledgerAdmin.invalidAccount' }),
});

/** What `verify` found wrong; empty `differences` means the log and its projections agree. */
export const VERIFY_DIFFERENCE_KINDS = [
  'UNBALANCED_TRANSACTION',
  'TOO_FEW_POSTINGS',
  'LOTS_DO_NOT_MATCH_POSTING',
  'NEGATIVE_BALANCE',
  'UNKNOWN_LOT',
  'LOT_OUT_OF_RANGE',
  'NEGATIVE_ESCROW_PORTION',
  'BALANCE_MISMATCH',
  'LOT_MISMATCH',
] as const;

export const verifyDifferenceSchema = z
  .object({
    kind: z.enum(VERIFY_DIFFERENCE_KINDS),
    transactionId: z.number().int().optional(),
    account: z.string().optional(),
    lotId: z.number().int().optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.null()]))
  .meta({ id: 'LedgerVerifyDifference' });

export const ledgerVerifyReportSchema = z
  .object({
    /** The background run (`/api/admin/ledger-verify-runs/{id}`) this is the result of. */
    runId: z.number().int(),
    ok: z.boolean(),
    checkedAt: instant,
    durationMs: z.number().int(),
    transactions: z.number().int(),
    postings: z.number().int(),
    accounts: z.number().int(),
    lots: z.number().int(),
    /** The first differences found (at most 100) in the order of a replay of the log. */
    differences: z.array(verifyDifferenceSchema),
    /** How many differences there are in all. */
    differenceCount: z.number().int(),
  })
  .meta({ id: 'LedgerVerifyReport' });
/** `GET /api/admin/ledger/verify`: how old (seconds) the latest finished run may be to be answered; 0 starts one. */
export const ledgerVerifyQuerySchema = z.object({
  maxAge: z.coerce.number().int().min(0).max(86_400).default(300),
});
export type LedgerVerifyReport = z.infer<typeof ledgerVerifyReportSchema>;
