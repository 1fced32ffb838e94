import type { CoinItemType } from '@fanmission/contracts';
import type { Generated, Selectable } from 'kysely';

export interface CoinItemsTable {
  id: Generated<number>;
  item_type: CoinItemType;
  name: string;
  point: number;
  /** KRW. */
  price: number;
  /** Won below the catalogue's rate of a CASH item: price + discount = point × 100 (migration 0480). */
  discount: Generated<number>;
  /** numeric(10,2), read as a string by pg. */
  usd_price: string;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
}

export interface CoinDepositsTable {
  id: Generated<number>;
  user_id: number;
  coin_item_id: number;
  payment_id: string | null;
  bank_transfer_id: number | null;
  ledger_transaction_id: number;
  created_at: Generated<Date>;
}

/** A fan warned that a lot of his coins expires within `threshold_days` (30 or 7), once per lot and threshold. */
export interface CoinExpiryWarningsTable {
  lot_id: number;
  threshold_days: number;
  user_id: number;
  coins: number;
  expires_at: Date;
  warned_at: Date;
  /** Set once the e-mail went out; a retry mails only the warnings still without it. */
  mailed_at: Date | null;
}

/** A free-coin event: finance's grant of a BONUS item to chosen members (0261). */
export interface BonusGrantsTable {
  id: Generated<number>;
  coin_item_id: number;
  coins_each: number;
  reason: string;
  budget_coins: number;
  /** The request's recipients (`userIds` or `filter`), as asked. */
  recipients: unknown;
  created_by: number;
  idempotency_key: string;
  created_at: Generated<Date>;
}

/** A member a grant credited, with the ledger's BONUS_GRANT (0261). */
export interface BonusGrantRecipientsTable {
  grant_id: number;
  user_id: number;
  coins: number;
  ledger_transaction_id: number;
}

export interface CoinsTables {
  bonus_grants: BonusGrantsTable;
  bonus_grant_recipients: BonusGrantRecipientsTable;
  coin_items: CoinItemsTable;
  coin_deposits: CoinDepositsTable;
  coin_expiry_warnings: CoinExpiryWarningsTable;
}

export type CoinItemRow = Selectable<CoinItemsTable>;
export type CoinDepositRow = Selectable<CoinDepositsTable>;
