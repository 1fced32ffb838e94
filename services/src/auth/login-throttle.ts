import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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
 * the login sets: a random id of its own, an expiry and the account's current password, so it is worth nothing to
 * another browser, after 180 days or once the password changes), so guesses from elsewhere cannot keep the owner out;
 * a password reset forgets the account's failures. Every door that checks a password (the web login, the console's,
 * the block objection) shares the keys.
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

/**
 * What the mark of an account stands on: its password as stored now (a hash; a change or a reset makes a new one),
 * null for an unknown account or one without a password. Given by the module that owns the accounts.
 */
export type CredentialOf = (email: string) => Promise<string | null>;

/** The signature of one mark: the account, the browser's random id, the expiry and the account's credential. */
function markSignature(secret: string, email: string, id: string, expires: string, credential: string): string {
  return createHmac('sha256', secret)
    .update(['known-login', email.trim().toLowerCase(), id, expires, credential].join('\n'))
    .digest('base64url')
    .slice(0, 22);
}

/** A new mark for this browser and account: `<random id>~<expiry, epoch seconds base 36>~<signature>`. */
function newKnownMark(secret: string, email: string, credential: string, now: Date): string {
  const id = randomBytes(12).toString('base64url');
  const expires = Math.floor(now.getTime() / 1000 + KNOWN_MAX_AGE_SECONDS).toString(36);
  return `${id}~${expires}~${markSignature(secret, email, id, expires, credential)}`;
}

/** Whether a mark was issued for this account under its current credential and has not expired. */
function isMarkOf(secret: string, email: string, credential: string, now: Date, mark: string): boolean {
  const [id, expires, signature, ...rest] = mark.split('~');
  if (!id || !expires || !signature || rest.length > 0) return false;
  if (parseInt(expires, 36) * 1000 <= now.getTime()) return false;
  const given = Buffer.from(signature);
  const expected = Buffer.from(markSignature(secret, email, id, expires, credential));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function knownMarksOf(request: FastifyRequest): string[] {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === KNOWN_COOKIE && value) return value.split('.').filter(Boolean).slice(0, KNOWN_MAX_ACCOUNTS);
  }
  return [];
}

function isKnownBrowser(request: FastifyRequest, secret: string, email: string, credential: string | null): boolean {
  if (credential === null) return false;
  const now = request.server.ctx.now();
  return knownMarksOf(request).some((mark) => isMarkOf(secret, email, credential, now, mark));
}

function rememberBrowser(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  email: string,
  credential: string | null,
) {
  if (credential === null) return;
  const now = request.server.ctx.now();
  const mark = newKnownMark(secret, email, credential, now);
  // This account's earlier mark gives way to the new one; other accounts' marks stay.
  const others = knownMarksOf(request).filter((other) => !isMarkOf(secret, email, credential, now, other));
  const marks = [mark, ...others].slice(0, KNOWN_MAX_ACCOUNTS);
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
  credentialOf: CredentialOf,
  check: () => Promise<T>,
): Promise<T> {
  const { db, config } = request.server;
  const keys = [addressKey(request.ip)];
  const credential = knownMarksOf(request).length > 0 ? await credentialOf(email) : null;
  if (!isKnownBrowser(request, config.JWT_SECRET, email, credential)) keys.push(accountKey(email));
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
  rememberBrowser(request, reply, config.JWT_SECRET, email, await credentialOf(email));
  return result;
}

/** A password reset proves the mailbox: the account's failures are forgotten (its owner signs in at once). */
export async function forgetAccountFailures(db: DbExecutor, email: string): Promise<void> {
  await sql`delete from login_failures where key = ${accountKey(email)}`.execute(db);
}
