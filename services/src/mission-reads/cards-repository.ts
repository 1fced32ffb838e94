/*
 * What a mission's view shows (./view.ts), read in one statement for a page of missions: the mission, its product,
 * the product's creator with his member account, the requester, the files any of them shows and the viewer's marks;
 * and the members shown beside missions.
 */
import { sql } from 'kysely';
import type { DbExecutor } from '../db';
import type { ShownFile } from '../files';
import type { CreatorOwner, ProductSummaryRow } from '../mission-products';
import { MISSION_COLUMNS, type MissionRow } from '../missions';

/**
 * A mission with everything its view shows (./view.ts): its product, the product's creator with his member account,
 * the requester, the files any of them shows, and the viewer's marks.
 */
export interface MissionCard {
  mission: MissionRow;
  product: ProductSummaryRow;
  creator: CreatorOwner;
  requester: RequesterRow;
  files: ShownFile[];
  liked: boolean;
  blocked: boolean;
}

/**
 * The cards of the missions with these ids, in the order of `ids` (an id without a mission is left out), read in one
 * statement. `viewerUserId`: whose likes (and, with `blocks`, hidden missions) mark them.
 */
export async function findMissionCards(
  db: DbExecutor,
  ids: readonly number[],
  viewerUserId: number | null,
  options: { blocks: boolean },
): Promise<MissionCard[]> {
  if (ids.length === 0) return [];
  const marked = (table: 'mission_likes' | 'mission_blocks', wanted: boolean) =>
    viewerUserId === null || !wanted
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${sql.table(table)} k where k.user_id = ${viewerUserId} and k.mission_id = m.id)`;
  const rows = await db
    .selectFrom('missions as m')
    .innerJoin('mission_products as p', 'p.id', 'm.product_id')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .innerJoin('users as cu', 'cu.id', 'c.user_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(MISSION_COLUMNS.map((column) => `m.${column}` as const))
    .select([
      'p.creator_id as product_creator_id',
      'p.name as product_name',
      'p.type as product_type',
      'p.coin_price as product_coin_price',
      'p.minimum_cost as product_minimum_cost',
      'p.win_probability as product_win_probability',
      'p.always_private as product_always_private',
      'p.allow_attachments as product_allow_attachments',
      'p.description as product_description',
      'p.description_picture_file_id as product_description_picture_file_id',
      'c.user_id as creator_user_id',
      'c.name as creator_name',
      'c.url as creator_url',
      'c.verified as creator_verified',
      'cu.username as creator_username',
      'cu.image_file_id as creator_image_file_id',
      'u.username as requester_username',
      'u.image_file_id as requester_image_file_id',
      sql<ShownFile[]>`(
        select coalesce(json_agg(json_build_object('id', f.id, 'storage_key', f.storage_key, 'filename', f.filename,
          'content_type', f.content_type, 'thumbnail_key', f.thumbnail_key, 'processing_status', f.processing_status,
          'small_video_key', f.small_video_key, 'small_video_width', f.small_video_width,
          'small_video_height', f.small_video_height)),
          '[]')
        from files f
        where f.id in (m.request_file_id, m.video_file_id, m.picture_file_id, m.voice_file_id, m.thumbnail_file_id,
          p.description_picture_file_id, cu.image_file_id, u.image_file_id))`.as('shown_files'),
      marked('mission_likes', true).as('liked'),
      marked('mission_blocks', options.blocks).as('blocked'),
    ])
    .where('m.id', '=', sql<number>`any(${[...ids]}::bigint[])`)
    .execute();
  const byId = new Map(
    rows.map((row): [number, MissionCard] => {
      const {
        product_creator_id,
        product_name,
        product_type,
        product_coin_price,
        product_minimum_cost,
        product_win_probability,
        product_always_private,
        product_allow_attachments,
        product_description,
        product_description_picture_file_id,
        creator_user_id,
        creator_name,
        creator_url,
        creator_verified,
        creator_username,
        creator_image_file_id,
        requester_username,
        requester_image_file_id,
        shown_files,
        liked,
        blocked,
        ...mission
      } = row;
      return [
        mission.id,
        {
          mission,
          product: {
            id: mission.product_id,
            creator_id: product_creator_id,
            name: product_name,
            type: product_type,
            coin_price: product_coin_price,
            minimum_cost: product_minimum_cost,
            win_probability: product_win_probability,
            always_private: product_always_private,
            allow_attachments: product_allow_attachments,
            description: product_description,
            description_picture_file_id: product_description_picture_file_id,
          },
          creator: {
            id: product_creator_id,
            user_id: creator_user_id,
            name: creator_name,
            url: creator_url,
            verified: creator_verified,
            username: creator_username,
            image_file_id: creator_image_file_id,
          },
          requester: { id: mission.user_id, username: requester_username, image_file_id: requester_image_file_id },
          files: shown_files,
          liked,
          blocked,
        },
      ];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface RequesterRow {
  id: number;
  username: string;
  image_file_id: number | null;
}

export async function findUsers(db: DbExecutor, ids: readonly number[]): Promise<Map<number, RequesterRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'image_file_id'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
