import { z } from 'zod';

export const COIN_EVENT_TYPES = ['USE', 'EARN', 'EXPIRED', 'REFUND'] as const;
export const coinEventTypeSchema = z.enum(COIN_EVENT_TYPES);
export type CoinEventType = z.infer<typeof coinEventTypeSchema>;

export const COIN_ITEM_TYPES = ['CASH', 'BONUS'] as const;
export const coinItemTypeSchema = z.enum(COIN_ITEM_TYPES);
export type CoinItemType = z.infer<typeof coinItemTypeSchema>;

/** Pay methods offered by the coin charge modal; kakaopay is the default. `phone` is carrier billing (휴대폰 소액결제). */
export const PAY_METHODS = ['kakaopay', 'card', 'phone', 'paypal', 'withoutbankbook'] as const;
export const payMethodSchema = z.enum(PAY_METHODS);
export type PayMethod = z.infer<typeof payMethodSchema>;
export const DEFAULT_PAY_METHOD: PayMethod = 'kakaopay';

const koreaMonthKey = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 7);

/**
 * A phone (carrier) payment can be cancelled only within the Korea-time calendar month it was paid in: the carrier
 * bills the month's charges on the phone bill when the month closes, and no cancellation reaches a closed bill.
 */
export function phonePaymentCancellable(paidAt: Date, now: Date): boolean {
  return koreaMonthKey(paidAt) === koreaMonthKey(now);
}

export const PAYMENT_CURRENCIES = ['KRW', 'USD'] as const;
export const paymentCurrencySchema = z.enum(PAYMENT_CURRENCIES);
export type PaymentCurrency = z.infer<typeof paymentCurrencySchema>;

/** Bank-deposit (pending charge) statuses; anything else is displayed as NONE. */
export const DEPOSIT_STATUSES = ['ready', 'paid', 'cancelled', 'failed'] as const;
export const depositStatusSchema = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof depositStatusSchema>;
export const DEFAULT_PENDING_DEPOSIT_STATUS: DepositStatus = 'ready';

/**
 * The two kinds of cash receipt (현금영수증) a bank deposit may ask for: PHONE is 소득공제 (the fan's income
 * deduction, keyed by his mobile number), BUSINESS is 지출증빙 (a business's expense proof, keyed by its 10-digit
 * business registration number). A deposit without `cashReceiptNumber` asks for none.
 */
export const CASH_RECEIPT_TYPES = ['PHONE', 'BUSINESS'] as const;
export type CashReceiptType = (typeof CASH_RECEIPT_TYPES)[number];

/** A Korean mobile number (010, 011, 016–019), digits only: what the tax service keys an income deduction by. */
export const CASH_RECEIPT_PHONE_PATTERN = /^01[016-9]\d{7,8}$/;
/** A business registration number, digits only. */
export const CASH_RECEIPT_BUSINESS_PATTERN = /^\d{10}$/;

/** The number a fan typed for a cash receipt with its hyphens and spaces taken out (010-1234-5678, 123-45-67890). */
export const cashReceiptDigits = (typed: string) => typed.replace(/[\s-]/g, '');

/** Whether `digits` (hyphens taken out) has the form of `type`'s number. */
export function isCashReceiptNumber(type: CashReceiptType, digits: string): boolean {
  return (type === 'PHONE' ? CASH_RECEIPT_PHONE_PATTERN : CASH_RECEIPT_BUSINESS_PATTERN).test(digits);
}

/** The message key of a number of the wrong form for `type` (server catalogue and web texts share it). */
export const cashReceiptNumberError = (type: CashReceiptType) =>
  type === 'PHONE' ? 'payments.cashReceiptPhoneInvalid' : 'payments.cashReceiptBusinessInvalid';

/** Cash receipt issuance states: PENDING until the provider approves it (retried after a failure), then ISSUED. */
export const CASH_RECEIPT_STATUSES = ['PENDING', 'ISSUED'] as const;
export type CashReceiptStatus = (typeof CASH_RECEIPT_STATUSES)[number];

/**
 * The PG (PortOne's `pg`) a provider charge goes through, by pay method: the spec's payment request names it. KakaoPay
 * is its own PG; cards go through KG Inicis, carrier billing through Danal, PayPal through PayPal.
 */
export const PG_BY_PAY_METHOD = {
  kakaopay: 'kakaopay',
  card: 'html5_inicis',
  phone: 'danal',
  paypal: 'paypal',
} as const;

/** Ledger transaction types. */
export const LEDGER_TRANSACTION_TYPES = [
  'PURCHASE',
  'BONUS_GRANT',
  'MISSION_HOLD',
  'MISSION_RELEASE',
  'MISSION_REFUND',
  'LUCKY_ROLL',
  'EXPIRY',
  'PURCHASE_WITHDRAWAL',
  'PARTIAL_REFUND',
  'SETTLEMENT_PAYOUT',
  /** A won LUCKY mission whose deadline was missed: the coins of its rolls beyond the refunded escrow. */
  'LUCKY_COMPENSATION',
  /** A refund finance refused to pay: the coins it took go back into the lots they came from. */
  'REFUND_RETURN',
  /** A refund or chargeback made at the payment provider: the charge's unspent coins taken back. */
  'PURCHASE_REVERSAL',
] as const;
export const ledgerTransactionTypeSchema = z.enum(LEDGER_TRANSACTION_TYPES);
export type LedgerTransactionType = z.infer<typeof ledgerTransactionTypeSchema>;

export const COIN_LOT_SOURCES = ['CASH', 'BONUS'] as const;
export type CoinLotSource = (typeof COIN_LOT_SOURCES)[number];
