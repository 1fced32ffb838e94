import { PLATFORM_REVENUE, earningsAccount, escrowAccount, houseShards, walletAccount } from './accounts';
import type {
  CommandContext,
  CompensateLuckyMissionData,
  ForfeitWalletData,
  GrantBonusData,
  HoldForMissionData,
  LedgerCommandType,
  LuckyRollData,
  PartialRefundData,
  PurchaseData,
  RefundMissionData,
  ReturnRefundData,
  ReversePurchaseData,
  ReleaseToCreatorData,
  SettlementPayoutData,
  WithdrawPurchaseData,
} from './commands';
import {
  decideCompensateLuckyMission,
  decideForfeitWallet,
  decideGrantBonus,
  decideHoldForMission,
  decideLuckyRoll,
  decidePartialRefund,
  decidePurchase,
  decideRefundMission,
  decideReleaseToCreator,
  decideReturnRefund,
  decideReversePurchase,
  decideSettlementPayout,
  decideWithdrawPurchase,
} from './decide';
import type { LedgerStates, PurchaseRecord } from './decider-states';
import type { Kysely } from 'kysely';
import {
  asLedgerDb,
  planFromMemory,
  runOperation,
  type LedgerExecutor,
  type Operation,
  type RememberAfterCommit,
  type RememberedAppendPlan,
} from './engine';
import { requireCoins, requireId, requireText } from './request-checks';
import { invalidCommand } from './errors';
import { findLotsWithCoins, findPurchase, findPurchaseTransactionId, findRefundRecord } from './repository-reads';
import type { ReadState } from './repository';
import type { Lot } from './rules';
import type { Decision } from './transaction';
import type { LedgerTables } from './table';
import type { LedgerEntry } from './transaction';

/*
 * The ledger's money-moving operations (`ledgerOperation` below says how each runs). Each takes the pool or
 * an open transaction (commit the entry together with your own state change), an idempotency key and the clock, and
 * returns the appended transaction, or throws a LedgerError whose `code` says why not.
 */

/** What an operation reads and decides, planned from its checked request and the clock. */
type OperationPlan<S> = Omit<Operation<S>, 'command' | 'request' | 'context'>;

/**
 * Defines a money-moving operation: `plan` checks the request's fields (throwing an invalid-command LedgerError) and
 * says which accounts to read, what state to load and its decider. The operation takes the pool or an open
 * transaction (commit the entry together with your own state change), the request with its idempotency key and
 * clock, and returns the appended transaction, or rejects with a LedgerError whose `code` says why not.
 */
function ledgerOperation<Data extends object, S>(
  command: LedgerCommandType,
  plan: (data: Data, now: Date) => OperationPlan<S>,
): <DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: Data & CommandContext,
  memory?: RememberAfterCommit,
) => Promise<LedgerEntry> {
  return async (db, input, memory) => {
    const { idempotencyKey, now, ...request } = input;
    const operation = plan(request as unknown as Data, now);
    return runOperation(asLedgerDb(db), { command, request, context: { idempotencyKey, now }, ...operation }, memory);
  };
}

/** The same operation decided from what this process remembers, for a caller that appends it itself (engine.ts). */
function rememberedOperation<Data extends object, S>(
  command: LedgerCommandType,
  plan: (data: Data, now: Date) => OperationPlan<S>,
): <DB extends LedgerTables>(pool: Kysely<DB>, input: Data & CommandContext) => Promise<RememberedAppendPlan | null> {
  return async (pool, input) => {
    const { idempotencyKey, now, ...request } = input;
    const operation = plan(request as unknown as Data, now);
    return planFromMemory(asLedgerDb(pool), { command, request, context: { idempotencyKey, now }, ...operation });
  };
}

/** The balances a read found of a house account's shards. */
const shardBalances = (read: ReadState, shards: string[]): Map<string, number> =>
  new Map(shards.map((shard) => [shard, read.balances.get(shard) ?? 0]));

/** Reads the member's wallet and its lots with coins left: operations on the whole wallet (a refund, a forfeit). */
function wholeWallet(userId: number, decide: (state: { lots: Lot[] }) => Decision): OperationPlan<{ lots: Lot[] }> {
  const wallet = walletAccount(userId);
  return {
    accounts: [wallet],
    userId,
    load: async (trx) => ({ lots: await findLotsWithCoins(trx, wallet) }),
    decide,
  };
}

/** Reads one charge of the member's wallet by its payment id: operations that take a charge back. */
function oneCharge(
  userId: number,
  paymentId: string,
  decide: (state: { purchase: PurchaseRecord | null }) => Decision,
): OperationPlan<{ purchase: PurchaseRecord | null }> {
  return {
    accounts: [walletAccount(userId)],
    userId,
    load: async (trx) => ({ purchase: await findPurchase(trx, paymentId) }),
    decide,
  };
}

/** Reads everything a mission's escrow holds: operations that pay or return all of it. */
function wholeEscrow(missionId: number) {
  const escrow = escrowAccount(missionId);
  return {
    accounts: [escrow],
    userId: null,
    escrow,
    // The accounts the held coins go to are locked by the append, after the escrow (see `lockOrder`).
    load: async (_trx: unknown, read: ReadState) => ({
      escrowBalance: read.balances.get(escrow) ?? 0,
      held: read.held ?? [],
    }),
  };
}

/** Credits purchased coins as a CASH lot valid for 5 years. Creators cannot charge coins. */
export const purchase = ledgerOperation('Purchase', (data: PurchaseData, now) => {
  requireId('userId', data.userId);
  requireCoins('coins', data.coins);
  requireText('paymentId', data.paymentId);
  return {
    accounts: [walletAccount(data.userId)],
    userId: data.userId,
    load: async (trx, read) => ({
      member: read.member,
      creditedBy: await findPurchaseTransactionId(trx, data.paymentId),
    }),
    decide: (state) => decidePurchase(data, state, now),
  };
});

/** Gives free coins (events) as a BONUS lot valid for 5 years; BONUS coins are never refunded. */
export const grantBonus = ledgerOperation('GrantBonus', (data: GrantBonusData, now) => {
  requireId('userId', data.userId);
  requireCoins('coins', data.coins);
  requireText('reason', data.reason);
  return {
    accounts: [walletAccount(data.userId)],
    userId: data.userId,
    load: async (_trx, read) => ({ member: read.member }),
    decide: (state) => decideGrantBonus(data, state, now),
  };
});

/** Moves coins from the member's wallet into the mission's escrow, earliest-expiring lots first. */
export const holdForMission = ledgerOperation('HoldForMission', (data: HoldForMissionData, now) => {
  requireId('userId', data.userId);
  requireId('missionId', data.missionId);
  requireCoins('coins', data.coins);
  const wallet = walletAccount(data.userId);
  return {
    accounts: [wallet, escrowAccount(data.missionId)],
    userId: data.userId,
    spend: { wallet, coins: data.coins },
    load: async (_trx, read) => ({ member: read.member, lots: read.lots ?? [] }),
    decide: (state) => decideHoldForMission(data, state, now),
  };
});

/** Pays everything the mission's escrow holds to the creator's earnings (a performed mission). */
export const releaseToCreator = ledgerOperation('ReleaseToCreator', (data: ReleaseToCreatorData) => {
  requireId('missionId', data.missionId);
  requireId('creatorId', data.creatorId);
  return { ...wholeEscrow(data.missionId), decide: (state) => decideReleaseToCreator(data, state) };
});

/** Returns everything the mission's escrow holds into the lots it came from, with their original expiry. */
export const refundMission = ledgerOperation('RefundMission', (data: RefundMissionData) => {
  requireId('missionId', data.missionId);
  return { ...wholeEscrow(data.missionId), decide: (state) => decideRefundMission(data, state) };
});

/** Charges a LUCKY roll: a win holds the cost in the lucky mission's escrow, a loss is platform revenue. */
const luckyRollPlan = (data: LuckyRollData, now: Date): OperationPlan<LedgerStates['LuckyRoll']> => {
  requireId('userId', data.userId);
  requireId('missionId', data.missionId);
  requireCoins('coins', data.coins);
  if (data.outcome !== 'WIN' && data.outcome !== 'LOSS') throw invalidCommand('outcome', data.outcome, 'WIN or LOSS');
  const wallet = walletAccount(data.userId);
  return {
    accounts: data.outcome === 'WIN' ? [wallet, escrowAccount(data.missionId)] : [wallet],
    userId: data.userId,
    spend: { wallet, coins: data.coins },
    load: async (_trx, read) => ({ member: read.member, lots: read.lots ?? [] }),
    decide: (state) => decideLuckyRoll(data, state, now),
  };
};
export const luckyRoll = ledgerOperation('LuckyRoll', luckyRollPlan);
/** A lucky roll decided from remembered state: one statement of the caller appends it (or null: roll as usual). */
export const luckyRollFromMemory = rememberedOperation('LuckyRoll', luckyRollPlan);

/**
 * Compensates the fan of a won LUCKY mission whose perform deadline passed (call it beside `refundMission`): a BONUS
 * lot of `coins`, paid from platform revenue up to `fromRevenue` and issued beyond it.
 */
export const compensateLuckyMission = ledgerOperation(
  'CompensateLuckyMission',
  (data: CompensateLuckyMissionData, now) => {
    requireId('userId', data.userId);
    requireId('missionId', data.missionId);
    for (const field of ['coins', 'fromRevenue', 'bonusCoins'] as const) {
      const value = data[field] ?? 0;
      if (!Number.isSafeInteger(value) || value < 0)
        throw invalidCommand(field, value, 'a whole number of coins, at least 0');
    }
    if (data.creatorId !== undefined) requireId('creatorId', data.creatorId);
    if (data.coins + (data.bonusCoins ?? 0) === 0)
      throw invalidCommand('coins', data.coins, 'coins or bonusCoins above 0');
    const earnings = data.creatorId === undefined ? null : earningsAccount(data.creatorId);
    const revenue = houseShards(PLATFORM_REVENUE);
    // The wallet is only credited, but it ranks before platform revenue in the lock order: read (lock) it first.
    // Every shard of platform revenue is read (locked): what they hold together decides what comes back from there.
    return {
      accounts: [walletAccount(data.userId), ...revenue, ...(earnings ? [earnings] : [])],
      userId: data.userId,
      load: async (_trx, read) => ({
        member: read.member,
        revenue: shardBalances(read, revenue),
        creatorEarnings: earnings ? (read.balances.get(earnings) ?? 0) : 0,
      }),
      decide: (state) => decideCompensateLuckyMission(data, state, now),
    };
  },
);

/** Takes a whole charge back (refunded in money by the caller): within 7 days of it and only if none of it was used. */
export const withdrawPurchase = ledgerOperation('WithdrawPurchase', (data: WithdrawPurchaseData, now) => {
  requireId('userId', data.userId);
  requireText('paymentId', data.paymentId);
  return oneCharge(data.userId, data.paymentId, (state) => decideWithdrawPurchase(data, state, now));
});

/** Refunds every unexpired CASH coin in the wallet minus 3 % (the fee is platform revenue); BONUS coins stay. */
export const partialRefund = ledgerOperation('PartialRefund', (data: PartialRefundData, now) => {
  requireId('userId', data.userId);
  return wholeWallet(data.userId, (state) => decidePartialRefund(data, state, now));
});

/**
 * Returns the coins of a refund (PURCHASE_WITHDRAWAL or PARTIAL_REFUND of this member) that finance refused to pay,
 * into the lots they came from; refused with REFUND_NOT_RETURNABLE when it is none, or was returned already.
 */
export const returnRefund = ledgerOperation('ReturnRefund', (data: ReturnRefundData) => {
  requireId('userId', data.userId);
  requireId('refundTransactionId', data.refundTransactionId);
  const revenue = houseShards(PLATFORM_REVENUE);
  return {
    // It debits platform revenue (a partial refund's fee, from any of its shards) and moves the wallet's lots.
    accounts: [walletAccount(data.userId), ...revenue],
    userId: data.userId,
    load: async (trx, read) => ({
      refund: await findRefundRecord(trx, data.refundTransactionId),
      revenue: shardBalances(read, revenue),
    }),
    decide: (state) => decideReturnRefund(data, state),
  };
});

/** Forfeits every coin left in the member's wallet (account deletion); refused with NOTHING_TO_EXPIRE when empty. */
export const forfeitWallet = ledgerOperation('ForfeitWallet', (data: ForfeitWalletData, now) => {
  requireId('userId', data.userId);
  return wholeWallet(data.userId, (state) => decideForfeitWallet(data, state, now));
});

/** Moves settled coins from the creator's earnings to his settled account (a statement paid). */
export const settlementPayout = ledgerOperation('SettlementPayout', (data: SettlementPayoutData) => {
  requireId('creatorId', data.creatorId);
  requireCoins('coins', data.coins);
  const earnings = earningsAccount(data.creatorId);
  return {
    accounts: [earnings],
    userId: null,
    load: async (_trx, read) => ({ earnings: read.balances.get(earnings) ?? 0 }),
    decide: (state) => decideSettlementPayout(data, state),
  };
});

/**
 * Takes back the unspent coins of a charge refunded or charged back at the payment provider: up to
 * `coins` from that charge's lot, never more than it still holds (the wallet never goes negative); the entry's
 * `shortfallCoins` says how many were already spent. Refused with NOTHING_TO_REVERSE when none is left. Once the
 * charge is reversed, even in part, a withdrawal of it is refused (PURCHASE_ALREADY_REFUNDED).
 */
export const reversePurchase = ledgerOperation('ReversePurchase', (data: ReversePurchaseData) => {
  requireId('userId', data.userId);
  requireText('paymentId', data.paymentId);
  requireText('providerRefundId', data.providerRefundId);
  requireCoins('coins', data.coins);
  return oneCharge(data.userId, data.paymentId, (state) => decideReversePurchase(data, state));
});
