import {
  type AdminCoinRefund,
  adminApprovalSchema,
  maskAccountNumber,
  adminCoinRefundProviderRefundSchema,
  adminCoinRefundFilterSchema,
  adminCoinRefundDetailSchema,
  adminCoinRefundSchema,
  adminCoinRefundUpdateSchema,
  adminIdParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditBefore, consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { AppError, errorResponses } from '../http';
import { translate } from '../i18n';
import { markRefundPaidOrRequestApproval, refundAtProviderOrRequestApproval } from './money-approvals';
import { getRefundDetail, getRefundRequest, listRefundRequests } from './refund-finance';

const RESOURCE = 'coin-refunds';

/**
 * What the caller may read of a refund request: only finance, who pays it, sees the fan's whole account number;
 * operators read its last four digits (as in the audit log and the payout account history).
 */
function asSeenBy<Refund extends AdminCoinRefund>(request: FastifyRequest, refund: Refund): Refund {
  if (requireCaller(request).roles.includes('ROLE_FINANCE')) return refund;
  const masked = <Account extends { bankAccountNumber: string }>(account: Account): Account => ({
    ...account,
    bankAccountNumber: maskAccountNumber(account.bankAccountNumber)!,
  });
  const { bankAccount, destination } = refund;
  return {
    ...refund,
    bankAccount: bankAccount && masked(bankAccount),
    destination:
      destination.kind === 'BANK_ACCOUNT' && destination.account
        ? { ...destination, account: masked(destination.account) }
        : destination,
  };
}

/** `/api/admin/coin-refunds`: refund requests finance pays outside the app, then marks paid. */
export async function coinRefundAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: coin refunds'];
  const security = [{ bearerAuth: [] }];

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Refund requests (ra-data-simple-rest list)',
    description:
      '`filter` by status (requested, paid), kind or userId; `sort` by id, requestedAt, dueOn, amount or status ' +
      '(default: oldest due first). The total is in Content-Range.',
    defaultSort: ['dueOn', 'ASC'],
    filter: adminCoinRefundFilterSchema,
    row: adminCoinRefundSchema,
    list: async (query, request) => {
      const page = await listRefundRequests(app.ctx, query);
      return { ...page, rows: page.rows.map((refund) => asSeenBy(request, refund)) };
    },
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One refund request, with the approvals asked to pay it',
    row: adminCoinRefundDetailSchema,
    find: async (id, request) => asSeenBy(request, await getRefundDetail(app.ctx, id)),
  });

  routes.put(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Mark a refund request paid, or refuse to pay it with a reason (finance)',
        description:
          'requested → refused needs `refusalReason`, which the fan reads; he corrects his account and it is ' +
          'requested again. ' +
          'requested → paid records who paid and when; marking a paid request paid again changes nothing but the ' +
          'note; a paid request cannot go back (409). Marking paid a request whose destination is the payment methods ' +
          'is 409 NOT_PAYABLE_BY_HAND (it is refunded at the providers). Finance accounts only. Marking paid a request worth more than ' +
          'APPROVAL_ABOVE_WON is 202 with a staff approval request: another finance member approves it.',
        security,
        params: adminIdParamsSchema,
        body: adminCoinRefundUpdateSchema,
        response: {
          200: adminCoinRefundSchema,
          202: adminApprovalSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const finance = requireCaller(request);
      const before = await getRefundRequest(app.ctx, request.params.id);
      if (before.userId === finance.id) throw new AppError(403, 'console.ownAccount', { code: 'OWN_ACCOUNT' });
      auditBefore(request, before);
      const outcome = await markRefundPaidOrRequestApproval(app.ctx, finance, before, request.body);
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.refund;
    },
  );

  routes.post(
    `/${RESOURCE}/:id/provider-refund`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Refund a request through the providers that took the money (finance)',
        description:
          'Each charge of the request paid by card, KakaoPay or PayPal is refunded at its provider in its own ' +
          'currency and amount (PortOne in won, PayPal in USD cents); the request is then marked paid. Asked again, it answers the request as it stands: a ' +
          "provider is never asked twice. 409 NOT_REFUNDABLE_AT_PROVIDER when the request's destination is an " +
          'account (it is sent there, then marked paid) or no part went through a provider; 409 when the request is not ' +
          'requested (refused, or paid by hand) or another call is refunding it; 502 when a provider cannot be ' +
          'reached or refuses (the parts refunded before stay recorded). Finance accounts only, never their own. ' +
          'A requested refund worth more than APPROVAL_ABOVE_WON is 202 with a staff approval request: another ' +
          'finance member approves it and the providers are asked then.',
        security,
        params: adminIdParamsSchema,
        body: adminCoinRefundProviderRefundSchema,
        response: {
          200: adminCoinRefundSchema,
          202: adminApprovalSchema,
          ...errorResponses(400, 401, 403, 404, 409, 502),
        },
      },
    },
    async (request, reply) => {
      const finance = requireCaller(request);
      const before = await getRefundRequest(app.ctx, request.params.id);
      if (before.userId === finance.id) throw new AppError(403, 'console.ownAccount', { code: 'OWN_ACCOUNT' });
      auditBefore(request, before);
      // Without the finance member's words, the reason the provider, the fan's card statement and the checker read is
      // the request itself, in Korean (the providers are Korean and the console's language is Korean).
      const reason =
        request.body?.reason ?? translate('ko', 'coinRefunds.providerRefundReason', { refundId: before.id });
      const outcome = await refundAtProviderOrRequestApproval(app.ctx, finance, before, reason);
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.refund;
    },
  );
}
