import { adminLedgerAccountSchema, ledgerAccountParamsSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../http';
import { ledgerAccountWithLots } from './ledger-account';

/** `GET /api/admin/ledger-accounts/{account}`: one ledger account's balance and (wallets) lots, for the console. */
export async function ledgerAccountAdminRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ledger-accounts/:account',
    {
      schema: {
        tags: ['admin: ledger'],
        summary: 'A ledger account’s balance and its coin lots (newest 100); its transactions are at /ledger/accounts',
        security: [{ bearerAuth: [] }],
        params: ledgerAccountParamsSchema,
        response: { 200: adminLedgerAccountSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ledgerAccountWithLots(app.db, request.params.account),
  );
}
