import { sql } from 'kysely';
import type { AdminCreatorRefusal, Language, SnsLink, Tag } from '@fanmission/contracts';
import type { DbExecutor } from '../db';
import type { FileRow } from '../files';
import type { CreatorRow, CreatorUpdate } from './table';

/** A creator with the member behind it (name and profile image live on the account). */
export type CreatorWithUser = CreatorRow & { username: string; email: string | null; image_file_id: number | null };

function selectCreatorWithUser(db: DbExecutor) {
  return db
    .selectFrom('creators')
    .innerJoin('users', 'users.id', 'creators.user_id')
    .selectAll('creators')
    .select(['users.username', 'users.email', 'users.image_file_id']);
}

export async function findCreatorById(db: DbExecutor, id: number): Promise<CreatorWithUser | undefined> {
  return selectCreatorWithUser(db).where('creators.id', '=', id).executeTakeFirst();
}

/** By custom page URL, ignoring case (the column is citext). */
export async function findCreatorByUrl(db: DbExecutor, url: string): Promise<CreatorWithUser | undefined> {
  return selectCreatorWithUser(db).where('creators.url', '=', url).executeTakeFirst();
}

export async function findCreatorByUserId(db: DbExecutor, userId: number): Promise<CreatorWithUser | undefined> {
  return selectCreatorWithUser(db).where('creators.user_id', '=', userId).executeTakeFirst();
}

export async function lockCreator(db: DbExecutor, id: number): Promise<CreatorRow | undefined> {
  return db.selectFrom('creators').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateCreator(db: DbExecutor, id: number, values: CreatorUpdate): Promise<void> {
  await db
    .updateTable('creators')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Records a refusal of the creator's application (his row keeps the last reason only). */
export async function insertRefusal(
  db: DbExecutor,
  refusal: { creatorId: number; reason: string; refusedBy: number; refusedAt: Date },
): Promise<void> {
  await db
    .insertInto('creator_review_refusals')
    .values({
      creator_id: refusal.creatorId,
      reason: refusal.reason,
      refused_by: refusal.refusedBy,
      refused_at: refusal.refusedAt,
    })
    .execute();
}

/** Every refusal of the creator's application, newest first, with the refusing staff member's e-mail. */
export async function refusalsOfCreator(db: DbExecutor, creatorId: number): Promise<AdminCreatorRefusal[]> {
  const rows = await db
    .selectFrom('creator_review_refusals as r')
    .leftJoin('users as u', 'u.id', 'r.refused_by')
    .select(['r.reason', 'r.refused_at', 'u.email'])
    .where('r.creator_id', '=', creatorId)
    .orderBy('r.refused_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map((row) => ({ reason: row.reason, refusedBy: row.email, refusedAt: row.refused_at.toISOString() }));
}

/** A tag's name in the reader's language where the operators wrote one, else its Korean name. */
export function tagNameIn(language: Language) {
  const translation = language === 'en' ? 'tags.name_en' : language === 'ja' ? 'tags.name_ja' : null;
  return translation === null ? sql<string>`tags.name` : sql<string>`coalesce(${sql.ref(translation)}, tags.name)`;
}

/** The creator's tags, named in the reader's language (Korean by default), by name. */
export async function tagsOfCreator(db: DbExecutor, creatorId: number, language: Language = 'ko'): Promise<Tag[]> {
  const name = tagNameIn(language);
  return db
    .selectFrom('creator_tags')
    .innerJoin('tags', 'tags.id', 'creator_tags.tag_id')
    .select(['tags.id', name.as('name')])
    .where('creator_tags.creator_id', '=', creatorId)
    .orderBy(name)
    .orderBy('tags.id')
    .execute();
}

export async function snsLinksOfCreator(db: DbExecutor, creatorId: number): Promise<SnsLink[]> {
  return db
    .selectFrom('creator_sns_links')
    .select(['type', 'link'])
    .where('creator_id', '=', creatorId)
    .orderBy('id')
    .execute();
}

export async function existingTagIds(db: DbExecutor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('tags')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function replaceTags(db: DbExecutor, creatorId: number, tagIds: readonly number[]): Promise<void> {
  await db.deleteFrom('creator_tags').where('creator_id', '=', creatorId).execute();
  if (tagIds.length === 0) return;
  await db
    .insertInto('creator_tags')
    .values([...new Set(tagIds)].map((tagId) => ({ creator_id: creatorId, tag_id: tagId })))
    .execute();
}

export async function replaceSnsLinks(db: DbExecutor, creatorId: number, links: readonly SnsLink[]): Promise<void> {
  await db.deleteFrom('creator_sns_links').where('creator_id', '=', creatorId).execute();
  if (links.length === 0) return;
  await db
    .insertInto('creator_sns_links')
    .values(links.map((link) => ({ creator_id: creatorId, type: link.type, link: link.link })))
    .execute();
}

export async function isFollowing(db: DbExecutor, userId: number, creatorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('creator_id')
    .where('user_id', '=', userId)
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Exact counts for the creator page: followers, and likes summed over the creator's missions (one row, kept by triggers). */
export async function pageCounts(
  db: DbExecutor,
  creatorId: number,
): Promise<{ followerCount: number; likeCount: number }> {
  const row = await db
    .selectFrom('creator_page_totals')
    .select(['followers', 'likes'])
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  return { followerCount: Number(row?.followers ?? 0), likeCount: Number(row?.likes ?? 0) };
}

/** The products the newbie dashboard looks at: an EVENT at all, an active BASIC or LUCKY. */
export async function productFlags(
  db: DbExecutor,
  creatorId: number,
): Promise<{ eventDone: boolean; missionDone: boolean }> {
  const row = await db
    .selectFrom('mission_products')
    .select((eb) => [
      eb.fn.coalesce(sql<boolean>`bool_or(type = 'EVENT')`, sql<boolean>`false`).as('event_done'),
      eb.fn
        .coalesce(sql<boolean>`bool_or(type in ('BASIC', 'LUCKY') and active)`, sql<boolean>`false`)
        .as('mission_done'),
    ])
    .where('creator_id', '=', creatorId)
    .executeTakeFirstOrThrow();
  return { eventDone: row.event_done, missionDone: row.mission_done };
}

/** The file becomes `ownerUserId`'s (an intro an operator uploaded for the creator is the creator's). */
export async function giveFileTo(db: DbExecutor, id: number, ownerUserId: number): Promise<FileRow> {
  return db
    .updateTable('files')
    .set({ owner_user_id: ownerUserId })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteFileById(db: DbExecutor, id: number): Promise<FileRow | undefined> {
  return db.deleteFrom('files').where('id', '=', id).returningAll().executeTakeFirst();
}
