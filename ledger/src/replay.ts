import type { LedgerTransactionType } from '@fanmission/contracts';
import { compareAccounts, mayGoNegative, tracksLots } from './accounts';
import type { Posting } from './transaction';

/** A lot movement as stored: the lot's wallet is the lot's own. */
export interface StoredLotMovement {
  lotId: number;
  walletAmount: number;
  escrow: string | null;
  escrowAmount: number | null;
}

/** A transaction as stored: what `verify` replays. */
export interface StoredTransaction {
  id: number;
  type: LedgerTransactionType;
  postings: Posting[];
  lotMovements: StoredLotMovement[];
  /** Lots this transaction created (their first movement is among `lotMovements`). */
  createdLots: { id: number; account: string; amount: number }[];
}

/** One thing `verify` found wrong; an operator reads these, so each names what and where. */
export type VerifyDifference =
  | { kind: 'UNBALANCED_TRANSACTION'; transactionId: number; sum: number }
  | { kind: 'TOO_FEW_POSTINGS'; transactionId: number; postings: number }
  | { kind: 'LOTS_DO_NOT_MATCH_POSTING'; transactionId: number; account: string; posting: number; lotMovements: number }
  | { kind: 'NEGATIVE_BALANCE'; transactionId: number; account: string; balance: number }
  | { kind: 'UNKNOWN_LOT'; transactionId: number; lotId: number }
  | { kind: 'LOT_OUT_OF_RANGE'; transactionId: number; lotId: number; remaining: number; amount: number }
  | { kind: 'NEGATIVE_ESCROW_PORTION'; transactionId: number; account: string; lotId: number; coins: number }
  | { kind: 'BALANCE_MISMATCH'; account: string; stored: number | null; replayed: number }
  | {
      kind: 'LOT_MISMATCH';
      lotId: number;
      field: 'account' | 'amount' | 'remaining' | 'existence';
      stored: string | number | null;
      replayed: string | number | null;
    };

export interface ReplayedLot {
  account: string;
  amount: number;
  remaining: number;
}

export interface ReplayState {
  balances: Map<string, number>;
  lots: Map<number, ReplayedLot>;
  /** Coins of each lot held in each escrow, keyed `<escrow> <lotId>`. */
  escrowPortions: Map<string, number>;
}

export const emptyReplayState = (): ReplayState => ({
  balances: new Map(),
  lots: new Map(),
  escrowPortions: new Map(),
});

/** A lot created by a transaction: it enters the replay empty; the movements of that transaction fill it. */
export function createLot(state: ReplayState, lot: { id: number; account: string; amount: number }): void {
  state.lots.set(lot.id, { account: lot.account, amount: lot.amount, remaining: 0 });
}

/** The transaction's own shape: at least two postings, summing to zero. */
export function checkShape(transaction: Pick<StoredTransaction, 'id' | 'postings'>): VerifyDifference[] {
  const differences: VerifyDifference[] = [];
  const transactionId = transaction.id;
  const { postings } = transaction;
  if (postings.length < 2) differences.push({ kind: 'TOO_FEW_POSTINGS', transactionId, postings: postings.length });
  const sum = postings.reduce((total, posting) => total + posting.amount, 0);
  if (sum !== 0) differences.push({ kind: 'UNBALANCED_TRANSACTION', transactionId, sum });
  return differences;
}

/**
 * Applies one lot movement of a transaction to the replayed lots and escrow portions. A movement of a lot the replay
 * does not know (yet) is UNKNOWN_LOT and changes nothing.
 */
export function applyLotMovement(
  state: ReplayState,
  transactionId: number,
  movement: StoredLotMovement,
): VerifyDifference[] {
  const differences: VerifyDifference[] = [];
  const lot = state.lots.get(movement.lotId);
  if (!lot) return [{ kind: 'UNKNOWN_LOT', transactionId, lotId: movement.lotId }];
  lot.remaining += movement.walletAmount;
  if (lot.remaining < 0 || lot.remaining > lot.amount) {
    differences.push({
      kind: 'LOT_OUT_OF_RANGE',
      transactionId,
      lotId: movement.lotId,
      remaining: lot.remaining,
      amount: lot.amount,
    });
  }
  if (movement.escrow !== null && movement.escrowAmount !== null) {
    const key = `${movement.escrow} ${movement.lotId}`;
    const coins = (state.escrowPortions.get(key) ?? 0) + movement.escrowAmount;
    state.escrowPortions.set(key, coins);
    if (coins < 0) {
      differences.push({
        kind: 'NEGATIVE_ESCROW_PORTION',
        transactionId,
        account: movement.escrow,
        lotId: movement.lotId,
        coins,
      });
    }
  }
  return differences;
}

/**
 * Every wallet and escrow posting of a transaction equals what its lot movements moved in that account.
 * `lotAccount` names the wallet of a lot known when the transaction ran (null for an unknown lot: it moved nothing).
 */
export function checkLotsExplainPostings(
  transaction: Pick<StoredTransaction, 'id' | 'postings' | 'lotMovements'>,
  lotAccount: (lotId: number) => string | null,
): VerifyDifference[] {
  const differences: VerifyDifference[] = [];
  const movedByAccount = new Map<string, number>();
  const move = (account: string, amount: number) =>
    movedByAccount.set(account, (movedByAccount.get(account) ?? 0) + amount);
  for (const movement of transaction.lotMovements) {
    const account = lotAccount(movement.lotId);
    if (account === null) continue;
    move(account, movement.walletAmount);
    if (movement.escrow !== null && movement.escrowAmount !== null) move(movement.escrow, movement.escrowAmount);
  }
  const postedByAccount = new Map(transaction.postings.map((posting) => [posting.account, posting.amount]));
  const lotAccounts = new Set([...movedByAccount.keys(), ...[...postedByAccount.keys()].filter(tracksLots)]);
  for (const account of [...lotAccounts].sort(compareAccounts)) {
    const posting = postedByAccount.get(account) ?? 0;
    const moved = movedByAccount.get(account) ?? 0;
    if (posting !== moved) {
      differences.push({
        kind: 'LOTS_DO_NOT_MATCH_POSTING',
        transactionId: transaction.id,
        account,
        posting,
        lotMovements: moved,
      });
    }
  }
  return differences;
}

/** Applies one posting to the replayed balances; only world accounts may go below zero. */
export function applyPosting(
  state: Pick<ReplayState, 'balances'>,
  transactionId: number,
  posting: Posting,
): VerifyDifference[] {
  const balance = (state.balances.get(posting.account) ?? 0) + posting.amount;
  state.balances.set(posting.account, balance);
  if (balance < 0 && !mayGoNegative(posting.account)) {
    return [{ kind: 'NEGATIVE_BALANCE', transactionId, account: posting.account, balance }];
  }
  return [];
}

/**
 * Applies one stored transaction to the replayed projections (the state is updated in place) and returns what is
 * wrong with it. Transaction ids are taken after the locks, so in id order every spend comes after the credits it
 * spends. `verify` applies the same rules (the functions above) split by account and by lot, so that it never holds
 * the whole state; this composition is the reference order of the differences of one transaction.
 */
export function evolve(state: ReplayState, transaction: StoredTransaction): VerifyDifference[] {
  const differences = checkShape(transaction);
  for (const lot of transaction.createdLots) createLot(state, lot);
  for (const movement of transaction.lotMovements) {
    differences.push(...applyLotMovement(state, transaction.id, movement));
  }
  differences.push(...checkLotsExplainPostings(transaction, (lotId) => state.lots.get(lotId)?.account ?? null));
  for (const posting of transaction.postings) differences.push(...applyPosting(state, transaction.id, posting));
  return differences;
}

/** Compares replayed balances with stored ones, both ways (an account missing from either side counts as 0). */
export function compareBalances(replayed: Map<string, number>, stored: Map<string, number>): VerifyDifference[] {
  const differences: VerifyDifference[] = [];
  const accounts = new Set([...replayed.keys(), ...stored.keys()]);
  for (const account of [...accounts].sort(compareAccounts)) {
    const replayedBalance = replayed.get(account) ?? 0;
    const storedBalance = stored.get(account);
    if (storedBalance === undefined ? replayedBalance !== 0 : storedBalance !== replayedBalance) {
      differences.push({ kind: 'BALANCE_MISMATCH', account, stored: storedBalance ?? null, replayed: replayedBalance });
    }
  }
  return differences;
}

export const LOT_FIELDS = ['account', 'amount', 'remaining'] as const;

/** Compares replayed lots with stored ones, both ways. */
export function compareLots(replayed: Map<number, ReplayedLot>, stored: Map<number, ReplayedLot>): VerifyDifference[] {
  const differences: VerifyDifference[] = [];
  const lotIds = [...new Set([...replayed.keys(), ...stored.keys()])].sort((a, b) => a - b);
  for (const lotId of lotIds) {
    const replayedLot = replayed.get(lotId);
    const storedLot = stored.get(lotId);
    if (!replayedLot || !storedLot) {
      differences.push({
        kind: 'LOT_MISMATCH',
        lotId,
        field: 'existence',
        stored: storedLot ? 'stored' : null,
        replayed: replayedLot ? 'replayed' : null,
      });
      continue;
    }
    for (const field of LOT_FIELDS) {
      if (storedLot[field] !== replayedLot[field]) {
        differences.push({
          kind: 'LOT_MISMATCH',
          lotId,
          field,
          stored: storedLot[field],
          replayed: replayedLot[field],
        });
      }
    }
  }
  return differences;
}

/** Compares the replayed projections with the stored balances and lots. */
export function compareProjections(
  state: ReplayState,
  stored: { balances: Map<string, number>; lots: Map<number, ReplayedLot> },
): VerifyDifference[] {
  return [...compareBalances(state.balances, stored.balances), ...compareLots(state.lots, stored.lots)];
}
