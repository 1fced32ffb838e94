import type { Insertable, Updateable } from 'kysely';
import type { DbExecutor } from '../db';
import type { CommentEventRow, CommentEventsTable, CommentRestrictionsTable } from './table';

// The console's reads and writes of comment coin events, comment moderation and commenting restrictions (the
// comments themselves are listed by ./repository.ts's listAdminComments).

export type CommentEventColumn = 'id' | 'starts_at' | 'ends_at';

/** The comment coin events, optionally only the given ids, ordered by one column then id (for a list window). */
export function commentEventsQuery(
  db: DbExecutor,
  options: { ids?: number[]; column: CommentEventColumn; direction: 'asc' | 'desc' },
) {
  let query = db.selectFrom('comment_events').selectAll();
  if (options.ids) query = query.where('id', 'in', [...options.ids, 0]);
  return query.orderBy(options.column, options.direction).orderBy('id', options.direction);
}

export function findCommentEvent(
  db: DbExecutor,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<CommentEventRow | undefined> {
  const query = db.selectFrom('comment_events').selectAll().where('id', '=', id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertCommentEvent(db: DbExecutor, values: Insertable<CommentEventsTable>): Promise<number> {
  const row = await db.insertInto('comment_events').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** False when there is no such event. */
export async function updateCommentEvent(
  db: DbExecutor,
  id: number,
  values: Updateable<CommentEventsTable>,
): Promise<boolean> {
  const updated = await db.updateTable('comment_events').set(values).where('id', '=', id).executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export async function deleteCommentEvent(db: DbExecutor, id: number): Promise<void> {
  await db.deleteFrom('comment_events').where('id', '=', id).execute();
}

export async function setModeration(
  db: DbExecutor,
  commentId: number,
  decision: { hidden: boolean; reason: string | null; by: number; at: Date },
): Promise<void> {
  await db
    .updateTable('mission_comments')
    .set({
      moderation: decision.hidden ? 'HIDDEN' : 'VISIBLE',
      moderation_reason: decision.reason,
      moderated_by: decision.by,
      moderated_at: decision.at,
    })
    .where('id', '=', commentId)
    .execute();
}

/** The restricted members with their names, newest restriction first (for a list window). */
export function restrictionsQuery(db: DbExecutor) {
  return db
    .selectFrom('comment_restrictions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'r.until', 'r.reason', 'r.created_at', 'u.username']);
}

export function findRestrictionOf(db: DbExecutor, userId: number) {
  return restrictionsQuery(db).where('r.user_id', '=', userId).executeTakeFirst();
}

export async function memberExists(db: DbExecutor, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/** Restricts the member, replacing a restriction he has. */
export async function upsertRestriction(
  db: DbExecutor,
  userId: number,
  values: Omit<Insertable<CommentRestrictionsTable>, 'user_id'>,
): Promise<void> {
  await db
    .insertInto('comment_restrictions')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function deleteRestriction(db: DbExecutor, userId: number): Promise<void> {
  await db.deleteFrom('comment_restrictions').where('user_id', '=', userId).execute();
}
