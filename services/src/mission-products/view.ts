import type { LotteryEvent, MissionCreator, MissionProduct, MissionProductSummary } from '@fanmission/contracts';
import type { AppConfig } from '../config';
import type { DbExecutor } from '../db';
import { fileEntry, findFiles, type ShownFile } from '../files';
import { loadLotteryEvents } from '../events';
import { productRatings } from '../ratings';
import * as repository from './repository';
import type { CreatorOwner } from './repository';
import type { MissionProductRow } from './table';

/** What rendering products (and the missions showing them) needs besides their rows: creators and files. */
export interface ProductRelations {
  creators: Map<number, CreatorOwner>;
  files: Map<number, ShownFile>;
}

/** What a product's summary shows of its row. */
export type ProductSummaryRow = Pick<
  MissionProductRow,
  | 'id'
  | 'creator_id'
  | 'name'
  | 'type'
  | 'coin_price'
  | 'minimum_cost'
  | 'win_probability'
  | 'always_private'
  | 'allow_attachments'
  | 'description'
  | 'description_picture_file_id'
>;

/** Loads the creators (with their members) of the products and every file the views show. */
export async function loadProductRelations(
  db: DbExecutor,
  products: readonly MissionProductRow[],
  extraFileIds: readonly (number | null)[] = [],
): Promise<ProductRelations> {
  const creators = await repository.findCreatorOwners(
    db,
    products.map((product) => product.creator_id),
  );
  const files = await findFiles(db, [
    ...products.map((product) => product.description_picture_file_id),
    ...products.map((product) => product.description_video_file_id),
    ...[...creators.values()].map((creator) => creator.image_file_id),
    ...extraFileIds,
  ]);
  return { creators, files };
}

export function fileEntryOf(config: AppConfig, files: Map<number, ShownFile>, id: number | null) {
  const file = id === null ? undefined : files.get(id);
  return file ? fileEntry(config, file) : null;
}

export function missionCreatorView(config: AppConfig, relations: ProductRelations, creatorId: number): MissionCreator {
  const creator = relations.creators.get(creatorId);
  if (!creator) throw new Error(`creator ${creatorId} not loaded`);
  return {
    id: creator.id,
    name: creator.name,
    url: creator.url,
    verified: creator.verified,
    user: {
      id: creator.user_id,
      username: creator.username,
      image: fileEntryOf(config, relations.files, creator.image_file_id),
    },
  };
}

export function productSummaryView(
  config: AppConfig,
  relations: ProductRelations,
  product: ProductSummaryRow,
): MissionProductSummary {
  return {
    id: product.id,
    name: product.name,
    type: product.type,
    coinPrice: product.coin_price,
    minimumCost: product.minimum_cost,
    winProbability: product.win_probability === null ? null : Number(product.win_probability),
    alwaysPrivate: product.always_private,
    allowAttachments: product.allow_attachments,
    description: product.description,
    descriptionPicture: fileEntryOf(config, relations.files, product.description_picture_file_id),
    creator: missionCreatorView(config, relations, product.creator_id),
  };
}

/**
 * Full product views with their mission counts, lottery events and review ratings, in the order given, as the viewer
 * sees them.
 */
export async function productViews(
  db: DbExecutor,
  config: AppConfig,
  products: readonly MissionProductRow[],
  viewerUserId: number | null = null,
): Promise<MissionProduct[]> {
  const [relations, counts, events, ratings] = await Promise.all([
    loadProductRelations(db, products),
    repository.countMissionsByProduct(
      db,
      products.map((product) => product.id),
    ),
    loadLotteryEvents(db, products, viewerUserId),
    productRatings(
      db,
      products.map((product) => product.id),
    ),
  ]);
  return products.map((product) => ({
    ...productSummaryView(config, relations, product),
    created: product.created_at.toISOString(),
    active: product.active,
    sortOrder: product.sort_order,
    currentRequested: counts.get(product.id)?.currentRequested ?? 0,
    accumulated: counts.get(product.id)?.accumulated ?? 0,
    ...eventFields(events.get(product.id) ?? null),
    descriptionVideo: fileEntryOf(config, relations.files, product.description_video_file_id),
    rating: ratings.get(product.id) ?? null,
  }));
}

/** A lottery event and the spec's names of its counts on the product (null for products without one). */
function eventFields(event: LotteryEvent | null) {
  return { event, missionCount: event?.applyNumber ?? null, eventApplied: event?.applied ?? null };
}
