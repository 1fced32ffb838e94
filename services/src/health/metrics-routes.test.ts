import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '@fanmission/tests/harness/app';
import { domainEvent, recordEvents } from '../outbox';
import { EVENT_CONSUMERS } from '../runtime';
import { drainOutbox } from '@fanmission/tests/support/outbox';

const testApp = useTestApp();
const app = () => testApp.current.app;

interface EventsDetails {
  status: string;
  transport: string;
  relay: unknown;
  consumers: { consumer: string; pendingEvents: number; oldestPendingSeconds: number | null }[];
}

async function eventsHealth(): Promise<EventsDetails> {
  const response = await app().inject({ method: 'GET', url: '/api/v1/health' });
  expect(response.statusCode).toBe(200);
  return response.json<{ details: { events: EventsDetails } }>().details.events;
}

describe('event pipeline lag (embedded mode)', () => {
  it('shows each consumer’s backlog in the health details and as Prometheus metrics', async () => {
    await drainOutbox(app().db);
    await recordEvents(app().db, [
      domainEvent('creator.followed', { creatorId: 999_999, userId: 1 }, new Date()),
      domainEvent('creator.unfollowed', { creatorId: 999_999, userId: 1 }, new Date()),
    ]);

    const pending = await eventsHealth();
    expect(pending).toMatchObject({ status: 'UP', transport: 'postgres', relay: null });
    expect(pending.consumers.map((lag) => lag.consumer)).toEqual(EVENT_CONSUMERS.map((consumer) => consumer.name));
    for (const lag of pending.consumers) {
      expect(lag.pendingEvents).toBe(2);
      expect(lag.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
    }

    const metrics = await app().inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(metrics.body).toContain('# TYPE fanmission_event_consumer_pending_events gauge');
    expect(metrics.body).toContain(
      'fanmission_event_consumer_pending_events{consumer="creator-popularity",transport="postgres"} 2',
    );
    expect(metrics.body).toContain('fanmission_events_up{transport="postgres"} 1');
    expect(metrics.body).not.toContain('fanmission_outbox_unsent_events');

    await drainOutbox(app().db);
    const drained = await eventsHealth();
    expect(drained.consumers.every((lag) => lag.pendingEvents === 0 && lag.oldestPendingSeconds === null)).toBe(true);
    const after = await app().inject({ method: 'GET', url: '/metrics' });
    expect(after.body).toContain(
      'fanmission_event_consumer_pending_events{consumer="notifications",transport="postgres"} 0',
    );
    expect(after.body).toContain(
      'fanmission_event_consumer_oldest_pending_age_seconds{consumer="settlement-feed",transport="postgres"} 0',
    );
  });
});

describe('process and HTTP metrics', () => {
  it('shows the process’s default metrics and request durations by route pattern, method and status', async () => {
    const known = await app().inject({ method: 'GET', url: '/api/v1/health' });
    expect(known.statusCode).toBe(200);
    const missing = await app().inject({ method: 'GET', url: '/api/v1/no-such-thing/12345' });
    expect(missing.statusCode).toBe(404);

    const metrics = await app().inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(metrics.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(metrics.body).toContain('# TYPE fanmission_http_request_duration_seconds histogram');
    expect(metrics.body).toMatch(
      /^fanmission_http_request_duration_seconds_count\{route="\/api\/v1\/health",method="GET",status_code="200"\} [1-9]\d*$/m,
    );
    expect(metrics.body).toMatch(
      /^fanmission_http_request_duration_seconds_count\{route="unmatched",method="GET",status_code="404"\} [1-9]\d*$/m,
    );
    expect(metrics.body).not.toContain('no-such-thing');
  });

  it('keeps each app’s request counts in its own registry', async () => {
    const other = await createTestApp();
    try {
      await other.app.inject({ method: 'GET', url: '/api/v1/health' });
      await other.app.inject({ method: 'GET', url: '/api/v1/health' });
      const before = healthCount((await app().inject({ method: 'GET', url: '/metrics' })).body);
      await app().inject({ method: 'GET', url: '/api/v1/health' });
      const after = healthCount((await app().inject({ method: 'GET', url: '/metrics' })).body);
      expect(after).toBe(before + 1);
      expect(healthCount((await other.app.inject({ method: 'GET', url: '/metrics' })).body)).toBe(2);
    } finally {
      await other.app.close();
      await other.database.drop();
    }
  });
});

function healthCount(body: string): number {
  const match =
    /^fanmission_http_request_duration_seconds_count\{route="\/api\/v1\/health",method="GET",status_code="200"\} (\d+)$/m.exec(
      body,
    );
  return Number(match?.[1] ?? 0);
}
