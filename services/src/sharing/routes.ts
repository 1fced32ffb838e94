import {
  creatorSharingSchema,
  idParamsSchema,
  missionShareLinkSchema,
  missionSharingSchema,
  noContentSchema,
} from '@fanmission/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import * as sharing from './service';

/** A requester makes at most this many links an hour (each revokes the one before; more is no real use). */
export const SHARE_LINK_LIMIT = { max: 20, timeWindow: '1 hour' } as const;

const REQUESTER_ONLY =
  'Only the mission’s requester: for anybody else the mission is 404, exactly as one that does not exist.';

/** The API of share pages: what a mission may share, the unlisted links, the creator’s switch. */
export async function sharingRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sharing'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/missions/:id/sharing',
    {
      schema: {
        tags,
        summary: 'What the caller may share of a mission',
        description:
          'For a caller who may see the mission (404 otherwise, and the adult gate as `GET /missions/{id}`): ' +
          '`publicPath`, the public share page of a public completed mission (null when there is none: private, not ' +
          'completed, blocked, an adult-flagged creator, or the creator turned sharing off); `link`, for the ' +
          'requester of a private completed mission only, whether he may make an unlisted link and since when one ' +
          'is active.',
        params: idParamsSchema,
        response: { 200: missionSharingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => sharing.missionSharing(app.ctx, request.caller, request.params.id),
  );

  routes.post(
    '/missions/:id/share-links',
    {
      schema: {
        tags,
        summary: 'Make an unlisted share link to the caller’s private completed mission',
        description:
          `${REQUESTER_ONLY} The token (256 random bits) is shown this once; a link made before is revoked. 409 ` +
          'when the mission may not be shared by link (public, not completed, blocked, an adult-flagged creator, ' +
          `sharing turned off). At most ${SHARE_LINK_LIMIT.max} an hour per member (429).`,
        security,
        params: idParamsSchema,
        response: { 201: missionShareLinkSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
      config: {
        rateLimit: {
          ...SHARE_LINK_LIMIT,
          hook: 'preHandler' as const,
          keyGenerator: (request: FastifyRequest) => `user:${request.caller?.id ?? 0}`,
          allowList: (request: FastifyRequest) => request.caller === null,
        },
      },
    },
    async (request, reply) => {
      const link = await sharing.createShareLink(app.ctx, requireCaller(request), request.params.id);
      return reply.code(201).send(link);
    },
  );

  routes.delete(
    '/missions/:id/share-links',
    {
      schema: {
        tags,
        summary: 'Revoke the unlisted share link of the caller’s mission',
        description: `${REQUESTER_ONLY} The link’s page answers 404 from now on. No active link is no error.`,
        security,
        params: idParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await sharing.revokeShareLink(app.ctx, requireCaller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/creators/me/sharing',
    {
      schema: {
        tags,
        summary: 'Whether the caller’s missions may be shared',
        description: '404 for a member without a creator profile, as `GET /creators/me`.',
        security,
        response: { 200: creatorSharingSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => sharing.creatorSharing(app.ctx, requireCaller(request)),
  );

  routes.put(
    '/creators/me/sharing',
    {
      schema: {
        tags,
        summary: 'Turn sharing of the caller’s missions on or off',
        description:
          'Off: none of his missions has a share page, their links answer 404, and the apps hide the share button. ' +
          'On again: public completed missions have their pages again, and links not revoked work again.',
        security,
        body: creatorSharingSchema,
        response: { 200: creatorSharingSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => sharing.setCreatorSharing(app.ctx, requireCaller(request), request.body),
  );
}
