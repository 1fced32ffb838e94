import { coinBalanceSchema, coinItemSchema, coinItemsQuerySchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { getCoinBalance, listCoinItems } from './service';

/** The coin catalogue and the balance; crediting a payment is in `payments`. */
export async function coinRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['coins'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/coin-items',
    {
      schema: {
        tags,
        summary: 'The coin items on sale',
        querystring: coinItemsQuerySchema,
        response: { 200: z.array(coinItemSchema), ...errorResponses(400) },
      },
    },
    async (request) => listCoinItems(app.ctx, request.query.coinItemType),
  );

  routes.get(
    '/coin-deposit',
    {
      schema: {
        tags,
        summary: 'The caller’s coin balance',
        description:
          '`point` is what can be spent now (from the ledger); coins frozen by a switch to a creator account are ' +
          'not in it but in `frozenPoint`.',
        security,
        response: { 200: coinBalanceSchema, ...errorResponses(401) },
      },
    },
    async (request) => getCoinBalance(app.ctx, requireCaller(request).id),
  );
}
