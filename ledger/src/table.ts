import type { Generated, Insertable, Selectable } from 'kysely';
import type { CoinLotSource, LedgerTransactionType } from '@fanmission/contracts';
import type { AccountKind } from './accounts';

export interface LedgerAccountsTable {
  account: string;
  kind: AccountKind;
  balance: Generated<number>;
  /** Bumped by every posting to the account. */
  version: Generated<number>;
  created_at: Date;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  type: LedgerTransactionType;
  idempotency_key: string;
  occurred_at: Date;
  metadata: Generated<Record<string, unknown>>;
}

export interface LedgerPostingsTable {
  transaction_id: number;
  account: string;
  amount: number;
}

export interface LedgerLotsTable {
  id: Generated<number>;
  account: string;
  source: CoinLotSource;
  amount: number;
  remaining: number;
  expires_at: Date;
  transaction_id: number;
  created_at: Date;
}

export interface LedgerLotMovementsTable {
  transaction_id: number;
  lot_id: number;
  /** Change of the coins left in the lot's wallet. */
  wallet_amount: number;
  /** The escrow whose part of the lot changed, and by how much. */
  escrow: string | null;
  escrow_amount: number | null;
}

export interface LedgerIdempotencyKeysTable {
  idempotency_key: string;
  request: unknown;
  transaction_id: number | null;
  refusal: unknown;
  created_at: Date;
}

/** Where verification's replay stands: every verified row is replayed through at least `mark` (verify-checkpoint.ts). */
export interface LedgerVerifyCheckpointTable {
  only_row: Generated<boolean>;
  mark: number;
  /** The mark of the last full replay. */
  full_mark: number;
  updated_at: Date;
}

/** An account's balance as the replay computed it through transaction `through`. */
export interface LedgerVerifiedBalancesTable {
  account: string;
  balance: number;
  through: number;
}

/** A lot's remaining coins and the parts of it each escrow holds, as the replay computed them through `through`. */
export interface LedgerVerifiedLotsTable {
  lot_id: number;
  remaining: number;
  escrow_portions: Record<string, number>;
  through: number;
}

/** The ledger's tables; the services' `Database` extends this interface. */
export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  ledger_lots: LedgerLotsTable;
  ledger_lot_movements: LedgerLotMovementsTable;
  ledger_idempotency_keys: LedgerIdempotencyKeysTable;
  ledger_verify_checkpoint: LedgerVerifyCheckpointTable;
  ledger_verified_balances: LedgerVerifiedBalancesTable;
  ledger_verified_lots: LedgerVerifiedLotsTable;
}

export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type LedgerTransactionRow = Selectable<LedgerTransactionsTable>;
export type LedgerLotRow = Selectable<LedgerLotsTable>;
export type NewLedgerLot = Insertable<LedgerLotsTable>;
