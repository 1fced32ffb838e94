import type { CoinRefundKind, CoinRefundStatus } from '@fanmission/contracts';
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
  /** Finance could not pay the request: when, who, and why (shown to the fan). */
  refused_at: Date | null;
  refused_by: number | null;
  refusal_reason: string | null;
  /** The REFUND_RETURN that gave the coins back when finance refused; null again once the fan asks anew. */
  returned_transaction_id: Generated<number | null>;
  /** The currency the refund is paid in: a withdrawal's charge's own (USD for PayPal), else KRW (review M6). */
  currency: Generated<string>;
  /** What is paid back in that currency's minor unit (won, cents); null for requests from before 0120. */
  amount_minor: Generated<number | null>;
  /** The provider's refund, when it was refunded through the provider. */
  provider_refund_id: Generated<string | null>;
  updated_at: Generated<Date>;
}

export interface CoinHistoryTables {
  coin_refunds: CoinRefundsTable;
}

export type CoinRefundRow = Omit<Selectable<CoinRefundsTable>, 'due_on'> & { due_on: string };
