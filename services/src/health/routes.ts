import {
  errorResponseSchema,
  healthResponseSchema,
  type EventsHealth,
  type HealthResponse,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pingDatabase } from '../db';
import type { EventConsumer } from '../outbox/index';
import { cachedEventsHealth, GENERIC_DOWN_MESSAGE, publicEventsHealth } from './events-health-cache';

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
          'follows the database only: while Kafka is down, events wait in the outbox and the API keeps working. ' +
          'The pipeline is read at most once every 5 seconds; failures are reported without their internal text.',
        response: { 200: healthResponseSchema, 503: healthResponseSchema, 500: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      let database: HealthResponse['details']['database'];
      try {
        database = { status: 'UP', latencyMs: await pingDatabase(app.db) };
      } catch (error) {
        // The driver's message names hosts, ports and roles: logged, never answered.
        app.log.warn({ err: error }, 'health: database unreachable');
        database = { status: 'DOWN', error: GENERIC_DOWN_MESSAGE };
      }
      let events: EventsHealth;
      try {
        events = publicEventsHealth(
          await cachedEventsHealth(app.db, app.config, options.consumers, { ttlMs: app.config.HEALTH_CACHE_MS }),
        );
      } catch (error) {
        app.log.warn({ err: error }, 'health: event pipeline unreadable');
        events = {
          status: 'DOWN',
          transport: app.config.KAFKA_BROKERS.length > 0 ? 'kafka' : 'postgres',
          relay: null,
          consumers: [],
          error: GENERIC_DOWN_MESSAGE,
        };
      }
      const status = database.status === 'UP' ? 'UP' : 'DOWN';
      return reply
        .status(status === 'UP' ? 200 : 503)
        .send({ status, version: options.version, details: { database, events } });
    },
  );
}
