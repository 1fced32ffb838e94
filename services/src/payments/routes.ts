import {
  bankTransferPageQuerySchema,
  bankTransferCreatedSchema,
  bankTransferPageSchema,
  bankTransferRowSchema,
  createBankTransferRequestSchema,
  createPaymentRequestSchema,
  idParamsSchema,
  merchantCodeResponseSchema,
  paymentCheckoutSchema,
  paymentIdempotencyHeadersSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller, requireSelf } from '../auth';
import { errorResponses } from '../http';
import { cancelOwnBankTransfer, pageBankTransfers, requestBankTransfer } from './bank-transfers';
import { requireChargingMember } from './charge-guard';
import { paymentProvidersFor } from './providers/registry';
import { createPayment, merchantCode } from './service';

/** Payment orders and bank-deposit requests. */
export async function paymentRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const providers = paymentProvidersFor(app.ctx);
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/payment/imp-code',
    {
      schema: {
        tags,
        summary: 'The card provider’s merchant code for the checkout',
        description: '503 MERCHANT_CODE_MISSING when the card provider has no merchant code configured.',
        security,
        response: { 200: merchantCodeResponseSchema, ...errorResponses(401, 503) },
      },
    },
    async (request) => {
      requireCaller(request);
      return merchantCode(providers);
    },
  );

  routes.post(
    '/payment',
    {
      schema: {
        tags,
        summary: 'Create a payment order for a coin item',
        description:
          'Returns what the provider’s checkout needs; merchantUid is our payment id. kakaopay and card are charged ' +
          'in KRW, paypal in USD (the item’s usdPrice); withoutbankbook is refused (400 USE_BANK_TRANSFER) in ' +
          'favour of POST /payment/bank-transfer. Coins are credited only by POST /coin-deposit, after the provider ' +
          'confirms the payment. A retry with the same Idempotency-Key returns the same order.',
        security,
        headers: paymentIdempotencyHeadersSchema,
        body: createPaymentRequestSchema,
        response: { 200: paymentCheckoutSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const caller = requireChargingMember(request, request.body.userId);
      return createPayment(app.ctx, providers, caller, request.body, request.headers['idempotency-key']);
    },
  );

  routes.post(
    '/payment/bank-transfer',
    {
      schema: {
        tags,
        summary: 'Ask to charge coins by bank deposit',
        description:
          'Creates a request in status ready; an operator marks it paid (coins credited), cancelled or failed in ' +
          'the console. Answers what to pay: the receiving account, the amount in won and the deadline (also ' +
          'mailed to the member). A retry with the same Idempotency-Key returns the same request.',
        security,
        headers: paymentIdempotencyHeadersSchema,
        body: createBankTransferRequestSchema,
        response: { 200: bankTransferCreatedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = requireChargingMember(request, request.body.userId);
      return requestBankTransfer(app.ctx, caller.id, request.body, request.headers['idempotency-key']);
    },
  );

  routes.post(
    '/payment/bank-transfer/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Take back one’s own bank-deposit request',
        description:
          'While the request waits for the deposit (status ready), its member cancels it (status cancelled, as ' +
          'finance would); cancelling it again changes nothing. 404 for a request that is not the caller’s; 409 once ' +
          'finance has confirmed or refused it. Answers the request.',
        security,
        params: idParamsSchema,
        response: { 200: bankTransferRowSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => cancelOwnBankTransfer(app.ctx, requireCaller(request).id, request.params.id),
  );

  routes.get(
    '/payment/bank-transfer/page',
    {
      schema: {
        tags,
        summary: 'The member’s bank-deposit requests in one status (pending charges)',
        security,
        querystring: bankTransferPageQuerySchema,
        response: { 200: bankTransferPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireSelf(request, request.query.userId);
      return pageBankTransfers(app.ctx, request.query);
    },
  );
}
