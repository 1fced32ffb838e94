import { errorResponseSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { type EventConsumer, parkedEventsByConsumer } from '../outbox';
import { cachedEventsHealth } from './events-health-cache';
import { unauthorized } from '../http';
import { renderMetrics } from './metrics';
import { sameSecret } from './metrics-token';

/**
 * `GET /metrics` for Prometheus: the process registry (prom-client's default metrics and the counters of
 * services/src/metrics), HTTP request durations per route (`registerHttpMetrics`), the outbox relay's lag and each
 * event consumer's.
 */
export async function metricsRoutes(app: FastifyInstance, options: { consumers: readonly EventConsumer[] }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      // The scraper's bearer is the METRICS_TOKEN, not a session: the session hook must not refuse it.
      config: { ignoreStaleToken: true },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics: outbox relay lag and event consumer lag',
        description:
          'With METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>` is answered (401 otherwise).',
        response: { 200: z.string().describe(Registry.PROMETHEUS_CONTENT_TYPE), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const token = app.config.METRICS_TOKEN;
      if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) throw unauthorized();
      const events = await cachedEventsHealth(app.db, app.config, options.consumers, {
        ttlMs: app.config.HEALTH_CACHE_MS,
      });
      const deadLetters = await parkedEventsByConsumer(app.db);
      const { contentType, body } = await renderMetrics(app, events, deadLetters);
      return reply.header('content-type', contentType).send(body);
    },
  );
}
