import {
  adminApprovalSchema,
  adminIdParamsSchema,
  creatorPenaltySchema,
  liftCreatorPenaltyRequestSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { liftPenaltyOrRequestApproval } from './penalty-approvals';
import { listPenalties, penaltyById } from './penalty-console';

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

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Creator penalties (ra-data-simple-rest list)',
    description: '`filter` by creatorId or lifted; `sort` by id, createdAt, level or creatorId (default newest).',
    defaultSort: ['createdAt', 'DESC'],
    filter: filterSchema,
    row: creatorPenaltySchema,
    list: ({ filter, sort, window }) => listPenalties(app.db, filter, sort, window),
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One creator penalty',
    row: creatorPenaltySchema,
    find: (id) => penaltyById(app.db, id),
  });

  routes.put(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Lift a creator penalty (operator; 202, a finance member approves)',
        description:
          'Its request block ends and the grade it lowered comes back; a login block ends unless another ' +
          'login-blocking penalty stands; it no longer counts towards the next level. The lift gives back a payout ' +
          'rate, so it is 202 with a staff approval request (CREATOR_PENALTY_LIFT) that a finance member approves, ' +
          'and it runs then. Lifting a lifted penalty changes nothing (200).',
        security,
        params: adminIdParamsSchema,
        body: liftCreatorPenaltyRequestSchema,
        response: {
          200: creatorPenaltySchema,
          202: adminApprovalSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const operator = requireCaller(request);
      const note = request.body.liftNote ?? null;
      const outcome = await liftPenaltyOrRequestApproval(app.ctx, operator, request.params.id, note);
      if ('approval' in outcome) return reply.code(202).send(outcome.approval);
      return outcome.penalty;
    },
  );
}
