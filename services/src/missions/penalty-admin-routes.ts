import { adminIdParamsSchema, creatorPenaltySchema, liftCreatorPenaltyRequestSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, listWindow, withContentRange } from '../admin';
import { requireRole } from '../auth';
import { errorResponses } from '../http';
import { liftPenaltyByOperator, listPenalties, penaltyById } from './penalty-console';

const RESOURCE = 'creator-penalties';
const filterSchema = z.object({
  creatorId: z.coerce.number().int().positive().optional(),
  lifted: z.boolean().optional(),
});

/** `/api/admin/creator-penalties`: penalties for missed perform deadlines; operators lift them. */
export async function creatorPenaltyAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: creator penalties'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    `/${RESOURCE}`,
    {
      schema: {
        tags,
        summary: 'Creator penalties (ra-data-simple-rest list)',
        description: '`filter` by creatorId or lifted; `sort` by id, createdAt, level or creatorId (default newest).',
        security,
        querystring: listQuerySchema(['id', 'createdAt', 'level', 'creatorId'], filterSchema),
        response: { 200: z.array(creatorPenaltySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = listWindow(request.query.range);
      const filter = (request.query.filter ?? {}) as z.infer<typeof filterSchema>;
      const { rows, total } = await listPenalties(app.db, filter, request.query.sort ?? ['createdAt', 'DESC'], window);
      withContentRange(reply, RESOURCE, window, rows.length, total);
      return rows;
    },
  );

  routes.get(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'One creator penalty',
        security,
        params: adminIdParamsSchema,
        response: { 200: creatorPenaltySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => penaltyById(app.db, request.params.id),
  );

  routes.put(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'Lift a creator penalty (operator)',
        description:
          'Its request block ends and the grade it lowered comes back; a login block ends unless another ' +
          'login-blocking penalty stands; it no longer counts towards the next level. Lifting again changes nothing.',
        security,
        params: adminIdParamsSchema,
        body: liftCreatorPenaltyRequestSchema,
        response: { 200: creatorPenaltySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const operator = requireRole(request, 'ROLE_OPERATOR');
      return liftPenaltyByOperator(app.ctx, request.params.id, operator.id, request.body.liftNote ?? null);
    },
  );
}
