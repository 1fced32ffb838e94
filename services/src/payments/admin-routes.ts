import {
  adminApprovalSchema,
  adminReversalShortfallQuerySchema,
  adminReversalShortfallSchema,
  adminBankTransferFilterSchema,
  adminBankTransferSchema,
  adminBankTransferUpdateSchema,
  idParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditBefore,
  consoleListRoute,
  consoleRecordRoute,
  listQuerySchema,
  listWindow,
  withContentRange,
} from '../admin';
import { requireCaller } from '../auth';
import { AppError, errorResponses } from '../http';
import { decideBankTransferOrRequestApproval } from './bank-deposit-approvals';
import { getBankTransferForConsole, listBankTransfersForConsole } from './bank-transfers';
import { listReversalShortfalls } from './reversals';

const RESOURCE = 'bank-transfers';

/**
 * `/api/admin/bank-transfers`: operators (or finance) see bank-deposit requests and decide them. Marking one paid
 * credits its coins once, alone only within the member's daily allowance (./bank-deposit-approvals.ts). Deciding is
 * for finance accounts only, never on their own account.
 */
export async function bankTransferAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: bank transfers'];
  const security = [{ bearerAuth: [] }];

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Bank-deposit requests (ra-data-simple-rest getList / getMany)',
    description:
      'sort=["created","ASC"] (default oldest first: the longest waiting), range=[0,24], ' +
      'filter={"status":"ready","userId":1,"q":"name or phone","id":[1,2]}; the total is in Content-Range.',
    defaultSort: ['created', 'ASC'],
    filter: adminBankTransferFilterSchema,
    row: adminBankTransferSchema,
    list: (query) => listBankTransfersForConsole(app.ctx, query),
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One bank-deposit request',
    row: adminBankTransferSchema,
    find: (id) => getBankTransferForConsole(app.ctx, id),
  });

  routes.put(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Decide a ready bank-deposit request: paid (credits the coins), cancelled or failed (finance)',
        description:
          'Only a ready request changes. Repeating the decision already taken changes nothing (a second paid never ' +
          'credits again); any other change of a decided request is 409 BANK_TRANSFER_DECIDED. Finance only; a ' +
          'request of the caller’s own account is 403 OWN_ACCOUNT. Confirming (paid) a deposit that would take the ' +
          'caller past his daily MONEY_IN_WON allowance (BANK_DEPOSIT_APPROVAL_ABOVE_WON in all over the last 24 ' +
          'hours) is 202 with a staff approval request (BANK_DEPOSIT_CONFIRM): another finance member checks the ' +
          'bank statement for the depositor’s name, the amount and a credit after the request, and approves it; ' +
          'the coins are credited then.',
        security,
        params: idParamsSchema,
        body: adminBankTransferUpdateSchema,
        response: {
          200: adminBankTransferSchema,
          202: adminApprovalSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      // Money-in is finance's decision, and never on one's own account.
      const finance = requireCaller(request);
      const before = await getBankTransferForConsole(app.ctx, request.params.id);
      if (before.userId === finance.id) throw new AppError(403, 'console.ownAccount', { code: 'OWN_ACCOUNT' });
      auditBefore(request, before);
      const outcome = await decideBankTransferOrRequestApproval(app.ctx, finance, request.params.id, request.body);
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.transfer;
    },
  );
}

/**
 * `GET /api/admin/payment-reversals/shortfalls`: provider refunds and chargebacks of charges whose coins the fan had
 * already spent, newest first, for finance (and operators) to follow up. Paged like every console list (simple-rest
 * `range`, the total in Content-Range), or by keyset (`limit`, `beforeId`) as the console's own page does.
 */
export async function paymentReversalAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const resource = 'payment-reversals/shortfalls';
  routes.get(
    `/${resource}`,
    {
      schema: {
        tags: ['admin: payment reversals'],
        summary: 'Provider refunds and chargebacks that found the coins already spent',
        description:
          'Newest first. range=[0,24] (simple-rest; the total is in Content-Range), or `limit` rows (1–200, default ' +
          '50) with the next page starting `beforeId` the last id of this one.',
        security: [{ bearerAuth: [] }],
        querystring: listQuerySchema(['id']).extend(adminReversalShortfallQuerySchema.shape),
        response: { 200: z.array(adminReversalShortfallSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const range = request.query.range as [number, number] | undefined;
      const window = range ? listWindow(range) : { offset: 0, limit: request.query.limit };
      const { rows, total } = await listReversalShortfalls(app.ctx.db, {
        ...window,
        beforeId: request.query.beforeId,
      });
      withContentRange(reply, resource, window, rows.length, total);
      return rows.map((row) => ({
        id: row.id,
        paymentId: row.payment_id,
        userId: row.user_id,
        username: row.username,
        provider: row.provider,
        payMethod: row.pay_method,
        providerRefundId: row.provider_refund_id,
        kind: row.kind,
        currency: row.currency,
        amount: row.amount,
        paymentAmount: row.payment_amount,
        coinsAsked: row.coins_asked,
        coinsTaken: row.coins_taken,
        shortfallCoins: row.shortfall_coins,
        createdAt: row.created_at.toISOString(),
      }));
    },
  );
}
