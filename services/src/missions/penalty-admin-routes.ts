import { adminIdParamsSchema, creatorPenaltySchema, liftCreatorPenaltyRequestSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, listWindow, withContentRange } from '../admin';
import { requireRole } from '../auth';
import { errorResponses, notFound } from '../http';
import { liftPenalty, penaltyDto } from './penalties';

const RESOURCE = 'creator-penalties';
const SORT_COLUMNS = { id: 'id', createdAt: 'created_at', level: 'level', creatorId: 'creator_id' } as const;
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
      const [field, direction] = request.query.sort ?? ['createdAt', 'DESC'];
      let query = app.db.selectFrom('creator_penalties');
      if (filter.creatorId !== undefined) query = query.where('creator_id', '=', filter.creatorId);
      if (filter.lifted !== undefined) query = query.where('lifted_at', filter.lifted ? 'is not' : 'is', null);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy(SORT_COLUMNS[field], direction === 'ASC' ? 'asc' : 'desc')
          .orderBy('id', 'desc')
          .offset(window.offset)
          .limit(window.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      withContentRange(reply, RESOURCE, window, rows.length, Number(count.total));
      return rows.map(penaltyDto);
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
    async (request) => {
      const row = await app.db
        .selectFrom('creator_penalties')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound('creatorPenalties.notFound');
      return penaltyDto(row);
    },
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
      const lifted = await app.db.transaction().execute((trx) =>
        liftPenalty(trx, {
          penaltyId: request.params.id,
          operatorId: operator.id,
          note: request.body.liftNote ?? null,
          at: app.ctx.now(),
        }),
      );
      if (!lifted) throw notFound('creatorPenalties.notFound');
      return penaltyDto(lifted);
    },
  );
}
