import {
  coinDepositIdParamsSchema,
  coinHistoryPageSchema,
  coinHistoryQuerySchema,
  coinLotsQuerySchema,
  coinLotsResponseSchema,
  coinRefundIdParamsSchema,
  coinRefundPageQuerySchema,
  coinRefundPageSchema,
  coinRefundSchema,
  idempotencyHeadersSchema,
  partialRefundRequestSchema,
  refundBankAccountSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { refundHeldCoins, withdrawCharge } from './refund-service';
import { correctRefundAccount, myRefundRequests } from './my-refund-requests';
import { coinHistoryPage, coinLots } from './service';

/** The fan's coin history, coin lots and refunds. */
export async function coinHistoryRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['coins'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/users/me/coin-history/page',
    {
      schema: {
        tags,
        summary: 'The caller’s coin history (USE, EARN, EXPIRED, REFUND), newest first',
        description:
          'A page of 12 by default. `createdYear` with `createdMonth` keeps one month, `createdYear` alone one year, ' +
          'both in Korea time (Asia/Seoul). `point` is signed: negative rows took coins out of the wallet.',
        security,
        querystring: coinHistoryQuerySchema,
        response: { 200: coinHistoryPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => coinHistoryPage(app.ctx, requireCaller(request).id, request.query),
  );

  routes.get(
    '/users/me/coin-lots',
    {
      schema: {
        tags,
        summary: 'The caller’s coin lots with their expiry and refund window',
        description:
          'Every credit (charge or free coins) with what is left, earliest expiry first; a charge shows until when ' +
          'it can be withdrawn in full, and the summary what a partial refund would pay now.',
        security,
        querystring: coinLotsQuerySchema,
        response: { 200: coinLotsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => coinLots(app.ctx, requireCaller(request).id, { includeEmpty: request.query.includeEmpty }),
  );

  routes.post(
    '/coin-deposits/:depositId/withdrawal',
    {
      // Getting coins back before leaving the service, which a member refusing new terms may do (services/src/terms).
      config: { allowedBeforeTermsAcceptance: true },
      schema: {
        tags,
        summary: 'Withdraw a charge in full (within 7 days of it, none of it used)',
        description:
          'Takes the charge’s coins out of the wallet and records a refund request; the money goes back within 3 ' +
          'business days. Asked again, it answers with the same request (the charge is withdrawn once; an ' +
          '`Idempotency-Key` is accepted but not needed). 409 names the rule that refuses it: 7 days passed, coins ' +
          'used, already refunded, coins frozen by a switch to a creator account; 400 for free coins.',
        security,
        params: coinDepositIdParamsSchema,
        headers: idempotencyHeadersSchema,
        response: { 200: coinRefundSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => withdrawCharge(app.ctx, requireCaller(request).id, request.params.depositId),
  );

  routes.post(
    '/users/me/coins/partial-refund',
    {
      // Getting coins back before leaving the service, which a member refusing new terms may do (services/src/terms).
      config: { allowedBeforeTermsAcceptance: true },
      schema: {
        tags,
        summary: 'Refund every held CASH coin minus 3 %, back to the payment methods or to the fan’s bank account',
        description:
          'For charges past their 7 days or partly used. Free, supported and received (BONUS) coins stay and are ' +
          'never refunded. Records a refund request, paid within 3 business days to one `destination`: back ' +
          'through the payment providers when every charge it takes can go there (card, KakaoPay, PayPal, a phone ' +
          'charge within its month), else wholly to the fan’s bank account. `GET /users/me/coin-lots` ' +
          '(`partialRefund.destination`) says which before he asks. `bankAccount` is required only for the bank ' +
          'account (400 with the `bankAccount` field when missing, nothing refunded; the coins may have changed ' +
          'since the preview: read it again); an account sent for a refund to the payment methods is not stored. ' +
          'A retry with the same `Idempotency-Key` returns the first answer; 409 when there is nothing refundable ' +
          'or coins are frozen.',
        security,
        headers: idempotencyHeadersSchema,
        body: partialRefundRequestSchema,
        response: { 200: coinRefundSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) =>
      refundHeldCoins(
        app.ctx,
        requireCaller(request).id,
        request.headers['idempotency-key'],
        request.body.bankAccount ?? null,
      ),
  );

  routes.get(
    '/users/me/coin-refunds',
    {
      schema: {
        tags,
        summary: 'The caller’s refund requests (withdrawals and partial refunds), newest first',
        description:
          'Each with its status: requested (finance pays by `dueOn`), paid (with `paidAt`), or refused with the ' +
          '`refusalReason` (correct the account with PUT …/bank-account).',
        security,
        querystring: coinRefundPageQuerySchema,
        response: { 200: coinRefundPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => myRefundRequests(app.ctx, requireCaller(request).id, request.query, request.language),
  );

  routes.put(
    '/users/me/coin-refunds/:refundId/bank-account',
    {
      // Getting coins back before leaving the service, which a member refusing new terms may do (services/src/terms).
      config: { allowedBeforeTermsAcceptance: true },
      schema: {
        tags,
        summary: 'Correct the bank account of a partial refund finance refused to pay',
        description:
          'The request becomes requested again with the new account. 409 when it is not refused or is a ' +
          'withdrawal (paid back to its payment); someone else’s request is 404.',
        security,
        params: coinRefundIdParamsSchema,
        body: refundBankAccountSchema,
        response: { 200: coinRefundSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => correctRefundAccount(app.ctx, requireCaller(request).id, request.params.refundId, request.body),
  );
}
