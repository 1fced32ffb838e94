import {
  adminApprovalSchema,
  adminPaymentCancelSchema,
  adminPaymentDetailSchema,
  adminPaymentFilterSchema,
  adminPaymentParamsSchema,
  adminPaymentSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditBefore, consoleListRoute } from '../admin';
import { requireCaller } from '../auth';
import { AppError, errorResponses } from '../http';
import { listPaymentsForConsole } from '../payments';
import { cancelOrRequestApproval } from './money-approvals';
import { getPaymentDetail } from './payment-cancel';

const RESOURCE = 'payments';

/**
 * `/api/admin/payments`: card, KakaoPay and PayPal payments for finance and operators to look up (a fan's "I paid but
 * got no coins"), and for finance to cancel at the provider while the coins are unused.
 */
export async function paymentAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: payments'];
  const security = [{ bearerAuth: [] }];

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Payments (ra-data-simple-rest getList / getMany)',
    description:
      'sort=["createdAt","DESC"] (the default), range=[0,24], filter={"q":"payment id, provider transaction id, ' +
      'e-mail or username (exact)","provider":"portone","payMethod":"card","status":"paid","from":"…","to":"…"}. ' +
      'The total is in Content-Range (exact up to 1,000, then an estimate); a window starting past row 10,000 is ' +
      '400: narrow the filter.',
    defaultSort: ['createdAt', 'DESC'],
    filter: adminPaymentFilterSchema,
    row: adminPaymentSchema,
    list: (query) => listPaymentsForConsole(app.ctx, query),
  });

  routes.get(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'One payment: member, item, coins, amounts, every status change and webhook, deposit and refunds',
        security,
        params: adminPaymentParamsSchema,
        response: { 200: adminPaymentDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPaymentDetail(app.ctx, request.params.id),
  );

  routes.post(
    `/${RESOURCE}/:id/cancel`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Cancel a paid payment at its provider while its coins are unused (finance; above a limit, 202)',
        description:
          'The fan’s withdrawal of the charge (the ledger takes its coins back, within 7 days of the charge, only ' +
          'while none is spent), refunded at once at the provider in the charge’s own currency and amount; the ' +
          'refund request is marked paid. Asked again it answers the payment as it stands: the coins and the ' +
          'provider move once. 409 PAYMENT_NOT_CANCELLABLE (not paid, or no coins credited), PURCHASE_ALREADY_USED, ' +
          'WITHDRAWAL_WINDOW_PASSED, PURCHASE_ALREADY_REFUNDED; 502 when the provider cannot be reached. Finance ' +
          'only, never on their own account (403 OWN_ACCOUNT). A payment worth more than APPROVAL_ABOVE_WON (its coins × ' +
          '100 won) is 202 with a staff approval request: another finance member approves it and it is cancelled then.',
        security,
        params: adminPaymentParamsSchema,
        body: adminPaymentCancelSchema,
        response: {
          200: adminPaymentDetailSchema,
          202: adminApprovalSchema,
          ...errorResponses(400, 401, 403, 404, 409, 502),
        },
      },
    },
    async (request, reply) => {
      const finance = requireCaller(request);
      const before = await getPaymentDetail(app.ctx, request.params.id);
      if (before.userId === finance.id) throw new AppError(403, 'console.ownAccount', { code: 'OWN_ACCOUNT' });
      auditBefore(request, before);
      const outcome = await cancelOrRequestApproval(app.ctx, finance, request.params.id, request.body.reason);
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.payment;
    },
  );
}
