import {
  CONSOLE_SESSION_COOKIE_NAME,
  CONSOLE_SESSION_PATH,
  CSRF_HEADER_NAME,
  CSRF_HEADER_VALUE,
  SESSION_COOKIE_NAME,
} from '@fanmission/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

// How a request proves who sends it: the session cookie, and the anti-CSRF checks of cookie sessions.

/**
 * The two browser sessions. `web`: the web app's, the JWT in an HttpOnly cookie the page's scripts cannot
 * read (so an XSS cannot steal it), Path=/api. `console`: the operator console's, its own cookie sent only to
 * `/api/admin` (shorter-lived, see CONSOLE_SESSION_MAX_SECONDS). Both SameSite=Lax, Secure once PUBLIC_URL is https.
 */
export type SessionKind = 'web' | 'console';

const COOKIES: Record<SessionKind, { name: string; path: string }> = {
  web: { name: SESSION_COOKIE_NAME, path: '/api' },
  console: { name: CONSOLE_SESSION_COOKIE_NAME, path: CONSOLE_SESSION_PATH },
};

/** `/api/admin` and below: the console's API, its session included. */
export const isConsolePath = (path: string) =>
  path === CONSOLE_SESSION_PATH || path.startsWith(`${CONSOLE_SESSION_PATH}/`);

/**
 * A raw request path as the router reads it: every `%XX` decoded (an encoded `/` too), empty and `.` segments dropped,
 * `..` applied, in lower case. Only for a request no route matched.
 */
function normalizedPath(url: string): string {
  const decoded = (url.split('?')[0] ?? '').split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  const segments: string[] = [];
  for (const segment of decoded.join('/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment.toLowerCase());
  }
  return `/${segments.join('/')}`;
}

/**
 * The console's API (`/api/admin` and below) reads the console's session, never the web app's. Decided by the route
 * the router matched (its declared pattern), so that no spelling of a console path (`/api/%61dmin/…`) reads the web
 * app's cookie; a request that matches no route by its decoded, normalized path.
 */
export function sessionKindOf(request: FastifyRequest): SessionKind {
  const path = request.routeOptions.url ?? normalizedPath(request.url);
  return isConsolePath(path) ? 'console' : 'web';
}

/** The Set-Cookie value of a session cookie holding `value`, with the token's own lifetime as Max-Age. */
export function sessionCookie(
  value: string,
  options: { secure: boolean; maxAgeSeconds: number; kind?: SessionKind },
): string {
  const cookie = COOKIES[options.kind ?? 'web'];
  return [
    `${cookie.name}=${value}`,
    `Path=${cookie.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Removes a session cookie from the browser (logout, or a cookie whose token is no longer valid). */
export function clearSessionCookie(reply: FastifyReply, secure: boolean, kind: SessionKind = 'web'): FastifyReply {
  return reply.header('set-cookie', sessionCookie('', { secure, maxAgeSeconds: 0, kind }));
}

/** The token of that session cookie, if the request carries one. */
export function sessionCookieToken(request: FastifyRequest, kind: SessionKind = 'web'): string | undefined {
  const name = COOKIES[kind].name;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
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
