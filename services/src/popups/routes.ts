import { popupSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as popups from './service';

/** `GET /notifications/popup/current`. */
export async function popupRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/notifications/popup/current',
    {
      schema: {
        tags: ['board'],
        summary: 'The popup to show now',
        description:
          'The active popup whose period includes now (the latest to start), or null. The client shows each id at ' +
          'most once per logged-in state and remembers dismissals itself. Public.',
        response: { 200: popupSchema.nullable() },
      },
    },
    async () => popups.currentPopup(app.ctx),
  );
}
