import { notificationPageQuerySchema, notificationPageSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { notificationPage } from './service';

/** The caller's notifications. */
export async function notificationRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/users/me/notifications/page',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s notifications, newest first',
        description:
          'A page of 12 by default. A creator is told about new mission requests; a fan about acceptance, ' +
          'completion, and refused, expired or cancelled missions with the coins refunded. `content` follows ' +
          '`Accept-Language`; `thumbnail` is the other party’s profile picture (null: show the placeholder).',
        security: [{ bearerAuth: [] }],
        querystring: notificationPageQuerySchema,
        response: { 200: notificationPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => notificationPage(app.ctx, requireCaller(request).id, request.query, request.language),
  );
}
