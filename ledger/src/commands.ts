import type { Json, LuckyRollOutcome } from './transaction';

/** What every money-moving operation takes besides its data: the caller's key and clock. */
export interface CommandContext {
  /** Identifies the transaction: a retry with the same key and content gets the first answer. */
  idempotencyKey: string;
  now: Date;
}

/** Extra fields recorded in the transaction's metadata (part of the request for idempotency). */
type CallerMetadata = { metadata?: Record<string, Json> };

export interface PurchaseData extends CallerMetadata {
  userId: number;
  coins: number;
  /** The provider's payment id (or bank-deposit id), verified by the caller; credited once. */
  paymentId: string;
  payMethod?: string;
  coinItemId?: number;
}

export interface GrantBonusData extends CallerMetadata {
  userId: number;
  coins: number;
  /** Why the coins are given, e.g. 'FREE_COIN_EVENT', 'COMMENT_EVENT', 'LUCKY_COMPENSATION'. */
  reason: string;
  coinItemId?: number;
}

export interface HoldForMissionData extends CallerMetadata {
  userId: number;
  missionId: number;
  coins: number;
}

export interface ReleaseToCreatorData extends CallerMetadata {
  missionId: number;
  creatorId: number;
}

export interface RefundMissionData extends CallerMetadata {
  missionId: number;
  /** e.g. 'REJECTED', 'EXPIRED', 'CANCELED'; shown in the fan's coin history. */
  reason?: string;
}

export interface LuckyRollData extends CallerMetadata {
  userId: number;
  missionId: number;
  coins: number;
  /** Decided by the missions module (provably fair roll); the ledger moves the coins accordingly. */
  outcome: LuckyRollOutcome;
}

export interface CompensateLuckyMissionData extends CallerMetadata {
  userId: number;
  missionId: number;
  /** The losing rolls' coins the fan gets back (beyond the refunded escrow); may be 0 when a bonus is asked. */
  coins: number;
  /** The part of `coins` the mission's losing rolls paid into platform revenue; the rest is issued as bonus. */
  fromRevenue: number;
  /** The creator who missed the deadline: the bonus comes out of his earnings. */
  creatorId?: number;
  /** Bonus coins asked of the creator's earnings; he pays what his earnings hold, up to this. */
  bonusCoins?: number;
}

export interface ExpireWalletData {
  account: string;
}

export interface WithdrawPurchaseData extends CallerMetadata {
  userId: number;
  paymentId: string;
}

export interface PartialRefundData extends CallerMetadata {
  userId: number;
}

/** A refund request finance refused: the coins its PURCHASE_WITHDRAWAL or PARTIAL_REFUND took go back. */
export interface ReturnRefundData extends CallerMetadata {
  userId: number;
  refundTransactionId: number;
}

/**
 * A refund or chargeback made at the payment provider: take back `coins` of the charge `paymentId`, as
 * many as its lot still holds in the wallet; the rest is a shortfall the caller records.
 */
export interface ReversePurchaseData extends CallerMetadata {
  userId: number;
  paymentId: string;
  coins: number;
  /** The provider's id of the refund (or chargeback) this reverses; one reversal per id. */
  providerRefundId: string;
}

/** A member leaving the service: every coin left in his wallet is forfeited (after he was shown the refunds). */
export interface ForfeitWalletData extends CallerMetadata {
  userId: number;
}

export interface SettlementPayoutData extends CallerMetadata {
  creatorId: number;
  coins: number;
  statementId?: string;
}

/** Commands are imperative; the transactions they produce are the past-tense facts. */
export type LedgerCommand =
  | { type: 'Purchase'; data: PurchaseData }
  | { type: 'GrantBonus'; data: GrantBonusData }
  | { type: 'HoldForMission'; data: HoldForMissionData }
  | { type: 'ReleaseToCreator'; data: ReleaseToCreatorData }
  | { type: 'RefundMission'; data: RefundMissionData }
  | { type: 'LuckyRoll'; data: LuckyRollData }
  | { type: 'CompensateLuckyMission'; data: CompensateLuckyMissionData }
  | { type: 'ExpireWallet'; data: ExpireWalletData }
  | { type: 'WithdrawPurchase'; data: WithdrawPurchaseData }
  | { type: 'PartialRefund'; data: PartialRefundData }
  | { type: 'ReturnRefund'; data: ReturnRefundData }
  | { type: 'SettlementPayout'; data: SettlementPayoutData }
  | { type: 'ForfeitWallet'; data: ForfeitWalletData }
  | { type: 'ReversePurchase'; data: ReversePurchaseData };

export type LedgerCommandType = LedgerCommand['type'];
export type CommandData<T extends LedgerCommandType> = Extract<LedgerCommand, { type: T }>['data'];
