import type { CoinLotSource, LedgerTransactionType } from '@fanmission/contracts';
import type { LedgerRefusal } from './errors';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A positive amount credits the account (its balance grows), a negative one debits it. */
export interface Posting {
  account: string;
  amount: number;
}

/** What a transaction does to one lot: the change of the coins left in its wallet, and of an escrow's part of it. */
export interface LotMovement {
  lotId: number;
  /** The lot's own wallet; `amount` may be 0 when only an escrow's part changes. */
  wallet: { account: string; amount: number };
  escrow?: { account: string; amount: number };
}

export interface NewLot {
  account: string;
  source: CoinLotSource;
  amount: number;
  expiresAt: Date;
}

/** What the ledger records about a transaction beside its postings; the caller's own fields come along. */
export interface LedgerMetadata {
  [key: string]: Json | undefined;
  userId?: number;
  missionId?: number;
  creatorId?: number;
  paymentId?: string;
  payMethod?: string;
  coinItemId?: number;
  /** The source of the lot a credit created (PURCHASE → CASH, BONUS_GRANT → BONUS). */
  coinItemType?: CoinLotSource;
  outcome?: LuckyRollOutcome;
  reason?: string;
  statementId?: string;
  purchaseTransactionId?: number;
  refundedCoins?: number;
  feeCoins?: number;
  asOf?: string;
}

export type LuckyRollOutcome = 'WIN' | 'LOSS';

/** A decided transaction, before it has an id. */
export interface NewTransaction {
  type: LedgerTransactionType;
  postings: Posting[];
  metadata: LedgerMetadata;
  /** A credit to a wallet creates one lot; its first movement (+amount into the wallet) is implied. */
  newLot?: NewLot;
  /** At most one per lot. */
  lotMovements: LotMovement[];
}

/**
 * An appended transaction: the outbox-ready shape the caller turns into a domain event in the same DB transaction
 * (use `transactionId` as the event id: a replayed request returns the same entry).
 */
export interface LedgerEntry {
  transactionId: number;
  type: LedgerTransactionType;
  idempotencyKey: string;
  occurredAt: Date;
  /** Sorted by account. */
  postings: Posting[];
  metadata: LedgerMetadata;
}

export type Decision = { kind: 'append'; transaction: NewTransaction } | { kind: 'refuse'; refusal: LedgerRefusal };

export const append = (transaction: NewTransaction): Decision => ({ kind: 'append', transaction });
export const refuse = (refusal: LedgerRefusal): Decision => ({ kind: 'refuse', refusal });

/** Drops undefined fields, as a JSON column would, so a first answer and its replay compare equal. */
export function cleanMetadata(metadata: LedgerMetadata): LedgerMetadata {
  return JSON.parse(JSON.stringify(metadata)) as LedgerMetadata;
}
