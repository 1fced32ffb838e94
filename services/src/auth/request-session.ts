import { CSRF_HEADER_NAME, CSRF_HEADER_VALUE, SESSION_COOKIE_NAME } from '@fanmission/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

// How a request proves who sends it (review L6): the session cookie, and the anti-CSRF checks of cookie sessions.

/**
 * The web app's session (review L6): the JWT travels in an HttpOnly cookie the page's scripts cannot read, so an XSS
 * cannot steal it. Path=/api (only the API sees it), SameSite=Lax, Secure once PUBLIC_URL is https, and the JWT's own
 * lifetime as Max-Age.
 */
export function sessionCookie(value: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${SESSION_COOKIE_NAME}=${value}`,
    'Path=/api',
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Removes the session cookie from the browser (logout, or a cookie whose token is no longer valid). */
export function clearSessionCookie(reply: FastifyReply, secure: boolean): FastifyReply {
  return reply.header('set-cookie', sessionCookie('', { secure, maxAgeSeconds: 0 }));
}

/** The session cookie's token, if the request carries one. */
export function sessionCookieToken(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === SESSION_COOKIE_NAME) {
      const value = part.slice(separator + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isStateChanging = (request: FastifyRequest) => !SAFE_METHODS.has(request.method);

/** The anti-CSRF proof of a cookie-authenticated change: a custom header, which an HTML form cannot send. */
export function carriesCsrfHeader(request: FastifyRequest): boolean {
  const value = request.headers[CSRF_HEADER_NAME.toLowerCase()];
  return typeof value === 'string' && value.toLowerCase() === CSRF_HEADER_VALUE;
}

/** The browser itself says another site started this request (`Sec-Fetch-Site: cross-site`). */
export const isCrossSite = (request: FastifyRequest) => request.headers['sec-fetch-site'] === 'cross-site';
