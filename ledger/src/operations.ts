import { PLATFORM_REVENUE, earningsAccount, escrowAccount, walletAccount } from './accounts';
import type {
  CommandContext,
  CompensateLuckyMissionData,
  ForfeitWalletData,
  GrantBonusData,
  HoldForMissionData,
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
  decideExpireWallet,
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
import { asLedgerDb, requireCoins, requireId, requireText, runOperation, type LedgerExecutor } from './engine';
import { LedgerError, invalidCommand } from './errors';
import {
  claimBatchKey,
  findExpiryEntries,
  findExpiredLots,
  findLotsWithCoins,
  findPurchase,
  findPurchaseTransactionId,
  findRefundRecord,
  findWalletsWithExpiredLots,
} from './repository';
import type { LedgerTables } from './table';
import type { LedgerEntry } from './transaction';

/*
 * The ledger's money-moving operations. Each takes the pool or an open transaction (commit the entry together with
 * your own state change), an idempotency key and the clock, and returns the appended transaction, or throws a
 * LedgerError whose `code` says why not.
 */

/** Credits purchased coins as a CASH lot valid for 5 years. Creators cannot charge coins. */
export async function purchase<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: PurchaseData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('userId', data.userId);
  requireCoins('coins', data.coins);
  requireText('paymentId', data.paymentId);
  return runOperation(asLedgerDb(db), {
    command: 'Purchase',
    request: data,
    context: { idempotencyKey, now },
    accounts: [walletAccount(data.userId)],
    userId: data.userId,
    load: async (trx, read) => ({
      member: read.member,
      creditedBy: await findPurchaseTransactionId(trx, data.paymentId),
    }),
    decide: (state) => decidePurchase(data, state, now),
  });
}

/** Gives free coins (events) as a BONUS lot valid for 5 years; BONUS coins are never refunded. */
export async function grantBonus<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: GrantBonusData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('userId', data.userId);
  requireCoins('coins', data.coins);
  requireText('reason', data.reason);
  return runOperation(asLedgerDb(db), {
    command: 'GrantBonus',
    request: data,
    context: { idempotencyKey, now },
    accounts: [walletAccount(data.userId)],
    userId: data.userId,
    load: async (_trx, read) => ({ member: read.member }),
    decide: (state) => decideGrantBonus(data, state, now),
  });
}

/** Moves coins from the member's wallet into the mission's escrow, earliest-expiring lots first. */
export async function holdForMission<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: HoldForMissionData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('userId', data.userId);
  requireId('missionId', data.missionId);
  requireCoins('coins', data.coins);
  const wallet = walletAccount(data.userId);
  return runOperation(asLedgerDb(db), {
    command: 'HoldForMission',
    request: data,
    context: { idempotencyKey, now },
    accounts: [wallet, escrowAccount(data.missionId)],
    userId: data.userId,
    spend: { wallet, coins: data.coins },
    load: async (_trx, read) => ({ member: read.member, lots: read.lots ?? [] }),
    decide: (state) => decideHoldForMission(data, state, now),
  });
}

/** Pays everything the mission's escrow holds to the creator's earnings (a performed mission). */
export async function releaseToCreator<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: ReleaseToCreatorData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('missionId', data.missionId);
  requireId('creatorId', data.creatorId);
  const escrow = escrowAccount(data.missionId);
  return runOperation(asLedgerDb(db), {
    command: 'ReleaseToCreator',
    request: data,
    context: { idempotencyKey, now },
    accounts: [escrow],
    userId: null,
    escrow,
    load: async (_trx, read) => ({ escrowBalance: read.balances.get(escrow) ?? 0, held: read.held ?? [] }),
    decide: (state) => decideReleaseToCreator(data, state),
  });
}

/** Returns everything the mission's escrow holds into the lots it came from, with their original expiry. */
export async function refundMission<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: RefundMissionData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('missionId', data.missionId);
  const escrow = escrowAccount(data.missionId);
  return runOperation(asLedgerDb(db), {
    command: 'RefundMission',
    request: data,
    context: { idempotencyKey, now },
    accounts: [escrow],
    userId: null,
    escrow,
    // The wallets the held coins return to are locked by the append, after the escrow (see `lockOrder`).
    load: async (_trx, read) => ({ escrowBalance: read.balances.get(escrow) ?? 0, held: read.held ?? [] }),
    decide: (state) => decideRefundMission(data, state),
  });
}

/** Charges a LUCKY roll: a win holds the cost in the lucky mission's escrow, a loss is platform revenue. */
export async function luckyRoll<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: LuckyRollData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('userId', data.userId);
  requireId('missionId', data.missionId);
  requireCoins('coins', data.coins);
  if (data.outcome !== 'WIN' && data.outcome !== 'LOSS') throw invalidCommand('outcome', data.outcome, 'WIN or LOSS');
  const wallet = walletAccount(data.userId);
  return runOperation(asLedgerDb(db), {
    command: 'LuckyRoll',
    request: data,
    context: { idempotencyKey, now },
    accounts: data.outcome === 'WIN' ? [wallet, escrowAccount(data.missionId)] : [wallet],
    userId: data.userId,
    spend: { wallet, coins: data.coins },
    load: async (_trx, read) => ({ member: read.member, lots: read.lots ?? [] }),
    decide: (state) => decideLuckyRoll(data, state, now),
  });
}

/**
 * Compensates the fan of a won LUCKY mission whose perform deadline passed (call it beside `refundMission`): a BONUS
 * lot of `coins`, paid from platform revenue up to `fromRevenue` and issued beyond it.
 */
export async function compensateLuckyMission<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: CompensateLuckyMissionData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
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
  // The wallet is only credited, but it ranks before platform revenue in the lock order: read (lock) it first.
  return runOperation(asLedgerDb(db), {
    command: 'CompensateLuckyMission',
    request: data,
    context: { idempotencyKey, now },
    accounts: [walletAccount(data.userId), PLATFORM_REVENUE, ...(earnings ? [earnings] : [])],
    userId: data.userId,
    load: async (_trx, read) => ({
      member: read.member,
      revenue: read.balances.get(PLATFORM_REVENUE) ?? 0,
      creatorEarnings: earnings ? (read.balances.get(earnings) ?? 0) : 0,
    }),
    decide: (state) => decideCompensateLuckyMission(data, state, now),
  });
}

/**
 * Expires, as of `now`, what is left of every lot whose 5 years have passed: one EXPIRY transaction per wallet, each
 * under the key `<idempotencyKey>:<wallet>` (and, given a pool, in its own DB transaction). Coins held in an escrow
 * do not expire there; if they are refunded after their expiry, the next run expires them.
 * Returns every entry appended under this run's key, including those of an earlier attempt with the same key.
 */
export async function expireLots<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: CommandContext & { batchSize?: number },
): Promise<LedgerEntry[]> {
  const { idempotencyKey, now } = input;
  const batchSize = input.batchSize ?? 500;
  requireText('idempotencyKey', idempotencyKey);
  requireCoins('batchSize', batchSize);
  const ledgerDb = asLedgerDb(db);
  const request = JSON.stringify({ command: 'ExpireLots', asOf: now.toISOString() });
  const run = await claimBatchKey(ledgerDb, { idempotencyKey, request, now });
  if (!run.sameRequest) {
    throw new LedgerError({
      code: 'IDEMPOTENCY_CONFLICT',
      idempotencyKey,
      firstRequest: run.firstRequest,
      request: JSON.parse(request) as unknown,
    });
  }
  const earlier = await findExpiryEntries(ledgerDb, `${idempotencyKey}:wallet:`);
  const appended = new Map(earlier.map((entry) => [entry.transactionId, entry]));
  let after = '';
  for (;;) {
    const wallets = await findWalletsWithExpiredLots(ledgerDb, now, after, batchSize);
    for (const account of wallets) {
      try {
        const entry = await runOperation(ledgerDb, {
          command: 'ExpireWallet',
          request: { account, asOf: now.toISOString() },
          context: { idempotencyKey: `${idempotencyKey}:${account}`, now },
          accounts: [account],
          userId: null,
          load: async (trx) => ({ lots: await findExpiredLots(trx, account, now) }),
          decide: (state) => decideExpireWallet({ account }, state, now),
        });
        appended.set(entry.transactionId, entry);
      } catch (error) {
        if (!(error instanceof LedgerError && error.code === 'NOTHING_TO_EXPIRE')) throw error;
      }
    }
    if (wallets.length < batchSize) break;
    after = wallets.at(-1)!;
  }
  return [...appended.values()].sort((a, b) => a.transactionId - b.transactionId);
}

/** Takes a whole charge back (refunded in money by the caller): within 7 days of it and only if none of it was used. */
export async function withdrawPurchase<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: WithdrawPurchaseData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('userId', data.userId);
  requireText('paymentId', data.paymentId);
  return runOperation(asLedgerDb(db), {
    command: 'WithdrawPurchase',
    request: data,
    context: { idempotencyKey, now },
    accounts: [walletAccount(data.userId)],
    userId: data.userId,
    load: async (trx) => ({ purchase: await findPurchase(trx, data.paymentId) }),
    decide: (state) => decideWithdrawPurchase(data, state, now),
  });
}

/** Refunds every unexpired CASH coin in the wallet minus 3 % (the fee is platform revenue); BONUS coins stay. */
export async function partialRefund<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: PartialRefundData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('userId', data.userId);
  const wallet = walletAccount(data.userId);
  return runOperation(asLedgerDb(db), {
    command: 'PartialRefund',
    request: data,
    context: { idempotencyKey, now },
    accounts: [wallet],
    userId: data.userId,
    load: async (trx) => ({ lots: await findLotsWithCoins(trx, wallet) }),
    decide: (state) => decidePartialRefund(data, state, now),
  });
}

/**
 * Returns the coins of a refund (PURCHASE_WITHDRAWAL or PARTIAL_REFUND of this member) that finance refused to pay,
 * into the lots they came from; refused with REFUND_NOT_RETURNABLE when it is none, or was returned already.
 */
export async function returnRefund<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: ReturnRefundData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('userId', data.userId);
  requireId('refundTransactionId', data.refundTransactionId);
  return runOperation(asLedgerDb(db), {
    command: 'ReturnRefund',
    request: data,
    context: { idempotencyKey, now },
    // It debits platform revenue (a partial refund's fee) and moves the wallet's lots.
    accounts: [walletAccount(data.userId), PLATFORM_REVENUE],
    userId: data.userId,
    load: async (trx) => ({ refund: await findRefundRecord(trx, data.refundTransactionId) }),
    decide: (state) => decideReturnRefund(data, state),
  });
}

/** Forfeits every coin left in the member's wallet (account deletion); refused with NOTHING_TO_EXPIRE when empty. */
export async function forfeitWallet<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: ForfeitWalletData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('userId', data.userId);
  const wallet = walletAccount(data.userId);
  return runOperation(asLedgerDb(db), {
    command: 'ForfeitWallet',
    request: data,
    context: { idempotencyKey, now },
    accounts: [wallet],
    userId: data.userId,
    load: async (trx) => ({ lots: await findLotsWithCoins(trx, wallet) }),
    decide: (state) => decideForfeitWallet(data, state, now),
  });
}

/** Moves settled coins from the creator's earnings to his settled account (a statement paid). */
export async function settlementPayout<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: SettlementPayoutData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('creatorId', data.creatorId);
  requireCoins('coins', data.coins);
  const earnings = earningsAccount(data.creatorId);
  return runOperation(asLedgerDb(db), {
    command: 'SettlementPayout',
    request: data,
    context: { idempotencyKey, now },
    accounts: [earnings],
    userId: null,
    load: async (_trx, read) => ({ earnings: read.balances.get(earnings) ?? 0 }),
    decide: (state) => decideSettlementPayout(data, state),
  });
}

/**
 * Takes back the unspent coins of a charge refunded or charged back at the payment provider (review M6): up to
 * `coins` from that charge's lot, never more than it still holds (the wallet never goes negative); the entry's
 * `shortfallCoins` says how many were already spent. Refused with NOTHING_TO_REVERSE when none is left. Once the
 * charge is reversed, even in part, a withdrawal of it is refused (PURCHASE_ALREADY_REFUNDED).
 */
export async function reversePurchase<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: ReversePurchaseData & CommandContext,
): Promise<LedgerEntry> {
  const { idempotencyKey, now, ...data } = input;
  requireId('userId', data.userId);
  requireText('paymentId', data.paymentId);
  requireText('providerRefundId', data.providerRefundId);
  requireCoins('coins', data.coins);
  return runOperation(asLedgerDb(db), {
    command: 'ReversePurchase',
    request: data,
    context: { idempotencyKey, now },
    accounts: [walletAccount(data.userId)],
    userId: data.userId,
    load: async (trx) => ({ purchase: await findPurchase(trx, data.paymentId) }),
    decide: (state) => decideReversePurchase(data, state),
  });
}
