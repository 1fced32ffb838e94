import type { EventsHealth } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readEventsHealth, type EventConsumer } from '../outbox/index';

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

interface Sample {
  labels?: Record<string, string>;
  value: number;
}

function family(name: string, help: string, samples: Sample[]): string {
  const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`];
  for (const { labels, value } of samples) {
    const text = labels
      ? `{${Object.entries(labels)
          .map(([key, label]) => `${key}="${escape(label)}"`)
          .join(',')}}`
      : '';
    lines.push(`${name}${text} ${value}`);
  }
  return lines.join('\n');
}

/** The event pipeline in the Prometheus text exposition format (0.0.4). */
export function eventMetrics(events: EventsHealth): string {
  const transport = events.transport;
  const families = [
    family('fanmission_events_up', 'Whether the event pipeline’s transport answered (1) or not (0).', [
      { labels: { transport }, value: events.status === 'UP' ? 1 : 0 },
    ]),
  ];
  if (events.relay) {
    families.push(
      family('fanmission_outbox_unsent_events', 'Outbox events the relay has not published to Kafka yet.', [
        { value: events.relay.unsentEvents },
      ]),
      family('fanmission_outbox_oldest_unsent_age_seconds', 'Age of the oldest unpublished outbox event (0: none).', [
        { value: events.relay.oldestUnsentSeconds ?? 0 },
      ]),
    );
  }
  families.push(
    family(
      'fanmission_event_consumer_pending_events',
      'Events a consumer has not applied yet (Kafka: messages its group has not committed).',
      events.consumers.map((lag) => ({ labels: { consumer: lag.consumer, transport }, value: lag.pendingEvents })),
    ),
  );
  const aged = events.consumers.filter((lag) => transport === 'postgres' || lag.oldestPendingSeconds !== null);
  if (aged.length > 0) {
    families.push(
      family(
        'fanmission_event_consumer_oldest_pending_age_seconds',
        'Age of the oldest event a consumer has not applied yet (0: none).',
        aged.map((lag) => ({ labels: { consumer: lag.consumer, transport }, value: lag.oldestPendingSeconds ?? 0 })),
      ),
    );
  }
  return `${families.join('\n')}\n`;
}

/** `GET /metrics` for Prometheus: relay lag and per-consumer lag. */
export async function metricsRoutes(app: FastifyInstance, options: { consumers: readonly EventConsumer[] }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics: outbox relay lag and event consumer lag',
        response: { 200: z.string().describe(CONTENT_TYPE) },
      },
    },
    async (_request, reply) => {
      const events = await readEventsHealth(app.db, app.config, options.consumers);
      return reply.header('content-type', CONTENT_TYPE).send(eventMetrics(events));
    },
  );
}
