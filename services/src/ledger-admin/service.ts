import type { AdminLedgerEntry, LedgerVerifyReport, LedgerVerifyRun } from '@fanmission/contracts';
import { accountsNamed, history, type LedgerEntry } from '@fanmission/ledger';
import { latestFinishedVerifyRun } from '../console';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { notFound } from '../http';
import { traceUrl } from '../telemetry';

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
    return { rows: entries.map((entry) => entryDto(ctx, account, entry)), total };
  }
  const { total } = await newestFirst(ctx.db, account, 0, 1);
  const end = Math.min(total, offset + limit);
  if (end <= offset) return { rows: [], total };
  const { entries } = await newestFirst(ctx.db, account, total - end, end - offset);
  return { rows: entries.reverse().map((entry) => entryDto(ctx, account, entry)), total };
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

function entryDto(ctx: ServiceContext, account: string, entry: LedgerEntry): AdminLedgerEntry {
  // A house account's posting is the sum of its shards' in the transaction.
  const named = new Set(accountsNamed(account));
  return {
    id: entry.transactionId,
    account,
    type: entry.type,
    idempotencyKey: entry.idempotencyKey,
    occurredAt: entry.occurredAt.toISOString(),
    amount: entry.postings.reduce((sum, posting) => sum + (named.has(posting.account) ? posting.amount : 0), 0),
    postings: entry.postings,
    metadata: entry.metadata,
    // The ledger writes the trace id into the metadata of what it appends while tracing (ledger/src/engine.ts).
    traceUrl: traceUrl(ctx.config.TRACE_UI_URL, entry.metadata.traceId),
  };
}

/**
 * `GET /api/admin/ledger/verify`: the report of the latest run that finished its replay, read as stored (404 while
 * none has). A GET never starts a run: runs start only at `POST /api/admin/ledger-verify-runs`, a write that the
 * console's CSRF check and audit log cover.
 */
export async function latestVerifyReport(ctx: ServiceContext): Promise<LedgerVerifyReport> {
  const run = await latestFinishedVerifyRun(ctx.db);
  if (!run?.report || !run.finishedAt) throw notFound('console.verifyNoResult');
  return reportOf(run, run.report, run.finishedAt);
}

function reportOf(
  run: LedgerVerifyRun,
  report: NonNullable<LedgerVerifyRun['report']>,
  finishedAt: string,
): LedgerVerifyReport {
  return {
    runId: run.id,
    ok: run.ok === true,
    checkedAt: run.startedAt,
    durationMs: Math.max(0, Date.parse(finishedAt) - Date.parse(run.startedAt)),
    transactions: report.transactions,
    postings: report.postings,
    accounts: report.accounts,
    lots: report.lots,
    differences: report.differences as LedgerVerifyReport['differences'],
    differenceCount: report.differenceCount,
  };
}
