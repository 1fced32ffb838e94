import type { AdminLedgerEntry, LedgerVerifyReport } from '@fanmission/contracts';
import { history, verify, type LedgerEntry } from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';

export interface AccountHistoryWindow {
  offset: number;
  limit: number;
  /** DESC: newest first (the ledger's order); ASC: oldest first. */
  direction: 'ASC' | 'DESC';
}

/**
 * One account's transactions in any window of the console's list, read through the ledger's `history` pages: a
 * window of `limit` rows from any offset spans at most two pages of that size.
 */
export async function accountHistory(
  ctx: ServiceContext,
  account: string,
  window: AccountHistoryWindow,
): Promise<{ rows: AdminLedgerEntry[]; total: number }> {
  const { offset, limit } = window;
  if (window.direction === 'DESC') {
    const { entries, total } = await newestFirst(ctx.db, account, offset, limit);
    return { rows: entries.map((entry) => entryDto(account, entry)), total };
  }
  const { total } = await newestFirst(ctx.db, account, 0, 1);
  const end = Math.min(total, offset + limit);
  if (end <= offset) return { rows: [], total };
  const { entries } = await newestFirst(ctx.db, account, total - end, end - offset);
  return { rows: entries.reverse().map((entry) => entryDto(account, entry)), total };
}

async function newestFirst(
  db: DbExecutor,
  account: string,
  offset: number,
  limit: number,
): Promise<{ entries: LedgerEntry[]; total: number }> {
  const page = Math.floor(offset / limit);
  const skip = offset % limit;
  const first = await history(db, { account, page, size: limit });
  if (skip === 0 || first.last) return { entries: first.content.slice(skip), total: first.totalElements };
  const second = await history(db, { account, page: page + 1, size: limit });
  return { entries: [...first.content, ...second.content].slice(skip, skip + limit), total: first.totalElements };
}

function entryDto(account: string, entry: LedgerEntry): AdminLedgerEntry {
  return {
    id: entry.transactionId,
    account,
    type: entry.type,
    idempotencyKey: entry.idempotencyKey,
    occurredAt: entry.occurredAt.toISOString(),
    amount: entry.postings.find((posting) => posting.account === account)?.amount ?? 0,
    postings: entry.postings,
    metadata: entry.metadata,
  };
}

/** Replays the whole log against the stored balances and lots (read-only, one consistent snapshot). */
export async function verifyLedger(ctx: ServiceContext): Promise<LedgerVerifyReport> {
  const checkedAt = ctx.now();
  const started = performance.now();
  const report = await verify(ctx.db);
  return {
    ok: report.differences.length === 0,
    checkedAt: checkedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    transactions: report.transactions,
    postings: report.postings,
    accounts: report.accounts,
    lots: report.lots,
    differences: report.differences,
  };
}
