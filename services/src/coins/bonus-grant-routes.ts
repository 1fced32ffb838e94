import {
  adminApprovalSchema,
  adminBonusGrantCreateSchema,
  adminBonusGrantFilterSchema,
  adminBonusGrantHeadersSchema,
  adminBonusGrantSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { getBonusGrant, grantBonusItem, listBonusGrants } from './bonus-grants';

const RESOURCE = 'bonus-grants';

/** `/api/admin/bonus-grants`: free-coin events, a BONUS coin item granted by finance to chosen members. */
export async function bonusGrantAdminRoutes(app: FastifyInstance) {
  const tags = ['admin: bonus grants'];
  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Free-coin grants, newest first (ra-data-simple-rest getList / getMany)',
    defaultSort: ['id', 'DESC'],
    filter: adminBonusGrantFilterSchema,
    row: adminBonusGrantSchema,
    list: (query) => listBonusGrants(app.ctx, query),
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One free-coin grant',
    row: adminBonusGrantSchema,
    find: (id) => getBonusGrant(app.ctx, id),
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    `/${RESOURCE}`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Grant a BONUS coin item to chosen members, with a reason and a budget (finance; above a limit, 202)',
        description:
          '`recipients`: `{ "userIds": [...] }` (one or a list of fans) or `{ "filter": { "joinedFrom", "joinedTo" } }` ' +
          '(the fans who signed up then; at most 1,000, else 409 TOO_MANY_RECIPIENTS). Each member gets the item’s coins ' +
          'as a BONUS_GRANT of the ledger, shown in his coin history as the free coin event; members × coins above ' +
          '`budgetCoins` is 409 BONUS_BUDGET_EXCEEDED and nothing is granted. Creators (frozen wallets), staff and ' +
          'deleted accounts are no recipients (400 on `recipients.userIds`). Idempotency-Key required: a retry answers the first grant and ' +
          'grants nothing twice; the same key with another request is 409 IDEMPOTENCY_CONFLICT. A grant of more than ' +
          'BONUS_GRANT_APPROVAL_ABOVE_COINS in all is 202 with a staff approval request (`/api/admin/approvals`): ' +
          'another finance member approves it and it runs then. Past the platform’s daily or monthly cap of free coins ' +
          '(BONUS_GRANT_DAILY_CAP_COINS, BONUS_GRANT_MONTHLY_CAP_COINS) a grant is 409 BONUS_CAP_EXCEEDED.',
        security: [{ bearerAuth: [] }],
        headers: adminBonusGrantHeadersSchema,
        body: adminBonusGrantCreateSchema,
        response: { 200: adminBonusGrantSchema, 202: adminApprovalSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await grantBonusItem(
        app.ctx,
        requireCaller(request),
        request.body,
        request.headers['idempotency-key'],
      );
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.grant;
    },
  );
}
