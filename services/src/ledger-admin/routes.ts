import {
  adminLedgerEntrySchema,
  ledgerAccountParamsSchema,
  ledgerVerifyQuerySchema,
  ledgerVerifyReportSchema,
  ledgerVerifyRunSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, listWindow, withContentRange } from '../admin';
import { requireCaller } from '../auth';
import { awaitedOnClose } from '../background';
import { errorResponses } from '../http';
import { accountHistory, verifyLedger } from './service';

/** `/api/admin/ledger/*`: the ledger audit trail of the console, read-only. */
export async function ledgerAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: ledger'];
  const security = [{ bearerAuth: [] }];
  const trackVerifyRun = awaitedOnClose(app);

  routes.get(
    '/ledger/accounts/:account',
    {
      schema: {
        tags,
        summary: 'The transactions of one ledger account (ra-data-simple-rest list)',
        description:
          'Accounts: wallet:<userId>, escrow:mission:<missionId>, earnings:<creatorId>, settled:<creatorId>, ' +
          'platform:revenue, world:cash-in|cash-out|bonus|expired. Newest first unless `sort=["id","ASC"]`; ' +
          '`amount` is this account’s posting. The total is in Content-Range.',
        security,
        params: ledgerAccountParamsSchema,
        querystring: listQuerySchema(['id', 'occurredAt']),
        response: { 200: z.array(adminLedgerEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = listWindow(request.query.range);
      const { rows, total } = await accountHistory(app.ctx, request.params.account, {
        ...window,
        direction: request.query.sort?.[1] ?? 'DESC',
      });
      withContentRange(reply, 'ledger-entries', window, rows.length, total);
      return rows;
    },
  );

  routes.get(
    '/ledger/verify',
    {
      schema: {
        tags,
        summary: 'The latest ledger verify result, or the background run to wait for (202)',
        description:
          'Never replays inside the request. 200: the result of the latest background run if it ' +
          'finished less than `maxAge` seconds ago (default 300; 0 always asks for a fresh run): `ok` is true when ' +
          'no difference was found; `differences` lists the first 100 in log order, `differenceCount` counts them ' +
          'all. 202: the run to poll (`/api/admin/ledger-verify-runs/{id}`, or this route again): the one running ' +
          '(one at a time, shared with the console’s runs; concurrent callers get the same run), or a new one.',
        security,
        querystring: ledgerVerifyQuerySchema,
        response: { 200: ledgerVerifyReportSchema, 202: ledgerVerifyRunSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const answer = await verifyLedger(app.ctx, requireCaller(request).id, request.query.maxAge, trackVerifyRun);
      return answer.status === 200 ? reply.status(200).send(answer.report) : reply.status(202).send(answer.run);
    },
  );
}
