import type { EventsHealth } from '@fanmission/contracts';
import type { AppConfig } from '../config';
import type { Db } from '../db';
import { readEventsHealth, type EventConsumer } from '../outbox/index';

/** How long one reading of the event pipeline answers every anonymous /health and /metrics call. */
export const EVENTS_HEALTH_TTL_MS = 5_000;

interface Entry {
  at: number;
  reading: Promise<EventsHealth>;
}

const cache = new WeakMap<Db, Entry>();

/**
 * The event pipeline's health, read at most once per `ttlMs` per database whatever the number of callers: concurrent
 * calls share the reading in flight (one Kafka admin connection, one backlog count), later ones reuse its result.
 */
export function cachedEventsHealth(
  db: Db,
  config: AppConfig,
  consumers: readonly EventConsumer[],
  options: { ttlMs?: number; now?: () => number; read?: typeof readEventsHealth } = {},
): Promise<EventsHealth> {
  const now = (options.now ?? Date.now)();
  const ttlMs = options.ttlMs ?? EVENTS_HEALTH_TTL_MS;
  const entry = cache.get(db);
  if (entry && now - entry.at < ttlMs) return entry.reading;
  const reading = (options.read ?? readEventsHealth)(db, config, consumers);
  cache.set(db, { at: now, reading });
  // A failed reading is not kept: the next call tries again.
  reading.catch(() => {
    if (cache.get(db)?.reading === reading) cache.delete(db);
  });
  return reading;
}

/** What anonymous callers learn of a failure: that it failed, never the host, port, role or driver message. */
export const GENERIC_DOWN_MESSAGE = 'unavailable';

/** The events health without its internal error text. */
export function publicEventsHealth(events: EventsHealth): EventsHealth {
  return events.error === undefined ? events : { ...events, error: GENERIC_DOWN_MESSAGE };
}
