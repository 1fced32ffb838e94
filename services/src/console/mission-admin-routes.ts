import {
  ADMIN_MISSION_PRODUCT_SORT_FIELDS,
  ADMIN_MISSION_SORT_FIELDS,
  adminMissionFilterSchema,
  adminMissionProductFilterSchema,
  adminMissionProductSchema,
  adminMissionProductUpdateSchema,
  adminMissionSchema,
  adminMissionUpdateSchema,
  idParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditBefore, listQuerySchema, listWindow, withContentRange } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import * as consoleMissions from './mission-console';

/**
 * `/api/admin/missions`: every mission with its media and escrow; operators block a mission's content (hidden from
 * every public list and page; its creator and requester are notified) and unblock it.
 * `/api/admin/mission-products`: every product; operators inactivate (and reactivate) them.
 */
export async function missionAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/missions',
    {
      schema: {
        tags: ['admin: missions'],
        summary: 'Missions (getList / getMany)',
        description:
          'filter={"status":"COMPLETED" or [..],"creatorId":1,"userId":2,"contentBlocked":true,"from":"2026-01-01T00:00:00Z",' +
          '"to":"…","id":[1,2]} (from/to on the creation time); sort by id, createdAt or coinPrice; Content-Range.',
        security,
        querystring: listQuerySchema(ADMIN_MISSION_SORT_FIELDS, adminMissionFilterSchema),
        response: { 200: z.array(adminMissionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = listWindow(request.query.range);
      const { records, total } = await consoleMissions.listMissions(app.ctx, {
        filter: (request.query.filter ?? {}) as z.infer<typeof adminMissionFilterSchema>,
        sort: request.query.sort ?? ['id', 'DESC'],
        window,
      });
      withContentRange(reply, 'missions', window, records.length, total);
      return records;
    },
  );

  routes.get(
    '/missions/:id',
    {
      schema: {
        tags: ['admin: missions'],
        summary: 'One mission with its media and the coins its escrow holds',
        security,
        params: idParamsSchema,
        response: { 200: adminMissionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => consoleMissions.getMission(app.ctx, request.params.id),
  );

  routes.put(
    '/missions/:id',
    {
      schema: {
        tags: ['admin: missions'],
        summary: 'Block (with a reason) or unblock a mission’s content (operators)',
        description:
          'A blocked mission disappears from every public list and page (its creator and requester still see it ' +
          'in their own lists) and both are notified. The mission’s state and coins are untouched.',
        security,
        params: idParamsSchema,
        body: adminMissionUpdateSchema,
        response: { 200: adminMissionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const before = await consoleMissions.getMission(app.ctx, request.params.id);
      auditBefore(request, before);
      return consoleMissions.setContentBlock(app.ctx, caller, before, request.body);
    },
  );

  routes.get(
    '/mission-products',
    {
      schema: {
        tags: ['admin: mission products'],
        summary: 'Mission products (getList / getMany)',
        description:
          'filter={"creatorId":1,"type":"BASIC","active":true,"q":"name","id":[1,2]}; sort by id, createdAt or ' +
          'coinPrice; Content-Range.',
        security,
        querystring: listQuerySchema(ADMIN_MISSION_PRODUCT_SORT_FIELDS, adminMissionProductFilterSchema),
        response: { 200: z.array(adminMissionProductSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = listWindow(request.query.range);
      const { records, total } = await consoleMissions.listProducts(app.ctx, {
        filter: (request.query.filter ?? {}) as z.infer<typeof adminMissionProductFilterSchema>,
        sort: request.query.sort ?? ['id', 'DESC'],
        window,
      });
      withContentRange(reply, 'mission-products', window, records.length, total);
      return records;
    },
  );

  routes.get(
    '/mission-products/:id',
    {
      schema: {
        tags: ['admin: mission products'],
        summary: 'One mission product',
        security,
        params: idParamsSchema,
        response: { 200: adminMissionProductSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => consoleMissions.getProduct(app.ctx, request.params.id),
  );

  routes.put(
    '/mission-products/:id',
    {
      schema: {
        tags: ['admin: mission products'],
        summary: 'Inactivate or reactivate a mission product (operators)',
        description:
          'An inactive product cannot be requested; missions already requested go on. A CUSTOM product is the ' +
          'creator’s custom-mission switch, so it changes with it.',
        security,
        params: idParamsSchema,
        body: adminMissionProductUpdateSchema,
        response: { 200: adminMissionProductSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const before = await consoleMissions.getProduct(app.ctx, request.params.id);
      auditBefore(request, before);
      return consoleMissions.setProductActive(app.ctx, before, request.body.active);
    },
  );
}
