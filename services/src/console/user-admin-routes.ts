import {
  adminUserDetailSchema,
  adminUserFilterSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  idParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditBefore, consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { AppError, errorResponses } from '../http';
import * as consoleUsers from './user-console';

const RESOURCE = 'users';

/** `/api/admin/users`: members, creators and staff; operators block and unblock logins with a reason. */
export async function userAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: users'];
  const security = [{ bearerAuth: [] }];

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Accounts (getList / getMany)',
    description:
      'filter={"q":"e-mail, name or phone","role":"ROLE_CREATOR","loginBlocked":true,"id":[1,2]}; ' +
      'sort by id, email, username or createdAt; Content-Range.',
    defaultSort: ['id', 'DESC'],
    filter: adminUserFilterSchema,
    row: adminUserSchema,
    list: (query) => consoleUsers.listUsers(app.ctx, query),
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One account with its coins, its missions by status, the missions he hid and open money requests',
    row: adminUserDetailSchema,
    find: (id) => consoleUsers.userDetail(app.ctx.db, id),
  });

  routes.put(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Block or unblock a member’s login (operators; a reason is required to block)',
        description:
          'A blocked account cannot log in and its tokens stop working at once. Staff accounts, and accounts a ' +
          'staff deactivation blocked, are refused (403 STAFF_ACCOUNT): they are managed at /api/admin/staff. ' +
          'One’s own account cannot be blocked (403 STAFF_SELF). Unblocking settles the member’s pending block ' +
          'objections (ACCEPTED by the caller; each noted in the audit log under block-objections, settledBy UNBLOCK).',
        security,
        params: idParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const before = await consoleUsers.userDetail(app.ctx.db, request.params.id);
      if (before.id === caller.id) throw new AppError(403, 'console.staffSelf', { code: 'STAFF_SELF' });
      auditBefore(request, before);
      return consoleUsers.setLoginBlock(app.ctx, before, request.body, {
        operator: caller,
        requestId: request.id,
        action: `${request.method} ${request.routeOptions.url ?? ''}`,
      });
    },
  );
}
