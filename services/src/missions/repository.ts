import { CompiledQuery, type Insertable, sql } from 'kysely';
import type { DbExecutor } from '../db';
import { outboxRows } from '../outbox';
import { cappedProduct, pausedAt } from './capacity';
import type { LuckyRollsTable, MissionActionKeysTable, MissionRow, NewMission } from './table';

/** What a request needs to know about a product and its creator. */
export async function findProductForRequest(db: DbExecutor, productId: number, now: Date) {
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
      'c.contain_adult_content as creator_adult',
      pausedAt(sql.ref('p.creator_id'), now).as('creator_paused'),
      cappedProduct(sql.ref('p.id'), sql.ref('p.creator_id')).as('capped'),
    ])
    .where('p.id', '=', productId)
    .executeTakeFirst();
}
export type ProductForRequest = NonNullable<Awaited<ReturnType<typeof findProductForRequest>>>;

/**
 * A requested product's columns (`ProductForRequest`) over `mission_products p join creators c`, and whether the
 * creator's penalties block requests at `now` (`creator_blocked`, the same rule as `creatorBlockedByPenalties`).
 */
const productAndCreatorColumns = (now: Date) => sql`
      p.id, p.creator_id, p.type, p.name, p.coin_price, p.minimum_cost, p.win_probability, p.always_private,
      p.allow_attachments, p.active,
      c.user_id as creator_user_id, c.verified as creator_verified, c.available_custom as creator_available_custom,
      c.contain_adult_content as creator_adult,
      ${pausedAt(sql.ref('p.creator_id'), now)} as creator_paused,
      ${cappedProduct(sql.ref('p.id'), sql.ref('p.creator_id'))} as capped,
      coalesce(exists (
        select 1 from creator_penalties cp
        where cp.creator_id = p.creator_id and cp.lifted_at is null
          and (cp.requests_blocked_until > ${now} or cp.blocks_login)
      ), false) as creator_blocked`;

/**
 * What a BASIC or CUSTOM request reads before its transaction, in one statement (one round trip instead of three):
 * the mission an earlier request under the same Idempotency-Key created, the product with its creator, whether the
 * creator's penalties block requests at `now` (the same rule as `creatorBlockedByPenalties`), and, only when the
 * product can be requested, the id the new mission will have (taken from its identity sequence, so the mission row
 * and its outbox event go out in one statement: `insertRequestedMission`). A product that does not exist answers
 * the row with null product columns.
 */
export async function readRequestContext(
  db: DbExecutor,
  input: { productId: number; userId: number; idempotencyKey: string | null; now: Date },
) {
  const { rows } = await sql<
    ProductForRequest & {
      earlier_mission_id: number | null;
      creator_blocked: boolean;
      new_mission_id: number | null;
    }
  >`
    select
      (select m.id from missions m
       where m.user_id = ${input.userId} and m.idempotency_key = ${input.idempotencyKey}) as earlier_mission_id,
      ${productAndCreatorColumns(input.now)},
      case when p.active and c.verified and p.type in ('BASIC', 'CUSTOM')
        then nextval(pg_get_serial_sequence('missions', 'id')) end as new_mission_id
    from (values (1)) as one (one)
    left join (mission_products p join creators c on c.id = p.creator_id) on p.id = ${input.productId}`.execute(db);
  const row = rows[0]!;
  const { earlier_mission_id, creator_blocked, new_mission_id, ...product } = row;
  return {
    earlierMissionId: earlier_mission_id,
    product: product.id === null ? undefined : (product as ProductForRequest),
    creatorBlocked: creator_blocked,
    newMissionId: new_mission_id,
  };
}

/**
 * Inserts a requested mission under the id `readRequestContext` took, and its outbox events, in one statement (a
 * data-modifying CTE): both or neither, inside the caller's transaction like any other write.
 */
export async function insertRequestedMission(
  db: DbExecutor,
  mission: NewMission & { id: number },
  events: Parameters<typeof outboxRows>[0],
): Promise<MissionRow> {
  const columns = (Object.keys(mission) as Array<keyof typeof mission>).filter((key) => mission[key] !== undefined);
  const outbox = db.insertInto('outbox').values(outboxRows(events));
  const { rows } = await sql<MissionRow>`
    with event as (${outbox})
    insert into missions (${sql.join(columns.map((column) => sql.ref(column)))}) overriding system value
    values (${sql.join(columns.map((column) => mission[column]))})
    returning *`.execute(db);
  return rows[0]!;
}

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

/** Start marks per pool: the ones waiting for the next statement, and whether a statement is under way. */
const startMarks = new WeakMap<DbExecutor, { waiting: StartMark[]; writing: boolean }>();
interface StartMark {
  id: number;
  at: Date;
  settle: (error?: unknown) => void;
}
/** Marks written by one statement at most. */
const START_MARKS_PER_STATEMENT = 500;

/**
 * Records that the mission's workflow runs (`at`: when Temporal acknowledged its start); resolves once written. A
 * mark that comes while another one's statement is under way waits for it and goes out with the other marks that
 * came meanwhile, in one statement: under load the after-commit starts of many requests cost one round trip, not
 * one each; alone a mark is written at once.
 */
export function markWorkflowStarted(db: DbExecutor, id: number, at: Date): Promise<void> {
  let queue = startMarks.get(db);
  if (!queue) {
    queue = { waiting: [], writing: false };
    startMarks.set(db, queue);
  }
  const marks = queue;
  return new Promise<void>((resolve, reject) => {
    marks.waiting.push({ id, at, settle: (error) => (error === undefined ? resolve() : reject(error)) });
    if (!marks.writing) void writeStartMarks(db, marks);
  });
}

async function writeStartMarks(db: DbExecutor, queue: { waiting: StartMark[]; writing: boolean }): Promise<void> {
  queue.writing = true;
  try {
    while (queue.waiting.length > 0) {
      const marks = queue.waiting.splice(0, START_MARKS_PER_STATEMENT);
      try {
        await sql`
          update missions m set workflow_started_at = mark.at
          from unnest(${marks.map((mark) => mark.id)}::bigint[],
                      ${marks.map((mark) => mark.at.toISOString())}::timestamptz[]) as mark (id, at)
          where m.id = mark.id and m.workflow_started_at is null`.execute(db);
        for (const mark of marks) mark.settle();
      } catch (error) {
        for (const mark of marks) mark.settle(error ?? new Error('start marks not written'));
      }
    }
  } finally {
    queue.writing = false;
  }
}

export async function findRollByIdempotencyKey(db: DbExecutor, userId: number, key: string) {
  return db
    .selectFrom('lucky_rolls')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * What a roll needs before its transaction, in one round trip: the mission, the earlier roll of the fan's key (its
 * mission and outcome), and the mission's product with its creator and whether a penalty blocks him now.
 */
export async function readRollContext(
  db: DbExecutor,
  input: { missionId: number; userId: number; idempotencyKey: string | null; now: Date },
) {
  const { rows } = await sql<
    ProductForRequest & {
      mission_user_id: number | null;
      mission_type: string | null;
      mission_status: string | null;
      mission_coin_price: number | null;
      earlier_mission_id: number | null;
      earlier_success: boolean | null;
      creator_blocked: boolean;
    }
  >`
    select
      m.user_id as mission_user_id, m.type as mission_type, m.status as mission_status,
      m.coin_price as mission_coin_price,
      r.mission_id as earlier_mission_id, r.success as earlier_success,
      ${productAndCreatorColumns(input.now)}
    from (values (1)) as one (one)
    left join missions m on m.id = ${input.missionId}
    left join lucky_rolls r on r.user_id = ${input.userId} and r.idempotency_key = ${input.idempotencyKey}
    left join (mission_products p join creators c on c.id = p.creator_id) on p.id = m.product_id`.execute(db);
  const {
    mission_user_id,
    mission_type,
    mission_status,
    mission_coin_price,
    earlier_mission_id,
    earlier_success,
    creator_blocked,
    ...product
  } = rows[0]!;
  return {
    mission:
      mission_user_id === null
        ? undefined
        : { userId: mission_user_id, type: mission_type!, status: mission_status!, coinPrice: mission_coin_price! },
    earlier: earlier_mission_id === null ? undefined : { mission_id: earlier_mission_id, success: earlier_success! },
    product: product.id === null ? undefined : (product as ProductForRequest),
    creatorBlocked: creator_blocked,
  };
}

/** Inserts a roll and its outbox events in one statement (a data-modifying CTE), inside the caller's transaction. */
export async function insertRoll(
  db: DbExecutor,
  roll: Insertable<LuckyRollsTable>,
  events: Parameters<typeof outboxRows>[0],
): Promise<void> {
  const columns = (Object.keys(roll) as Array<keyof typeof roll>).filter((key) => roll[key] !== undefined);
  const outbox = db.insertInto('outbox').values(outboxRows(events));
  await sql`
    with event as (${outbox})
    insert into lucky_rolls (${sql.join(columns.map((column) => sql.ref(column)))})
    values (${sql.join(columns.map((column) => roll[column]))})`.execute(db);
}

/** SQLSTATEs of lucky_roll_remembered: the mission or seed moved (RLL01), the ledger's (LDG01, LDG02), a roll key taken. */
const REMEMBERED_ROLL_STALE = new Set(['RLL01', 'LDG01', 'LDG02', '23505']);

const LUCKY_ROLL_REMEMBERED = `select lucky_roll_remembered(${Array.from({ length: 38 }, (_, index) => `$${index + 1}`).join(', ')}) as id`;

/**
 * A losing roll decided from remembered state, checked and written in one statement (migration
 * 0730_lucky_roll_one_statement): the mission locked and still CREATED at `coins`, the seed's nonce taken, the ledger
 * transaction appended from `ledgerArguments` (ledger_append_as_read's), the roll's event and its row. Answers the
 * ledger transaction's id, or 'STALE' when anything moved since it was remembered (nothing was written).
 */
export async function insertRememberedLosingRoll(
  db: DbExecutor,
  roll: {
    missionId: number;
    userId: number;
    coins: number;
    seedId: number;
    clientSeed: string;
    nonce: number;
    winProbability: string;
    idempotencyKey: string | null;
  },
  events: Parameters<typeof outboxRows>[0],
  ledgerArguments: unknown[],
): Promise<number | 'STALE'> {
  const rows = outboxRows(events);
  const values = [
    roll.missionId,
    roll.userId,
    roll.coins,
    roll.seedId,
    roll.clientSeed,
    roll.nonce,
    roll.winProbability,
    roll.idempotencyKey,
    rows.map((row) => row.id),
    rows.map((row) => row.type),
    rows.map((row) => row.aggregate_type),
    rows.map((row) => row.aggregate_id),
    rows.map((row) => row.payload),
    rows.map((row) => row.schema_version),
    rows.map((row) => row.occurred_at),
    rows.map((row) => row.trace_parent ?? null),
    ...ledgerArguments,
  ];
  try {
    const result = await db.executeQuery<{ id: string }>(CompiledQuery.raw(LUCKY_ROLL_REMEMBERED, values));
    return Number(result.rows[0]!.id);
  } catch (error) {
    if (REMEMBERED_ROLL_STALE.has(String((error as { code?: unknown }).code))) return 'STALE';
    throw error;
  }
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
/**
 * Marks every open mission as having no workflow, for the reconciler to start one from its stored state: a restored
 * database's Temporal server holds none of them (`npm start` keeps Temporal's state beside the database, not in its
 * backup). A start where a workflow already runs is harmless (one workflow id). A lottery application (type EVENT)
 * has no workflow of its own: its event's workflow decides it. Returns how many it marked.
 */
export async function clearWorkflowStartsOfOpenMissions(db: DbExecutor): Promise<number> {
  const result = await db
    .updateTable('missions')
    .set({ workflow_started_at: null })
    .where('workflow_started_at', 'is not', null)
    .where('status', 'in', ['REQUESTED', 'ACCEPTED', 'TRANSCODING'])
    .where('type', '<>', 'EVENT')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

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
