import { adminLedgerEntrySchema, ledgerAccountParamsSchema, ledgerVerifyReportSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, listWindow, withContentRange } from '../admin';
import { errorResponses } from '../http';
import { accountHistory, latestVerifyReport } from './service';

/** `/api/admin/ledger/*`: the ledger audit trail of the console, read-only. */
export async function ledgerAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: ledger'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/ledger/accounts/:account',
    {
      schema: {
        tags,
        summary: 'The transactions of one ledger account (ra-data-simple-rest list)',
        description:
          'Accounts: wallet:<userId>, escrow:mission:<missionId>, earnings:<creatorId>, settled:<creatorId>, ' +
          'platform:revenue, world:cash-in|cash-out|bonus|expired (a house account: its shards merged, their postings ' +
          'summed; `<name>:<n>` is one shard). Newest first unless `sort=["id","ASC"]`; ' +
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
        summary: 'The result of the latest ledger verify run (read only; 404 while none has finished)',
        description:
          'The report of the newest run that finished its replay: `ok` is true when no difference was found; ' +
          '`differences` lists the first 100 in log order, `differenceCount` counts them all; `runId` and ' +
          '`checkedAt` say which run and when. Reading never starts a run: start one with ' +
          '`POST /api/admin/ledger-verify-runs` and follow it at `/api/admin/ledger-verify-runs/{id}`.',
        security,
        response: { 200: ledgerVerifyReportSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async () => latestVerifyReport(app.ctx),
  );
}
