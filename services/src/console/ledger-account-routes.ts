import { adminLedgerAccountSchema, ledgerAccountParamsSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../http';

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
    async (request) => {
      const { account } = request.params;
      const [row, lots] = await Promise.all([
        app.db
          .selectFrom('ledger_accounts')
          .select(['kind', 'balance'])
          .where('account', '=', account)
          .executeTakeFirst(),
        app.db
          .selectFrom('ledger_lots')
          .select(['id', 'source', 'amount', 'remaining', 'expires_at', 'created_at'])
          .where('account', '=', account)
          .orderBy('id', 'desc')
          .limit(100)
          .execute(),
      ]);
      return {
        account,
        kind: row?.kind ?? null,
        balance: Number(row?.balance ?? 0),
        lots: lots.map((lot) => ({
          id: Number(lot.id),
          source: lot.source,
          amount: Number(lot.amount),
          remaining: Number(lot.remaining),
          expiresAt: lot.expires_at.toISOString(),
          createdAt: lot.created_at.toISOString(),
        })),
      };
    },
  );
}
