import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db, DbExecutor } from '../db';
import { AppError } from '../http';
import { countRateLimitRefusal } from '../metrics';

/*
 * Password guessing, slowed without locking the owner out. Only failed password checks count (a login that succeeds
 * costs nothing), under two keys: the account (the e-mail, whatever the address) and the client address (whatever
 * the account). Once a key has used its free failures it must wait before the next attempt: 1 s, then twice as long
 * after each further failure, at most 15 minutes; a key is forgotten an hour after its last failure. A wait
 * is answered 429 with Retry-After before the password is checked, so a throttled attempt tells nothing. The
 * account's wait never applies to a browser that has signed in to that account before (a signed `fm_known` cookie
 * the login sets), so guesses from elsewhere cannot keep the owner out; a password reset forgets the account's
 * failures. Every door that checks a password (the web login, the console's, the block objection) shares the keys.
 */

export interface LoginThrottle {
  /** Failures per account before waits start. */
  accountFreeFailures: number;
  /** Failures per client address before waits start (several members may share an address). */
  addressFreeFailures: number;
}

/** The throttle of RATE_LIMIT_LOGIN's count (free failures per account); an address gets four accounts' worth. */
export const loginThrottleOf = (login: { max: number }): LoginThrottle => ({
  accountFreeFailures: login.max,
  addressFreeFailures: 4 * login.max,
});

/** How long a key remembers its failures after the last one. */
export const LOGIN_FAILURE_MEMORY_MS = 60 * 60_000;
const MAX_WAIT_MS = 15 * 60_000;

const KNOWN_COOKIE = 'fm_known';
const KNOWN_MAX_ACCOUNTS = 5;
const KNOWN_MAX_AGE_SECONDS = 180 * 24 * 3600;

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

/** The mark a browser keeps for each account it signed in to: an HMAC of the account's e-mail under the app secret. */
function knownMark(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`known-login:${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 22);
}

function knownMarksOf(request: FastifyRequest): string[] {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === KNOWN_COOKIE && value) return value.split('.').filter(Boolean).slice(0, KNOWN_MAX_ACCOUNTS);
  }
  return [];
}

function isKnownBrowser(request: FastifyRequest, secret: string, email: string): boolean {
  const expected = Buffer.from(knownMark(secret, email));
  return knownMarksOf(request).some((mark) => {
    const given = Buffer.from(mark);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

function rememberBrowser(request: FastifyRequest, reply: FastifyReply, secret: string, email: string) {
  const mark = knownMark(secret, email);
  const marks = [mark, ...knownMarksOf(request).filter((other) => other !== mark)].slice(0, KNOWN_MAX_ACCOUNTS);
  const secure = request.server.config.PUBLIC_URL.startsWith('https:');
  reply.header(
    'set-cookie',
    [
      `${KNOWN_COOKIE}=${marks.join('.')}`,
      'Path=/api',
      `Max-Age=${KNOWN_MAX_AGE_SECONDS}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ].join('; '),
  );
}

async function waitsFor(db: Db, keys: string[]): Promise<number> {
  const { rows } = await sql<{ wait_ms: string | null }>`
    select ceil(extract(epoch from max(retry_at) - now()) * 1000) as wait_ms from login_failures
    where key = any(${keys}::text[]) and retry_at > now()`.execute(db);
  return Math.max(0, Number(rows[0]?.wait_ms ?? 0));
}

async function recordFailure(db: Db, key: string, freeFailures: number): Promise<void> {
  // The failures after this one, counted from 1 again when the key was forgotten.
  const failures = sql`case when f.last_failure_at < now() - ${LOGIN_FAILURE_MEMORY_MS} * interval '1 millisecond'
    then 1 else f.failures + 1 end`;
  await sql`
    insert into login_failures as f (key, failures, last_failure_at, retry_at)
    values (${key}, 1, now(), case when 1 >= ${freeFailures}::int then now() + interval '1 second' end)
    on conflict (key) do update set
      failures = ${failures},
      last_failure_at = now(),
      retry_at = case when ${failures} >= ${freeFailures}::int
        then now() + least(${MAX_WAIT_MS}::float8, 1000 * power(2, ${failures} - ${freeFailures}::int))
          * interval '1 millisecond'
        end`.execute(db);
}

const tooManyAttempts = () => new AppError(429, 'error.tooManyRequests', { code: 'TOO_MANY_REQUESTS' });

/**
 * Runs one password check (`check`, which throws a 401 BAD_CREDENTIALS on a wrong pair) under the throttle: refused
 * with 429 and Retry-After while the address, or the account from a browser not known to it, must wait; a wrong pair
 * counts a failure for both; a right one marks the browser as known to the account.
 */
export async function throttledPasswordCheck<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  settings: LoginThrottle,
  check: () => Promise<T>,
): Promise<T> {
  const { db, config } = request.server;
  const keys = [addressKey(request.ip)];
  if (!isKnownBrowser(request, config.JWT_SECRET, email)) keys.push(accountKey(email));
  const waitMs = await waitsFor(db, keys);
  if (waitMs > 0) {
    countRateLimitRefusal(request.routeOptions.url ?? 'unmatched', request.method);
    reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
    throw tooManyAttempts();
  }
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (error instanceof AppError && error.options.code === 'BAD_CREDENTIALS') {
      await recordFailure(db, addressKey(request.ip), settings.addressFreeFailures);
      await recordFailure(db, accountKey(email), settings.accountFreeFailures);
    }
    throw error;
  }
  rememberBrowser(request, reply, config.JWT_SECRET, email);
  return result;
}

/** A password reset proves the mailbox: the account's failures are forgotten (its owner signs in at once). */
export async function forgetAccountFailures(db: DbExecutor, email: string): Promise<void> {
  await sql`delete from login_failures where key = ${accountKey(email)}`.execute(db);
}
