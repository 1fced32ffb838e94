/*
 * A database that cannot be reached (refused, cut, restarting, out of connections, too slow) is a
 * "try again later" for clients and load balancers, not a bug: 503 with Retry-After, never 500.
 */

/** Node socket errors met while connecting to, or talking with, PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/** SQLSTATEs of an unavailable server (class 08 is matched whole). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '57014', // query_canceled: the statement timeout
  '25P03', // idle_in_transaction_session_timeout
]);

/** Messages of node-postgres itself (pool wait timeout, connection cut). */
const DRIVER_MESSAGES = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
];

function isUnavailableError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/** True when the error (or one it wraps: `cause`, an AggregateError's `errors`) says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !error || typeof error !== 'object') return false;
  if (isUnavailableError(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** Seconds a client should wait before retrying after a 503. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
