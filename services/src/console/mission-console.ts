import { randomUUID } from 'node:crypto';
import {
  type AdminMission,
  type AdminMissionFilter,
  type AdminMissionProduct,
  type AdminMissionProductFilter,
  type AdminMissionUpdate,
  type ADMIN_MISSION_PRODUCT_SORT_FIELDS,
  type ADMIN_MISSION_SORT_FIELDS,
} from '@fanmission/contracts';
import { sql, type InferResult } from 'kysely';
import { idsOfFilter, selectListWindow, type ListWindow, type ListPage } from '../admin';
import type { Caller } from '../auth';
import { type AppConfig } from '../config';
import type { ServiceContext } from '../context';
import { containsPattern, type DbExecutor } from '../db';
import { signedStorageUrl } from '../files';
import { notFound } from '../http';
import { firstTraceIds } from '../outbox';
import { enqueuePushDeliveries } from '../push';
import { traceUrl } from '../telemetry';
import { iso } from './list-filters';

// The console's missions (with their media and the coins their escrow holds; operators block a mission's content)
// and mission products (operators inactivate and reactivate them).

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

type MissionListRow = InferResult<ReturnType<typeof missionsQuery>>[number];

async function missionViews(db: DbExecutor, config: AppConfig, rows: MissionListRow[]): Promise<AdminMission[]> {
  const fileIds = rows.flatMap((row) =>
    [row.video_file_id, row.picture_file_id, row.voice_file_id, row.thumbnail_file_id, row.request_file_id].filter(
      (id): id is number => id !== null,
    ),
  );
  const files = fileIds.length
    ? await db
        .selectFrom('files')
        .select(['id', 'storage_key', 'content_type', 'filename'])
        .where('id', 'in', [...new Set(fileIds)])
        .execute()
    : [];
  const byId = new Map(files.map((file) => [file.id, file]));
  const traces = config.TRACE_UI_URL
    ? await firstTraceIds(
        db,
        'mission',
        rows.map((row) => row.id),
      )
    : new Map<string, string>();
  const media = (id: number | null) => {
    const file = id === null ? undefined : byId.get(id);
    return file ? { url: signedStorageUrl(config, file.storage_key), contentType: file.content_type } : null;
  };
  const attachment = (id: number | null) => {
    const file = id === null ? undefined : byId.get(id);
    return file ? { ...media(id)!, filename: file.filename } : null;
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
    requestFile: attachment(row.request_file_id),
    traceUrl: traceUrl(config.TRACE_UI_URL, traces.get(String(row.id))),
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
    .leftJoin('lottery_events as e', 'e.product_id', 'p.id')
    .select([
      'p.id',
      'p.creator_id',
      'c.name as creator_name',
      'p.type',
      'p.name',
      'p.coin_price',
      'p.active',
      'e.status as event_status',
      'p.created_at',
    ]);
}

type ProductListRow = InferResult<ReturnType<typeof productsQuery>>[number];

const productView = (row: ProductListRow): AdminMissionProduct => ({
  id: row.id,
  creatorId: row.creator_id,
  creatorName: row.creator_name,
  type: row.type,
  name: row.name,
  coinPrice: row.coin_price,
  active: row.active,
  eventStatus: row.event_status,
  createdAt: row.created_at.toISOString(),
});

async function oneProduct(db: DbExecutor, id: number): Promise<AdminMissionProduct> {
  const row = await productsQuery(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return productView(row);
}

export async function listMissions(
  ctx: ServiceContext,
  options: {
    filter: AdminMissionFilter;
    sort: [(typeof ADMIN_MISSION_SORT_FIELDS)[number], 'ASC' | 'DESC'];
    window: ListWindow;
  },
): Promise<ListPage<AdminMission>> {
  const { filter } = options;
  // The filter reads missions alone: the window's ids come from an index in the list's order, the joins only for them.
  let query = ctx.db.selectFrom('missions as m');
  if (filter.id !== undefined) query = query.where('m.id', 'in', idsOfFilter(filter.id));
  if (filter.status) query = query.where('m.status', 'in', [filter.status].flat());
  if (filter.creatorId !== undefined) query = query.where('m.creator_id', '=', filter.creatorId);
  if (filter.userId !== undefined) query = query.where('m.user_id', '=', filter.userId);
  if (filter.contentBlocked !== undefined) {
    query = query.where('m.content_blocked_at', filter.contentBlocked ? 'is not' : 'is', null);
  }
  if (filter.from) query = query.where('m.created_at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('m.created_at', '<', new Date(filter.to));
  const [field, direction] = options.sort;
  const column = ({ id: 'm.id', createdAt: 'm.created_at', coinPrice: 'm.coin_price', status: 'm.status' } as const)[
    field
  ];
  const { rows, total } = await selectListWindow(
    missionsQuery(ctx.db),
    { column, direction, idColumn: 'm.id' },
    options.window,
    query,
  );
  return { rows: await missionViews(ctx.db, ctx.config, rows), total };
}

export const getMission = (ctx: ServiceContext, id: number) => oneMission(ctx.db, ctx.config, id);

/**
 * Blocks (with a reason) or unblocks a mission's content: a blocked mission disappears from every public list and
 * page, and its creator and requester are notified once; its state and coins are untouched.
 */
export async function setContentBlock(
  ctx: ServiceContext,
  operator: Caller,
  before: AdminMission,
  update: AdminMissionUpdate,
): Promise<AdminMission> {
  const block = update.contentBlocked;
  await ctx.db.transaction().execute(async (trx) => {
    const mission = await trx
      .selectFrom('missions')
      .select(['id', 'content_blocked_at', 'creator_id', 'user_id'])
      .where('id', '=', before.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const now = ctx.now();
    await trx
      .updateTable('missions')
      .set(
        block
          ? {
              content_blocked_at: mission.content_blocked_at ?? now,
              content_block_reason: update.contentBlockReason!,
              content_blocked_by: operator.id,
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
      const params = JSON.stringify({ product: before.productName, reason: update.contentBlockReason! });
      const written = await trx
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
        .returning(['id', 'user_id', 'kind'])
        .execute();
      for (const notification of written) {
        await enqueuePushDeliveries(trx, {
          id: notification.id,
          userId: notification.user_id,
          kind: notification.kind,
        });
      }
    }
  });
  return getMission(ctx, before.id);
}

export async function listProducts(
  ctx: ServiceContext,
  options: {
    filter: AdminMissionProductFilter;
    sort: [(typeof ADMIN_MISSION_PRODUCT_SORT_FIELDS)[number], 'ASC' | 'DESC'];
    window: ListWindow;
  },
): Promise<ListPage<AdminMissionProduct>> {
  const { filter } = options;
  // The filter reads products alone: the window's ids come from an index in the list's order, the joins only for them.
  let query = ctx.db.selectFrom('mission_products as p');
  if (filter.id !== undefined) query = query.where('p.id', 'in', idsOfFilter(filter.id));
  if (filter.creatorId !== undefined) query = query.where('p.creator_id', '=', filter.creatorId);
  if (filter.type) query = query.where('p.type', '=', filter.type);
  if (filter.active !== undefined) query = query.where('p.active', '=', filter.active);
  if (filter.q) query = query.where('p.name', 'ilike', containsPattern(filter.q));
  const [field, direction] = options.sort;
  const column = ({ id: 'p.id', createdAt: 'p.created_at', coinPrice: 'p.coin_price' } as const)[field];
  const { rows, total } = await selectListWindow(
    productsQuery(ctx.db),
    { column, direction, idColumn: 'p.id' },
    options.window,
    query,
  );
  return { rows: rows.map(productView), total };
}

export const getProduct = (ctx: ServiceContext, id: number) => oneProduct(ctx.db, id);

/**
 * Inactivates or reactivates a product: an inactive one cannot be requested; missions already requested go on. A
 * CUSTOM product is the creator's custom-mission switch, so it changes with it.
 */
export async function setProductActive(
  ctx: ServiceContext,
  before: AdminMissionProduct,
  active: boolean,
): Promise<AdminMissionProduct> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('mission_products')
      .set({ active, updated_at: ctx.now() })
      .where('id', '=', before.id)
      .execute();
    if (before.type === 'CUSTOM') {
      await trx.updateTable('creators').set({ available_custom: active }).where('id', '=', before.creatorId).execute();
    }
  });
  return getProduct(ctx, before.id);
}
