import type { Role } from '@fanmission/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { signSessionToken } from './jwt';
import { clearSessionCookie, sessionCookie } from './request-session';

type SessionUser = { id: number; roles: Role[]; session_version?: number };

const secureCookies = (app: FastifyInstance) => app.config.PUBLIC_URL.startsWith('https:');

function lifetimeOf(app: FastifyInstance, token: string): number {
  const { exp, iat } = app.jwt.decode<{ exp?: number; iat?: number }>(token) ?? {};
  return exp !== undefined && iat !== undefined ? Math.max(0, exp - iat) : 0;
}

/**
 * Signs the member in on this answer: the token in the `Authorization` header (API clients read it there) and in
 * the HttpOnly session cookie (the browser keeps it there). Every login path answers through this.
 */
export function issueSession(app: FastifyInstance, reply: FastifyReply, user: SessionUser): FastifyReply {
  const token = signSessionToken(app, user);
  return reply
    .header('authorization', `Bearer ${token}`)
    .header('access-control-expose-headers', 'Authorization')
    .header('cache-control', 'no-store')
    .header('set-cookie', sessionCookie(token, { secure: secureCookies(app), maxAgeSeconds: lifetimeOf(app, token) }));
}

/**
 * Signs a staff member in to the operator console: a console token (marked for the console, at most
 * CONSOLE_SESSION_MAX_SECONDS) in the console's own HttpOnly cookie (Path=/api/admin), and nowhere else — no
 * Authorization header, so the page's scripts never hold it.
 */
export function issueConsoleSession(app: FastifyInstance, reply: FastifyReply, user: SessionUser): FastifyReply {
  const token = signSessionToken(app, user, { kind: 'console' });
  return reply
    .header('cache-control', 'no-store')
    .header(
      'set-cookie',
      sessionCookie(token, { secure: secureCookies(app), maxAgeSeconds: lifetimeOf(app, token), kind: 'console' }),
    );
}

/** Ends the console's session in this browser (its cookie); revoking the tokens is the caller's business. */
export const clearConsoleSession = (app: FastifyInstance, reply: FastifyReply) =>
  clearSessionCookie(reply, secureCookies(app), 'console');
