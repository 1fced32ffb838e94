import { UNPAGED_LIST_MAX } from '@fanmission/contracts';
import type { MissionProduct, MissionProductListQuery, MissionProductPageQuery, Page } from '@fanmission/contracts';
import { requireCreatorContentAccess } from '../adult-content';
import { isOperator, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { notFound, pageOffset, toPage } from '../http';
import * as repository from './repository';
import type { ProductViewer } from './repository';
import type { MissionProductRow } from './table';
import { productViews } from './view';

/*
 * Reading mission products. Products of unverified creators and inactive products exist only for their owner and
 * operators: anybody else gets 404, as if they did not exist. The changes are in ./service.ts.
 */

export const productNotFound = () => notFound('missionProducts.notFound');

export function viewerOf(caller: Caller | null): ProductViewer {
  return { creatorId: caller?.creatorId ?? null, operator: caller !== null && isOperator(caller) };
}

async function isVisible(db: DbExecutor, viewer: ProductViewer, product: MissionProductRow): Promise<boolean> {
  if (viewer.operator || viewer.creatorId === product.creator_id) return true;
  if (!product.active) return false;
  const creator = (await repository.findCreatorOwners(db, [product.creator_id])).get(product.creator_id);
  return creator?.verified === true;
}

/**
 * The product if the caller may see it, else 404; an adult-flagged creator's product only past the adult gate (401 or
 * 403, after the 404).
 */
export async function visibleProduct(db: DbExecutor, caller: Caller | null, id: number): Promise<MissionProductRow> {
  const product = await repository.findProduct(db, id);
  if (!product || !(await isVisible(db, viewerOf(caller), product))) throw productNotFound();
  await requireCreatorContentAccess(db, caller, product.creator_id);
  return product;
}

export async function viewOne(
  ctx: ServiceContext,
  db: DbExecutor,
  product: MissionProductRow,
  caller: Caller | null = null,
): Promise<MissionProduct> {
  const [view] = await productViews(db, ctx.config, [product], caller?.id ?? null);
  return view!;
}

export async function getProduct(ctx: ServiceContext, caller: Caller | null, id: number): Promise<MissionProduct> {
  return await viewOne(ctx, ctx.db, await visibleProduct(ctx.db, caller, id), caller);
}

/** `GET /mission-products`: the products the caller may see that match (at most 200), in the creators' own order. */
export async function listProducts(
  ctx: ServiceContext,
  caller: Caller | null,
  query: MissionProductListQuery,
): Promise<MissionProduct[]> {
  if (query.creatorId !== undefined) await requireCreatorContentAccess(ctx.db, caller, query.creatorId);
  const { rows } = await repository.listProducts(ctx.db, viewerOf(caller), query, {
    order: 'SORT',
    direction: 'ASC',
    // Unpaged, but bounded: the first UNPAGED_LIST_MAX in the creators' order.
    limit: UNPAGED_LIST_MAX,
  });
  return await productViews(ctx.db, ctx.config, rows, caller?.id ?? null);
}

/** `GET /mission-products/page`. `emptyCanceledEventFilter` leaves out cancelled lottery events. */
export async function productPage(
  ctx: ServiceContext,
  caller: Caller | null,
  query: MissionProductPageQuery,
): Promise<Page<MissionProduct>> {
  if (query.creatorId !== undefined) await requireCreatorContentAccess(ctx.db, caller, query.creatorId);
  const direction = query.direction ?? (query.order === 'SORT' ? 'ASC' : 'DESC');
  const { rows, total } = await repository.listProducts(ctx.db, viewerOf(caller), query, {
    order: query.order,
    direction,
    window: { offset: pageOffset(query), limit: query.size },
  });
  return toPage(await productViews(ctx.db, ctx.config, rows, caller?.id ?? null), total, query);
}
