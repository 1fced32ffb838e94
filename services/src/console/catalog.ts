import type { InferResult } from 'kysely';
import {
  type ADMIN_COIN_ITEM_SORT_FIELDS,
  type ADMIN_TAG_SORT_FIELDS,
  type AdminCoinItem,
  type AdminCoinItemInput,
  type AdminTag,
  type AdminTagInput,
} from '@fanmission/contracts';
import { idsOfFilter, selectListWindow, type ListWindow, type ListPage } from '../admin';
import { type CoinItemRow, toCoinItem } from '../coins';
import type { ServiceContext } from '../context';
import { containsPattern, type DbExecutor, uniqueViolation } from '../db';
import { conflict, notFound } from '../http';

// The console's catalogue: the coin items and their prices (finance; one already sold can be inactivated, not
// deleted) and the creators' tag list (operators; a tag in use cannot be deleted).

const coinItemView = (row: CoinItemRow): AdminCoinItem => ({
  ...toCoinItem(row),
  discount: row.discount,
  active: row.active,
  sortOrder: row.sort_order,
  createdAt: row.created_at.toISOString(),
});

async function oneCoinItem(db: DbExecutor, id: number): Promise<AdminCoinItem> {
  const row = await db.selectFrom('coin_items').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return coinItemView(row);
}

/** A coin item locked for a change (in the caller's transaction), or null when there is none. */
export async function lockCoinItem(db: DbExecutor, id: number): Promise<AdminCoinItem | null> {
  const row = await db.selectFrom('coin_items').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? coinItemView(row) : null;
}

function tagsQuery(db: DbExecutor) {
  return db
    .selectFrom('tags as t')
    .select([
      't.id',
      't.name',
      't.name_en',
      't.name_ja',
      't.created_at',
      (eb) =>
        eb
          .selectFrom('creator_tags as ct')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('ct.tag_id', '=', 't.id')
          .as('creators'),
    ]);
}

type TagListRow = InferResult<ReturnType<typeof tagsQuery>>[number];

const tagView = (row: TagListRow): AdminTag => ({
  id: row.id,
  name: row.name,
  nameEn: row.name_en,
  nameJa: row.name_ja,
  creators: Number(row.creators ?? 0),
  createdAt: row.created_at.toISOString(),
});

async function oneTag(db: DbExecutor, id: number): Promise<AdminTag> {
  const row = await tagsQuery(db).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return tagView(row);
}

const isForeignKeyViolation = (error: unknown) => (error as { code?: string }).code === '23503';

const coinItemValues = (body: AdminCoinItemInput) => ({
  item_type: body.itemType,
  name: body.name,
  point: body.point,
  price: body.price,
  discount: body.discount,
  usd_price: body.usdPrice.toFixed(2),
  active: body.active,
  sort_order: body.sortOrder,
});

export async function listCoinItems(
  ctx: ServiceContext,
  options: {
    filter: {
      id?: number | number[] | undefined;
      itemType?: AdminCoinItem['itemType'] | undefined;
      active?: boolean | undefined;
    };
    sort: [(typeof ADMIN_COIN_ITEM_SORT_FIELDS)[number], 'ASC' | 'DESC'];
    window: ListWindow;
  },
): Promise<ListPage<AdminCoinItem>> {
  const { filter } = options;
  let query = ctx.db.selectFrom('coin_items');
  if (filter.id !== undefined) query = query.where('id', 'in', idsOfFilter(filter.id));
  if (filter.itemType) query = query.where('item_type', '=', filter.itemType);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  const [field, direction] = options.sort;
  const column = ({ id: 'id', sortOrder: 'sort_order', price: 'price', point: 'point' } as const)[field];
  const { rows, total } = await selectListWindow(query.selectAll(), { column, direction }, options.window);
  return { rows: rows.map(coinItemView), total };
}

export const getCoinItem = (ctx: ServiceContext, id: number) => oneCoinItem(ctx.db, id);

export async function createCoinItem(db: DbExecutor, input: AdminCoinItemInput): Promise<AdminCoinItem> {
  const row = await db.insertInto('coin_items').values(coinItemValues(input)).returningAll().executeTakeFirstOrThrow();
  return coinItemView(row);
}

/** Purchases already made keep what they paid. */
export async function updateCoinItem(db: DbExecutor, id: number, input: AdminCoinItemInput) {
  const row = await db
    .updateTable('coin_items')
    .set(coinItemValues(input))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return coinItemView(row);
}

/** Only an item never sold (409 otherwise: inactivate it instead); answers the deleted record. */
export async function deleteCoinItem(ctx: ServiceContext, before: AdminCoinItem): Promise<AdminCoinItem> {
  try {
    await ctx.db.deleteFrom('coin_items').where('id', '=', before.id).execute();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('console.inUse');
    throw error;
  }
  return before;
}

export async function listTags(
  ctx: ServiceContext,
  options: {
    filter: { id?: number | number[] | undefined; q?: string | undefined };
    sort: [(typeof ADMIN_TAG_SORT_FIELDS)[number], 'ASC' | 'DESC'];
    window: ListWindow;
  },
): Promise<ListPage<AdminTag>> {
  const { filter } = options;
  let query = tagsQuery(ctx.db);
  if (filter.id !== undefined) query = query.where('t.id', 'in', idsOfFilter(filter.id));
  if (filter.q) query = query.where('t.name', 'ilike', containsPattern(filter.q));
  const [field, direction] = options.sort;
  const column = ({ id: 't.id', name: 't.name' } as const)[field];
  const { rows, total } = await selectListWindow(query, { column, direction, idColumn: 't.id' }, options.window);
  return { rows: rows.map(tagView), total };
}

export const getTag = (ctx: ServiceContext, id: number) => oneTag(ctx.db, id);

/** Adds a tag, or renames tag `id` (its Korean name and its translations); a Korean name already used is 409. */
export async function saveTag(ctx: ServiceContext, input: AdminTagInput, id?: number): Promise<AdminTag> {
  const { name } = input;
  const values = { name, name_en: input.nameEn, name_ja: input.nameJa };
  try {
    const row = id
      ? await ctx.db.updateTable('tags').set(values).where('id', '=', id).returning('id').executeTakeFirst()
      : await ctx.db.insertInto('tags').values(values).returning('id').executeTakeFirstOrThrow();
    if (!row) throw notFound();
    return oneTag(ctx.db, row.id);
  } catch (error) {
    if (uniqueViolation(error) !== undefined) {
      throw conflict('console.tagTaken', [{ field: 'name', key: 'console.tagTaken', rejectedValue: name }]);
    }
    throw error;
  }
}

/** Only a tag no creator uses (409 otherwise); answers the deleted record. */
export async function deleteTag(ctx: ServiceContext, before: AdminTag): Promise<AdminTag> {
  if (before.creators > 0) throw conflict('console.inUse');
  await ctx.db.deleteFrom('tags').where('id', '=', before.id).execute();
  return before;
}
