import {
  errorResponseSchema,
  healthResponseSchema,
  type EventsHealth,
  type HealthResponse,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pingDatabase } from '../db';
import { readEventsHealth, type EventConsumer } from '../outbox/index';

export async function healthRoutes(
  app: FastifyInstance,
  options: { version: string; consumers: readonly EventConsumer[] },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and readiness of the API and its database, and the event pipeline’s backlog',
        description:
          '`details.events` reports the outbox relay’s backlog (Kafka mode) and each event consumer’s. The status ' +
          'follows the database only: while Kafka is down, events wait in the outbox and the API keeps working.',
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
      let events: EventsHealth;
      try {
        events = await readEventsHealth(app.db, app.config, options.consumers);
      } catch (error) {
        events = {
          status: 'DOWN',
          transport: app.config.KAFKA_BROKERS.length > 0 ? 'kafka' : 'postgres',
          relay: null,
          consumers: [],
          error: error instanceof Error ? error.message : String(error),
        };
      }
      const status = database.status === 'UP' ? 'UP' : 'DOWN';
      return reply
        .status(status === 'UP' ? 200 : 503)
        .send({ status, version: options.version, details: { database, events } });
    },
  );
}
