import {
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
import { auditBefore, consoleListRoute, consoleRecordRoute } from '../admin';
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

  consoleListRoute(app, {
    resource: 'missions',
    tags: ['admin: missions'],
    summary: 'Missions (getList / getMany)',
    description:
      'filter={"status":"COMPLETED" or [..],"creatorId":1,"userId":2,"contentBlocked":true,"from":"2026-01-01T00:00:00Z",' +
      '"to":"…","id":[1,2]} (from/to on the creation time); sort by id, createdAt, coinPrice or status; Content-Range.',
    defaultSort: ['id', 'DESC'],
    filter: adminMissionFilterSchema,
    row: adminMissionSchema,
    list: (query) => consoleMissions.listMissions(app.ctx, query),
  });
  consoleRecordRoute(app, {
    resource: 'missions',
    tags: ['admin: missions'],
    summary: 'One mission with its media and the coins its escrow holds',
    row: adminMissionSchema,
    find: (id) => consoleMissions.getMission(app.ctx, id),
  });

  routes.put(
    '/missions/:id',
    {
      config: { adminResource: 'missions' },
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

  consoleListRoute(app, {
    resource: 'mission-products',
    tags: ['admin: mission products'],
    summary: 'Mission products (getList / getMany)',
    description:
      'filter={"creatorId":1,"type":"BASIC","active":true,"q":"name","id":[1,2]}; sort by id, createdAt or ' +
      'coinPrice; Content-Range.',
    defaultSort: ['id', 'DESC'],
    filter: adminMissionProductFilterSchema,
    row: adminMissionProductSchema,
    list: (query) => consoleMissions.listProducts(app.ctx, query),
  });
  consoleRecordRoute(app, {
    resource: 'mission-products',
    tags: ['admin: mission products'],
    summary: 'One mission product',
    row: adminMissionProductSchema,
    find: (id) => consoleMissions.getProduct(app.ctx, id),
  });

  routes.put(
    '/mission-products/:id',
    {
      config: { adminResource: 'mission-products' },
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
