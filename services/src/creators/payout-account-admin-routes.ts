import {
  adminApprovalSchema,
  adminCreatorPayoutAccountSchema,
  adminIdParamsSchema,
  adminPayoutAccountChangeFilterSchema,
  adminPayoutAccountChangeSchema,
  adminPayoutAccountUpdateSchema,
  adminBusinessVerificationRequestSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { requestBusinessVerification } from './business-verification';
import { changePayoutAccountAsFinance, payoutAccountAsFinance } from './payout-account';
import { listPayoutAccountChanges, payoutAccountChange } from './payout-account-changes';

const HISTORY = 'payout-account-changes';
const ACCOUNTS = 'creator-payout-accounts';

/**
 * `/api/admin/payout-account-changes`: the history of creators' payout accounts (both console roles read it; account
 * numbers in full for finance, the last four digits for operators), and `/api/admin/creator-payout-accounts/{id}`:
 * finance asks to change a creator's payout account with a reason; another finance member approves the request
 * (`/api/admin/approvals`), and the change is then recorded and mailed like the creator's own.
 */
export async function payoutAccountAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: payout accounts'];

  consoleListRoute(app, {
    resource: HISTORY,
    tags,
    summary: 'Payout account changes (getList / getMany / getManyReference)',
    description:
      'filter={"creatorId":8,"id":[1,2]}; newest first unless sort=["id","ASC"] (id, changedAt); Content-Range. ' +
      'Each change: who (the creator himself, or finance with a reason), when, from which address, the account ' +
      'before and after. Account numbers are whole for finance and `****1234` for operators.',
    defaultSort: ['id', 'DESC'],
    filter: adminPayoutAccountChangeFilterSchema,
    row: adminPayoutAccountChangeSchema,
    list: ({ filter, sort, window }, request) =>
      listPayoutAccountChanges(app.db, requireCaller(request), filter, sort, window),
  });
  consoleRecordRoute(app, {
    resource: HISTORY,
    tags,
    summary: 'One payout account change',
    row: adminPayoutAccountChangeSchema,
    find: (id, request) => payoutAccountChange(app.db, requireCaller(request), id),
  });

  routes.get(
    `/${ACCOUNTS}/:id`,
    {
      config: { adminResource: ACCOUNTS },
      schema: {
        tags,
        summary: 'A creator’s payout account as it is (finance)',
        description:
          'Bank, holder, the whole account number, abroad and foreigner: what a change starts from. `id` is the ' +
          'creator’s. Finance only (403); an unknown creator is 404.',
        security: [{ bearerAuth: [] }],
        params: adminIdParamsSchema,
        response: { 200: adminCreatorPayoutAccountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => payoutAccountAsFinance(app.db, request.params.id),
  );

  routes.put(
    `/${ACCOUNTS}/:id`,
    {
      config: { adminResource: ACCOUNTS },
      schema: {
        tags,
        summary: 'Ask to change a creator’s payout account (finance; 202, a staff approval request)',
        description:
          'The whole account (bankName, bankAccountHolder, bankAccountNumber; payoutOverseas and payoutForeigner ' +
          'as they are unless given) and `reason` (1–200). A change is 202 with a staff approval request: another ' +
          'finance member approves it at `/api/admin/approvals/{id}/decision`, and only then is it a row of the ' +
          'payout account history, mailed to the creator, holding a statement issued within 72 hours. Saving the ' +
          'account as it is changes nothing (200, the account). `id` is the creator’s. Finance only (403), never on ' +
          'the caller’s own creator (403 `OWN_ACCOUNT`); an unknown creator is 404.',
        security: [{ bearerAuth: [] }],
        params: adminIdParamsSchema,
        body: adminPayoutAccountUpdateSchema,
        response: {
          200: adminCreatorPayoutAccountSchema,
          202: adminApprovalSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const outcome = await changePayoutAccountAsFinance(app.ctx, request.params.id, request.body, {
        actor: requireCaller(request),
        ip: request.ip,
        requestId: request.id,
        reason: request.body.reason,
      });
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.account;
    },
  );
  routes.post(
    `/${ACCOUNTS}/:id/business-verification`,
    {
      config: { adminResource: ACCOUNTS },
      schema: {
        tags,
        summary: 'Ask to verify the business registration a creator declares (finance; 202, a staff approval request)',
        description:
          'The business registry (국세청 사업자등록 상태조회) is asked for the registration number on the creator’s ' +
          'profile; a business in business is 202 with a staff approval request (CREATOR_BUSINESS_VERIFICATION) ' +
          'carrying its registered name. Once another finance member approves it, the registration counts: no 3.3 % ' +
          'withholding, and a payout account held in the registered name is his (checked again at once). 400 ' +
          '`VALIDATION_FAILED` on `businessRegistrationNumber` when he declares no business, or the registry does not ' +
          'know the number, or the business is closed or suspended; 503 `BUSINESS_REGISTRY_UNAVAILABLE` when the ' +
          'registry does not answer. `reason` 1–200. `id` is the creator’s. Finance only (403), never on the caller’s ' +
          'own creator (403 `OWN_ACCOUNT`); an unknown creator is 404.',
        security: [{ bearerAuth: [] }],
        params: adminIdParamsSchema,
        body: adminBusinessVerificationRequestSchema,
        response: { 202: adminApprovalSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const approval = await requestBusinessVerification(
        app.ctx,
        requireCaller(request),
        request.params.id,
        request.body.reason,
      );
      return reply.code(202).send(approval);
    },
  );
}
