import { creatorListItemSchema, creatorSearchQuerySchema, pageSchema, tagCountSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http';
import * as discovery from './service';

/** Creator search and the tag list of /creator-search. */
export async function discoveryRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['discovery'];

  routes.get(
    '/creators/page',
    {
      schema: {
        tags,
        summary: 'Search creators',
        description:
          'Verified creators only; creators flagged for adult content never appear. `name` matches anywhere in the ' +
          'creator name ignoring case (Korean too); `tags` takes tag ids, one or comma-joined (any of them ' +
          'matches); `type` sorts: `newest` (default; registration, newest first), `popular` (followers + likes), ' +
          '`recommended` (the last 90 days: on-time missions² ÷ missions due, due = performed or expired); ' +
          'ties go to the newer id. `following` reflects the caller (false for visitors). Results may lag changes ' +
          'made elsewhere by up to a second.',
        security: [{ bearerAuth: [] }, {}],
        querystring: creatorSearchQuerySchema,
        response: { 200: pageSchema(creatorListItemSchema), ...errorResponses(400) },
      },
    },
    async (request) => discovery.searchCreators(app.ctx, request.caller, request.query),
  );

  routes.get(
    '/tags/creator',
    {
      schema: {
        tags,
        summary: 'Creator tags with their counts',
        description:
          'Every tag with the number of searchable creators carrying it, in the operators’ order; each named in the ' +
          'caller’s language where the operators wrote it, else in Korean.',
        response: { 200: z.array(tagCountSchema) },
      },
    },
    async (request) => discovery.creatorTagCounts(app.ctx, request.language),
  );
}
