import { adminLedgerEntrySchema, ledgerAccountParamsSchema, ledgerVerifyReportSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, listWindow, withContentRange } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { accountHistory, verifyLedger } from './service';

/** `/api/admin/ledger/*`: the ledger audit trail of the console (DESIGN.md §5, §13), read-only. */
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
        summary: 'Replay the ledger and list every difference from its stored balances and lots',
        description:
          'Read-only: checks that every transaction balances, that nothing went negative, and that balances and ' +
          'lots equal a replay of the log. `ok` is true when `differences` is empty. One replay at a time, shared ' +
          'with the console’s runs (`/api/admin/ledger-verify-runs`, the background way): 409 `VERIFY_RUNNING` ' +
          'while another runs; the result is kept as a run.',
        security,
        response: { 200: ledgerVerifyReportSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => verifyLedger(app.ctx, requireCaller(request).id),
  );
}
