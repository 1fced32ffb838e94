import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { EventsHealth } from '@fanmission/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import type { Db } from '../db';
import { EVENT_CONSUMERS } from '../runtime';
import { cachedEventsHealth } from './events-health-cache';

// Anonymous /health and /metrics must not open a Kafka admin connection and count the outbox on
// every call, nor echo internal error text; /metrics can be closed with a token.

const apps: TestApp[] = [];
const sockets = new Set<Socket>();
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const { app, database } of apps) {
    await app.close();
    await database.drop();
  }
});

const UP: EventsHealth = { status: 'UP', transport: 'postgres', relay: null, consumers: [] };

describe('cachedEventsHealth', () => {
  it('reads once for any number of concurrent callers, again after the TTL, and never keeps a failure', async () => {
    const db = {} as Db;
    let reads = 0;
    let clock = 1_000;
    let fail = false;
    // The first read stays under way until all 200 callers have asked (a latch the test lets go).
    let letGo!: () => void;
    const allAsked = new Promise<void>((resolve) => (letGo = resolve));
    const read = async () => {
      reads += 1;
      await allAsked;
      if (fail) throw new Error('broker down');
      return UP;
    };
    const options = { ttlMs: 5_000, now: () => clock, read };
    const config = testConfig();
    const callers = Array.from({ length: 200 }, () => cachedEventsHealth(db, config, [], options));
    letGo();
    await Promise.all(callers);
    expect(reads).toBe(1);
    clock += 4_999;
    await cachedEventsHealth(db, config, [], options);
    expect(reads).toBe(1);
    clock += 1;
    fail = true;
    await expect(cachedEventsHealth(db, config, [], options)).rejects.toThrow('broker down');
    expect(reads).toBe(2);
    fail = false;
    await expect(cachedEventsHealth(db, config, [], options)).resolves.toEqual(UP);
    expect(reads).toBe(3);
  });
});

describe('/api/v1/health and /metrics', () => {
  it('opens at most one reading’s Kafka connections for 50 concurrent calls and hides the error text', async () => {
    // A "broker" that accepts connections and never answers: each reading times out (3 s) and counts its sockets.
    let connections = 0;
    const broker = createServer((socket) => {
      connections += 1;
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
    const port = (broker.address() as AddressInfo).port;
    const testApp = await createTestApp({
      config: testConfig({ KAFKA_BROKERS: `127.0.0.1:${port}`, HEALTH_CACHE_MS: '60000' }),
      eventConsumers: EVENT_CONSUMERS,
    });
    apps.push(testApp);
    const { app } = testApp;

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => app.inject({ method: 'GET', url: '/api/v1/health' })),
    );
    // No new connection from here on (close waits for the open ones: end them).
    const closed = new Promise((resolve) => broker.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const events = answers[0]!.json<{ details: { events: EventsHealth } }>().details.events;
    expect(events).toMatchObject({ status: 'DOWN', transport: 'kafka', error: 'unavailable' });
    expect(answers[0]!.body).not.toMatch(/Kafka did not answer|127\.0\.0\.1|ECONN/);
    // One reading's admin client (kafkajs may retry its connection within the reading's 3 s), not one per call.
    expect(connections).toBeGreaterThanOrEqual(1);
    expect(connections).toBeLessThanOrEqual(5);

    // /metrics shares the same reading: no new connection.
    const before = connections;
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('fanmission_events_up{transport="kafka"} 0');
    expect(connections).toBe(before);
  });

  it('answers /metrics only with the METRICS_TOKEN when one is set', async () => {
    const testApp = await createTestApp({ config: testConfig({ METRICS_TOKEN: 'scrape-token-0123456789' }) });
    apps.push(testApp);
    const { app } = testApp;
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-token-0123456789' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('fanmission_event_consumer_dead_letters{consumer="notifications"} 0');
  });
});
