import { adminToDoSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { toDo } from './to-do';

/** `GET /api/admin/to-do`: the dashboard's "to do" block in one answer. */
export async function toDoAdminRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/to-do',
    {
      schema: {
        tags: ['admin: dashboard'],
        summary: 'What waits for the signed-in staff member: one count per queue his roles may act on',
        description:
          'Operators: creators awaiting review, creators asking to clear their adult flag, block objections pending. Finance: bank deposits to confirm, refund ' +
          'requests, statements to approve, statements to pay, held statements. Both: approval requests waiting for ' +
          'the caller (not his own). Each with the time its oldest entry started waiting.',
        security: [{ bearerAuth: [] }],
        response: { 200: adminToDoSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => toDo(app.ctx, requireCaller(request)),
  );
}
