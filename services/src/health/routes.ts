import { errorResponseSchema, healthResponseSchema, type HealthResponse } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pingDatabase } from '../db/database';

export async function healthRoutes(app: FastifyInstance, options: { version: string }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and readiness of the API and its database',
        response: { 200: healthResponseSchema, 503: healthResponseSchema, 500: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      let database: HealthResponse['details']['database'];
      try {
        database = { status: 'UP', latencyMs: await pingDatabase(app.db) };
      } catch (error) {
        database = { status: 'DOWN', error: error instanceof Error ? error.message : String(error) };
      }
      const status = database.status === 'UP' ? 'UP' : 'DOWN';
      return reply
        .status(status === 'UP' ? 200 : 503)
        .send({ status, version: options.version, details: { database } });
    },
  );
}
