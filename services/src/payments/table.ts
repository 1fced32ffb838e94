import type { DepositStatus } from '@fanmission/contracts';
import type { Generated, Selectable } from 'kysely';

export type PaymentProviderName = 'sandbox' | 'portone' | 'paypal';
export type PaymentStatus = 'ready' | 'pending' | 'paid' | 'failed' | 'cancelled';

export interface PaymentsTable {
  id: string;
  user_id: number;
  coin_item_id: number;
  provider: PaymentProviderName;
  pay_method: 'kakaopay' | 'card' | 'paypal';
  pg: string | null;
  currency: 'KRW' | 'USD';
  /** Minor unit: won for KRW, cents for USD. */
  amount: number;
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
}

export interface BankTransfersTable {
  id: Generated<number>;
  user_id: number;
  coin_item_id: number;
  depositor_name: string;
  depositor_phone: string;
  cash_receipt_number: string | null;
  receipt_type: Generated<'PHONE'>;
  /** KRW. */
  amount: number;
  status: Generated<DepositStatus>;
  decided_by: number | null;
  decided_at: Date | null;
  note: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The caller's Idempotency-Key, unique per user. */
  idempotency_key: string | null;
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

export interface PaymentsTables {
  payments: PaymentsTable;
  bank_transfers: BankTransfersTable;
  sandbox_checkouts: SandboxCheckoutsTable;
}

export type PaymentRow = Selectable<PaymentsTable>;
export type BankTransferRow = Selectable<BankTransfersTable>;
export type SandboxCheckoutRow = Selectable<SandboxCheckoutsTable>;
