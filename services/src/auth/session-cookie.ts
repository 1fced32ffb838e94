import type { Role } from '@fanmission/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { signSessionToken } from './jwt';
import { sessionCookie } from './request-session';

/**
 * Signs the member in on this answer: the token in the `Authorization` header (API clients read it there) and in
 * the HttpOnly session cookie (the browser keeps it there). Every login path answers through this.
 */
export function issueSession(
  app: FastifyInstance,
  reply: FastifyReply,
  user: { id: number; roles: Role[]; session_version?: number },
): FastifyReply {
  const token = signSessionToken(app, user);
  const { exp, iat } = app.jwt.decode<{ exp?: number; iat?: number }>(token) ?? {};
  const maxAgeSeconds = exp !== undefined && iat !== undefined ? Math.max(0, exp - iat) : 0;
  return reply
    .header('authorization', `Bearer ${token}`)
    .header('access-control-expose-headers', 'Authorization')
    .header('cache-control', 'no-store')
    .header('set-cookie', sessionCookie(token, { secure: app.config.PUBLIC_URL.startsWith('https:'), maxAgeSeconds }));
}
