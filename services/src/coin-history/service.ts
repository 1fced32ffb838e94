import {
  type CoinHistoryQuery,
  type CoinHistoryRefund,
  type CoinHistoryRowDto,
  type CoinLot,
  type CoinLotsResponse,
  koreaPeriod,
  type Page,
  type PartialRefundDestination,
  WON_PER_COIN,
} from '@fanmission/contracts';
import {
  lots,
  partialRefundFee,
  toCoinHistory,
  walletAccount,
  withdrawalDeadline,
  type LedgerEntry,
  type WalletLot,
} from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import { pageOffset, toPage } from '../http';
import { type PartialRefundPlan, partialRefundPlan } from './refund-parts';
import * as refundPartRepository from './refund-part-repository';
import * as refundRepository from './refund-repository';
import { refundDto } from './refund-service';
import * as repository from './repository';

/**
 * The fan's coin history: the ledger transactions that changed his wallet, newest first, optionally
 * within one month (or year) of Korea time, each with the charge behind it.
 */
export async function coinHistoryPage(
  ctx: ServiceContext,
  userId: number,
  query: CoinHistoryQuery,
): Promise<Page<CoinHistoryRowDto>> {
  const period = query.createdYear === undefined ? null : koreaPeriod(query.createdYear, query.createdMonth);
  const { transactionIds, total } = await repository.findWalletTransactionPage(ctx.db, walletAccount(userId), period, {
    offset: pageOffset(query),
    limit: query.size,
  });
  const entries = await repository.findLedgerEntries(ctx.db, transactionIds);
  const entryById = new Map(entries.map((entry) => [entry.transactionId, entry]));
  const rows = toCoinHistory(userId, entries);
  const [deposits, missions, refunds] = await Promise.all([
    repository.findDepositsByTransaction(
      ctx.db,
      entries.map((entry) => chargeTransactionOf(entry)),
    ),
    repository.findMissionSummaries(
      ctx.db,
      entries.map(missionOf).filter((id) => id !== undefined),
    ),
    refundsOf(ctx, userId, transactionIds),
  ]);
  const content = rows.map((row): CoinHistoryRowDto => ({
    id: row.transactionId,
    eventType: row.eventType,
    point: row.point,
    created: row.occurredAt.toISOString(),
    transactionType: row.transactionType,
    reason: row.reason ?? null,
    mission: missions.get(missionOf(entryById.get(row.transactionId)!) ?? 0) ?? null,
    coinDeposit: depositDto(deposits.get(chargeTransactionOf(entryById.get(row.transactionId)!))),
    coinItemType: row.coinItemType ?? null,
    feeCoins: feeCoinsOf(entryById.get(row.transactionId)!),
    refund: refunds.get(row.transactionId) ?? null,
  }));
  return toPage(content, total, query);
}

/**
 * The refund requests these transactions made (a partial refund, a withdrawn charge), by transaction: the row shows
 * the won, where they go and how the request stands, as the pending tab's list does.
 */
async function refundsOf(
  ctx: ServiceContext,
  userId: number,
  transactionIds: readonly number[],
): Promise<Map<number, CoinHistoryRefund>> {
  const rows = await refundRepository.findUserRefundsByTransaction(ctx.db, userId, transactionIds);
  const parts = await refundPartRepository.findRefundParts(
    ctx.db,
    [...rows.values()].map((row) => row.id),
  );
  const refunds = new Map<number, CoinHistoryRefund>();
  for (const [transactionId, row] of rows) {
    const {
      id,
      status,
      amount,
      dueOn,
      paidAt,
      refusalReason,
      destination,
      parts: money,
    } = refundDto(row, parts.get(row.id) ?? []);
    refunds.set(transactionId, { id, status, amount, dueOn, paidAt, refusalReason, destination, parts: money });
  }
  return refunds;
}

/** The fee a partial refund kept (ledger metadata `feeCoins`, `ledger/src/rules.ts`); null on any other row. */
function feeCoinsOf(entry: LedgerEntry): number | null {
  const { feeCoins } = entry.metadata;
  return entry.type === 'PARTIAL_REFUND' && typeof feeCoins === 'number' ? feeCoins : null;
}

/** The mission a hold, roll, release, refund or compensation is about (ledger metadata `missionId`). */
function missionOf(entry: LedgerEntry): number | undefined {
  const { missionId } = entry.metadata;
  return typeof missionId === 'number' ? missionId : undefined;
}

/** The purchase a transaction is about: itself for a charge, the charge it took back for a withdrawal. */
function chargeTransactionOf(entry: LedgerEntry): number {
  const { purchaseTransactionId } = entry.metadata;
  return entry.type === 'PURCHASE_WITHDRAWAL' && typeof purchaseTransactionId === 'number'
    ? purchaseTransactionId
    : entry.transactionId;
}

function depositDto(deposit: repository.DepositView | undefined): CoinHistoryRowDto['coinDeposit'] {
  return deposit ? { id: deposit.id, payment: deposit.payment, coinItem: deposit.coinItem } : null;
}

/** At most this many used-up lots (the most recent) with `includeEmpty` (the answer stays bounded). */
export const COIN_LOTS_EMPTY_LIMIT = 100;

/**
 * The fan's lots: what each credit has left, when it expires, and for a charge until when it can be
 * withdrawn in full; with what a partial refund would pay now (held CASH coins minus 3 %).
 */
export async function coinLots(
  ctx: ServiceContext,
  userId: number,
  options: { includeEmpty: boolean },
): Promise<CoinLotsResponse> {
  const now = ctx.now();
  const walletLots = await lots(ctx.db, userId, {
    now,
    includeEmpty: options.includeEmpty,
    emptyLimit: COIN_LOTS_EMPTY_LIMIT,
  });
  const deposits = await repository.findDepositsByTransaction(
    ctx.db,
    walletLots.map((lot) => lot.transactionId),
  );
  const withdrawals = await repository.findWithdrawalsOfDeposits(
    ctx.db,
    [...deposits.values()].map((deposit) => deposit.id),
  );
  let cashCoins = 0;
  let nonRefundableCoins = 0;
  for (const lot of walletLots) {
    if (lot.expired) continue;
    if (lot.source === 'CASH') cashCoins += lot.remaining;
    else nonRefundableCoins += lot.remaining;
  }
  const feeCoins = partialRefundFee(cashCoins);
  const plan = await partialRefundPlan(ctx.db, walletLots, now);
  return {
    lots: walletLots.map((lot) => {
      const depositId = deposits.get(lot.transactionId)?.id ?? null;
      return lotDto(lot, depositId, (depositId !== null && withdrawals.get(depositId)) || null);
    }),
    balance: cashCoins + nonRefundableCoins,
    partialRefund: {
      cashCoins,
      feeCoins,
      refundCoins: cashCoins - feeCoins,
      refundAmount: (cashCoins - feeCoins) * WON_PER_COIN,
      nonRefundableCoins,
      destination: plan && previewDestination(plan),
    },
  };
}

/** The preview's destination: the kind, the pay methods of the provider part, the won that go to an account. */
function previewDestination(plan: PartialRefundPlan): PartialRefundDestination {
  if (plan.kind === 'ORIGINAL_METHOD') return { kind: 'ORIGINAL_METHOD', methods: plan.methods ?? [] };
  if (plan.kind === 'SPLIT') {
    return { kind: 'SPLIT', methods: plan.methods ?? [], toAccountAmount: plan.toAccountAmount };
  }
  return { kind: 'BANK_ACCOUNT' };
}

function lotDto(lot: WalletLot, coinDepositId: number | null, withdrawal: CoinLot['withdrawal']): CoinLot {
  const cash = lot.source === 'CASH';
  return {
    id: lot.lotId,
    source: lot.source,
    amount: lot.amount,
    remaining: lot.remaining,
    createdAt: lot.createdAt.toISOString(),
    expiresAt: lot.expiresAt.toISOString(),
    expired: lot.expired,
    coinDepositId,
    withdrawalDeadline: cash ? withdrawalDeadline(lot.createdAt).toISOString() : null,
    withdrawableUntil: lot.withdrawableUntil?.toISOString() ?? null,
    refundable: cash && !lot.expired && lot.remaining > 0,
    withdrawal,
  };
}
