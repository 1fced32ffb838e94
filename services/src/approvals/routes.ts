import {
  adminApprovalCountsSchema,
  adminApprovalDecisionSchema,
  adminApprovalFilterSchema,
  adminApprovalSchema,
  adminIdParamsSchema,
  adminStaffAllowanceSchema,
} from '@fanmission/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditBefore, consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { allowanceOf } from './allowance';
import type { GuardedAction } from './guarded-action';
import { approvalCounts, decideApproval, getApproval, listApprovals } from './service';

const RESOURCE = 'approvals';

/**
 * `/api/admin/approvals`: the staff approval requests of the guarded money actions given (each module declares its
 * own): the lists "waiting for my approval" and "my requests", their counts, one request with its history, and the
 * decision. Every decision is in the audit log (resource `approvals`), the request before and after.
 */
export function approvalAdminRoutes(actions: readonly GuardedAction[]): FastifyPluginAsync {
  return async function approvalRoutes(app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin: approvals'];
    consoleListRoute(app, {
      resource: RESOURCE,
      tags,
      summary: 'Staff approval requests (getList / getMany)',
      description:
        'filter={"view":"waiting"} (pending requests of others the caller may approve), {"view":"mine"} (the ' +
        'caller’s own), status, kind, id; newest first. A caller sees his own requests and those whose checker role ' +
        'he holds.',
      defaultSort: ['id', 'DESC'],
      filter: adminApprovalFilterSchema,
      row: adminApprovalSchema,
      list: ({ filter, sort, window }, request) =>
        listApprovals(app.ctx, actions, requireCaller(request), filter, sort[1], window),
    });
    routes.get(
      `/${RESOURCE}/counts`,
      {
        config: { adminResource: RESOURCE },
        schema: {
          tags,
          summary: 'How many requests wait for the caller’s approval, and how many of his own are pending',
          security: [{ bearerAuth: [] }],
          response: { 200: adminApprovalCountsSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => approvalCounts(app.ctx, requireCaller(request)),
    );
    routes.get(
      `/${RESOURCE}/allowance`,
      {
        config: { adminResource: RESOURCE },
        schema: {
          tags,
          summary: 'How much of his daily allowances the caller used alone (the last 24 hours)',
          description:
            'Per allowance (FREE_COINS in coins; MONEY_OUT_WON: refunds paid and payment cancels; MONEY_IN_WON: bank ' +
            'deposits confirmed), what the caller did without a second member in the last `windowHours`, the limit ' +
            'and what remains. An action that would pass an allowance answers 202 with an approval request instead.',
          security: [{ bearerAuth: [] }],
          response: { 200: adminStaffAllowanceSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => allowanceOf(app.ctx, requireCaller(request).id),
    );
    consoleRecordRoute(app, {
      resource: RESOURCE,
      tags,
      summary: 'One approval request with its history',
      row: adminApprovalSchema,
      find: (id, request) => getApproval(app.ctx, actions, requireCaller(request), id),
    });
    routes.post(
      `/${RESOURCE}/:id/decision`,
      {
        config: { adminResource: RESOURCE },
        schema: {
          tags,
          summary: 'Approve (run once) or refuse a request',
          description:
            '`{"decision":"approve","note"?}`: a staff member other than the maker, holding the request’s role, ' +
            'approves; the action runs once in the same transaction and the request answers EXECUTED with its ' +
            'result (approving again runs nothing). The maker’s own approval is 403 `OWN_REQUEST`; a member related ' +
            'to the maker (one invited, gave a role to, reactivated or approved any of those for the other, through ' +
            'a chain, or the same member chose both) is 403 `STAFF_RELATED`; the account a staff request changes ' +
            'is 403 `STAFF_SELF`. A request ' +
            'whose target changed since it was made is voided (409 `APPROVAL_VOIDED`), an expired one expires (409 ' +
            '`APPROVAL_EXPIRED`); neither runs anything. The action’s own refusals (409) leave the request pending. ' +
            '`{"decision":"refuse","note"}`: a checker refuses, or the maker withdraws. A request the caller may not ' +
            'see is 404.',
          security: [{ bearerAuth: [] }],
          params: adminIdParamsSchema,
          body: adminApprovalDecisionSchema,
          response: { 200: adminApprovalSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const caller = requireCaller(request);
        auditBefore(request, await getApproval(app.ctx, actions, caller, request.params.id));
        return decideApproval(app.ctx, actions, caller, request.params.id, request.body);
      },
    );
  };
}
