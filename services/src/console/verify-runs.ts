import { koreaDate, type LedgerVerifyMode, type LedgerVerifyRun } from '@fanmission/contracts';
import { verify, verifyIncremental } from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import type { LedgerVerifyRunRow } from './table';
import { iso } from './list-filters';
import { selectListWindow, type ListPage, type ListWindow } from '../admin';
import { type Db, type DbExecutor, uniqueViolation } from '../db';
import { AppError, notFound } from '../http';

/** A RUNNING run whose heartbeat is older than this died with its process and is marked FAILED. */
const STALE_AFTER_MS = 5 * 60_000;
const KEPT_DIFFERENCES = 100;

const runView = (row: LedgerVerifyRunRow): LedgerVerifyRun => ({
  id: row.id,
  mode: row.mode,
  status: row.status,
  startedBy: row.started_by,
  startedAt: row.started_at.toISOString(),
  finishedAt: iso(row.finished_at),
  doneTransactions: row.done_transactions,
  totalTransactions: row.total_transactions,
  ok: row.ok,
  // Runs from before incremental runs existed were full replays of the whole log.
  report: row.report
    ? {
        ...(row.report as NonNullable<LedgerVerifyRun['report']>),
        since: (row.report as { since?: number }).since ?? 0,
      }
    : null,
  error: row.error,
});

interface VerifyRunDeps {
  db: DbExecutor;
  now: () => Date;
  log: { error: (details: object, message: string) => void };
}

/**
 * Runs the replay of one verify run (the whole log, or what was appended since the last run's checkpoint) and stores
 * its progress and result; never throws (null when even the failure could not be stored). Both modes keep the checkpoint the next incremental run starts from.
 */
async function runVerify(deps: VerifyRunDeps, runId: number, mode: LedgerVerifyMode): Promise<LedgerVerifyRun | null> {
  const { db, now } = deps;
  try {
    const options = {
      maxDifferences: KEPT_DIFFERENCES,
      saveCheckpoint: true,
      onProgress: async (done: number, total: number) => {
        await db
          .updateTable('ledger_verify_runs')
          .set({ done_transactions: done, total_transactions: total, heartbeat_at: now() })
          .where('id', '=', runId)
          .execute();
      },
    };
    const report = mode === 'FULL' ? await verify(db, options) : await verifyIncremental(db, options);
    const row = await db
      .updateTable('ledger_verify_runs')
      .set({
        // An incremental run with no checkpoint to start from replays the whole log.
        mode: report.mode,
        status: 'DONE',
        finished_at: now(),
        heartbeat_at: now(),
        done_transactions: report.transactions,
        total_transactions: report.transactions,
        ok: report.differenceCount === 0,
        report: JSON.stringify({
          since: report.since,
          transactions: report.transactions,
          postings: report.postings,
          accounts: report.accounts,
          lots: report.lots,
          differences: report.differences,
          differenceCount: report.differenceCount,
        }),
      })
      .where('id', '=', runId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return runView(row);
  } catch (error) {
    deps.log.error({ err: error, runId }, 'ledger verify run failed');
    const row = await db
      .updateTable('ledger_verify_runs')
      .set({ status: 'FAILED', finished_at: now(), error: error instanceof Error ? error.message : String(error) })
      .where('id', '=', runId)
      .returningAll()
      .executeTakeFirst()
      .catch(() => undefined);
    return row ? runView(row) : null;
  }
}

/** A new RUNNING run, or null while another one runs (one at a time: a unique index). */
async function insertRun(
  db: DbExecutor,
  values: { startedBy: number | null; mode: LedgerVerifyMode; now: Date },
): Promise<LedgerVerifyRunRow | null> {
  try {
    return await db
      .insertInto('ledger_verify_runs')
      .values({
        mode: values.mode,
        status: 'RUNNING',
        started_by: values.startedBy,
        started_at: values.now,
        heartbeat_at: values.now,
        report: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (uniqueViolation(error) === 'ledger_verify_runs_one_running') return null;
    throw error;
  }
}

/**
 * The daily data maintenance's verification: the transactions appended since the last run every day, the whole log
 * on Sundays (Korea time), as a run the console lists (started by nobody). Skipped while another run is under way.
 */
export async function scheduledVerifyRun(
  deps: VerifyRunDeps & { db: Db },
  asOf: Date,
): Promise<Record<string, unknown>> {
  const mode: LedgerVerifyMode = new Date(`${koreaDate(asOf)}T00:00:00Z`).getUTCDay() === 0 ? 'FULL' : 'INCREMENTAL';
  await failStaleRuns(deps.db, deps.now());
  const row = await insertRun(deps.db, { startedBy: null, mode, now: deps.now() });
  if (!row) return { skipped: 'another run is under way' };
  const run = await runVerify(deps, row.id, mode);
  if (!run || run.status === 'FAILED')
    throw new Error(`ledger verify run ${row.id} failed: ${run?.error ?? 'unknown'}`);
  return {
    runId: run.id,
    mode: run.mode,
    transactions: run.report?.transactions ?? 0,
    differences: run.report?.differenceCount ?? 0,
  };
}

/** Marks FAILED a RUNNING run whose process stopped (its heartbeat is stale). */
async function failStaleRuns(db: DbExecutor, now: Date): Promise<void> {
  await db
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
  input: { startedBy: number; mode: LedgerVerifyMode },
  background: (work: Promise<void>) => void,
): Promise<LedgerVerifyRun> {
  const now = ctx.now();
  await failStaleRuns(ctx.db, now);
  const row = await insertRun(ctx.db, { startedBy: input.startedBy, mode: input.mode, now });
  if (!row) throw new AppError(409, 'console.verifyRunning', { code: 'VERIFY_RUNNING' });
  background(runVerify({ db: ctx.db, now: ctx.now, log: ctx.log }, row.id, input.mode).then(() => undefined));
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
