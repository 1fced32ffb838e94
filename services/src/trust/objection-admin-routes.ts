import { adminBlockObjectionSchema, adminIdParamsSchema, decideBlockObjectionSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditBefore, consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { decideBlockObjection, findAdminObjection, listAdminObjections } from './block-objections';

const RESOURCE = 'block-objections';
const filterSchema = z.object({
  status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED']).optional(),
  userId: z.coerce.number().int().positive().optional(),
});

/** `/api/admin/block-objections`: blocked members' objections; operators accept (unblock) or reject them. */
export async function blockObjectionAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: block objections'];
  const security = [{ bearerAuth: [] }];

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Objections to login blocks (ra-data-simple-rest list)',
    description:
      '`filter` by status or userId; `sort` by id, created or status (default oldest first: the longest waiting).',
    defaultSort: ['created', 'ASC'],
    filter: filterSchema,
    row: adminBlockObjectionSchema,
    list: ({ filter, sort, window }) => listAdminObjections(app.db, filter, sort, window),
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One objection to a login block',
    row: adminBlockObjectionSchema,
    find: (id) => findAdminObjection(app.db, id),
  });

  routes.put(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Decide an objection (operator)',
        description:
          'ACCEPTED ends the block it objected to; REJECTED keeps it and needs `decisionNote`. A decided objection ' +
          'cannot be decided again (409). A staff account, or one a staff deactivation blocked, cannot be let back ' +
          'in here (403 STAFF_ACCOUNT): that is /api/admin/staff’s.',
        security,
        params: adminIdParamsSchema,
        body: decideBlockObjectionSchema,
        response: { 200: adminBlockObjectionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const operator = requireCaller(request);
      auditBefore(request, await findAdminObjection(app.db, request.params.id));
      await decideBlockObjection(app.ctx, operator, request.params.id, request.body);
      return findAdminObjection(app.db, request.params.id);
    },
  );
}
