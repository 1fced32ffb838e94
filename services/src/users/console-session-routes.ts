import {
  BANK_DEPOSIT_APPROVAL_ABOVE_WON,
  STAFF_ROLES,
  consoleSessionSchema,
  loginRequestSchema,
  noContentSchema,
  type Role,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type RateLimits,
  clearConsoleSession,
  issueConsoleSession,
  loginThrottleOf,
  throttledPasswordCheck,
  requireCaller,
  requireRole,
} from '../auth';
import type { AppConfig } from '../config';
import { accessDenied, errorResponses, unauthorized } from '../http';
import * as repository from './repository';
import { authenticate } from './service';
import { revokeSessions } from './passwords';

const staffRolesOf = (roles: readonly Role[]) =>
  roles.filter((role) => (STAFF_ROLES as readonly Role[]).includes(role));

const CSRF_NOTE =
  'The console sends `X-Requested-With: fanmission` on every change; a change on the cookie without it is refused ' +
  '(403 CSRF).';

/** The amounts above which a money action waits for a second staff member, for the console's confirmations. */
const approvalLimitsOf = (config: Pick<AppConfig, 'APPROVAL_ABOVE_WON' | 'BONUS_GRANT_APPROVAL_ABOVE_COINS'>) => ({
  aboveWon: config.APPROVAL_ABOVE_WON,
  bonusGrantAboveCoins: config.BONUS_GRANT_APPROVAL_ABOVE_COINS,
  bankDepositAboveWon: BANK_DEPOSIT_APPROVAL_ABOVE_WON,
});

/**
 * `/api/admin/session`: the operator console's session. Logging in sets the console's own HttpOnly
 * cookie (`fm_console`, Path=/api/admin, at most 8 hours) and never hands the token to the page; the console asks
 * who is signed in after a reload, and logging out revokes every token of the account and clears the cookie.
 */
export async function consoleSessionRoutes(app: FastifyInstance, options: { rateLimits: RateLimits }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/session',
    {
      // The same failure counters as `POST /api/login`: the console is no second door for guessing a password.
      config: { ignoreStaleToken: true },
      schema: {
        tags: ['auth'],
        summary: 'Log in to the operator console',
        description:
          'Operator and finance accounts only (403 ACCESS_DENIED for any other account, LOGIN_BLOCKED for a blocked ' +
          'one). The session goes into the HttpOnly `fm_console` cookie (Path=/api/admin, SameSite=Lax, at most 8 ' +
          'hours), which only the console API reads; no token is returned. A request the browser marks ' +
          '`Sec-Fetch-Site: cross-site` is refused (403 CSRF).',
        body: loginRequestSchema,
        response: { 200: consoleSessionSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await throttledPasswordCheck(
        request,
        reply,
        username,
        loginThrottleOf(options.rateLimits.login),
        repository.passwordCredentialOf(app.db),
        () => authenticate(app.ctx, username, password),
      );
      const roles = staffRolesOf(user.roles);
      if (roles.length === 0) throw accessDenied();
      return issueConsoleSession(app, reply, user).send({
        id: user.id,
        email: user.email ?? request.body.username,
        roles,
        approvalLimits: approvalLimitsOf(app.ctx.config),
      });
    },
  );

  routes.get(
    '/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in to the operator console',
        description:
          'The staff member behind the console cookie (or the Bearer token), with his staff roles: the console asks ' +
          'after every reload. 401 without a valid session, 403 for an account that is not staff.',
        security: [{ bearerAuth: [] }],
        response: { 200: consoleSessionSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = requireRole(request, 'ROLE_OPERATOR', 'ROLE_FINANCE');
      const user = await repository.findUserById(app.ctx.db, caller.id);
      if (!user) throw unauthorized();
      return {
        id: user.id,
        email: user.email ?? '',
        roles: staffRolesOf(caller.roles),
        approvalLimits: approvalLimitsOf(app.ctx.config),
      };
    },
  );

  routes.delete(
    '/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out of the operator console',
        description:
          'Revokes every session token of the staff member (the console and any other device: 401 INVALID_TOKEN from ' +
          `now on) and clears the console cookie. ${CSRF_NOTE}`,
        security: [{ bearerAuth: [] }],
        response: { 204: noContentSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      if (staffRolesOf(caller.roles).length === 0) throw accessDenied();
      await revokeSessions(app.ctx, caller.id);
      return clearConsoleSession(app, reply).status(204).send(null);
    },
  );
}
