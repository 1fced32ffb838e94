import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db';
import { AppError } from '../http';
import { countRateLimitRefusal } from '../metrics';

export interface RateLimit {
  max: number;
  /** Milliseconds, or a duration @fastify/rate-limit understands ('1 minute'). */
  timeWindow: number | string;
}

/** Limits on the routes that guess passwords or send mail. */
export interface RateLimits {
  /** Per account: `POST /api/login`. */
  login: RateLimit;
  /** Per client address: `POST /users` (each sign-up sends a verification mail). */
  signUp: RateLimit;
  /** Per account for the reset mail, per client address for reset-code guesses. */
  passwordReset: RateLimit;
  /** Per client address: the verification mail sent again. */
  mail: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, timeWindow: '1 minute' },
  signUp: { max: 20, timeWindow: '1 hour' },
  passwordReset: { max: 5, timeWindow: '1 hour' },
  mail: { max: 5, timeWindow: '1 hour' },
};

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `<count>/<window>` (e.g. `20/1h`, `10/30s`, `5/1d`); undefined when it is not one. */
export function parseRateLimit(text: string): RateLimit | undefined {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smhd])\s*$/.exec(text);
  if (!match) return undefined;
  const max = Number(match[1]);
  const timeWindow = Number(match[2]) * UNITS[match[3]!]!;
  return max > 0 && timeWindow > 0 ? { max, timeWindow } : undefined;
}

const keyPart = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * A route's limit counted per client address: checked as the request arrives, so malformed requests count too.
 */
export const limitPerAddress = (limit: RateLimit) => ({
  ...limit,
  hook: 'onRequest' as const,
  keyGenerator: (request: FastifyRequest) => request.ip,
});

/**
 * A route's limit counted per account named in the body (`field`, compared without case): checked once the body is
 * parsed and valid, before the handler. `countsWith` (`'<METHOD> <url>'` of another route) shares that route's
 * counters, so two doors to the same password (the web login and the console's) do not double the guesses.
 */
export const limitPerAccount = (
  limit: RateLimit,
  field: 'username' | 'email',
  options: { countsWith?: string } = {},
) => ({
  ...limit,
  ...(options.countsWith ? { countsWith: options.countsWith } : {}),
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `${field}:${keyPart((request.body as Record<string, unknown>)?.[field])}`,
});

/**
 * A route's limit on the password checks of the signed-in caller, counted per caller once the body is parsed and
 * valid: only the requests `checksPassword` picks count (e.g. a profile save that carries the bank account).
 * Anonymous requests are left to the route's 401.
 */
export const limitPasswordChecksPerCaller = (
  limit: RateLimit,
  checksPassword: (request: FastifyRequest) => boolean,
) => ({
  ...limit,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `user:${request.caller?.id ?? 0}`,
  allowList: (request: FastifyRequest) => request.caller === null || !checksPassword(request),
});

/**
 * Counters in PostgreSQL, so every API process behind a load balancer shares them. One upsert per limited request:
 * a window that has ended restarts at 1, otherwise the count goes up by one.
 */
function postgresStore(db: Db, prefix = '') {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      sql<{ count: number; ttl_ms: string }>`
        insert into rate_limit_counters as counter (key, count, window_ends_at)
        values (${prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when counter.window_ends_at <= now() then 1 else counter.count + 1 end,
          window_ends_at = case when counter.window_ends_at <= now() then excluded.window_ends_at
                                else counter.window_ends_at end
        returning count, ceil(extract(epoch from (window_ends_at - now())) * 1000) as ttl_ms`
        .execute(db)
        .then(({ rows: [row] }) => callback(null, { current: row!.count, ttl: Math.max(0, Number(row!.ttl_ms)) }))
        .catch((error: Error) => callback(error));
    }

    /** Each limited route counts apart (`<method> <url>:` before the key). */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
      const { routeInfo: route, countsWith } = routeOptions as {
        routeInfo?: { method?: string | string[]; url?: string };
        countsWith?: string;
      };
      const Child = postgresStore(
        db,
        countsWith ? `${countsWith}:` : route?.url ? `${String(route.method)} ${route.url}:` : prefix,
      );
      return new Child();
    }
  };
}

/**
 * Rate limiting with counters in PostgreSQL. Each limited route names its limit, key and hook in `config.rateLimit`
 * (`limitPerAddress` / `limitPerAccount`).
 */
export async function registerRateLimits(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: postgresStore(db),
    // A counter store that cannot be reached must not lock everybody out: the request goes on (and is logged).
    skipOnError: true,
    // Every limited route's refusals, by route pattern (`fanmission_rate_limit_refusals_total`).
    onExceeded: (request) => countRateLimitRefusal(request.routeOptions.url ?? 'unmatched', request.method),
    errorResponseBuilder: () => new AppError(429, 'error.tooManyRequests', { code: 'TOO_MANY_REQUESTS' }),
  });
}
