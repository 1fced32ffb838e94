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
import { missionRejectionReasonSchema, missionStatusSchema, productTypeSchema } from './missions';
import { pageQuerySchema, pageSchema } from './page';

/*
 * The fan's coin history and coin lots, and the console's views of the ledger (refunds: ./coin-refunds.ts). Instants are ISO 8601 strings; calendar dates are Korea-time YYYY-MM-DD.
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
    /** The provider's printable receipt (매출전표) of a provider charge, when it gave one. */
    receiptUrl: z.string().nullable(),
    /** The approval number (승인번호) of a bank deposit's cash receipt (현금영수증), once issued. */
    cashReceiptApprovalNumber: z.string().nullable(),
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

/**
 * A refund request waits for finance to send the money (within 3 business days), then is marked paid. Finance may
 * refuse to pay it with a reason (e.g. the holder does not match the account): the money is still owed, and the fan
 * corrects the bank account, which makes it requested again.
 */
export const COIN_REFUND_STATUSES = ['requested', 'paid', 'refused'] as const;
export const coinRefundStatusSchema = z.enum(COIN_REFUND_STATUSES);
export type CoinRefundStatus = z.infer<typeof coinRefundStatusSchema>;

export const REFUND_ACCOUNT_HOLDER_MAX = 100;
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

/**
 * Where a refund request's money goes, decided when the coins are taken by the money-out rule
 * (services/src/money-out/rules.ts): each charge goes back the way it came. `ORIGINAL_METHOD` when every charge it
 * pays back goes through its provider (`methods`: their pay methods; `withoutbankbook` is a withdrawn bank deposit,
 * sent back to the account it came from); `BANK_ACCOUNT` when none can (bank deposits, billed phone charges: the
 * fan's own account, `account`, null once data retention erased it); `SPLIT` when both: the provider charges back
 * through `methods`, the rest to `account`.
 */
export function refundDestinationSchemaOf<Account extends z.ZodType>(account: Account) {
  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('BANK_ACCOUNT'), account: account.nullable() }),
    z.object({ kind: z.literal('ORIGINAL_METHOD'), methods: z.array(payMethodSchema).min(1) }),
    z.object({ kind: z.literal('SPLIT'), methods: z.array(payMethodSchema).min(1), account: account.nullable() }),
  ]);
}
export const refundDestinationSchema = refundDestinationSchemaOf(refundBankAccountSchema).meta({
  id: 'RefundDestination',
});
export type RefundDestination = z.infer<typeof refundDestinationSchema>;
export type RefundDestinationKind = RefundDestination['kind'];

/**
 * One charge a refund request pays back: a card, KakaoPay, PayPal or unbilled phone charge always through its
 * provider in that charge's own currency; bank deposits and billed phone charges by bank transfer in won.
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

/**
 * The refund request a refund row made (a partial refund, a withdrawn charge): what goes back in won, where to and
 * how it stands, as the pending tab's list shows it (`CoinRefund`).
 */
export const coinHistoryRefundSchema = z
  .object({
    id: z.number().int(),
    status: coinRefundStatusSchema,
    /** Won paid back (the coins less the fee, × 100). */
    amount: z.number().int(),
    dueOn: z.iso.date(),
    paidAt: instant.nullable(),
    refusalReason: z.string().nullable(),
    destination: refundDestinationSchema,
    parts: z.array(coinRefundPartSchema),
  })
  .meta({ id: 'CoinHistoryRefund' });
export type CoinHistoryRefund = z.infer<typeof coinHistoryRefundSchema>;

export const coinHistoryMissionSchema = z.object({
  id: z.number().int(),
  status: missionStatusSchema,
  /** Why a REJECTED mission ended (CANCELED on a request: the fan's own cancel); null otherwise. */
  rejectionReason: missionRejectionReasonSchema.nullable(),
  missionProduct: z.object({ type: productTypeSchema, name: z.string() }),
  /** The creator the mission was asked of, as his page names him. */
  creatorName: z.string(),
});

/** One row of the coin history: a ledger transaction that changed the fan's wallet. */
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
    /** The 3 % fee a partial refund kept (PARTIAL_REFUND rows); null on other rows. */
    feeCoins: z.number().int().nullable(),
    /** The refund request this row's coins went to (partial refunds, withdrawn charges); null on other rows. */
    refund: coinHistoryRefundSchema.nullable(),
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

/** A charge's withdrawal, once asked: where its refund stands and by when it is due. */
export const lotWithdrawalSchema = z.object({
  status: coinRefundStatusSchema,
  /** The day the refund is due (Korea time, YYYY-MM-DD). */
  dueOn: z.string(),
});

/** A credit to the wallet, with its expiry and refund window. */
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
    /** CASH only: the charge's withdrawal once the fan asked for it, else null. */
    withdrawal: lotWithdrawalSchema.nullable(),
  })
  .meta({ id: 'CoinLot' });
export type CoinLot = z.infer<typeof coinLotSchema>;

/**
 * Where a partial refund asked now would send the money, decided by the same rule as the request's `destination`
 * (services/src/money-out/rules.ts): back through the payment providers for the charges that can go there
 * (`methods`: their pay methods), to the fan's own bank account for the rest (bank deposits, billed phone charges):
 * `ORIGINAL_METHOD`, `BANK_ACCOUNT` or `SPLIT` (both; `toAccountAmount`: the won that go to the account).
 */
export const partialRefundDestinationSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('BANK_ACCOUNT') }),
    z.object({ kind: z.literal('ORIGINAL_METHOD'), methods: z.array(payMethodSchema).min(1) }),
    z.object({
      kind: z.literal('SPLIT'),
      methods: z.array(payMethodSchema).min(1),
      toAccountAmount: z.number().int(),
    }),
  ])
  .meta({ id: 'PartialRefundDestination' });
export type PartialRefundDestination = z.infer<typeof partialRefundDestinationSchema>;

/** What a partial refund would pay now: held CASH coins minus 3 %. */
export const partialRefundPreviewSchema = z.object({
  cashCoins: z.number().int(),
  feeCoins: z.number().int(),
  refundCoins: z.number().int(),
  /** Won paid back (refundCoins × 100). */
  refundAmount: z.number().int(),
  /** Free, supported and received coins, never refunded. */
  nonRefundableCoins: z.number().int(),
  /** Where the money would go (the account is asked only for `BANK_ACCOUNT`); null with nothing to refund. */
  destination: partialRefundDestinationSchema.nullable(),
});

export const coinLotsResponseSchema = z.object({
  /** Earliest expiry first. */
  lots: z.array(coinLotSchema),
  /** Coins that can be spent now. */
  balance: z.number().int(),
  partialRefund: partialRefundPreviewSchema,
});
export type CoinLotsResponse = z.infer<typeof coinLotsResponseSchema>;

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
    /** The trace of the work that appended it, in the trace UI (null unless tracing and its UI are set). */
    traceUrl: z.string().nullable(),
  })
  .meta({ id: 'AdminLedgerEntry' });
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

/**
 * Ledger account names: wallet:<userId>, escrow:mission:<missionId>, earnings:<creatorId>, … A house account
 * (platform:revenue, world:cash-in, …) names all its shards together, `<name>:<n>` one of them.
 */
export const LEDGER_ACCOUNT_PATTERN =
  /^(wallet:\d+|escrow:mission:\d+|earnings:\d+|settled:\d+|platform:[a-z-]+(:\d+)?|world:[a-z-]+(:\d+)?)$/;
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
export type LedgerVerifyReport = z.infer<typeof ledgerVerifyReportSchema>;
