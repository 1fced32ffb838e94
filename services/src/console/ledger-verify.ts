import {
  LEDGER_VERIFY_RUN_SORT_FIELDS,
  idParamsSchema,
  ledgerVerifyRunSchema,
  type LedgerVerifyRun,
} from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../context';
import type { LedgerVerifyRunRow } from './table';
import { iso } from './list-filters';
import { listQuerySchema, listWindow, withContentRange } from '../admin';
import { requireCaller } from '../auth';
import { uniqueViolation } from '../db';
import { AppError, errorResponses, notFound } from '../http';

const RESOURCE = 'ledger-verify-runs';
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

/** The newest verify run (a RUNNING one whose process stopped is FAILED first), or null when there is none. */
export async function latestVerifyRun(ctx: ServiceContext): Promise<LedgerVerifyRun | null> {
  await failStaleRuns(ctx, ctx.now());
  const row = await ctx.db.selectFrom('ledger_verify_runs').selectAll().orderBy('id', 'desc').executeTakeFirst();
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

/**
 * `/api/admin/ledger-verify-runs`: the ledger verification as a background job, one at a time. `POST` starts a run
 * and answers at once; its progress (transactions replayed of the total) and result stay readable, the latest first.
 */
export async function ledgerVerifyAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: ledger'];
  const security = [{ bearerAuth: [] }];
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  routes.get(
    `/${RESOURCE}`,
    {
      schema: {
        tags,
        summary: 'Ledger verify runs, newest first, with progress and the result (getList)',
        security,
        querystring: listQuerySchema(LEDGER_VERIFY_RUN_SORT_FIELDS),
        response: { 200: z.array(ledgerVerifyRunSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = listWindow(request.query.range);
      const direction = request.query.sort?.[1] === 'ASC' ? 'asc' : 'desc';
      const [rows, counted] = await Promise.all([
        app.db
          .selectFrom('ledger_verify_runs')
          .selectAll()
          .orderBy('id', direction)
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        app.db
          .selectFrom('ledger_verify_runs')
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      withContentRange(reply, RESOURCE, window, rows.length, Number(counted.total));
      return rows.map(runView);
    },
  );

  routes.get(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'One ledger verify run',
        security,
        params: idParamsSchema,
        response: { 200: ledgerVerifyRunSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await app.db
        .selectFrom('ledger_verify_runs')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      return runView(row);
    },
  );

  routes.post(
    `/${RESOURCE}`,
    {
      schema: {
        tags,
        summary: 'Start a ledger verify run in the background (409 VERIFY_RUNNING while one runs)',
        description:
          'Replays every transaction in one consistent snapshot and compares balances and lots; poll the run for ' +
          'its progress and result (ok, counts, the first 100 differences).',
        security,
        response: { 202: ledgerVerifyRunSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const run = await startVerifyRun(app.ctx, requireCaller(request).id, (work) => {
        running.add(work);
        void work.finally(() => running.delete(work));
      });
      return reply.status(202).send(run);
    },
  );
}
