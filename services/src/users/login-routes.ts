import { loginRequestSchema, loginResponseSchema, noContentSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, errorResponses } from '../http';
import { passwordCredentialOf } from './repository';
import { authenticate } from './service';
import { revokeSessions } from './passwords';
import {
  type RateLimits,
  clearSessionCookie,
  isStaffOnly,
  issueSession,
  loginThrottleOf,
  requireCaller,
  throttledPasswordCheck,
} from '../auth';

/**
 * `POST /api/login`: answers with the session token in the Authorization header and the HttpOnly session cookie.
 * Console-only accounts (staff roles, no member role) log in at `POST /api/admin/session` only.
 */
export async function loginRoutes(app: FastifyInstance, options: { rateLimits: RateLimits }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/login',
    {
      config: { ignoreStaleToken: true },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        description:
          'The session token comes back in the `Authorization: Bearer <jwt>` response header (API clients) and in ' +
          'the HttpOnly `fm_session` cookie (Path=/api, SameSite=Lax) the browser sends from then on. A request ' +
          'the browser marks `Sec-Fetch-Site: cross-site` is refused (403 CSRF). A console-only account (staff ' +
          'roles, no member role) is refused with 403 CONSOLE_ACCOUNT: it logs in at `POST /api/admin/session`. ' +
          'This token never opens `/api/admin`, even for an account that is staff too.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await throttledPasswordCheck(
        request,
        reply,
        username,
        loginThrottleOf(options.rateLimits.login),
        passwordCredentialOf(app.db),
        () => authenticate(app.ctx, username, password),
      );
      if (isStaffOnly(user.roles)) throw new AppError(403, 'auth.consoleAccount', { code: 'CONSOLE_ACCOUNT' });
      return issueSession(app, reply, user).send({ id: user.id, roles: user.roles });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out everywhere',
        description:
          'Revokes every session token of the caller (this one and those of other devices): they answer 401 ' +
          'INVALID_TOKEN from now on — and clears the session cookie. A password change or reset does the same. ' +
          'Every browser of the caller stops getting push notifications (each registers again at its next login). ' +
          'On the cookie, the `X-Requested-With: fanmission` header is required (403 CSRF otherwise).',
        security: [{ bearerAuth: [] }],
        response: { 204: noContentSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await revokeSessions(app.ctx, requireCaller(request).id);
      return clearSessionCookie(reply, app.config.PUBLIC_URL.startsWith('https:')).status(204).send(null);
    },
  );
}
