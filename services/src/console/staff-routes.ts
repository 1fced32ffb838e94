import {
  adminApprovalSchema,
  adminStaffCreateSchema,
  adminStaffFilterSchema,
  adminStaffSchema,
  adminStaffUpdateSchema,
  idParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditBefore, consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { listStaff, staffMember } from './staff';
import { inviteOrRequestApproval, updateOrRequestApproval } from './staff-approvals';

const RESOURCE = 'staff';

/**
 * `/api/admin/staff`: console accounts. Every change is a staff approval request (./staff-approvals.ts): once approved,
 * an invitation creates the account without a password and mails a link to set one (then the member logs in at
 * /admin/); roles change within the caller's own roles; deactivating blocks the login at once (the token stops
 * working on its next call).
 */
export async function staffAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: staff'];
  const security = [{ bearerAuth: [] }];

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Console accounts (getList / getMany)',
    description: 'filter={"q":"e-mail or name","role":"ROLE_FINANCE","active":true,"id":[1,2]}; Content-Range.',
    defaultSort: ['id', 'ASC'],
    filter: adminStaffFilterSchema,
    row: adminStaffSchema,
    list: ({ filter, sort, window }) => listStaff(app.db, filter, sort, window),
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One console account',
    row: adminStaffSchema,
    find: (id) => staffMember(app.db, id),
  });

  routes.post(
    `/${RESOURCE}`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Invite a console member by e-mail (mails a link to set the password; 202, a staff approval request)',
        description:
          'Roles are ROLE_OPERATOR and/or ROLE_FINANCE, only ones the caller holds (403 ROLE_NOT_HELD). An e-mail ' +
          'already registered is 409. The invitation link works once, for 72 hours. The invitation is 202 with a ' +
          'staff approval request that another member, unrelated to the caller, holding the granted role (finance ' +
          'when finance is granted) approves. Only the founding account, while it is the console’s one and only ' +
          'account (never again once a second one existed), invites at once (200).',
        security,
        body: adminStaffCreateSchema,
        response: { 200: adminStaffSchema, 202: adminApprovalSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await inviteOrRequestApproval(app.ctx, requireCaller(request), request.body, request.language);
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.staff;
    },
  );

  routes.put(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Ask to change a console account’s roles, or to deactivate / reactivate it (202)',
        description:
          'Only within the caller’s own roles, never one’s own account (403). Every change is 202 with a staff ' +
          'approval request (STAFF_ROLE_GRANT, STAFF_ROLE_REMOVAL, STAFF_DEACTIVATION, STAFF_REACTIVATION) that ' +
          'another member, unrelated to the caller and other than the account, holding the role concerned approves ' +
          '(the other console role when nobody else holds it); nothing changes until then. Once approved, a ' +
          'deactivation blocks the login at once. A body equal to the account is 200 with the account, unchanged. ' +
          'Roles and `active` change in separate requests (400 on `active`). A change that would leave a role ' +
          'without an active holder is 409 `LAST_ROLE_HOLDER`.',
        security,
        params: idParamsSchema,
        body: adminStaffUpdateSchema,
        response: { 200: adminStaffSchema, 202: adminApprovalSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await updateOrRequestApproval(
        app.ctx,
        requireCaller(request),
        request.params.id,
        request.body,
        (staff) => auditBefore(request, staff),
      );
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.staff;
    },
  );
}
