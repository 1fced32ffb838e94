import {
  ADMIN_COIN_ITEM_SORT_FIELDS,
  ADMIN_TAG_SORT_FIELDS,
  adminCoinItemFilterSchema,
  adminCoinItemInputSchema,
  adminCoinItemSchema,
  adminTagFilterSchema,
  adminTagInputSchema,
  adminTagSchema,
  idParamsSchema,
  type AdminCoinItem,
  type AdminTag,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditBefore, idsOfFilter, listQuerySchema, listWindow, selectListWindow, withContentRange } from '../admin';
import { type CoinItemRow } from '../coins';
import { containsPattern, type DbExecutor, uniqueViolation } from '../db';
import { conflict, errorResponses, notFound } from '../http';

const coinItemView = (row: CoinItemRow): AdminCoinItem => ({
  id: row.id,
  itemType: row.item_type,
  name: row.name,
  point: row.point,
  price: row.price,
  usdPrice: Number(row.usd_price),
  active: row.active,
  sortOrder: row.sort_order,
  createdAt: row.created_at.toISOString(),
});

async function oneCoinItem(db: DbExecutor, id: number): Promise<AdminCoinItem> {
  const row = await db.selectFrom('coin_items').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return coinItemView(row);
}

function tagsQuery(db: DbExecutor) {
  return db
    .selectFrom('tags as t')
    .select([
      't.id',
      't.name',
      't.created_at',
      (eb) =>
        eb
          .selectFrom('creator_tags as ct')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('ct.tag_id', '=', 't.id')
          .as('creators'),
    ]);
}

type TagListRow = Awaited<ReturnType<ReturnType<typeof tagsQuery>['execute']>>[number];

const tagView = (row: TagListRow): AdminTag => ({
  id: row.id,
  name: row.name,
  creators: Number(row.creators ?? 0),
  createdAt: row.created_at.toISOString(),
});

async function oneTag(db: DbExecutor, id: number): Promise<AdminTag> {
  const row = await tagsQuery(db).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return tagView(row);
}

const isForeignKeyViolation = (error: unknown) => (error as { code?: string }).code === '23503';

/**
 * `/api/admin/coin-items`: the coin catalogue and its prices (finance); an item already sold can be inactivated but
 * not deleted. `/api/admin/tags`: the creators' tag list (operators); a tag in use cannot be deleted.
 */
export async function catalogAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const coinTags = ['admin: coin items'];
  const tagTags = ['admin: tags'];

  routes.get(
    '/coin-items',
    {
      schema: {
        tags: coinTags,
        summary: 'Coin items (getList / getMany)',
        description: 'filter={"itemType":"CASH","active":true,"id":[1,2]}; sort by id, sortOrder, price or point.',
        security,
        querystring: listQuerySchema(ADMIN_COIN_ITEM_SORT_FIELDS, adminCoinItemFilterSchema),
        response: { 200: z.array(adminCoinItemSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = listWindow(request.query.range);
      const filter = (request.query.filter ?? {}) as z.infer<typeof adminCoinItemFilterSchema>;
      let query = app.db.selectFrom('coin_items');
      if (filter.id !== undefined) query = query.where('id', 'in', idsOfFilter(filter.id));
      if (filter.itemType) query = query.where('item_type', '=', filter.itemType);
      if (filter.active !== undefined) query = query.where('active', '=', filter.active);
      const [field, direction] = request.query.sort ?? ['sortOrder', 'ASC'];
      const column = ({ id: 'id', sortOrder: 'sort_order', price: 'price', point: 'point' } as const)[field];
      const { rows, total } = await selectListWindow(query.selectAll(), { column, direction }, window);
      withContentRange(reply, 'coin-items', window, rows.length, total);
      return rows.map(coinItemView);
    },
  );

  routes.get(
    '/coin-items/:id',
    {
      schema: {
        tags: coinTags,
        summary: 'One coin item',
        security,
        params: idParamsSchema,
        response: { 200: adminCoinItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => oneCoinItem(app.db, request.params.id),
  );

  const coinItemValues = (body: z.infer<typeof adminCoinItemInputSchema>) => ({
    item_type: body.itemType,
    name: body.name,
    point: body.point,
    price: body.price,
    usd_price: body.usdPrice.toFixed(2),
    active: body.active,
    sort_order: body.sortOrder,
  });

  routes.post(
    '/coin-items',
    {
      schema: {
        tags: coinTags,
        summary: 'Add a coin item (finance)',
        security,
        body: adminCoinItemInputSchema,
        response: { 200: adminCoinItemSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const row = await app.db
        .insertInto('coin_items')
        .values(coinItemValues(request.body))
        .returningAll()
        .executeTakeFirstOrThrow();
      return coinItemView(row);
    },
  );

  routes.put(
    '/coin-items/:id',
    {
      schema: {
        tags: coinTags,
        summary: 'Change a coin item or its prices (finance); purchases already made keep what they paid',
        security,
        params: idParamsSchema,
        body: adminCoinItemInputSchema,
        response: { 200: adminCoinItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      auditBefore(request, await oneCoinItem(app.db, request.params.id));
      const row = await app.db
        .updateTable('coin_items')
        .set(coinItemValues(request.body))
        .where('id', '=', request.params.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return coinItemView(row);
    },
  );

  routes.delete(
    '/coin-items/:id',
    {
      schema: {
        tags: coinTags,
        summary: 'Delete a coin item never sold (finance); a sold one is 409 (inactivate it instead)',
        security,
        params: idParamsSchema,
        response: { 200: adminCoinItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const before = await oneCoinItem(app.db, request.params.id);
      auditBefore(request, before);
      try {
        await app.db.deleteFrom('coin_items').where('id', '=', before.id).execute();
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict('console.inUse');
        throw error;
      }
      return before;
    },
  );

  routes.get(
    '/tags',
    {
      schema: {
        tags: tagTags,
        summary: 'Tags with how many creators use each (getList / getMany)',
        description: 'filter={"q":"name","id":[1,2]}; sort by id or name; Content-Range.',
        security,
        querystring: listQuerySchema(ADMIN_TAG_SORT_FIELDS, adminTagFilterSchema),
        response: { 200: z.array(adminTagSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = listWindow(request.query.range);
      const filter = (request.query.filter ?? {}) as z.infer<typeof adminTagFilterSchema>;
      let query = tagsQuery(app.db);
      if (filter.id !== undefined) query = query.where('t.id', 'in', idsOfFilter(filter.id));
      if (filter.q) query = query.where('t.name', 'ilike', containsPattern(filter.q));
      const [field, direction] = request.query.sort ?? ['name', 'ASC'];
      const column = ({ id: 't.id', name: 't.name' } as const)[field];
      const { rows, total } = await selectListWindow(query, { column, direction, idColumn: 't.id' }, window);
      withContentRange(reply, 'tags', window, rows.length, total);
      return rows.map(tagView);
    },
  );

  routes.get(
    '/tags/:id',
    {
      schema: {
        tags: tagTags,
        summary: 'One tag',
        security,
        params: idParamsSchema,
        response: { 200: adminTagSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => oneTag(app.db, request.params.id),
  );

  const saveTag = async (name: string, id?: number) => {
    try {
      const row = id
        ? await app.db.updateTable('tags').set({ name }).where('id', '=', id).returning('id').executeTakeFirst()
        : await app.db.insertInto('tags').values({ name }).returning('id').executeTakeFirstOrThrow();
      if (!row) throw notFound();
      return oneTag(app.db, row.id);
    } catch (error) {
      if (uniqueViolation(error) !== undefined) {
        throw conflict('console.tagTaken', [{ field: 'name', key: 'console.tagTaken', rejectedValue: name }]);
      }
      throw error;
    }
  };

  routes.post(
    '/tags',
    {
      schema: {
        tags: tagTags,
        summary: 'Add a tag (operators); a name already used is 409',
        security,
        body: adminTagInputSchema,
        response: { 200: adminTagSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => saveTag(request.body.name),
  );

  routes.put(
    '/tags/:id',
    {
      schema: {
        tags: tagTags,
        summary: 'Rename a tag (operators)',
        security,
        params: idParamsSchema,
        body: adminTagInputSchema,
        response: { 200: adminTagSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      auditBefore(request, await oneTag(app.db, request.params.id));
      return saveTag(request.body.name, request.params.id);
    },
  );

  routes.delete(
    '/tags/:id',
    {
      schema: {
        tags: tagTags,
        summary: 'Delete a tag no creator uses (operators); one in use is 409',
        security,
        params: idParamsSchema,
        response: { 200: adminTagSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const before = await oneTag(app.db, request.params.id);
      auditBefore(request, before);
      if (before.creators > 0) throw conflict('console.inUse');
      await app.db.deleteFrom('tags').where('id', '=', before.id).execute();
      return before;
    },
  );
}
