import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http';

export interface RateLimit {
  max: number;
  timeWindow: string;
}

/** Limits on the routes that guess passwords or send mail. */
export interface RateLimits {
  login: RateLimit;
  signUp: RateLimit;
  mail: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, timeWindow: '1 minute' },
  signUp: { max: 20, timeWindow: '1 hour' },
  mail: { max: 5, timeWindow: '1 hour' },
};

/**
 * In-process counters (per API process). Each limited route names its own limit and key in `config.rateLimit`.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, 'error.tooManyRequests', { code: 'TOO_MANY_REQUESTS' }),
  });
}
