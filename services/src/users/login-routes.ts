import { loginRequestSchema, loginResponseSchema, noContentSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../http';
import { authenticate, revokeSessions } from './service';
import { type RateLimits, limitPerAccount, requireCaller, signSessionToken } from '../auth';

/** `POST /api/login`: answers with the session token in the Authorization header, as the client expects. */
export async function loginRoutes(app: FastifyInstance, options: { rateLimits: RateLimits }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/login',
    {
      config: {
        ignoreStaleToken: true,
        rateLimit: limitPerAccount(options.rateLimits.login, 'username'),
      },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        description: 'The session token comes back in the `Authorization: Bearer <jwt>` response header.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = await authenticate(app.ctx, request.body.username, request.body.password);
      const token = signSessionToken(app, user);
      return reply
        .header('authorization', `Bearer ${token}`)
        .header('access-control-expose-headers', 'Authorization')
        .send({ id: user.id, roles: user.roles });
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
          'INVALID_TOKEN from now on. A password change or reset does the same.',
        security: [{ bearerAuth: [] }],
        response: { 204: noContentSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await revokeSessions(app.ctx, requireCaller(request).id);
      return reply.status(204).send(null);
    },
  );
}
