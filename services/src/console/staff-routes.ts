import {
  ADMIN_STAFF_SORT_FIELDS,
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
import { inviteStaff, listStaff, staffMember, updateStaff } from './staff';

const RESOURCE = 'staff';

/**
 * `/api/admin/staff`: console accounts. Inviting creates the account without a password and mails a link to set one
 * (then the member logs in at /admin/); roles change within the caller's own roles; deactivating blocks the login at
 * once (the token stops working on its next call).
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
    sortFields: ADMIN_STAFF_SORT_FIELDS,
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
        summary: 'Invite a console member by e-mail (mails a link to set the password)',
        description:
          'Roles are ROLE_OPERATOR and/or ROLE_FINANCE, only ones the caller holds (403 ROLE_NOT_HELD). An e-mail ' +
          'already registered is 409. The invitation link works once, for 72 hours.',
        security,
        body: adminStaffCreateSchema,
        response: { 200: adminStaffSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => inviteStaff(app.ctx, requireCaller(request), request.body, request.language),
  );

  routes.put(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Change a console account’s roles, or deactivate / reactivate it',
        description:
          'Only within the caller’s own roles, never one’s own account (403). Deactivating blocks the login at once.',
        security,
        params: idParamsSchema,
        body: adminStaffUpdateSchema,
        response: { 200: adminStaffSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateStaff(app.ctx, requireCaller(request), request.params.id, request.body, (staff) =>
        auditBefore(request, staff),
      ),
  );
}
