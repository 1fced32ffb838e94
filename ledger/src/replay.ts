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

/**
 * Applies one stored transaction to the replayed projections (the state is updated in place: replays run over the
 * whole log) and returns what is wrong with it. Transaction ids are taken after the locks, so in id order every
 * spend comes after the credits it spends.
 */
export function evolve(state: ReplayState, transaction: StoredTransaction): VerifyDifference[] {
  const differences: VerifyDifference[] = [];
  const transactionId = transaction.id;
  const { postings, lotMovements } = transaction;
  if (postings.length < 2) differences.push({ kind: 'TOO_FEW_POSTINGS', transactionId, postings: postings.length });
  const sum = postings.reduce((total, posting) => total + posting.amount, 0);
  if (sum !== 0) differences.push({ kind: 'UNBALANCED_TRANSACTION', transactionId, sum });

  for (const lot of transaction.createdLots) {
    state.lots.set(lot.id, { account: lot.account, amount: lot.amount, remaining: 0 });
  }
  const movedByAccount = new Map<string, number>();
  const move = (account: string, amount: number) =>
    movedByAccount.set(account, (movedByAccount.get(account) ?? 0) + amount);
  for (const movement of lotMovements) {
    const lot = state.lots.get(movement.lotId);
    if (!lot) {
      differences.push({ kind: 'UNKNOWN_LOT', transactionId, lotId: movement.lotId });
      continue;
    }
    move(lot.account, movement.walletAmount);
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
      move(movement.escrow, movement.escrowAmount);
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
  }

  const postedByAccount = new Map(postings.map((posting) => [posting.account, posting.amount]));
  const lotAccounts = new Set([...movedByAccount.keys(), ...[...postedByAccount.keys()].filter(tracksLots)]);
  for (const account of [...lotAccounts].sort(compareAccounts)) {
    const posting = postedByAccount.get(account) ?? 0;
    const moved = movedByAccount.get(account) ?? 0;
    if (posting !== moved) {
      differences.push({ kind: 'LOTS_DO_NOT_MATCH_POSTING', transactionId, account, posting, lotMovements: moved });
    }
  }

  for (const posting of postings) {
    const balance = (state.balances.get(posting.account) ?? 0) + posting.amount;
    state.balances.set(posting.account, balance);
    if (balance < 0 && !mayGoNegative(posting.account)) {
      differences.push({ kind: 'NEGATIVE_BALANCE', transactionId, account: posting.account, balance });
    }
  }
  return differences;
}

/** Compares the replayed projections with the stored balances and lots. */
export function compareProjections(
  state: ReplayState,
  stored: { balances: Map<string, number>; lots: Map<number, ReplayedLot> },
): VerifyDifference[] {
  const differences: VerifyDifference[] = [];
  const accounts = new Set([...state.balances.keys(), ...stored.balances.keys()]);
  for (const account of [...accounts].sort(compareAccounts)) {
    const replayed = state.balances.get(account) ?? 0;
    const storedBalance = stored.balances.get(account);
    if (storedBalance === undefined ? replayed !== 0 : storedBalance !== replayed) {
      differences.push({ kind: 'BALANCE_MISMATCH', account, stored: storedBalance ?? null, replayed });
    }
  }
  const lotIds = [...new Set([...state.lots.keys(), ...stored.lots.keys()])].sort((a, b) => a - b);
  for (const lotId of lotIds) {
    const replayed = state.lots.get(lotId);
    const storedLot = stored.lots.get(lotId);
    if (!replayed || !storedLot) {
      differences.push({
        kind: 'LOT_MISMATCH',
        lotId,
        field: 'existence',
        stored: storedLot ? 'stored' : null,
        replayed: replayed ? 'replayed' : null,
      });
      continue;
    }
    for (const field of ['account', 'amount', 'remaining'] as const) {
      if (storedLot[field] !== replayed[field]) {
        differences.push({ kind: 'LOT_MISMATCH', lotId, field, stored: storedLot[field], replayed: replayed[field] });
      }
    }
  }
  return differences;
}
