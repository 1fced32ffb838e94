import {
  creatorIdParamsSchema,
  followItemSchema,
  followQuerySchema,
  followRequestSchema,
  followStateSchema,
  idParamsSchema,
  PAGE_SIZES,
  pageQuerySchema,
  pageSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSelf } from '../auth';
import { errorResponses } from '../http';
import * as follows from './service';

/** Following creators, and a fan's list of followed creators. */
export async function followRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['follows'];
  const security = [{ bearerAuth: [] }];
  const onlyAsYourself =
    'A member follows only as himself: `userId` must be the caller (403 otherwise); visitors get 401. ' +
    'A creator that is not public is 404; following oneself is 400 `CANNOT_FOLLOW_SELF`.';

  routes.post(
    '/creators/:id/follower',
    {
      schema: {
        tags,
        summary: 'Follow a creator',
        description: `${onlyAsYourself} Following twice is harmless. Answers the state and the exact follower count.`,
        security,
        params: creatorIdParamsSchema,
        body: followRequestSchema,
        response: { 200: followStateSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = requireSelf(request, request.body.userId);
      return follows.follow(app.ctx, caller, request.params.id);
    },
  );

  routes.delete(
    '/creators/:id/follower',
    {
      schema: {
        tags,
        summary: 'Unfollow a creator',
        description: `${onlyAsYourself} Unfollowing a creator one does not follow is harmless.`,
        security,
        params: creatorIdParamsSchema,
        querystring: followQuerySchema,
        response: { 200: followStateSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = requireSelf(request, request.query.userId);
      return follows.unfollow(app.ctx, caller, request.params.id);
    },
  );

  const listDescription =
    'The verified creators the user follows, most recently followed first. Only the user himself (or an operator).';

  routes.get(
    '/users/:id/follows',
    {
      schema: {
        tags,
        summary: 'Every creator a member follows',
        description: listDescription,
        security,
        params: idParamsSchema,
        response: { 200: z.array(followItemSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id, { operatorAllowed: true });
      return follows.allFollows(app.ctx, request.params.id);
    },
  );

  routes.get(
    '/users/:id/follows/page',
    {
      schema: {
        tags,
        summary: 'The creators a member follows, a page at a time',
        description: `${listDescription} Page size 12 by default (my page uses 6).`,
        security,
        params: idParamsSchema,
        querystring: pageQuerySchema(PAGE_SIZES.follows),
        response: { 200: pageSchema(followItemSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id, { operatorAllowed: true });
      return follows.followsPage(app.ctx, request.params.id, request.query);
    },
  );
}
