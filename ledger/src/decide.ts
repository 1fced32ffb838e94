/*
 * The ledger's deciders: one pure function per command, from the state it was given to the balanced entry it posts
 * or the refusal it answers (the states they are given are in `decider-states.ts`). One file of more than 300 lines on purpose: every decider spends lots, holds escrow and
 * returns coins by the same few rules, and a money rule is reviewed by reading all the commands that apply it together.
 */
import {
  PLATFORM_REVENUE,
  WORLD_BONUS,
  WORLD_CASH_IN,
  WORLD_CASH_OUT,
  WORLD_EXPIRED,
  compareAccounts,
  earningsAccount,
  houseAccountOf,
  houseShard,
  escrowAccount,
  settledAccount,
  walletAccount,
} from './accounts';
import type { CommandData, LedgerCommandType } from './commands';
import type { Decider, HeldPortion, LedgerStates, Member } from './decider-states';
import {
  allocateFifo,
  byExpiry,
  isExpired,
  isSpendable,
  lotExpiry,
  partialRefundFee,
  withdrawalDeadline,
  type Lot,
} from './rules';
import { append, refuse, type Decision, type LedgerMetadata, type LotMovement, type Posting } from './transaction';

const sortPostings = (postings: Posting[]) => postings.sort((a, b) => compareAccounts(a.account, b.account));

const sumOf = (balances: ReadonlyMap<string, number>) => [...balances.values()].reduce((sum, coins) => sum + coins, 0);

/**
 * Debits `coins` from a house account's shards (`balances`, every shard read), each within its own balance: the
 * shard `first` (the member's own) as far as it reaches, then the others in name order. Null when all of them together
 * hold less.
 */
export function houseDebit(balances: ReadonlyMap<string, number>, coins: number, first: string): Posting[] | null {
  if (sumOf(balances) < coins) return null;
  const order = [...balances.keys()].sort((a, b) => (a === first ? -1 : b === first ? 1 : compareAccounts(a, b)));
  const postings: Posting[] = [];
  let left = coins;
  for (const account of order) {
    const taken = Math.min(left, balances.get(account) ?? 0);
    if (taken > 0) postings.push({ account, amount: -taken });
    left -= taken;
    if (left === 0) break;
  }
  return postings;
}

export function decidePurchase(data: CommandData<'Purchase'>, state: LedgerStates['Purchase'], now: Date): Decision {
  const { member } = state;
  if (!member.exists) return refuse({ code: 'UNKNOWN_USER', userId: data.userId });
  if (member.isCreator || member.coinsFrozenAt) return refuse({ code: 'CREATOR_CANNOT_CHARGE', userId: data.userId });
  if (state.creditedBy !== null) {
    return refuse({ code: 'PAYMENT_ALREADY_CREDITED', paymentId: data.paymentId, transactionId: state.creditedBy });
  }
  const wallet = walletAccount(data.userId);
  return append({
    type: 'PURCHASE',
    postings: sortPostings([
      { account: houseShard(WORLD_CASH_IN, data.userId), amount: -data.coins },
      { account: wallet, amount: data.coins },
    ]),
    metadata: {
      ...data.metadata,
      userId: data.userId,
      paymentId: data.paymentId,
      payMethod: data.payMethod,
      coinItemId: data.coinItemId,
      coinItemType: 'CASH',
    },
    newLot: { account: wallet, source: 'CASH', amount: data.coins, expiresAt: lotExpiry(now) },
    lotMovements: [],
  });
}

export function decideGrantBonus(
  data: CommandData<'GrantBonus'>,
  state: LedgerStates['GrantBonus'],
  now: Date,
): Decision {
  const { member } = state;
  if (!member.exists) return refuse({ code: 'UNKNOWN_USER', userId: data.userId });
  // A creator's wallet is frozen: coins given to it could never be used.
  if (member.isCreator || member.coinsFrozenAt) return refuse({ code: 'CREATOR_CANNOT_CHARGE', userId: data.userId });
  const wallet = walletAccount(data.userId);
  return append({
    type: 'BONUS_GRANT',
    postings: sortPostings([
      { account: houseShard(WORLD_BONUS, data.userId), amount: -data.coins },
      { account: wallet, amount: data.coins },
    ]),
    metadata: {
      ...data.metadata,
      userId: data.userId,
      reason: data.reason,
      coinItemId: data.coinItemId,
      coinItemType: 'BONUS',
    },
    newLot: { account: wallet, source: 'BONUS', amount: data.coins, expiresAt: lotExpiry(now) },
    lotMovements: [],
  });
}

/** Moves `coins` out of a member's wallet (earliest-expiring lots first) into `to`; escrows remember the lots. */
function spend(
  userId: number,
  member: Member,
  lots: Lot[],
  coins: number,
  to: string,
  type: 'MISSION_HOLD' | 'LUCKY_ROLL',
  metadata: LedgerMetadata,
  now: Date,
): Decision {
  if (!member.exists) return refuse({ code: 'UNKNOWN_USER', userId });
  if (member.coinsFrozenAt)
    return refuse({ code: 'COINS_FROZEN', userId, frozenAt: member.coinsFrozenAt.toISOString() });
  const wallet = walletAccount(userId);
  const allocation = allocateFifo(lots, coins, now);
  if (!allocation.ok) {
    return refuse({ code: 'NOT_ENOUGH_COINS', account: wallet, requested: coins, available: allocation.available });
  }
  const held = to.startsWith('escrow:');
  const lotMovements: LotMovement[] = allocation.taken.map(({ lot, coins: taken }) =>
    held
      ? { lotId: lot.id, wallet: { account: wallet, amount: -taken }, escrow: { account: to, amount: taken } }
      : { lotId: lot.id, wallet: { account: wallet, amount: -taken } },
  );
  return append({
    type,
    postings: sortPostings([
      { account: wallet, amount: -coins },
      { account: to, amount: coins },
    ]),
    metadata,
    lotMovements,
  });
}

export function decideHoldForMission(
  data: CommandData<'HoldForMission'>,
  state: LedgerStates['HoldForMission'],
  now: Date,
): Decision {
  return spend(
    data.userId,
    state.member,
    state.lots,
    data.coins,
    escrowAccount(data.missionId),
    'MISSION_HOLD',
    { ...data.metadata, userId: data.userId, missionId: data.missionId },
    now,
  );
}

/**
 * A LUCKY roll's cost leaves the wallet either way. A win holds it in the lucky mission's escrow (released to the
 * creator when performed, refunded into the same lots when not); a loss is platform revenue, since settlement pays
 * creators from MISSION_RELEASE only.
 */
export function decideLuckyRoll(data: CommandData<'LuckyRoll'>, state: LedgerStates['LuckyRoll'], now: Date): Decision {
  const to = data.outcome === 'WIN' ? escrowAccount(data.missionId) : houseShard(PLATFORM_REVENUE, data.userId);
  return spend(
    data.userId,
    state.member,
    state.lots,
    data.coins,
    to,
    'LUCKY_ROLL',
    { ...data.metadata, userId: data.userId, missionId: data.missionId, outcome: data.outcome },
    now,
  );
}

/**
 * A won LUCKY mission whose perform deadline passed: the fan gets back what its rolls cost beyond the refunded
 * escrow. What the losing rolls paid into platform revenue comes back from there (as far as all its shards together
 * hold it, taken from the fan's own shard first), the rest is issued like a bonus; the bonus asked of the creator comes out of his earnings, as far as they reach. All of
 * it is one BONUS lot, never refundable as money.
 */
export function decideCompensateLuckyMission(
  data: CommandData<'CompensateLuckyMission'>,
  state: LedgerStates['CompensateLuckyMission'],
  now: Date,
): Decision {
  if (!state.member.exists) return refuse({ code: 'UNKNOWN_USER', userId: data.userId });
  const wallet = walletAccount(data.userId);
  const fromRevenue = Math.min(data.fromRevenue, data.coins, sumOf(state.revenue));
  const issued = data.coins - fromRevenue;
  const fromCreator = data.creatorId === undefined ? 0 : Math.min(data.bonusCoins ?? 0, state.creatorEarnings);
  const credited = data.coins + fromCreator;
  if (credited === 0) return refuse({ code: 'NOTHING_TO_COMPENSATE', missionId: data.missionId });
  const postings: Posting[] = [{ account: wallet, amount: credited }];
  if (fromRevenue > 0)
    postings.push(...houseDebit(state.revenue, fromRevenue, houseShard(PLATFORM_REVENUE, data.userId))!);
  if (issued > 0) postings.push({ account: houseShard(WORLD_BONUS, data.userId), amount: -issued });
  if (fromCreator > 0) postings.push({ account: earningsAccount(data.creatorId!), amount: -fromCreator });
  return append({
    type: 'LUCKY_COMPENSATION',
    postings: sortPostings(postings),
    metadata: {
      ...data.metadata,
      userId: data.userId,
      missionId: data.missionId,
      reason: 'LUCKY_COMPENSATION',
      coinItemType: 'BONUS',
      ...(fromCreator > 0 && { creatorId: data.creatorId, bonusFromCreator: fromCreator }),
    },
    newLot: { account: wallet, source: 'BONUS', amount: credited, expiresAt: lotExpiry(now) },
    lotMovements: [],
  });
}

function heldCoins(held: HeldPortion[], escrowBalance: number, missionId: number): number {
  const total = held.reduce((sum, portion) => sum + portion.coins, 0);
  if (total !== escrowBalance) {
    throw new Error(`escrow of mission ${missionId} holds ${escrowBalance} coins but its lots say ${total}`);
  }
  return total;
}

export function decideReleaseToCreator(
  data: CommandData<'ReleaseToCreator'>,
  state: LedgerStates['ReleaseToCreator'],
): Decision {
  const coins = heldCoins(state.held, state.escrowBalance, data.missionId);
  if (coins === 0) return refuse({ code: 'ESCROW_EMPTY', missionId: data.missionId });
  const escrow = escrowAccount(data.missionId);
  return append({
    type: 'MISSION_RELEASE',
    postings: sortPostings([
      { account: escrow, amount: -coins },
      { account: earningsAccount(data.creatorId), amount: coins },
    ]),
    metadata: { ...data.metadata, missionId: data.missionId, creatorId: data.creatorId },
    lotMovements: state.held.map(({ lot, coins: held }) => ({
      lotId: lot.id,
      wallet: { account: lot.account, amount: 0 },
      escrow: { account: escrow, amount: -held },
    })),
  });
}

/** Puts the held coins back into the lots they came from, so they keep their original expiry. */
export function decideRefundMission(
  data: CommandData<'RefundMission'>,
  state: LedgerStates['RefundMission'],
): Decision {
  const coins = heldCoins(state.held, state.escrowBalance, data.missionId);
  if (coins === 0) return refuse({ code: 'ESCROW_EMPTY', missionId: data.missionId });
  const escrow = escrowAccount(data.missionId);
  const toWallets = new Map<string, number>();
  for (const { lot, coins: held } of state.held) toWallets.set(lot.account, (toWallets.get(lot.account) ?? 0) + held);
  const userIds = [...toWallets.keys()].map((wallet) => Number(wallet.slice('wallet:'.length)));
  return append({
    type: 'MISSION_REFUND',
    postings: sortPostings([
      { account: escrow, amount: -coins },
      ...[...toWallets].map(([account, amount]) => ({ account, amount })),
    ]),
    metadata: {
      ...data.metadata,
      missionId: data.missionId,
      reason: data.reason,
      userId: userIds.length === 1 ? userIds[0] : undefined,
    },
    lotMovements: state.held.map(({ lot, coins: held }) => ({
      lotId: lot.id,
      wallet: { account: lot.account, amount: held },
      escrow: { account: escrow, amount: -held },
    })),
  });
}

/** Expires what is left of a wallet's lots whose expiry is at or before `now` (held portions wait for a refund). */
export function decideExpireWallet(
  data: CommandData<'ExpireWallet'>,
  state: LedgerStates['ExpireWallet'],
  now: Date,
): Decision {
  const expired = state.lots.filter((lot) => lot.account === data.account && isExpired(lot, now)).sort(byExpiry);
  const coins = expired.reduce((sum, lot) => sum + lot.remaining, 0);
  if (coins === 0) return refuse({ code: 'NOTHING_TO_EXPIRE', account: data.account, asOf: now.toISOString() });
  return append({
    type: 'EXPIRY',
    postings: sortPostings([
      { account: data.account, amount: -coins },
      { account: houseShard(WORLD_EXPIRED, Number(data.account.slice('wallet:'.length))), amount: coins },
    ]),
    metadata: { userId: Number(data.account.slice('wallet:'.length)), asOf: now.toISOString() },
    lotMovements: expired.map((lot) => ({ lotId: lot.id, wallet: { account: data.account, amount: -lot.remaining } })),
  });
}

/** A charge withdrawn in full: within 7 days of it, and only while none of its coins has been used. */
export function decideWithdrawPurchase(
  data: CommandData<'WithdrawPurchase'>,
  state: LedgerStates['WithdrawPurchase'],
  now: Date,
): Decision {
  const { purchase } = state;
  const wallet = walletAccount(data.userId);
  if (!purchase || purchase.lot.account !== wallet) {
    return refuse({ code: 'PURCHASE_NOT_FOUND', userId: data.userId, paymentId: data.paymentId });
  }
  if (purchase.refunded) {
    return refuse({
      code: 'PURCHASE_ALREADY_REFUNDED',
      paymentId: data.paymentId,
      purchaseTransactionId: purchase.transactionId,
    });
  }
  const deadline = withdrawalDeadline(purchase.occurredAt);
  if (now.getTime() > deadline.getTime()) {
    return refuse({
      code: 'WITHDRAWAL_WINDOW_PASSED',
      paymentId: data.paymentId,
      purchasedAt: purchase.occurredAt.toISOString(),
      deadline: deadline.toISOString(),
    });
  }
  const { lot } = purchase;
  if (lot.remaining < lot.amount) {
    return refuse({
      code: 'PURCHASE_ALREADY_USED',
      paymentId: data.paymentId,
      purchased: lot.amount,
      remaining: lot.remaining,
    });
  }
  return append({
    type: 'PURCHASE_WITHDRAWAL',
    postings: sortPostings([
      { account: wallet, amount: -lot.amount },
      { account: houseShard(WORLD_CASH_OUT, data.userId), amount: lot.amount },
    ]),
    metadata: {
      ...data.metadata,
      userId: data.userId,
      paymentId: data.paymentId,
      purchaseTransactionId: purchase.transactionId,
      refundedCoins: lot.amount,
    },
    lotMovements: [{ lotId: lot.id, wallet: { account: wallet, amount: -lot.amount } }],
  });
}

/**
 * Refunds every CASH coin still in the wallet (not expired) minus the 3 % fee, which is platform revenue. BONUS
 * coins (free, supported or received) are never refunded; held coins come back only through a mission refund.
 */
export function decidePartialRefund(
  data: CommandData<'PartialRefund'>,
  state: LedgerStates['PartialRefund'],
  now: Date,
): Decision {
  const wallet = walletAccount(data.userId);
  const spendable = state.lots.filter((lot) => lot.account === wallet && isSpendable(lot, now)).sort(byExpiry);
  const cash = spendable.filter((lot) => lot.source === 'CASH');
  const coins = cash.reduce((sum, lot) => sum + lot.remaining, 0);
  if (coins === 0) {
    const bonusCoins = spendable.reduce((sum, lot) => sum + (lot.source === 'BONUS' ? lot.remaining : 0), 0);
    return refuse({
      code: 'NOTHING_REFUNDABLE',
      userId: data.userId,
      reason: bonusCoins > 0 ? 'ONLY_NON_REFUNDABLE_COINS' : 'NO_COINS',
      bonusCoins,
    });
  }
  const fee = partialRefundFee(coins);
  const postings: Posting[] = [
    { account: wallet, amount: -coins },
    { account: houseShard(WORLD_CASH_OUT, data.userId), amount: coins - fee },
  ];
  if (fee > 0) postings.push({ account: houseShard(PLATFORM_REVENUE, data.userId), amount: fee });
  return append({
    type: 'PARTIAL_REFUND',
    postings: sortPostings(postings),
    metadata: { ...data.metadata, userId: data.userId, refundedCoins: coins - fee, feeCoins: fee },
    lotMovements: cash.map((lot) => ({ lotId: lot.id, wallet: { account: wallet, amount: -lot.remaining } })),
  });
}

/**
 * Gives back the coins of a refund finance refused to pay: the reverse of its postings (the wallet is credited what
 * it lost; cash-out and, for a partial refund, the fee's platform revenue are debited) into the lots they came from,
 * with their original expiry. The fee comes out of platform revenue's shards as they hold it now, the shard it went
 * to first; what they no longer hold (paid out as compensations since) is issued like a bonus. Once per refund.
 */
export function decideReturnRefund(data: CommandData<'ReturnRefund'>, state: LedgerStates['ReturnRefund']): Decision {
  const refundTransactionId = data.refundTransactionId;
  const { refund } = state;
  const refused = (reason: 'NOT_FOUND' | 'NOT_A_REFUND' | 'ANOTHER_WALLET' | 'ALREADY_RETURNED') =>
    refuse({ code: 'REFUND_NOT_RETURNABLE', refundTransactionId, reason });
  if (!refund) return refused('NOT_FOUND');
  if (refund.type !== 'PURCHASE_WITHDRAWAL' && refund.type !== 'PARTIAL_REFUND') return refused('NOT_A_REFUND');
  const wallet = walletAccount(data.userId);
  if (!refund.postings.some((posting) => posting.account === wallet && posting.amount < 0)) {
    return refused('ANOTHER_WALLET');
  }
  if (refund.returned) return refused('ALREADY_RETURNED');
  const reversed = refund.postings.map((posting) => ({ account: posting.account, amount: -posting.amount }));
  const fee = reversed.filter((posting) => houseAccountOf(posting.account) === PLATFORM_REVENUE);
  const postings = reversed.filter((posting) => houseAccountOf(posting.account) !== PLATFORM_REVENUE);
  const feeCoins = -fee.reduce((sum, posting) => sum + posting.amount, 0);
  if (feeCoins > 0) {
    const fromRevenue = Math.min(feeCoins, sumOf(state.revenue));
    if (fromRevenue > 0) postings.push(...houseDebit(state.revenue, fromRevenue, fee[0]!.account)!);
    // Revenue paid out since (lucky compensations): the rest of the fee is issued, as a compensation's is.
    if (feeCoins > fromRevenue) {
      postings.push({ account: houseShard(WORLD_BONUS, data.userId), amount: -(feeCoins - fromRevenue) });
    }
  }
  return append({
    type: 'REFUND_RETURN',
    postings: sortPostings(postings),
    metadata: {
      ...data.metadata,
      userId: data.userId,
      refundTransactionId,
      refundType: refund.type,
    },
    lotMovements: refund.lotMovements.map((movement) => ({
      lotId: movement.lotId,
      wallet: { account: movement.account, amount: -movement.amount },
    })),
  });
}

/**
 * A member deleting his account forfeits every coin left in his wallet, expired lots not yet swept included: an EXPIRY
 * transaction to world:expired with reason ACCOUNT_DELETED, so the history stays balanced and replayable.
 */
export function decideForfeitWallet(
  data: CommandData<'ForfeitWallet'>,
  state: LedgerStates['ForfeitWallet'],
  now: Date,
): Decision {
  const wallet = walletAccount(data.userId);
  const forfeited = state.lots.filter((lot) => lot.account === wallet && lot.remaining > 0).sort(byExpiry);
  const coins = forfeited.reduce((sum, lot) => sum + lot.remaining, 0);
  if (coins === 0) return refuse({ code: 'NOTHING_TO_EXPIRE', account: wallet, asOf: now.toISOString() });
  return append({
    type: 'EXPIRY',
    postings: sortPostings([
      { account: wallet, amount: -coins },
      { account: houseShard(WORLD_EXPIRED, data.userId), amount: coins },
    ]),
    metadata: { ...data.metadata, userId: data.userId, asOf: now.toISOString(), reason: 'ACCOUNT_DELETED' },
    lotMovements: forfeited.map((lot) => ({ lotId: lot.id, wallet: { account: wallet, amount: -lot.remaining } })),
  });
}

/**
 * A refund or chargeback made at the payment provider: the charge's coins still in the wallet, up to
 * `coins`, go back out (cash-out), from the charge's own lot. Coins already spent are not taken from anything else
 * (a wallet never goes negative): the metadata names the shortfall for the caller to record. Refused with
 * NOTHING_TO_REVERSE when none of them is left.
 */
export function decideReversePurchase(
  data: CommandData<'ReversePurchase'>,
  state: LedgerStates['ReversePurchase'],
): Decision {
  const { purchase } = state;
  const wallet = walletAccount(data.userId);
  if (!purchase || purchase.lot.account !== wallet) {
    return refuse({ code: 'PURCHASE_NOT_FOUND', userId: data.userId, paymentId: data.paymentId });
  }
  const taken = Math.min(data.coins, purchase.lot.remaining);
  if (taken <= 0) {
    return refuse({
      code: 'NOTHING_TO_REVERSE',
      paymentId: data.paymentId,
      providerRefundId: data.providerRefundId,
      coins: data.coins,
    });
  }
  return append({
    type: 'PURCHASE_REVERSAL',
    postings: sortPostings([
      { account: wallet, amount: -taken },
      { account: houseShard(WORLD_CASH_OUT, data.userId), amount: taken },
    ]),
    metadata: {
      ...data.metadata,
      userId: data.userId,
      paymentId: data.paymentId,
      providerRefundId: data.providerRefundId,
      purchaseTransactionId: purchase.transactionId,
      refundedCoins: taken,
      shortfallCoins: data.coins - taken,
    },
    lotMovements: [{ lotId: purchase.lot.id, wallet: { account: wallet, amount: -taken } }],
  });
}

export function decideSettlementPayout(
  data: CommandData<'SettlementPayout'>,
  state: LedgerStates['SettlementPayout'],
): Decision {
  if (state.earnings < data.coins) {
    return refuse({
      code: 'NOT_ENOUGH_EARNINGS',
      creatorId: data.creatorId,
      requested: data.coins,
      available: state.earnings,
    });
  }
  return append({
    type: 'SETTLEMENT_PAYOUT',
    postings: sortPostings([
      { account: earningsAccount(data.creatorId), amount: -data.coins },
      { account: settledAccount(data.creatorId), amount: data.coins },
    ]),
    metadata: { ...data.metadata, creatorId: data.creatorId, statementId: data.statementId },
    lotMovements: [],
  });
}

/** One decider per command: a missing one is a compile error. */
export const deciders: { [T in LedgerCommandType]: Decider<T> } = {
  Purchase: decidePurchase,
  GrantBonus: decideGrantBonus,
  HoldForMission: decideHoldForMission,
  ReleaseToCreator: decideReleaseToCreator,
  RefundMission: decideRefundMission,
  LuckyRoll: decideLuckyRoll,
  CompensateLuckyMission: decideCompensateLuckyMission,
  ExpireWallet: decideExpireWallet,
  WithdrawPurchase: decideWithdrawPurchase,
  PartialRefund: decidePartialRefund,
  ReturnRefund: decideReturnRefund,
  SettlementPayout: decideSettlementPayout,
  ForfeitWallet: decideForfeitWallet,
  ReversePurchase: decideReversePurchase,
};
