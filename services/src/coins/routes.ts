import {
  coinBalanceSchema,
  coinItemSchema,
  coinItemsQuerySchema,
  createCoinDepositRequestSchema,
  idResponseSchema,
  paymentIdempotencyHeadersSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../auth/caller';
import { errorResponses } from '../http/responses';
import { requireChargingMember } from '../payments/charge-guard';
import { paymentProvidersFor } from '../payments/providers/registry';
import { depositPayment } from './deposits';
import { getCoinBalance, listCoinItems } from './service';

/** The coin catalogue, the balance, and crediting a verified payment (spec 01 §7 "Coins and payments"). */
export async function coinRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const providers = paymentProvidersFor(app.ctx);
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

  routes.post(
    '/coin-deposit',
    {
      schema: {
        tags,
        summary: 'Credit the coins of a paid payment order',
        description:
          'Verifies the payment with its provider (status, amount, currency) and credits the coin item once, in one ' +
          'transaction with the ledger purchase. Retries, concurrent or not, return the same id (idempotent per ' +
          'payment; an Idempotency-Key adds nothing). 409 PAYMENT_NOT_COMPLETED / PAYPAL_NOT_COMPLETED while not ' +
          'paid, 400 PAYMENT_FAILED or PAYMENT_MISMATCH, 404 for an unknown or another member’s payment, 502 when ' +
          'the provider cannot be reached, 500 DEPOSIT_FAILED when the final step fails.',
        security,
        headers: paymentIdempotencyHeadersSchema,
        body: createCoinDepositRequestSchema,
        response: { 200: idResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 500, 502) },
      },
    },
    async (request) => {
      requireChargingMember(request, request.body.userId);
      return depositPayment(app.ctx, providers, request.body);
    },
  );
}
