import { adminIdParamsSchema, adultIdentityAllowanceSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { allowSharedAdultIdentity } from './service';

const RESOURCE = 'users';

/** The console's side of the adult verification: what an operator may allow (audited as every console write). */
export async function identityVerificationAdminRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    `/${RESOURCE}/:id/adult-identity-allowance`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags: ['admin: users'],
        summary: 'Let a member verify as an adult with an identity another account used (operators)',
        description:
          'One person verifies one account (the identity check’s CI, kept as an HMAC): a second account of his is ' +
          'refused (409 ADULT_IDENTITY_IN_USE) until an operator, having checked out of band that both accounts are ' +
          'the same person’s, allows it here with a reason; the member then verifies again. 404 for an unknown, ' +
          'deleted or staff account.',
        security: [{ bearerAuth: [] }],
        params: adminIdParamsSchema,
        body: adultIdentityAllowanceSchema,
        response: {
          200: z.object({ id: z.number().int(), adultIdentitySharedAllowed: z.literal(true) }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await allowSharedAdultIdentity(app.ctx, requireCaller(request), request.params.id);
      return { id: request.params.id, adultIdentitySharedAllowed: true as const };
    },
  );
}
