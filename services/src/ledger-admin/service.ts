import type { AdminLedgerEntry, LedgerVerifyReport } from '@fanmission/contracts';
import { history, verify, type LedgerEntry } from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import { sql } from 'kysely';
import { uniqueViolation, type DbExecutor } from '../db';
import { AppError } from '../http';

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
/** A RUNNING verify run whose heartbeat is older than this died with its process (as the console's runs). */
const STALE_RUN_MS = 5 * 60_000;

/**
 * `GET /api/admin/ledger/verify`: the replay, answered inline but never two at once (review M10). It takes the same
 * one-at-a-time slot as the console's background runs (`ledger_verify_runs`, one RUNNING row), so concurrent calls,
 * or a call while a console run is going, answer 409 VERIFY_RUNNING instead of replaying the ledger side by side;
 * the result is kept as a run.
 */
export async function verifyLedger(ctx: ServiceContext, startedBy: number): Promise<LedgerVerifyReport> {
  const checkedAt = ctx.now();
  const started = performance.now();
  await sql`
    update ledger_verify_runs set status = 'FAILED', finished_at = ${checkedAt}, error = 'the process running it stopped'
    where status = 'RUNNING' and heartbeat_at < ${new Date(checkedAt.getTime() - STALE_RUN_MS)}`.execute(ctx.db);
  let runId: number;
  try {
    const { rows } = await sql<{ id: number }>`
      insert into ledger_verify_runs (status, started_by, started_at, heartbeat_at, report)
      values ('RUNNING', ${startedBy}, ${checkedAt}, ${checkedAt}, null) returning id`.execute(ctx.db);
    runId = rows[0]!.id;
  } catch (error) {
    if (uniqueViolation(error) === 'ledger_verify_runs_one_running') {
      throw new AppError(409, 'console.verifyRunning', { code: 'VERIFY_RUNNING' });
    }
    throw error;
  }
  try {
    const report = await verify(ctx.db);
    await sql`
      update ledger_verify_runs set status = 'DONE', finished_at = ${ctx.now()}, heartbeat_at = ${ctx.now()},
        done_transactions = ${report.transactions}, total_transactions = ${report.transactions},
        ok = ${report.differences.length === 0},
        report = ${JSON.stringify({
          transactions: report.transactions,
          postings: report.postings,
          accounts: report.accounts,
          lots: report.lots,
          differences: report.differences.slice(0, 100),
          differenceCount: report.differences.length,
        })}::jsonb
      where id = ${runId}`.execute(ctx.db);
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
  } catch (error) {
    await sql`
      update ledger_verify_runs set status = 'FAILED', finished_at = ${ctx.now()},
        error = ${error instanceof Error ? error.message : String(error)}
      where id = ${runId}`
      .execute(ctx.db)
      .catch(() => undefined);
    throw error;
  }
}
