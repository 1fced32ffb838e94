import { loginRequestSchema, loginResponseSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../http';
import { authenticate } from './service';
import { type RateLimits, limitPerAccount, signSessionToken } from '../auth';

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
}
