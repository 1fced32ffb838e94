import fastifyJwt from '@fastify/jwt';
import { CONSOLE_SESSION_MAX_SECONDS, errorResponseSchema, type Role } from '@fanmission/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http';
import { type Caller, hasStaffRole } from './caller';
import {
  carriesCsrfHeader,
  clearSessionCookie,
  isCrossSite,
  isStateChanging,
  sessionCookieToken,
  type SessionKind,
  sessionKindOf,
} from './request-session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in caller, or null for a visitor. */
    caller: Caller | null;
    /** When the caller's session token was issued: a sign-in (or a password change), never a refresh. */
    sessionIssuedAt: Date | null;
    /** The session version the caller's token carries (a live stream ends when the member's moves on). */
    sessionVersion: number | null;
    /** When the caller's token expires (a live stream ends then). */
    sessionExpiresAt: Date | null;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Log-in and sign-up routes: a stale stored token is ignored instead of answered with 401. */
    ignoreStaleToken?: boolean;
    /**
     * Routes an HTML form of a provider's page posts to (the sandbox checkout), which need no session: the browser's
     * session cookie is not read, so it neither identifies the caller nor asks for the anti-CSRF header.
     */
    ignoreSessionCookie?: boolean;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /**
     * `sv`: the member's session version when the token was issued; absent means 0. `aud`: `console` on the operator
     * console's tokens (see CONSOLE_TOKEN_AUDIENCE), absent on the web app's.
     */
    payload: { sub: string; roles: Role[]; sv?: number; aud?: typeof CONSOLE_TOKEN_AUDIENCE };
  }
}

export const JWT_ALGORITHM = 'HS256';

/**
 * The mark of a console token (`POST /api/admin/session`), which lives at most CONSOLE_SESSION_MAX_SECONDS. On the
 * console's API a staff account is signed in only by such a token, from its cookie or as a Bearer header: a web-app
 * token (JWT_EXPIRES_IN, `POST /api/login`) of an account that is staff too answers 401 there.
 */
export const CONSOLE_TOKEN_AUDIENCE = 'console';

interface VerifiedClaims {
  sub: string;
  sv?: unknown;
  aud?: unknown;
  iat?: unknown;
  exp?: unknown;
}

/** A console token: marked for the console and issued for no longer than a console session lasts. */
const isConsoleToken = (claims: VerifiedClaims) =>
  claims.aud === CONSOLE_TOKEN_AUDIENCE &&
  typeof claims.iat === 'number' &&
  typeof claims.exp === 'number' &&
  claims.exp - claims.iat <= CONSOLE_SESSION_MAX_SECONDS;

const csrfRefused = () => new AppError(403, 'error.csrf', { code: 'CSRF' });

const tokenError = (code: 'EXPIRED_TOKEN' | 'INVALID_TOKEN' | 'UNSUPPORTED_TOKEN') =>
  new AppError(401, code === 'EXPIRED_TOKEN' ? 'auth.expiredToken' : 'auth.invalidToken', { code });

/** fast-jwt error codes → the 401 codes the client reacts to. */
function classifyVerificationError(error: unknown): AppError {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FAST_JWT_EXPIRED') return tokenError('EXPIRED_TOKEN');
  if (code === 'FAST_JWT_INVALID_ALGORITHM' || code === 'FAST_JWT_INVALID_TYPE') return tokenError('UNSUPPORTED_TOKEN');
  return tokenError('INVALID_TOKEN');
}

export interface JwtOptions {
  secret: string;
  expiresIn: string;
  /** Cookies get `Secure` (PUBLIC_URL is https). */
  secureCookies: boolean;
  /**
   * Loads the caller behind a verified token; null when the account is gone or the token was revoked, BLOCKED when
   * the account may not log in (its holder is told so: 403 LOGIN_BLOCKED).
   */
  loadCaller(userId: number, sessionVersion: number): Promise<Caller | 'BLOCKED' | null>;
}

/**
 * Session tokens: HS256 only, signed with JWT_SECRET. Every request with an Authorization header, or else the
 * browser's session cookie, is identified here; a bad token is a 401 with EXPIRED_TOKEN, INVALID_TOKEN or
 * UNSUPPORTED_TOKEN. A state-changing request on the cookie must carry the anti-CSRF header (403 CSRF otherwise).
 */
export async function registerJwt(app: FastifyInstance, options: JwtOptions): Promise<void> {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: JWT_ALGORITHM, expiresIn: options.expiresIn },
    verify: { algorithms: [JWT_ALGORITHM] },
  });
  app.decorateRequest('caller', null);
  app.decorateRequest('sessionIssuedAt', null);
  app.decorateRequest('sessionVersion', null);
  app.decorateRequest('sessionExpiresAt', null);
  declareCsrfRefusals(app);
  const identify = async (request: FastifyRequest, header: string, kind: SessionKind): Promise<Caller> => {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!match) throw tokenError('UNSUPPORTED_TOKEN');
    let payload: VerifiedClaims;
    try {
      payload = app.jwt.verify<VerifiedClaims>(match[1]!);
    } catch (error) {
      throw classifyVerificationError(error);
    }
    const userId = Number(payload.sub);
    const sessionVersion = payload.sv === undefined ? 0 : payload.sv;
    const caller =
      Number.isSafeInteger(userId) && typeof sessionVersion === 'number' && Number.isSafeInteger(sessionVersion)
        ? await options.loadCaller(userId, sessionVersion)
        : null;
    if (caller === 'BLOCKED') throw new AppError(403, 'auth.loginBlocked', { code: 'LOGIN_BLOCKED' });
    if (!caller) throw tokenError('INVALID_TOKEN');
    // On the console's API a staff account is signed in by a console token only; a member's web token still says
    // who he is (no console route lets a member in: 403).
    if (kind === 'console' && !isConsoleToken(payload) && hasStaffRole(caller.roles)) {
      throw new AppError(401, 'auth.consoleTokenRequired', { code: 'INVALID_TOKEN' });
    }
    request.sessionIssuedAt = typeof payload.iat === 'number' ? new Date(payload.iat * 1000) : null;
    request.sessionVersion = typeof sessionVersion === 'number' ? sessionVersion : null;
    request.sessionExpiresAt = typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null;
    return caller;
  };
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const ignoreStaleToken = request.routeOptions.config.ignoreStaleToken === true;
    // The console's API reads only the console's cookie, and signs staff in by console tokens only.
    const kind = sessionKindOf(request);
    const header = request.headers.authorization;
    if (header) {
      // An API client's Bearer token: no ambient credential, so no CSRF check.
      try {
        request.caller = await identify(request, header, kind);
      } catch (error) {
        if (!ignoreStaleToken) throw error;
      }
      return;
    }
    // Login CSRF: the browser says another site sent this log-in or sign-up; never sign it in.
    if (ignoreStaleToken && isStateChanging(request) && isCrossSite(request)) throw csrfRefused();
    const cookieToken = request.routeOptions.config.ignoreSessionCookie ? undefined : sessionCookieToken(request, kind);
    if (!cookieToken) return;
    // The browser sends the cookie whoever made the page: a change needs a header only our own scripts send.
    if (isStateChanging(request) && !carriesCsrfHeader(request)) throw csrfRefused();
    try {
      request.caller = await identify(request, `Bearer ${cookieToken}`, kind);
    } catch (error) {
      if (ignoreStaleToken) return;
      // A cookie that no longer signs anyone in (expired, logged out elsewhere, password changed) is dropped. A blocked
      // member's stays: every request it makes answers LOGIN_BLOCKED (with the way to object), never a 401 that reads
      // as an expired login; logging out drops it.
      if (!(error instanceof AppError && error.options.code === 'LOGIN_BLOCKED')) {
        clearSessionCookie(reply, options.secureCookies, kind);
      }
      throw error;
    }
  });
}

/**
 * Every route that can refuse a change made on the session cookie (every state-changing route that reads the cookie:
 * sign-up, password reset and login included) declares that 403 in its schema, so the OpenAPI document and the
 * response check agree with what the hook above answers. Routes that already declare a 403 keep theirs (same shape).
 */
function declareCsrfRefusals(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => !SAFE_METHOD_NAMES.has(method))) return;
    if (route.config?.ignoreSessionCookie === true) return;
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || '403' in response) return;
    response['403'] = errorResponseSchema;
  });
}

const SAFE_METHOD_NAMES = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A session token at the member's current session version (a row from `users`, or 0 for a fresh account). `web`
 * (default): the web app's, JWT_EXPIRES_IN long. `console`: marked CONSOLE_TOKEN_AUDIENCE, never longer than
 * CONSOLE_SESSION_MAX_SECONDS (a shorter JWT_EXPIRES_IN stays as configured).
 */
export function signSessionToken(
  app: FastifyInstance,
  user: { id: number; roles: Role[]; session_version?: number },
  options: { kind?: SessionKind } = {},
): string {
  const payload = { sub: String(user.id), roles: user.roles, sv: user.session_version ?? 0 };
  if (options.kind !== 'console') return app.jwt.sign(payload);
  const consolePayload = { ...payload, aud: CONSOLE_TOKEN_AUDIENCE } as const;
  const token = app.jwt.sign(consolePayload);
  const { exp, iat } = app.jwt.decode<{ exp?: number; iat?: number }>(token) ?? {};
  const lifetime = exp !== undefined && iat !== undefined ? exp - iat : Number.POSITIVE_INFINITY;
  return lifetime > CONSOLE_SESSION_MAX_SECONDS
    ? app.jwt.sign(consolePayload, { expiresIn: `${CONSOLE_SESSION_MAX_SECONDS}s` })
    : token;
}
