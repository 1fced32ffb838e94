import { type Insertable, sql } from 'kysely';
import type { DbExecutor } from '../db';
import type { MissionActionKeysTable, MissionRow, NewMission } from './table';

/** What a request needs to know about a product and its creator. */
export async function findProductForRequest(db: DbExecutor, productId: number) {
  return db
    .selectFrom('mission_products as p')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .select([
      'p.id',
      'p.creator_id',
      'p.type',
      'p.name',
      'p.coin_price',
      'p.minimum_cost',
      'p.win_probability',
      'p.always_private',
      'p.allow_attachments',
      'p.active',
      'c.user_id as creator_user_id',
      'c.verified as creator_verified',
      'c.available_custom as creator_available_custom',
    ])
    .where('p.id', '=', productId)
    .executeTakeFirst();
}
export type ProductForRequest = NonNullable<Awaited<ReturnType<typeof findProductForRequest>>>;

export async function insertMission(db: DbExecutor, mission: NewMission): Promise<MissionRow> {
  return db.insertInto('missions').values(mission).returningAll().executeTakeFirstOrThrow();
}

export async function findMission(db: DbExecutor, id: number): Promise<MissionRow | undefined> {
  return db.selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The mission, locked until the end of the transaction: its state changes one at a time. */
export async function lockMission(db: DbExecutor, id: number): Promise<MissionRow | undefined> {
  return db.selectFrom('missions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findMissionByIdempotencyKey(db: DbExecutor, userId: number, key: string) {
  return db
    .selectFrom('missions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The fan's open (not yet won) roulette of a product, reused when he opens it again. */
export async function findOpenLuckyMission(db: DbExecutor, userId: number, productId: number) {
  return db
    .selectFrom('missions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('status', '=', 'CREATED')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function updateMission(db: DbExecutor, id: number, changes: Partial<Omit<MissionRow, 'id'>>) {
  await db
    .updateTable('missions')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function markWorkflowStarted(db: DbExecutor, id: number, at: Date): Promise<void> {
  await db
    .updateTable('missions')
    .set({ workflow_started_at: at })
    .where('id', '=', id)
    .where('workflow_started_at', 'is', null)
    .execute();
}

export async function findRollByIdempotencyKey(db: DbExecutor, userId: number, key: string) {
  return db
    .selectFrom('lucky_rolls')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function insertRoll(
  db: DbExecutor,
  roll: {
    mission_id: number;
    user_id: number;
    coins: number;
    success: boolean;
    ledger_transaction_id: number;
    idempotency_key: string | null;
    seed_id: number | null;
    client_seed: string | null;
    nonce: number | null;
    win_probability: string | null;
  },
): Promise<void> {
  await db.insertInto('lucky_rolls').values(roll).execute();
}

/** What a lucky mission's rolls cost: how many, in total, and what the losing ones paid to the platform. */
export async function rollTotals(db: DbExecutor, missionId: number) {
  const row = await db
    .selectFrom('lucky_rolls')
    .select([
      sql<number>`count(*)::int`.as('rolls'),
      sql<number>`coalesce(sum(coins), 0)::int`.as('coins'),
      sql<number>`coalesce(sum(coins) filter (where not success), 0)::int`.as('lostCoins'),
    ])
    .where('mission_id', '=', missionId)
    .executeTakeFirstOrThrow();
  return row;
}

/** Files a member may attach or perform with: his own uploads. */
export async function findOwnedFile(db: DbExecutor, fileId: number, ownerUserId: number) {
  return db
    .selectFrom('files')
    .select(['id', 'kind', 'storage_key', 'content_type'])
    .where('id', '=', fileId)
    .where('owner_user_id', '=', ownerUserId)
    .executeTakeFirst();
}

/** A creator's earlier action sent with this Idempotency-Key. */
export async function findActionKey(db: DbExecutor, userId: number, key: string) {
  return db
    .selectFrom('mission_action_keys')
    .select(['mission_id', 'action'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Remembers an action's Idempotency-Key (a concurrent retry that got there first keeps its row). */
export async function insertActionKey(db: DbExecutor, row: Insertable<MissionActionKeysTable>): Promise<void> {
  await db
    .insertInto('mission_action_keys')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing())
    .execute();
}

/** Whether the file exists, share-locking its row until the transaction ends (so it cannot be deleted meanwhile). */
export async function lockFileForShare(db: DbExecutor, fileId: number): Promise<boolean> {
  const row = await db.selectFrom('files').select('id').where('id', '=', fileId).forShare().executeTakeFirst();
  return row !== undefined;
}

/** Missions that should have a workflow but are not known to have one, oldest first. */
export async function findMissionsWithoutWorkflow(db: DbExecutor, createdBefore: Date, limit: number) {
  return db
    .selectFrom('missions')
    .selectAll()
    .where('workflow_started_at', 'is', null)
    .where('status', 'in', ['REQUESTED', 'ACCEPTED', 'TRANSCODING'])
    .where('created_at', '<', createdBefore)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
