import { randomUUID } from 'node:crypto';
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
  type AdminMission,
  type AdminMissionProduct,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { iso } from './list-filters';
import { auditBefore, idsOfFilter, listQuerySchema, listWindow, selectListWindow, withContentRange } from '../admin';
import { requireCaller } from '../auth';
import { type AppConfig } from '../config';
import { containsPattern, type DbExecutor } from '../db';
import { signedStorageUrl } from '../files';
import { errorResponses, notFound } from '../http';

function missionsQuery(db: DbExecutor) {
  return db
    .selectFrom('missions as m')
    .innerJoin('mission_products as p', 'p.id', 'm.product_id')
    .innerJoin('creators as c', 'c.id', 'm.creator_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('ledger_accounts as e', (join) => join.on('e.account', '=', sql<string>`'escrow:mission:' || m.id`))
    .selectAll('m')
    .select([
      'p.name as product_name',
      'c.name as creator_name',
      'u.username as requester_name',
      sql<number>`coalesce(e.balance, 0)::int`.as('escrow_coins'),
    ]);
}

type MissionListRow = Awaited<ReturnType<ReturnType<typeof missionsQuery>['execute']>>[number];

async function missionViews(db: DbExecutor, config: AppConfig, rows: MissionListRow[]): Promise<AdminMission[]> {
  const fileIds = rows.flatMap((row) =>
    [row.video_file_id, row.picture_file_id, row.voice_file_id, row.thumbnail_file_id].filter(
      (id): id is number => id !== null,
    ),
  );
  const files = fileIds.length
    ? await db
        .selectFrom('files')
        .select(['id', 'storage_key', 'content_type'])
        .where('id', 'in', [...new Set(fileIds)])
        .execute()
    : [];
  const byId = new Map(files.map((file) => [file.id, file]));
  const media = (id: number | null) => {
    const file = id === null ? undefined : byId.get(id);
    return file ? { url: signedStorageUrl(config, file.storage_key), contentType: file.content_type } : null;
  };
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    type: row.type,
    productId: row.product_id,
    productName: row.product_name,
    creatorId: row.creator_id,
    creatorName: row.creator_name,
    userId: row.user_id,
    username: row.requester_name,
    coinPrice: row.coin_price,
    private: row.is_private,
    requestComment: row.request_comment,
    responseComment: row.response_comment,
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at.toISOString(),
    requestedAt: iso(row.requested_at),
    performDueAt: iso(row.perform_due_at),
    completedAt: iso(row.completed_at),
    contentBlocked: row.content_blocked_at !== null,
    contentBlockedAt: iso(row.content_blocked_at),
    contentBlockReason: row.content_block_reason,
    escrowCoins: Number(row.escrow_coins),
    media: {
      video: media(row.video_file_id),
      picture: media(row.picture_file_id),
      voice: media(row.voice_file_id),
      thumbnail: media(row.thumbnail_file_id),
    },
  }));
}

async function oneMission(db: DbExecutor, config: AppConfig, id: number): Promise<AdminMission> {
  const row = await missionsQuery(db).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return (await missionViews(db, config, [row]))[0]!;
}

function productsQuery(db: DbExecutor) {
  return db
    .selectFrom('mission_products as p')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .select([
      'p.id',
      'p.creator_id',
      'c.name as creator_name',
      'p.type',
      'p.name',
      'p.coin_price',
      'p.active',
      'p.created_at',
    ]);
}

type ProductListRow = Awaited<ReturnType<ReturnType<typeof productsQuery>['execute']>>[number];

const productView = (row: ProductListRow): AdminMissionProduct => ({
  id: row.id,
  creatorId: row.creator_id,
  creatorName: row.creator_name,
  type: row.type,
  name: row.name,
  coinPrice: row.coin_price,
  active: row.active,
  createdAt: row.created_at.toISOString(),
});

async function oneProduct(db: DbExecutor, id: number): Promise<AdminMissionProduct> {
  const row = await productsQuery(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return productView(row);
}

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
      const filter = (request.query.filter ?? {}) as z.infer<typeof adminMissionFilterSchema>;
      let query = missionsQuery(app.db);
      if (filter.id !== undefined) query = query.where('m.id', 'in', idsOfFilter(filter.id));
      if (filter.status) query = query.where('m.status', 'in', [filter.status].flat());
      if (filter.creatorId !== undefined) query = query.where('m.creator_id', '=', filter.creatorId);
      if (filter.userId !== undefined) query = query.where('m.user_id', '=', filter.userId);
      if (filter.contentBlocked !== undefined) {
        query = query.where('m.content_blocked_at', filter.contentBlocked ? 'is not' : 'is', null);
      }
      if (filter.from) query = query.where('m.created_at', '>=', new Date(filter.from));
      if (filter.to) query = query.where('m.created_at', '<', new Date(filter.to));
      const [field, direction] = request.query.sort ?? ['id', 'DESC'];
      const column = ({ id: 'm.id', createdAt: 'm.created_at', coinPrice: 'm.coin_price' } as const)[field];
      const { rows, total } = await selectListWindow(query, { column, direction, idColumn: 'm.id' }, window);
      withContentRange(reply, 'missions', window, rows.length, total);
      return missionViews(app.db, app.config, rows);
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
    async (request) => oneMission(app.db, app.config, request.params.id),
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
      const before = await oneMission(app.db, app.config, request.params.id);
      auditBefore(request, before);
      const block = request.body.contentBlocked;
      await app.db.transaction().execute(async (trx) => {
        const mission = await trx
          .selectFrom('missions')
          .select(['id', 'content_blocked_at', 'creator_id', 'user_id'])
          .where('id', '=', before.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const now = app.ctx.now();
        await trx
          .updateTable('missions')
          .set(
            block
              ? {
                  content_blocked_at: mission.content_blocked_at ?? now,
                  content_block_reason: request.body.contentBlockReason!,
                  content_blocked_by: caller.id,
                }
              : { content_blocked_at: null, content_block_reason: null, content_blocked_by: null },
          )
          .where('id', '=', mission.id)
          .execute();
        if (block && mission.content_blocked_at === null) {
          const creator = await trx
            .selectFrom('creators')
            .select('user_id')
            .where('id', '=', mission.creator_id)
            .executeTakeFirstOrThrow();
          const eventId = randomUUID();
          const params = JSON.stringify({ product: before.productName, reason: request.body.contentBlockReason! });
          await trx
            .insertInto('notifications')
            .values(
              [...new Set([creator.user_id, mission.user_id])].map((userId) => ({
                user_id: userId,
                kind: 'MISSION_CONTENT_BLOCKED' as const,
                mission_id: mission.id,
                mission_comment_id: null,
                actor_user_id: null,
                params,
                event_id: eventId,
                created_at: now,
              })),
            )
            .execute();
        }
      });
      return oneMission(app.db, app.config, before.id);
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
      const filter = (request.query.filter ?? {}) as z.infer<typeof adminMissionProductFilterSchema>;
      let query = productsQuery(app.db);
      if (filter.id !== undefined) query = query.where('p.id', 'in', idsOfFilter(filter.id));
      if (filter.creatorId !== undefined) query = query.where('p.creator_id', '=', filter.creatorId);
      if (filter.type) query = query.where('p.type', '=', filter.type);
      if (filter.active !== undefined) query = query.where('p.active', '=', filter.active);
      if (filter.q) query = query.where('p.name', 'ilike', containsPattern(filter.q));
      const [field, direction] = request.query.sort ?? ['id', 'DESC'];
      const column = ({ id: 'p.id', createdAt: 'p.created_at', coinPrice: 'p.coin_price' } as const)[field];
      const { rows, total } = await selectListWindow(query, { column, direction, idColumn: 'p.id' }, window);
      withContentRange(reply, 'mission-products', window, rows.length, total);
      return rows.map(productView);
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
    async (request) => oneProduct(app.db, request.params.id),
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
      const before = await oneProduct(app.db, request.params.id);
      auditBefore(request, before);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('mission_products')
          .set({ active: request.body.active, updated_at: app.ctx.now() })
          .where('id', '=', before.id)
          .execute();
        if (before.type === 'CUSTOM') {
          await trx
            .updateTable('creators')
            .set({ available_custom: request.body.active })
            .where('id', '=', before.creatorId)
            .execute();
        }
      });
      return oneProduct(app.db, before.id);
    },
  );
}
