import {
  createCoinDepositRequestSchema,
  idResponseSchema,
  paymentIdempotencyHeadersSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../http';
import { requireChargingMember } from './charge-guard';
import { depositPayment } from './deposits';
import { paymentProvidersFor } from './providers/registry';

/** Crediting a verified payment's coins, beside the coin routes in the API. */
export async function coinDepositRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const providers = paymentProvidersFor(app.ctx);
  const tags = ['coins'];
  const security = [{ bearerAuth: [] }];

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
