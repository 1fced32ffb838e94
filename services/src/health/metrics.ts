import type { EventsHealth } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry } from 'prom-client';
import { processMetrics } from '../metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics (HTTP request durations); scraped at `/metrics`. */
    metricsRegistry: Registry;
  }
}

/** The route label of a request no route matched (unknown paths never become label values). */
export const UNMATCHED_ROUTE = 'unmatched';

function requestDurationHistogram(registry: Registry) {
  return new Histogram({
    name: 'fanmission_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to sending its response, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
}

/**
 * A metrics registry for this app instance, and the request duration histogram: one observation per response,
 * labelled with the route pattern (`/api/v1/missions/:missionId`, never the raw URL), the method and the status.
 * Registered before the routes so that every route gets the hook.
 */
export const registerHttpMetrics = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    const requestDuration = requestDurationHistogram(registry);
    app.decorate('metricsRegistry', registry);
    app.addHook('onResponse', async (request, reply) => {
      requestDuration.observe(
        {
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          method: request.method,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'http-metrics' },
);

/**
 * The event pipeline as gauges, in a registry of its own made for one scrape: the families follow the snapshot
 * (no relay gauges without a relay, no stale consumers).
 */
function eventMetrics(events: EventsHealth, deadLetters: ReadonlyMap<string, number>): Registry {
  const registry = new Registry();
  const transport = events.transport;
  new Gauge({
    name: 'fanmission_events_up',
    help: 'Whether the event pipeline’s transport answered (1) or not (0).',
    labelNames: ['transport'] as const,
    registers: [registry],
  }).set({ transport }, events.status === 'UP' ? 1 : 0);
  if (events.relay) {
    new Gauge({
      name: 'fanmission_outbox_unsent_events',
      help: 'Outbox events the relay has not published to Kafka yet.',
      registers: [registry],
    }).set(events.relay.unsentEvents);
    new Gauge({
      name: 'fanmission_outbox_oldest_unsent_age_seconds',
      help: 'Age of the oldest unpublished outbox event (0: none).',
      registers: [registry],
    }).set(events.relay.oldestUnsentSeconds ?? 0);
  }
  const pending = new Gauge({
    name: 'fanmission_event_consumer_pending_events',
    help: 'Events a consumer has not applied yet (Kafka: messages its group has not committed).',
    labelNames: ['consumer', 'transport'] as const,
    registers: [registry],
  });
  for (const lag of events.consumers) pending.set({ consumer: lag.consumer, transport }, lag.pendingEvents);
  const aged = events.consumers.filter((lag) => transport === 'postgres' || lag.oldestPendingSeconds !== null);
  if (aged.length > 0) {
    const oldest = new Gauge({
      name: 'fanmission_event_consumer_oldest_pending_age_seconds',
      help: 'Age of the oldest event a consumer has not applied yet (0: none).',
      labelNames: ['consumer', 'transport'] as const,
      registers: [registry],
    });
    for (const lag of aged) oldest.set({ consumer: lag.consumer, transport }, lag.oldestPendingSeconds ?? 0);
  }
  const parked = new Gauge({
    name: 'fanmission_event_consumer_dead_letters',
    help: 'Events a consumer failed on too many times and parked (alert when above 0).',
    labelNames: ['consumer'] as const,
    registers: [registry],
  });
  for (const lag of events.consumers) parked.set({ consumer: lag.consumer }, deadLetters.get(lag.consumer) ?? 0);
  for (const [consumer, count] of deadLetters) {
    if (!events.consumers.some((lag) => lag.consumer === consumer)) parked.set({ consumer }, count);
  }
  return registry;
}

/** Everything `/metrics` shows, in the Prometheus text exposition format (0.0.4). */
export async function renderMetrics(
  app: FastifyInstance,
  events: EventsHealth,
  deadLetters: ReadonlyMap<string, number> = new Map(),
): Promise<{ contentType: string; body: string }> {
  const registry = Registry.merge([processMetrics(), app.metricsRegistry, eventMetrics(events, deadLetters)]);
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/**
 * The name of every metric family `/metrics` can show (an API process; the worker's and relay's listener shows the
 * process registry's part), each with its type: built from the same registries, with an event pipeline snapshot that
 * has every optional part, so that a dashboard can be checked against what the product exposes.
 */
export async function exposedMetricFamilies(): Promise<Array<{ name: string; type: string }>> {
  const http = new Registry();
  requestDurationHistogram(http);
  const everyPart: EventsHealth = {
    status: 'UP',
    transport: 'kafka',
    relay: { unsentEvents: 0, oldestUnsentSeconds: 0 },
    consumers: [{ consumer: 'any', pendingEvents: 0, oldestPendingSeconds: 0 }],
  };
  const registry = Registry.merge([processMetrics(), http, eventMetrics(everyPart, new Map())]);
  const families = await registry.getMetricsAsJSON();
  return families.map((family) => ({ name: family.name, type: String(family.type) }));
}
