import { createReadStream } from 'node:fs';
import path from 'node:path';
import {
  creatorMissionTotalsQuerySchema,
  creatorMissionTotalsSchema,
  idParamsSchema,
  likedMissionPageQuerySchema,
  missionBlockQuerySchema,
  missionBlockRequestSchema,
  missionCountsSchema,
  missionLikeResponseSchema,
  missionListSchema,
  missionMediaQuerySchema,
  missionPageQuerySchema,
  missionPageSchema,
  missionSchema,
  myMissionPageQuerySchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../auth';
import { errorResponses, onOffRoutes } from '../http';
import { signedStorageUrl, type StorageDriver } from '../files';
import { contentDisposition, missionDownload } from './media';
import * as missions from './service';

export interface MissionReadRoutesOptions {
  storage: StorageDriver;
}

const VISIBILITY =
  'A private mission exists only for its requester, its creator and operators (404 for anybody else). The request ' +
  'attachment and the creator’s feedback are shown to those parties only.';

const LIST_RULES =
  '`status` is comma-joined (default: every status but CREATED; an unplayed roulette is never listed for others). ' +
  'Order CREATED, COMPLETED or COIN_PRICE, DESC by default; without `order`, a list of COMPLETED missions only is ' +
  'sorted by completion, any other by request time. `createdYear` (with `createdMonth`) keeps one year (month) in ' +
  'Korea time: of completion for a COMPLETED-only list, of the request otherwise.';

/** Mission reads, likes, blocks and the media download. */
export async function missionReadRoutes(app: FastifyInstance, options: MissionReadRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['missions'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/missions/page',
    {
      schema: {
        tags,
        summary: 'A page of missions (browse, creator page, mission management)',
        description:
          `${LIST_RULES} Filters creatorId, productId, productType. Private missions are listed for their ` +
          'requester and creator only; missions the caller hid are left out. 12 per page by default.',
        querystring: missionPageQuerySchema,
        response: { 200: missionPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => missions.missionPage(app.ctx, request.caller, request.query),
  );

  routes.get(
    '/missions',
    {
      schema: {
        tags,
        summary: 'Missions matching the filters, as a plain list (one page of them)',
        description: `The content of \`GET /missions/page\` with the same parameters (e.g. an event’s winners). ${LIST_RULES}`,
        querystring: missionPageQuerySchema,
        response: { 200: missionListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => (await missions.missionPage(app.ctx, request.caller, request.query)).content,
  );

  routes.get(
    '/users/me/missions/page',
    {
      schema: {
        tags,
        summary: 'The caller’s own mission requests (fan my page)',
        description: `${LIST_RULES} Private missions included; 6 per page by default.`,
        security,
        querystring: myMissionPageQuerySchema,
        response: { 200: missionPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => missions.myMissionPage(app.ctx, requireCaller(request), request.query),
  );

  routes.get(
    '/users/me/missions/liked',
    {
      schema: {
        tags,
        summary: 'Missions the caller likes, last liked first',
        description:
          'Statuses COMPLETED, REQUESTED, ACCEPTED, REJECTED unless `status` says otherwise; missions the caller hid ' +
          'or may no longer see are left out. 6 per page by default.',
        security,
        querystring: likedMissionPageQuerySchema,
        response: { 200: missionPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => missions.likedMissionPage(app.ctx, requireCaller(request), request.query),
  );

  routes.get(
    '/creators/me/missions/count',
    {
      schema: {
        tags,
        summary: 'Badges of the creator’s mission management menu',
        description:
          'basic and lucky: ACCEPTED missions waiting to be performed; customRequested: CUSTOM requests waiting for ' +
          'a decision; customAccepted: accepted CUSTOM missions; completed and rejected: BASIC, LUCKY and CUSTOM ' +
          'missions in those statuses. Creators only (403 otherwise).',
        security,
        response: { 200: missionCountsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => missions.creatorMissionCounts(app.ctx, requireCaller(request)),
  );

  routes.get(
    '/creators/me/missions/totals',
    {
      schema: {
        tags,
        summary: 'Totals of a mission management list (all its pages)',
        description:
          'The number of the caller’s missions that `GET /missions/page` lists for the same `status`, `productType`, ' +
          '`createdYear` and `createdMonth` (with `creatorId` his own), and the coins they hold, summed over every ' +
          `page: the completed list’s year/month totals. ${LIST_RULES} Creators only (403 otherwise).`,
        security,
        querystring: creatorMissionTotalsQuerySchema,
        response: { 200: creatorMissionTotalsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => missions.creatorMissionTotals(app.ctx, requireCaller(request), request.query),
  );

  routes.get(
    '/missions/:id',
    {
      schema: {
        tags,
        summary: 'One mission',
        description: `${VISIBILITY} A CREATED mission (an unplayed roulette) is shown to its parties only.`,
        params: idParamsSchema,
        response: { 200: missionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => missions.getMission(app.ctx, request.caller, request.params.id),
  );

  onOffRoutes(app, {
    url: '/missions/:id/likes',
    tags,
    summaries: { on: 'Like a mission', off: 'Take a like back' },
    description:
      'Idempotent: liking twice counts once, unliking what is not liked changes nothing. Answers the caller’s ' +
      `state and the exact count. ${VISIBILITY}`,
    params: idParamsSchema,
    answer: missionLikeResponseSchema,
    set: (request, liked) => missions.setLike(app.ctx, requireCaller(request), request.params.id, liked),
  });

  routes.post(
    '/missions/:id/blocks',
    {
      schema: {
        tags,
        summary: 'Hide a mission from the caller’s lists',
        description:
          'A block is the member’s own: the mission leaves his browse, creator-page and liked lists (and is ' +
          'marked `blocked` when opened by id); nobody else is affected. `userId` is the caller’s id (403 ' +
          'otherwise). Repeating is harmless. Answers the mission.',
        security,
        params: idParamsSchema,
        body: missionBlockRequestSchema,
        response: { 200: missionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => missions.setBlock(app.ctx, requireCaller(request), request.params.id, request.body.userId, true),
  );

  routes.delete(
    '/missions/:id/blocks',
    {
      schema: {
        tags,
        summary: 'Show a hidden mission in the caller’s lists again',
        description: '`userId` is the caller’s id (403 otherwise), as for POST. Answers the mission.',
        security,
        params: idParamsSchema,
        querystring: missionBlockQuerySchema,
        response: { 200: missionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      missions.setBlock(app.ctx, requireCaller(request), request.params.id, request.query.userId, false),
  );

  routes.get(
    '/missions/:id/media',
    {
      schema: {
        tags,
        summary: 'Download the answer of a completed mission',
        description:
          'The video, picture or voice file (`kind`; by default the one the mission has) as it is served (its ' +
          'rendition: H.264/AAC MP4, AAC .m4a, JPEG) as an attachment named creator_product_day (safe characters, the Korea-time day it was performed) plus .mp4 ' +
          '(video), .jpg (picture) or the rendition’s own extension (.m4a, .png, .webp). 409 unless the mission is ' +
          'COMPLETED, 409 `FILE_PROCESSING` while the rendition is being made, 422 `FILE_PROCESSING_FAILED` when it ' +
          `could not be. ${VISIBILITY}`,
        params: idParamsSchema,
        querystring: missionMediaQuerySchema,
        response: {
          200: z.any().describe('The file (binary)'),
          302: z.null().describe('Redirect to the stored object (remote storage)'),
          ...errorResponses(400, 401, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { file, filename } = await missionDownload(app.ctx, request.caller, request.params.id, request.query.kind);
      reply.header('content-disposition', contentDisposition(filename)).header('cache-control', 'private, no-cache');
      const root = options.storage.localRoot;
      if (!root) return reply.redirect(signedStorageUrl(app.config, file.storage_key), 302);
      return reply
        .type(file.content_type)
        .header('content-length', file.size_bytes)
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(path.join(root, ...file.storage_key.split('/'))));
    },
  );
}
