import type { MissionProductSortOrder, ProductType, SortDirection } from '@fanmission/contracts';
import { sql } from 'kysely';
import { containsPattern, type DbExecutor } from '../db';
import type { FileRow } from '../files';
import type { MissionProductRow, NewMissionProduct } from './table';

/** The creator of a product (or mission) with his member account, as views show him. */
export interface CreatorOwner {
  id: number;
  user_id: number;
  name: string;
  url: string | null;
  verified: boolean;
  username: string;
  image_file_id: number | null;
}

/** Who is looking: products of unverified creators and inactive products are shown to their owner and operators only. */
export interface ProductViewer {
  creatorId: number | null;
  operator: boolean;
}

export interface ProductFilters {
  creatorId?: number | undefined;
  productType?: ProductType | undefined;
  active?: boolean | undefined;
  name?: string | undefined;
  /** Leave out cancelled lottery events. */
  emptyCanceledEventFilter?: boolean | undefined;
}

export interface Window {
  offset: number;
  limit: number;
}

export async function findCreatorOwners(db: DbExecutor, ids: readonly number[]): Promise<Map<number, CreatorOwner>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('creators as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.name', 'c.url', 'c.verified', 'u.username', 'u.image_file_id'])
    .where('c.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Locks the creator's row for the rest of the transaction: product creation and reordering take turns per creator. */
export async function lockCreator(
  db: DbExecutor,
  creatorId: number,
): Promise<{ id: number; user_id: number } | undefined> {
  return await db
    .selectFrom('creators')
    .select(['id', 'user_id'])
    .where('id', '=', creatorId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** The file, share-locked so that it cannot be deleted before the transaction that references it commits. */
export async function findFileForReference(db: DbExecutor, id: number): Promise<FileRow | undefined> {
  return await db.selectFrom('files').selectAll().where('id', '=', id).forKeyShare().executeTakeFirst();
}

/** Whether the creator runs an active lottery event (an active EVENT product). */
/** Whether the creator has a lottery event that is neither closed nor cancelled. */
export async function hasActiveEventProduct(db: DbExecutor, creatorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('lottery_events')
    .select('product_id')
    .where('creator_id', '=', creatorId)
    .where('status', 'in', ['CREATED', 'APPLYING', 'DRAWING', 'DRAWN'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function nextSortOrder(db: DbExecutor, creatorId: number, type: ProductType): Promise<number> {
  const row = await db
    .selectFrom('mission_products')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .where('creator_id', '=', creatorId)
    .where('type', '=', type)
    .executeTakeFirst();
  return (row?.last ?? 0) + 1;
}

export async function insertProduct(db: DbExecutor, product: NewMissionProduct): Promise<MissionProductRow> {
  return await db.insertInto('mission_products').values(product).returningAll().executeTakeFirstOrThrow();
}

export async function updateProduct(
  db: DbExecutor,
  id: number,
  changes: Partial<Omit<NewMissionProduct, 'id' | 'creator_id' | 'type'>>,
): Promise<MissionProductRow> {
  return await db
    .updateTable('mission_products')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findProduct(db: DbExecutor, id: number): Promise<MissionProductRow | undefined> {
  return await db.selectFrom('mission_products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The creator's products of one type in their order, locked (the creator's row is locked first by the caller). */
export async function findCreatorProductsForUpdate(
  db: DbExecutor,
  creatorId: number,
  type: ProductType,
): Promise<MissionProductRow[]> {
  return await db
    .selectFrom('mission_products')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .where('type', '=', type)
    .orderBy('sort_order')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setSortOrder(db: DbExecutor, id: number, sortOrder: number, now: Date): Promise<void> {
  await db
    .updateTable('mission_products')
    .set({ sort_order: sortOrder, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Products that viewer may see: active products of verified creators, plus his own (all of them for operators). */
function filteredProducts(db: DbExecutor, viewer: ProductViewer, filters: ProductFilters) {
  let query = db
    .selectFrom('mission_products as p')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .where((eb) => {
      if (viewer.operator) return eb.lit(true);
      const shown = eb.and([eb('p.active', '=', true), eb('c.verified', '=', true)]);
      return viewer.creatorId === null ? shown : eb.or([shown, eb('p.creator_id', '=', viewer.creatorId)]);
    });
  if (filters.creatorId !== undefined) query = query.where('p.creator_id', '=', filters.creatorId);
  else if (!viewer.operator) {
    // A list across creators is public: an adult-flagged creator's products are never in it (but his own, for him).
    query = query.where((eb) =>
      viewer.creatorId === null
        ? eb('c.contain_adult_content', '=', false)
        : eb.or([eb('c.contain_adult_content', '=', false), eb('p.creator_id', '=', viewer.creatorId)]),
    );
  }
  if (filters.productType !== undefined) query = query.where('p.type', '=', filters.productType);
  if (filters.active !== undefined) query = query.where('p.active', '=', filters.active);
  if (filters.name) {
    const pattern = containsPattern(filters.name);
    query = query.where('p.name', 'ilike', pattern);
  }
  if (filters.emptyCanceledEventFilter) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lottery_events as e')
            .select('e.product_id')
            .whereRef('e.product_id', '=', 'p.id')
            .where('e.status', '=', 'CANCELED'),
        ),
      ),
    );
  }
  return query;
}

const SORT_COLUMNS = {
  SORT: 'p.sort_order',
  CREATED: 'p.created_at',
  COIN_PRICE: sql<number>`coalesce(p.coin_price, p.minimum_cost)`,
} as const;

export async function listProducts(
  db: DbExecutor,
  viewer: ProductViewer,
  filters: ProductFilters,
  options: {
    order: MissionProductSortOrder;
    direction: SortDirection;
    window?: Window;
    /** Without a window: at most this many rows (and no count). */
    limit?: number;
  },
): Promise<{ rows: MissionProductRow[]; total: number }> {
  const query = filteredProducts(db, viewer, filters);
  const direction = options.direction === 'ASC' ? 'asc' : 'desc';
  const selected = query.selectAll('p');
  const ordered =
    options.order === 'SORT'
      ? // The creator's own order is per type: each creator's types stay together.
        selected.orderBy('p.creator_id').orderBy('p.type').orderBy('p.sort_order', direction)
      : selected.orderBy(SORT_COLUMNS[options.order], direction);
  const rowsQuery = ordered.orderBy('p.id', direction);
  if (!options.window) {
    const rows = await (options.limit === undefined ? rowsQuery : rowsQuery.limit(options.limit)).execute();
    return { rows, total: rows.length };
  }
  const [rows, counted] = await Promise.all([
    rowsQuery.limit(options.window.limit).offset(options.window.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

export interface ProductMissionCounts {
  currentRequested: number;
  accumulated: number;
}

/**
 * Per product: missions in progress (REQUESTED, ACCEPTED, TRANSCODING) and every real request (all but CREATED), from
 * `product_mission_counts` (kept by a trigger on missions, migration 0360: one row a product, whatever its history).
 */
export async function countMissionsByProduct(
  db: DbExecutor,
  productIds: readonly number[],
): Promise<Map<number, ProductMissionCounts>> {
  if (productIds.length === 0) return new Map();
  const { rows } = await sql<{ product_id: string; current: string; accumulated: string }>`
    select product_id, in_progress as current, requested as accumulated from product_mission_counts
    where product_id = any(${[...new Set(productIds)]}::bigint[])`.execute(db);
  return new Map(
    rows.map((row) => [
      Number(row.product_id),
      { currentRequested: Number(row.current), accumulated: Number(row.accumulated) },
    ]),
  );
}
