import type { EventStatus } from '@fanmission/contracts';
import type { DbExecutor } from '../db';
import type { LotteryEventRow, NewLotteryEvent } from './table';

export async function findEvent(db: DbExecutor, productId: number): Promise<LotteryEventRow | undefined> {
  return await db.selectFrom('lottery_events').selectAll().where('product_id', '=', productId).executeTakeFirst();
}

export async function lockEvent(db: DbExecutor, productId: number): Promise<LotteryEventRow | undefined> {
  return await db
    .selectFrom('lottery_events')
    .selectAll()
    .where('product_id', '=', productId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Marks every open lottery event as having no workflow, for the reconciler to start one: a restored database's
 * Temporal server holds none of them (see `clearWorkflowStartsOfOpenMissions`). Returns how many it marked.
 */
export async function clearWorkflowStartsOfOpenEvents(db: DbExecutor): Promise<number> {
  const result = await db
    .updateTable('lottery_events')
    .set({ workflow_started_at: null })
    .where('workflow_started_at', 'is not', null)
    .where('status', 'not in', ['CLOSED', 'CANCELED'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertEvent(db: DbExecutor, event: NewLotteryEvent): Promise<LotteryEventRow> {
  return await db.insertInto('lottery_events').values(event).returningAll().executeTakeFirstOrThrow();
}

export async function setEventStatus(
  db: DbExecutor,
  productId: number,
  status: EventStatus,
  columns: Partial<Omit<LotteryEventRow, 'product_id' | 'status' | 'entries'>> & { entries?: number[] } = {},
): Promise<void> {
  await db
    .updateTable('lottery_events')
    .set({ ...columns, status, updated_at: new Date() })
    .where('product_id', '=', productId)
    .execute();
}

/** The product with its creator, for applications and the draw calls. */
export async function findEventProduct(db: DbExecutor, productId: number) {
  return await db
    .selectFrom('mission_products as p')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .innerJoin('lottery_events as e', 'e.product_id', 'p.id')
    .select([
      'p.id',
      'p.name',
      'p.active',
      'p.creator_id',
      'c.user_id as creator_user_id',
      'c.verified as creator_verified',
      'c.contain_adult_content as creator_adult',
      'e.status',
      'e.title',
    ])
    .where('p.id', '=', productId)
    .where('p.type', '=', 'EVENT')
    .executeTakeFirst();
}

/** Whether the mission is the user's application to the event. */
export async function isApplicantOf(
  db: DbExecutor,
  productId: number,
  missionId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('missions')
    .select('id')
    .where('id', '=', missionId)
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
export type EventProduct = NonNullable<Awaited<ReturnType<typeof findEventProduct>>>;

export async function applicationsOf(db: DbExecutor, productId: number) {
  return await db
    .selectFrom('event_applications')
    .select(['mission_id', 'user_id', 'picked'])
    .where('product_id', '=', productId)
    .orderBy('mission_id')
    .execute();
}

export async function draws(db: DbExecutor, productId: number) {
  return await db.selectFrom('event_draws').selectAll().where('product_id', '=', productId).orderBy('seq').execute();
}

export async function findFile(db: DbExecutor, fileId: number) {
  return await db
    .selectFrom('files')
    .select(['id', 'kind', 'owner_user_id', 'size_bytes'])
    .where('id', '=', fileId)
    .forShare()
    .executeTakeFirst();
}
