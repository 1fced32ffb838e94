import { z } from 'zod';
import {
  CASH_RECEIPT_STATUSES,
  CASH_RECEIPT_TYPES,
  DEFAULT_PAY_METHOD,
  cashReceiptDigits,
  cashReceiptNumberError,
  isCashReceiptNumber,
  DEFAULT_PENDING_DEPOSIT_STATUS,
  DEPOSIT_STATUSES,
  coinItemTypeSchema,
  depositStatusSchema,
  payMethodSchema,
  paymentCurrencySchema,
} from './coins';
import { languageSchema, normalizeLanguage } from './languages';
import { IDEMPOTENCY_KEY_MAX_LENGTH, PAGE_SIZES } from './limits';
import { pageQuerySchema, pageSchema } from './page';

/*
 * Requests and responses of the coin and payment calls and of the operators'
 * bank-deposit resource under /api/admin. Custom messages are keys of the server's message catalogue.
 */

/** Ids in JSON bodies are numbers; in paths and query strings they arrive as text. */
const bodyId = z.number({ error: 'validation.required' }).int().positive();
const queryId = z.coerce.number().int().positive();

// ---- Coin items and the balance ----------------------------------------------------------------------------------

export const coinItemsQuerySchema = z.object({ coinItemType: coinItemTypeSchema.optional() });

/** A coin item as members see it; the console's view adds its state (`admin-catalog.ts`). */
export const coinItemFields = {
  id: z.number().int(),
  itemType: coinItemTypeSchema,
  name: z.string(),
  /** Coins credited. */
  point: z.number().int(),
  /** KRW. */
  price: z.number().int(),
  /** USD, the price of a PayPal charge. */
  usdPrice: z.number(),
};
export const coinItemSchema = z.object(coinItemFields).meta({ id: 'CoinItem' });
export type CoinItem = z.infer<typeof coinItemSchema>;

export const coinBalanceSchema = z
  .object({
    /** Coins the member can spend now: unexpired, and not frozen by a switch to a creator account. */
    point: z.number().int(),
    /** Coins kept in the wallet but unusable since the member switched to a creator account (0 otherwise). */
    frozenPoint: z.number().int(),
  })
  .meta({ id: 'CoinBalance' });
export type CoinBalance = z.infer<typeof coinBalanceSchema>;

/** Credits a verified payment: `paymentId` is the `merchantUid` that POST /payment returned. */
export const createCoinDepositRequestSchema = z.strictObject({
  coinItemId: bodyId,
  userId: bodyId,
  paymentId: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100),
});
export type CreateCoinDepositRequest = z.infer<typeof createCoinDepositRequestSchema>;

// ---- Payment orders ----------------------------------------------------------------------------------------------

export const PAYMENT_PROVIDERS = ['sandbox', 'portone', 'paypal'] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

/** Pay methods charged through a provider (bank deposits go through POST /payment/bank-transfer). */
export const PROVIDER_PAY_METHODS = ['kakaopay', 'card', 'phone', 'paypal'] as const;
export type ProviderPayMethod = (typeof PROVIDER_PAY_METHODS)[number];

export const merchantCodeResponseSchema = z
  .object({
    /** The card provider's merchant code (PortOne store id; a fixed code for the sandbox). */
    impCode: z.string(),
    provider: paymentProviderSchema,
    /** PortOne V2 browser SDK parameters (null for the sandbox): the store id (as impCode) and the channel key. */
    storeId: z.string().nullable(),
    channelKey: z.string().nullable(),
  })
  .meta({ id: 'MerchantCode' });
export type MerchantCode = z.infer<typeof merchantCodeResponseSchema>;

/** The header every money-moving POST accepts: a retry with the same key returns the first answer. */
export const paymentIdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.string().trim().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH).optional(),
});

export const createPaymentRequestSchema = z.strictObject({
  coinItemId: bodyId,
  userId: bodyId,
  payMethod: payMethodSchema.default(DEFAULT_PAY_METHOD),
  /** KRW for kakaopay, card and phone, USD for paypal; derived from the pay method when omitted. */
  currency: paymentCurrencySchema.optional(),
  /** The checkout's language (ko, en, ja; jp means ja). */
  language: z
    .string()
    .optional()
    .transform((value) => normalizeLanguage(value)),
  /** The PG the client chose (PortOne channel), passed through to the checkout. */
  pg: z.string().trim().max(100).optional(),
  /** Where the provider sends the browser back (mobile redirect); must be on this service's origin. */
  mRedirectUrl: z.url({ error: 'validation.url' }).max(2000).optional(),
});
export type CreatePaymentRequest = z.infer<typeof createPaymentRequestSchema>;

export const paymentCheckoutSchema = z
  .object({
    /** Our payment id: the provider's merchant_uid / paymentId, and what POST /coin-deposit takes. */
    merchantUid: z.string(),
    provider: paymentProviderSchema,
    payMethod: z.enum(PROVIDER_PAY_METHODS),
    pg: z.string().nullable(),
    currency: paymentCurrencySchema,
    /** In the currency's major unit (won, dollars). */
    amount: z.number(),
    /** The order name shown at the checkout. */
    name: z.string(),
    coinItemId: z.number().int(),
    point: z.number().int(),
    language: languageSchema,
    buyerName: z.string(),
    buyerEmail: z.string().nullable(),
    buyerTel: z.string().nullable(),
    mRedirectUrl: z.string().nullable(),
    /** Where to send the browser to pay (the sandbox page, the PayPal approval page); null for PortOne's SDK. */
    checkoutUrl: z.string().nullable(),
    /** The provider's own id of the order when it assigns one at creation (PayPal order id). */
    providerPaymentId: z.string().nullable(),
    /** PortOne V2 browser SDK parameters (null for other providers). */
    storeId: z.string().nullable(),
    channelKey: z.string().nullable(),
  })
  .meta({ id: 'PaymentCheckout' });
export type PaymentCheckout = z.infer<typeof paymentCheckoutSchema>;

export const paymentIdParamsSchema = z.object({ paymentId: z.string().min(1).max(100) });

/**
 * A bank deposit's cash receipt (현금영수증): asked for with the request, issued through the provider's cash-receipt
 * API when finance confirms the deposit. PENDING until then, and while a failed issuance waits for its retry.
 */
export const cashReceiptSchema = z
  .object({
    receiptType: z.enum(CASH_RECEIPT_TYPES),
    /** The phone or business number, digits only. */
    number: z.string(),
    status: z.enum(CASH_RECEIPT_STATUSES),
    /** The provider's approval number (승인번호) once issued. */
    approvalNumber: z.string().nullable(),
    issuedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CashReceipt' });
export type CashReceipt = z.infer<typeof cashReceiptSchema>;

/** The receipt as finance sees it: also the failed issuances, the last one's reason and the next try's time. */
export const adminCashReceiptSchema = cashReceiptSchema
  .extend({
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AdminCashReceipt' });
export type AdminCashReceipt = z.infer<typeof adminCashReceiptSchema>;

// ---- Bank deposits -----------------------------------------------------------------------------------------------

const numericText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max)
    .regex(/^\d+$/, { error: 'validation.numeric' });

export const createBankTransferRequestSchema = z
  .strictObject({
    coinItemId: bodyId,
    userId: bodyId,
    depositorName: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(50),
    /** For the cash receipt; digits only. */
    depositorPhone: numericText(20),
    /**
     * The cash receipt's number: a mobile number for PHONE, a business registration number for BUSINESS; hyphens are
     * taken out. Empty or absent: no cash receipt.
     */
    cashReceiptNumber: z
      .string()
      .trim()
      .max(30)
      .transform((value) => (value === '' ? null : cashReceiptDigits(value)))
      .nullable()
      .optional(),
    receiptType: z.enum(CASH_RECEIPT_TYPES).default('PHONE'),
  })
  .superRefine((request, context) => {
    const number = request.cashReceiptNumber;
    if (number && !isCashReceiptNumber(request.receiptType, number)) {
      context.addIssue({
        code: 'custom',
        path: ['cashReceiptNumber'],
        message: cashReceiptNumberError(request.receiptType),
      });
    }
  });
export type CreateBankTransferRequest = z.infer<typeof createBankTransferRequestSchema>;

export const bankTransferPageQuerySchema = pageQuerySchema(PAGE_SIZES.pendingDeposits).extend({
  userId: queryId,
  /** One status, or several separated by commas (`ready,failed`: what the fan's pending tab shows). */
  status: z
    .string()
    .default(DEFAULT_PENDING_DEPOSIT_STATUS)
    .transform((value) => value.split(','))
    .pipe(z.array(depositStatusSchema).min(1).max(DEPOSIT_STATUSES.length)),
});

/**
 * What a member needs to pay a bank-deposit request, as he was given it when he asked: the platform's receiving
 * account (configuration), the exact amount in won and the moment by which to pay.
 */
export const bankDepositInstructionsSchema = z
  .object({
    bankName: z.string(),
    accountNumber: z.string(),
    accountHolder: z.string(),
    /** KRW. */
    amount: z.number().int(),
    dueAt: z.iso.datetime(),
  })
  .meta({ id: 'BankDepositInstructions' });
export type BankDepositInstructions = z.infer<typeof bankDepositInstructionsSchema>;

export const bankTransferCreatedSchema = z
  .object({ id: z.number().int(), instructions: bankDepositInstructionsSchema })
  .meta({ id: 'BankTransferCreated' });
export type BankTransferCreated = z.infer<typeof bankTransferCreatedSchema>;

export const bankTransferRowSchema = z
  .object({
    id: z.number().int(),
    depositorName: z.string(),
    depositorPhone: z.string(),
    coinItem: z.object({ id: z.number().int(), name: z.string(), point: z.number().int(), price: z.number().int() }),
    status: depositStatusSchema,
    created: z.iso.datetime(),
    /** Null for a request made before the instructions were recorded with it. */
    instructions: bankDepositInstructionsSchema.nullable(),
    /** The cash receipt the fan asked for; null when he asked for none. */
    cashReceipt: cashReceiptSchema.nullable(),
  })
  .meta({ id: 'BankTransferRow' });
export type BankTransferRow = z.infer<typeof bankTransferRowSchema>;
export const bankTransferPageSchema = pageSchema(bankTransferRowSchema);

// ---- The operators' bank-deposit resource (/api/admin/bank-transfers) --------------------------------------------

export const ADMIN_BANK_TRANSFER_SORT_FIELDS = ['id', 'created', 'status', 'amount'] as const;

export const adminBankTransferFilterSchema = z.strictObject({
  /** ra-data-simple-rest's getMany sends `{ id: [...] }`. */
  id: z.union([z.number().int(), z.array(z.number().int()).max(500)]).optional(),
  status: depositStatusSchema.optional(),
  userId: z.number().int().optional(),
  /** Searches the depositor's name and phone. */
  q: z.string().trim().max(100).optional(),
});

export const adminBankTransferSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    coinItem: z.object({ id: z.number().int(), name: z.string(), point: z.number().int(), price: z.number().int() }),
    /** KRW to expect on the bank account. */
    amount: z.number().int(),
    depositorName: z.string(),
    depositorPhone: z.string(),
    cashReceiptNumber: z.string().nullable(),
    receiptType: z.enum(CASH_RECEIPT_TYPES),
    /** Its issuance, once asked for; null when the fan asked for none. */
    cashReceipt: adminCashReceiptSchema.nullable(),
    status: depositStatusSchema,
    note: z.string().nullable(),
    decidedBy: z.number().int().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    /** The coin deposit that credited the coins (status paid). */
    coinDepositId: z.number().int().nullable(),
    created: z.iso.datetime(),
  })
  .meta({ id: 'AdminBankTransfer' });
export type AdminBankTransfer = z.infer<typeof adminBankTransferSchema>;

/**
 * An operator's decision on a ready request. react-admin PUTs the whole edited record, so other fields are ignored.
 */
export const adminBankTransferUpdateSchema = z
  .object({
    status: z.enum(['paid', 'cancelled', 'failed']),
    note: z.string().trim().max(500).nullable().optional(),
  })
  // A failed deposit says why: the fan is told to contact support, who read the reason.
  .refine((body) => body.status !== 'failed' || (body.note ?? '').length > 0, {
    path: ['note'],
    error: 'validation.required',
  });
export type AdminBankTransferUpdate = z.infer<typeof adminBankTransferUpdateSchema>;

/** How a payment provider took a charge back: a refund made at the provider, or the card holder's chargeback. */
export const PAYMENT_REVERSAL_KINDS = ['REFUND', 'CHARGEBACK'] as const;
export type PaymentReversalKind = (typeof PAYMENT_REVERSAL_KINDS)[number];

/**
 * A provider refund or chargeback that found the charge's coins already spent: the coins it could not
 * take back are the shortfall finance follows up (never taken from the fan's other charges or bonus coins).
 */
export const adminReversalShortfallSchema = z
  .object({
    id: z.number().int(),
    paymentId: z.string(),
    userId: z.number().int(),
    username: z.string(),
    provider: z.string(),
    payMethod: z.string(),
    providerRefundId: z.string(),
    kind: z.enum(PAYMENT_REVERSAL_KINDS),
    currency: z.string().length(3),
    /** What the provider paid back, in the currency's minor unit (won, cents). */
    amount: z.number().int(),
    /** The charge's amount, in the same unit. */
    paymentAmount: z.number().int(),
    coinsAsked: z.number().int(),
    coinsTaken: z.number().int(),
    shortfallCoins: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AdminReversalShortfall' });
export type AdminReversalShortfall = z.infer<typeof adminReversalShortfallSchema>;

export const adminReversalShortfallQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The id of the last row of the previous page: older rows follow. */
  beforeId: z.coerce.number().int().positive().optional(),
});
