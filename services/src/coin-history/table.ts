import type { CoinRefundKind, CoinRefundStatus, PayMethod, RefundDestinationKind } from '@fanmission/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

export interface CoinRefundsTable {
  id: Generated<number>;
  user_id: number;
  kind: CoinRefundKind;
  /** The withdrawn charge; null for a partial refund. */
  coin_deposit_id: number | null;
  ledger_transaction_id: number;
  /** Coins taken out of the wallet. */
  coins: number;
  fee_coins: number;
  /** Won paid back. */
  amount: number;
  status: Generated<CoinRefundStatus>;
  requested_at: Date;
  /** A `date`: written as YYYY-MM-DD, read back with to_char (pg would turn it into a local-midnight Date). */
  due_on: ColumnType<never, string, string>;
  paid_at: Date | null;
  paid_by: number | null;
  note: string | null;
  /** Where a partial refund is paid (the bank's Korean name, as in `BANKS`); null for a withdrawal. */
  bank_name: string | null;
  bank_account_holder: string | null;
  bank_account_number: string | null;
  /** Where the money goes (0510): decided when the coins are taken, again when a refused request is asked anew. */
  destination_kind: RefundDestinationKind;
  /** The pay methods of an ORIGINAL_METHOD or SPLIT destination; null for a bank account. */
  destination_methods: PayMethod[] | null;
  /** How the bank's holder look-up showed the account is the fan's own (0560), and when; null before. */
  bank_account_verified_as: Generated<'IDENTITY_NAME' | 'DEPOSITOR_NAME' | null>;
  bank_account_verified_at: Generated<Date | null>;
  /** Finance could not pay the request: when, who, and why (shown to the fan). */
  refused_at: Date | null;
  refused_by: number | null;
  refusal_reason: string | null;
  /** The REFUND_RETURN that gave the coins back when finance refused; null again once the fan asks anew. */
  returned_transaction_id: Generated<number | null>;
  /** The currency the refund is paid in: a withdrawal's charge's own (USD for PayPal), else KRW. */
  currency: Generated<string>;
  /** What is paid back in that currency's minor unit (won, cents); null for requests from before 0120. */
  amount_minor: Generated<number | null>;
  /** The provider's refund, when it was refunded through the provider. */
  provider_refund_id: Generated<string | null>;
  /** When finance's "refund at provider" took the request (0145): a second click waits, never asks twice. */
  provider_refund_claimed_at: Generated<Date | null>;
  updated_at: Generated<Date>;
}

/**
 * One charge a refund request pays back (0145): its coins, its share of the fee, and the money in the charge's own
 * currency. Refunded through the charge's provider (`request_id` → `provider_refund_id`), or by bank transfer when the
 * request goes to the fan's bank account (`payment_id` null for a bank deposit).
 */
export interface CoinRefundPartsTable {
  id: Generated<number>;
  refund_id: number;
  ledger_transaction_id: number;
  payment_id: string | null;
  via: 'PROVIDER' | 'BANK_TRANSFER';
  coins: number;
  fee_coins: number;
  currency: string;
  amount: number;
  request_id: string | null;
  provider_refund_id: Generated<string | null>;
  refunded_at: Generated<Date | null>;
}

export interface CoinHistoryTables {
  coin_refunds: CoinRefundsTable;
  coin_refund_parts: CoinRefundPartsTable;
}

export type CoinRefundRow = Omit<Selectable<CoinRefundsTable>, 'due_on'> & { due_on: string };

export type CoinRefundPartRow = Selectable<CoinRefundPartsTable>;
