import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { readEventsHealth, type EventConsumer } from '../outbox/index';
import { renderMetrics } from './metrics';

/**
 * `GET /metrics` for Prometheus: the process (prom-client's default metrics), HTTP request durations per route
 * (`registerHttpMetrics`), the outbox relay's lag and each event consumer's.
 */
export async function metricsRoutes(app: FastifyInstance, options: { consumers: readonly EventConsumer[] }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics: outbox relay lag and event consumer lag',
        response: { 200: z.string().describe(Registry.PROMETHEUS_CONTENT_TYPE) },
      },
    },
    async (_request, reply) => {
      const events = await readEventsHealth(app.db, app.config, options.consumers);
      const { contentType, body } = await renderMetrics(app, events);
      return reply.header('content-type', contentType).send(body);
    },
  );
}
