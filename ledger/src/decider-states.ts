/*
 * What each ledger decider is given: the state read under the locks of a command's accounts (the member behind a
 * wallet, its lots, an escrow's held portions, the purchase or refund a command names), and the decider's signature.
 * The repository reads these shapes; `decide.ts` decides from them.
 */
import type { CommandData, LedgerCommandType } from './commands';
import type { Lot } from './rules';
import type { Decision, Posting } from './transaction';

/** What the ledger knows of the member behind a wallet (read from `users` in the same DB transaction). */
export interface Member {
  exists: boolean;
  isCreator: boolean;
  /** Set when the member switched to a creator account: his coins can no longer be spent. */
  coinsFrozenAt: Date | null;
}

/** A portion of a lot held in an escrow. */
export interface HeldPortion {
  lot: Lot;
  coins: number;
}

export interface PurchaseRecord {
  transactionId: number;
  occurredAt: Date;
  lot: Lot;
  /** A PURCHASE_WITHDRAWAL, PARTIAL_REFUND or PURCHASE_REVERSAL has already taken this lot's coins back. */
  refunded: boolean;
}

/** A PURCHASE_WITHDRAWAL or PARTIAL_REFUND as a return reads it. */
export interface RefundRecord {
  transactionId: number;
  type: string;
  postings: Posting[];
  /** The coins it took out of each lot (negative wallet amounts). */
  lotMovements: Array<{ lotId: number; account: string; amount: number }>;
  /** A REFUND_RETURN already gave them back. */
  returned: boolean;
}

/** The state each decider needs, loaded under the locks of its accounts. */
export interface LedgerStates {
  Purchase: { member: Member; creditedBy: number | null };
  GrantBonus: { member: Member };
  HoldForMission: { member: Member; lots: Lot[] };
  ReleaseToCreator: { escrowBalance: number; held: HeldPortion[] };
  RefundMission: { escrowBalance: number; held: HeldPortion[] };
  LuckyRoll: { member: Member; lots: Lot[] };
  /** `revenue`: the balance of every shard of platform revenue, each locked (or checked) by the append. */
  CompensateLuckyMission: { member: Member; revenue: ReadonlyMap<string, number>; creatorEarnings: number };
  ExpireWallet: { lots: Lot[] };
  WithdrawPurchase: { purchase: PurchaseRecord | null };
  PartialRefund: { lots: Lot[] };
  /** `revenue`: the balance of every shard of platform revenue (a partial refund's fee comes back out of it). */
  ReturnRefund: { refund: RefundRecord | null; revenue: ReadonlyMap<string, number> };
  SettlementPayout: { earnings: number };
  ForfeitWallet: { lots: Lot[] };
  ReversePurchase: { purchase: PurchaseRecord | null };
}

export type Decider<T extends LedgerCommandType> = (
  data: CommandData<T>,
  state: LedgerStates[T],
  now: Date,
) => Decision;
