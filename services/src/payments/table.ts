import type { CashReceiptStatus, CashReceiptType, DepositStatus } from '@fanmission/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

export type PaymentProviderName = 'sandbox' | 'portone' | 'paypal';
export type PaymentStatus = 'ready' | 'pending' | 'paid' | 'failed' | 'cancelled';

export interface PaymentsTable {
  id: string;
  user_id: number;
  coin_item_id: number;
  provider: PaymentProviderName;
  pay_method: 'kakaopay' | 'card' | 'phone' | 'paypal';
  pg: string | null;
  currency: 'KRW' | 'USD';
  /** Minor unit: won for KRW, cents for USD. */
  amount: number;
  /** The coins the order buys, as the catalogue had them at order time; null for orders from before 0120. */
  point: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the sweeper last asked the provider about this paid order's refunds. */
  refunds_checked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  language: Generated<string>;
  redirect_url: string | null;
  status: Generated<PaymentStatus>;
  provider_payment_id: string | null;
  failure_reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  paid_at: Date | null;
  /** The caller's Idempotency-Key, unique per user. */
  idempotency_key: string | null;
  /** The provider's receipt (매출전표) of the paid charge, as its verification answered it (0550). */
  receipt_url: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BankTransfersTable {
  id: Generated<number>;
  user_id: number;
  coin_item_id: number;
  depositor_name: string;
  depositor_phone: string;
  cash_receipt_number: string | null;
  receipt_type: Generated<CashReceiptType>;
  /** KRW. */
  amount: number;
  /** The coins of the item as it was requested: what finance's confirmation credits. */
  point: number;
  status: Generated<DepositStatus>;
  decided_by: number | null;
  decided_at: Date | null;
  note: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The caller's Idempotency-Key, unique per user. */
  idempotency_key: string | null;
  /** Where and by when the member was told to pay (null for requests made before this was recorded). */
  pay_to_bank_name: string | null;
  pay_to_account_number: string | null;
  pay_to_account_holder: string | null;
  pay_due_at: Date | null;
}

/** What the sandbox provider charged, kept apart from our own payment orders as a real provider would. */
export interface SandboxCheckoutsTable {
  payment_id: string;
  status: 'paid' | 'failed' | 'cancelled';
  /** Minor unit, like payments.amount. */
  amount: number;
  currency: string;
  decided_at: Date;
}

/**
 * A refund or chargeback of a payment at its provider, recorded once per provider refund id: what it paid back
 * (minor unit of the charge's currency), the coins that took back and, when the fan had spent them, the shortfall.
 * `origin` 'app' marks refunds the app asked for itself (a withdrawal), whose coins a refund request already took.
 */
export interface PaymentReversalsTable {
  id: Generated<number>;
  payment_id: string;
  provider_refund_id: string;
  origin: 'provider' | 'app';
  kind: 'REFUND' | 'CHARGEBACK';
  currency: string;
  amount: number;
  coins_asked: number;
  coins_taken: number;
  shortfall_coins: number;
  ledger_transaction_id: number | null;
  /** The app refund (origin 'app') this row stands for, kept once the provider named it (0145). */
  request_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

/** A refund the sandbox provider made of (part of) a checkout, as a provider's test mode records it (0145). */
export interface SandboxRefundsTable {
  id: string;
  payment_id: string;
  /** The caller's request id: asked again, the same refund answers (like PayPal-Request-Id). */
  request_id: string;
  amount: number;
  currency: string;
  created_at: Generated<Date>;
}

/** A change of a payment's status (a trigger writes it) or a verified webhook naming it (0260). */
export interface PaymentEventsTable {
  id: Generated<number>;
  payment_id: string;
  kind: 'STATUS' | 'WEBHOOK';
  status: PaymentStatus | null;
  /** The failure reason of a status change; the provider and event type of a webhook. */
  detail: string | null;
  created_at: Generated<Date>;
}

/**
 * The cash receipt (현금영수증) of a confirmed bank deposit, issued through the provider's cash-receipt API (0550):
 * PENDING until the provider approves it, a failure waiting for `next_attempt_at`; then ISSUED.
 */
export interface CashReceiptsTable {
  bank_transfer_id: number;
  receipt_type: CashReceiptType;
  /** The phone or business number, digits only. */
  number: string;
  /** KRW: the deposit's amount. */
  amount: number;
  status: Generated<CashReceiptStatus>;
  approval_number: string | null;
  issued_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
}

export interface PaymentsTables {
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_reversals: PaymentReversalsTable;
  bank_transfers: BankTransfersTable;
  cash_receipts: CashReceiptsTable;
  sandbox_checkouts: SandboxCheckoutsTable;
  sandbox_refunds: SandboxRefundsTable;
}

export type PaymentRow = Selectable<PaymentsTable>;
export type BankTransferRow = Selectable<BankTransfersTable>;
export type CashReceiptRow = Selectable<CashReceiptsTable>;
export type SandboxCheckoutRow = Selectable<SandboxCheckoutsTable>;
