import type {
  CreateMissionProductRequest,
  Language,
  MissionProduct,
  SortMove,
  UpdateMissionProductRequest,
} from '@fanmission/contracts';
import { isOperator, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { uniqueViolation, type DbExecutor } from '../db';
import { accessDenied, conflict, invalidFields, notFound } from '../http';
import { translate } from '../i18n';
import { createEventProduct, existOngoingEvent, updateEventProduct } from '../events';
import { mirrorCustomProductToCreator } from './custom-settings';
import { productNotFound, viewOne, visibleProduct } from './reads';
import * as repository from './repository';
import type { MissionProductRow, NewMissionProduct } from './table';
import { productViews } from './view';

/*
 * Changing mission products. A creator manages his own products; operators may manage anybody's. Who sees what, and
 * the reads, are in ./reads.ts (re-exported here for the routes).
 */

export { getProduct, listProducts, productPage, viewerOf } from './reads';

const FOREIGN_KEY_VIOLATION = '23503';

const coverNotUsable = (fileId: number) =>
  invalidFields([{ field: 'descriptionPictureId', key: 'missionProducts.coverNotUsable', rejectedValue: fileId }]);

const ownsProduct = (caller: Caller, product: Pick<MissionProductRow, 'creator_id'>) =>
  isOperator(caller) || caller.creatorId === product.creator_id;

/** The product if the caller may change it: 404 when he cannot even see it, 403 when it is somebody else's. */
async function ownedProduct(db: DbExecutor, caller: Caller, id: number): Promise<MissionProductRow> {
  const product = await visibleProduct(db, caller, id);
  if (!ownsProduct(caller, product)) throw accessDenied();
  return product;
}

/**
 * Every change to a product: saves the columns with a new `updated_at`, mirrors a CUSTOM product's settings onto its
 * creator, and answers the product's view.
 */
async function saveProduct(
  ctx: ServiceContext,
  trx: DbExecutor,
  id: number,
  changes: Parameters<typeof repository.updateProduct>[2],
): Promise<MissionProduct> {
  const updated = await repository.updateProduct(trx, id, { ...changes, updated_at: ctx.now() });
  await mirrorCustomProductToCreator(trx, updated);
  return await viewOne(ctx, trx, updated);
}

/**
 * The cover must be an image uploaded by the creator's member (or by the operator acting). It is share-locked until
 * the transaction ends, so it cannot be deleted between this check and the commit.
 */
async function checkCover(db: DbExecutor, fileId: number, uploaders: number[]): Promise<void> {
  const file = await repository.findFileForReference(db, fileId);
  if (!file || file.kind !== 'image' || file.owner_user_id === null || !uploaders.includes(file.owner_user_id)) {
    throw coverNotUsable(fileId);
  }
}

/** The columns a request sets, by product type (fields of other types are cleared). */
function productColumns(
  body: CreateMissionProductRequest | UpdateMissionProductRequest,
  language: Language,
  current?: MissionProductRow,
) {
  switch (body.type) {
    case 'BASIC':
      return {
        name: body.name,
        coin_price: body.coinPrice,
        minimum_cost: null,
        win_probability: null,
        always_private: false,
        allow_attachments: body.allowAttachments,
        description: body.description,
        description_picture_file_id: body.descriptionPictureId,
      };
    case 'LUCKY':
      return {
        name: body.name,
        coin_price: body.coinPrice,
        minimum_cost: null,
        win_probability: body.winProbability.toFixed(1),
        always_private: body.alwaysPrivate,
        allow_attachments: false,
        description: body.description,
        description_picture_file_id: body.descriptionPictureId,
      };
    case 'CUSTOM':
      return {
        name: body.name ?? current?.name ?? translate(language, 'missionProducts.customDefaultName'),
        coin_price: null,
        minimum_cost: body.minimumCost,
        win_probability: null,
        always_private: false,
        // Attachments are always allowed for CUSTOM.
        allow_attachments: true,
        description: body.description || null,
        description_picture_file_id: body.descriptionPictureId ?? null,
      };
    case 'EVENT':
      // Lottery events are written by the events module (createProduct and updateProduct hand them over).
      throw new Error('EVENT products are not written here');
  }
}

/**
 * `POST /mission-products`. One transaction that locks the creator's row (creations and reorders of one creator
 * take turns, so sort numbers never collide), checks the cover and the ongoing event, and inserts. On any refusal
 * nothing is written and the cover stays an unreferenced file of its uploader, which `DELETE /files/s3/{id}` removes
 * (the client does so after a failed creation).
 */
export async function createProduct(
  ctx: ServiceContext,
  caller: Caller,
  body: CreateMissionProductRequest,
  language: Language,
): Promise<MissionProduct> {
  if (!isOperator(caller) && caller.creatorId !== body.creatorId) throw accessDenied();
  if (body.type === 'EVENT') {
    const productId = await createEventProduct(ctx, caller, body);
    return await viewOne(ctx, ctx.db, (await repository.findProduct(ctx.db, productId))!, caller);
  }
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const creator = await repository.lockCreator(trx, body.creatorId);
      if (!creator) throw notFound();
      const columns = productColumns(body, language);
      if (columns.description_picture_file_id !== null) {
        await checkCover(trx, columns.description_picture_file_id, [creator.user_id, caller.id]);
      }
      if (await repository.hasActiveEventProduct(trx, creator.id)) throw existOngoingEvent();
      const now = ctx.now();
      const product: NewMissionProduct = {
        ...columns,
        creator_id: creator.id,
        type: body.type,
        sort_order: await repository.nextSortOrder(trx, creator.id, body.type),
        created_at: now,
        updated_at: now,
      };
      const inserted = await repository.insertProduct(trx, product);
      await mirrorCustomProductToCreator(trx, inserted);
      return await viewOne(ctx, trx, inserted);
    });
  } catch (error) {
    if (uniqueViolation(error) === 'mission_products_one_custom_per_creator') {
      throw conflict('missionProducts.customExists');
    }
    // A cover deleted between the check and the insert cannot happen (share lock); this is the last line anyway.
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION && body.descriptionPictureId !== undefined) {
      throw coverNotUsable(body.descriptionPictureId);
    }
    throw error;
  }
}

/** `PUT /mission-products/{id}`: the product's fields; the type never changes, nor the creator. */
export async function updateProduct(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  body: UpdateMissionProductRequest,
  language: Language,
): Promise<MissionProduct> {
  if (body.type === 'EVENT') {
    const product = await ownedProduct(ctx.db, caller, id);
    if (body.creatorId !== undefined && body.creatorId !== product.creator_id) throw accessDenied();
    if (product.type !== 'EVENT') {
      throw invalidFields([{ field: 'type', key: 'missionProducts.typeUnchangeable', rejectedValue: body.type }]);
    }
    await updateEventProduct(ctx, caller, product, body);
    return await viewOne(ctx, ctx.db, (await repository.findProduct(ctx.db, id))!, caller);
  }
  return await ctx.db.transaction().execute(async (trx) => {
    const product = await ownedProduct(trx, caller, id);
    if (body.creatorId !== undefined && body.creatorId !== product.creator_id) throw accessDenied();
    if (body.type !== product.type) {
      throw invalidFields([{ field: 'type', key: 'missionProducts.typeUnchangeable', rejectedValue: body.type }]);
    }
    const columns = productColumns(body, language, product);
    const cover = columns.description_picture_file_id;
    if (cover !== null && cover !== product.description_picture_file_id) {
      const creator = (await repository.findCreatorOwners(trx, [product.creator_id])).get(product.creator_id)!;
      await checkCover(trx, cover, [creator.user_id, caller.id]);
    }
    return await saveProduct(ctx, trx, id, columns);
  });
}

/** `PUT /mission-products/{id}/activate` and `/inactivate`. */
export async function setProductActive(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  active: boolean,
): Promise<MissionProduct> {
  return await ctx.db.transaction().execute(async (trx) => {
    await ownedProduct(trx, caller, id);
    return await saveProduct(ctx, trx, id, { active });
  });
}

/**
 * `PUT /creators/{id}/mission-products/{productId}/sort/increase|decrease`: swaps the product with its neighbour
 * among the creator's products of the same type and renumbers them 1…n. Answers those products in their new order.
 */
export async function moveProduct(
  ctx: ServiceContext,
  caller: Caller,
  creatorId: number,
  productId: number,
  move: SortMove,
): Promise<MissionProduct[]> {
  return await ctx.db.transaction().execute(async (trx) => {
    const product = await ownedProduct(trx, caller, productId);
    if (product.creator_id !== creatorId) throw productNotFound();
    await repository.lockCreator(trx, creatorId);
    const siblings = await repository.findCreatorProductsForUpdate(trx, creatorId, product.type);
    const from = siblings.findIndex((sibling) => sibling.id === productId);
    const to = move === 'increase' ? from + 1 : from - 1;
    if (to >= 0 && to < siblings.length) [siblings[from], siblings[to]] = [siblings[to]!, siblings[from]!];
    const now = ctx.now();
    const reordered: MissionProductRow[] = [];
    for (const [index, sibling] of siblings.entries()) {
      const sortOrder = index + 1;
      if (sibling.sort_order !== sortOrder) await repository.setSortOrder(trx, sibling.id, sortOrder, now);
      reordered.push({ ...sibling, sort_order: sortOrder });
    }
    return await productViews(trx, ctx.config, reordered);
  });
}
