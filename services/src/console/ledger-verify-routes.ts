import { ledgerVerifyRunSchema, startLedgerVerifyRunSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { awaitedOnClose } from '../background';
import { errorResponses } from '../http';
import { listVerifyRuns, startVerifyRun, verifyRun } from './verify-runs';

const RESOURCE = 'ledger-verify-runs';

/**
 * `/api/admin/ledger-verify-runs`: the ledger verification as a background job, one at a time. `POST` starts a run
 * and answers at once; its progress (transactions replayed of the total) and result stay readable, the latest first.
 */
export async function ledgerVerifyAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: ledger'];
  const security = [{ bearerAuth: [] }];
  const trackVerifyRun = awaitedOnClose(app);

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Ledger verify runs, newest first, with progress and the result (getList)',
    defaultSort: ['id', 'DESC'],
    row: ledgerVerifyRunSchema,
    list: ({ sort, window }) => listVerifyRuns(app.ctx, sort[1], window),
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One ledger verify run',
    row: ledgerVerifyRunSchema,
    find: (id) => verifyRun(app.ctx, id),
  });

  routes.post(
    `/${RESOURCE}`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Start a ledger verify run in the background (409 VERIFY_RUNNING while one runs)',
        description:
          'FULL replays every transaction and compares balances and lots; INCREMENTAL replays only the transactions ' +
          'since the last run, from its checkpoint, and compares the accounts and lots they touch (a full replay ' +
          'when there is no checkpoint yet). Poll the run for its progress and result (ok, counts, the first 100 ' +
          'differences).',
        security,
        body: startLedgerVerifyRunSchema,
        response: { 202: ledgerVerifyRunSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const run = await startVerifyRun(
        app.ctx,
        { startedBy: requireCaller(request).id, mode: request.body.mode },
        trackVerifyRun,
      );
      return reply.status(202).send(run);
    },
  );
}
