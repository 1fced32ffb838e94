import { type LedgerVerifyRun } from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import type { LedgerVerifyRunRow } from './table';
import { iso } from './list-filters';
import { selectListWindow, type ListPage, type ListWindow } from '../admin';
import { type DbExecutor, uniqueViolation } from '../db';
import { AppError, notFound } from '../http';

/** A RUNNING run whose heartbeat is older than this died with its process and is marked FAILED. */
const STALE_AFTER_MS = 5 * 60_000;
const KEPT_DIFFERENCES = 100;

const runView = (row: LedgerVerifyRunRow): LedgerVerifyRun => ({
  id: row.id,
  status: row.status,
  startedBy: row.started_by,
  startedAt: row.started_at.toISOString(),
  finishedAt: iso(row.finished_at),
  doneTransactions: row.done_transactions,
  totalTransactions: row.total_transactions,
  ok: row.ok,
  report: (row.report as LedgerVerifyRun['report']) ?? null,
  error: row.error,
});

/** Runs the replay of one verify run and stores its progress and result; never throws. */
async function runVerify(ctx: ServiceContext, runId: number): Promise<void> {
  try {
    const report = await verify(ctx.db, {
      maxDifferences: KEPT_DIFFERENCES,
      onProgress: async (done, total) => {
        await ctx.db
          .updateTable('ledger_verify_runs')
          .set({ done_transactions: done, total_transactions: total, heartbeat_at: ctx.now() })
          .where('id', '=', runId)
          .execute();
      },
    });
    await ctx.db
      .updateTable('ledger_verify_runs')
      .set({
        status: 'DONE',
        finished_at: ctx.now(),
        heartbeat_at: ctx.now(),
        done_transactions: report.transactions,
        total_transactions: report.transactions,
        ok: report.differenceCount === 0,
        report: JSON.stringify({
          transactions: report.transactions,
          postings: report.postings,
          accounts: report.accounts,
          lots: report.lots,
          differences: report.differences,
          differenceCount: report.differenceCount,
        }),
      })
      .where('id', '=', runId)
      .execute();
  } catch (error) {
    ctx.log.error({ err: error, runId }, 'ledger verify run failed');
    await ctx.db
      .updateTable('ledger_verify_runs')
      .set({ status: 'FAILED', finished_at: ctx.now(), error: error instanceof Error ? error.message : String(error) })
      .where('id', '=', runId)
      .execute()
      .catch(() => undefined);
  }
}

/** Marks FAILED a RUNNING run whose process stopped (its heartbeat is stale). */
async function failStaleRuns(ctx: ServiceContext, now: Date): Promise<void> {
  await ctx.db
    .updateTable('ledger_verify_runs')
    .set({ status: 'FAILED', finished_at: now, error: 'the process running it stopped' })
    .where('status', '=', 'RUNNING')
    .where('heartbeat_at', '<', new Date(now.getTime() - STALE_AFTER_MS))
    .execute();
}

/** The newest run that finished its replay (DONE), or null when none has: a read, with no side effect. */
export async function latestFinishedVerifyRun(db: DbExecutor): Promise<LedgerVerifyRun | null> {
  const row = await db
    .selectFrom('ledger_verify_runs')
    .selectAll()
    .where('status', '=', 'DONE')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? runView(row) : null;
}

/** Starts a run in the background; 409 while another one runs. Answers the new run at once. */
export async function startVerifyRun(
  ctx: ServiceContext,
  startedBy: number,
  background: (work: Promise<void>) => void,
): Promise<LedgerVerifyRun> {
  const now = ctx.now();
  await failStaleRuns(ctx, now);
  let row: LedgerVerifyRunRow;
  try {
    row = await ctx.db
      .insertInto('ledger_verify_runs')
      .values({ status: 'RUNNING', started_by: startedBy, started_at: now, heartbeat_at: now, report: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (uniqueViolation(error) === 'ledger_verify_runs_one_running') {
      throw new AppError(409, 'console.verifyRunning', { code: 'VERIFY_RUNNING' });
    }
    throw error;
  }
  background(runVerify(ctx, row.id));
  return runView(row);
}

/** One window of the verify runs by id (newest first unless ascending), with their total. */
export async function listVerifyRuns(
  ctx: ServiceContext,
  direction: 'ASC' | 'DESC',
  window: ListWindow,
): Promise<ListPage<LedgerVerifyRun>> {
  const { rows, total } = await selectListWindow(
    ctx.db.selectFrom('ledger_verify_runs').selectAll(),
    { column: 'id', direction },
    window,
  );
  return { rows: rows.map(runView), total };
}

/** One verify run; 404 when there is none. */
export async function verifyRun(ctx: ServiceContext, id: number): Promise<LedgerVerifyRun> {
  const row = await ctx.db.selectFrom('ledger_verify_runs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return runView(row);
}
