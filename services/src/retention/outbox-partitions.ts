import { DAY_MS } from '@fanmission/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Db, DbExecutor } from '../db';

/*
 * The outbox partitioned by UTC day of `recorded_at` (services/src/db/migrations/0240_outbox_partitioned.ts): one
 * partition per day (outbox_pYYYYMMDD), created ahead by the daily maintenance, and dropped whole once the day is
 * older than the retention and every consumer has passed all of its rows. `outbox_default` takes a row no day's
 * partition covers (a day not created yet, or a recorded_at set in the past by a test or the world generator): it
 * is pruned row by row like the unpartitioned outbox was, and its rows move to a day's partition when that day is
 * created. `outbox_legacy` is a populated outbox converted online (below), attached whole as the partition of
 * everything before the conversion's bound; it goes whole like a day does once its bound is old enough (no row by row
 * deletes meanwhile: they would only write its dead tuples).
 */

/** How long a lock-taking step waits for its lock before it gives up (and is tried again later). */
export const OUTBOX_LOCK_TIMEOUT_MS = 2_000;
const DEFAULT_PARTITION = 'outbox_default';
const LEGACY_PARTITION = 'outbox_legacy';
/** The check that lets the populated table be attached without a scan: every row before this bound. */
const BOUND_CHECK = 'outbox_before_partitioning';
const POSITION_KEY_INDEX = 'outbox_legacy_position_recorded_at';
/** The indexes of the unpartitioned outbox, renamed on the legacy partition to free their names for the parent's. */
const OUTBOX_INDEXES = [
  'outbox_unsent',
  'outbox_unsent_by_aggregate',
  'outbox_read_order',
  'outbox_recorded_at',
  'outbox_traced_aggregates',
] as const;

const dayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
export const outboxPartitionName = (day: Date) => `outbox_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;

async function withLockTimeout<T>(db: Db, lockTimeoutMs: number, work: (trx: DbExecutor) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`.execute(trx);
    return work(trx);
  });
}

const isLockTimeout = (error: unknown) => (error as { code?: string } | undefined)?.code === '55P03';

async function isPartitioned(db: DbExecutor): Promise<boolean> {
  const { rows } = await sql<{
    kind: string;
  }>`select relkind as kind from pg_class where oid = 'outbox'::regclass`.execute(db);
  return rows[0]?.kind === 'p';
}

export type OutboxConversionStep =
  | 'already-partitioned'
  | 'bound-check-added'
  | 'bound-check-renewed'
  | 'bound-check-validated'
  | 'position-key-built'
  | 'swapped'
  | 'lock-timeout';

/**
 * Converts a populated, unpartitioned outbox into the partitioned one without a long lock, one idempotent step per
 * call of `step` (each its own short transaction; the two scans take no lock that blocks writers):
 * 1. `check (recorded_at < bound) not valid`, bound = the UTC day after tomorrow (a brief lock, `lock_timeout`);
 * 2. validate it (a scan under SHARE UPDATE EXCLUSIVE: writes go on);
 * 3. `create unique index concurrently (position, recorded_at)` (the partitioned key; writes go on);
 * 4. one short transaction (`lock_timeout`): rename the table and its indexes to outbox_legacy*, make the new index
 *    its primary key, hand its identity to the new partitioned `outbox` (same columns and indexes), attach it for
 *    everything before the bound (the validated check spares the scan, the matching indexes are attached, not
 *    built), and create the default partition and the days from the bound on.
 * A step that meets a lock held too long gives up ('lock-timeout'), so writers wait at most about `lockTimeoutMs`
 * behind it; the next call tries again. Returns the steps taken, ending with 'swapped' or 'already-partitioned'.
 */
export async function partitionOutbox(
  db: Db,
  options: { now?: () => Date; lockTimeoutMs?: number; attempts?: number; log?: (line: string) => void } = {},
): Promise<OutboxConversionStep[]> {
  const taken: OutboxConversionStep[] = [];
  const attempts = options.attempts ?? 5;
  for (let failures = 0; failures < attempts;) {
    const step = await partitionOutboxStep(db, options);
    options.log?.(`outbox partitioning: ${step}`);
    taken.push(step);
    if (step === 'already-partitioned' || step === 'swapped') return taken;
    if (step === 'lock-timeout') failures += 1;
  }
  return taken;
}

/** One step of `partitionOutbox` (the first not done yet). */
export async function partitionOutboxStep(
  db: Db,
  options: { now?: () => Date; lockTimeoutMs?: number } = {},
): Promise<OutboxConversionStep> {
  const now = options.now ?? (() => new Date());
  const lockTimeoutMs = options.lockTimeoutMs ?? OUTBOX_LOCK_TIMEOUT_MS;
  if (await isPartitioned(db)) return 'already-partitioned';
  try {
    const check = await boundCheck(db);
    // A bound less than a day ahead could pass before the swap: rows recorded after it would be refused.
    const freshBound = new Date(dayStart(now()).getTime() + 2 * DAY_MS);
    if (!check || check.bound.getTime() < now().getTime() + DAY_MS) {
      await withLockTimeout(db, lockTimeoutMs, async (trx) => {
        await sql`alter table outbox drop constraint if exists ${sql.id(BOUND_CHECK)}`.execute(trx);
        await sql`
          alter table outbox add constraint ${sql.id(BOUND_CHECK)}
            check (recorded_at < ${sql.lit(freshBound.toISOString())}::timestamptz) not valid`.execute(trx);
      });
      return check ? 'bound-check-renewed' : 'bound-check-added';
    }
    if (!check.validated) {
      await db.transaction().execute(async (trx) => {
        await sql`select set_config('statement_timeout', '0', true)`.execute(trx);
        await sql`alter table outbox validate constraint ${sql.id(BOUND_CHECK)}`.execute(trx);
      });
      return 'bound-check-validated';
    }
    if (!(await validIndex(db, POSITION_KEY_INDEX))) {
      await db.connection().execute(async (connection) => {
        await sql`set statement_timeout = 0`.execute(connection);
        try {
          // A build interrupted before leaves an invalid index behind.
          await sql`drop index concurrently if exists ${sql.id(POSITION_KEY_INDEX)}`.execute(connection);
          await sql`
            create unique index concurrently ${sql.id(POSITION_KEY_INDEX)} on outbox (position, recorded_at)`.execute(
            connection,
          );
        } finally {
          await sql`reset statement_timeout`.execute(connection);
        }
      });
      return 'position-key-built';
    }
    await withLockTimeout(db, lockTimeoutMs, async (trx) => swap(trx, check.bound));
    return 'swapped';
  } catch (error) {
    if (isLockTimeout(error)) return 'lock-timeout';
    throw error;
  }
}

/**
 * Drops the conversion's bound check when its bound is less than `marginMs` away and the conversion has not swapped
 * yet (a conversion left halfway): past its bound the check would refuse every new event. The hourly pass runs it;
 * the next conversion starts again with a new bound. Returns whether it dropped one.
 */
export async function releaseStaleOutboxBound(
  db: Db,
  options: { now: Date; marginMs?: number; lockTimeoutMs?: number },
): Promise<boolean> {
  if (await isPartitioned(db)) return false;
  const check = await boundCheck(db);
  if (!check || check.bound.getTime() - options.now.getTime() > (options.marginMs ?? 12 * 3_600_000)) return false;
  await withLockTimeout(db, options.lockTimeoutMs ?? OUTBOX_LOCK_TIMEOUT_MS, async (trx) => {
    await sql`alter table outbox drop constraint if exists ${sql.id(BOUND_CHECK)}`.execute(trx);
  });
  return true;
}

async function boundCheck(db: DbExecutor): Promise<{ bound: Date; validated: boolean } | undefined> {
  const { rows } = await sql<{ definition: string; validated: boolean }>`
    select pg_get_constraintdef(oid) as definition, convalidated as validated from pg_constraint
    where conrelid = 'outbox'::regclass and conname = ${BOUND_CHECK}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const literal = /'([^']+)'/.exec(row.definition)?.[1];
  if (!literal) return undefined;
  const { rows: parsed } = await sql<{ bound: Date }>`select ${literal}::timestamptz as bound`.execute(db);
  return { bound: parsed[0]!.bound, validated: row.validated };
}

async function validIndex(db: DbExecutor, name: string): Promise<boolean> {
  const { rows } = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relname = ${name} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  return rows[0]?.valid === true;
}

/** The parent's definition (the same as migration 0240's). */
async function createPartitionedOutbox(trx: DbExecutor): Promise<void> {
  await sql`
    create table outbox (
      position bigint generated always as identity,
      id uuid not null,
      type text not null,
      aggregate_type text not null,
      aggregate_id text not null,
      payload jsonb not null,
      schema_version integer not null,
      occurred_at timestamptz not null,
      transaction_id xid8 not null default pg_current_xact_id(),
      recorded_at timestamptz not null default now(),
      sent_at timestamptz,
      trace_parent text,
      constraint outbox_pkey primary key (position, recorded_at)
    ) partition by range (recorded_at)`.execute(trx);
  await sql`create index outbox_unsent on outbox (transaction_id, position) where sent_at is null`.execute(trx);
  await sql`
    create index outbox_unsent_by_aggregate on outbox (aggregate_type, aggregate_id, transaction_id, position)
      where sent_at is null`.execute(trx);
  await sql`create index outbox_read_order on outbox (transaction_id, position)`.execute(trx);
  await sql`create index outbox_recorded_at on outbox (recorded_at)`.execute(trx);
  await sql`
    create index outbox_traced_aggregates on outbox (aggregate_type, aggregate_id, position)
    where trace_parent is not null`.execute(trx);
}

async function swap(trx: DbExecutor, bound: Date): Promise<void> {
  await sql`lock table outbox in access exclusive mode`.execute(trx);
  const { rows } = await sql<{ next: string }>`
    select (case when is_called then last_value + 1 else last_value end)::text as next
    from outbox_position_seq`.execute(trx);
  const next = Number(rows[0]!.next);
  await sql`alter table outbox rename to ${sql.id(LEGACY_PARTITION)}`.execute(trx);
  for (const index of OUTBOX_INDEXES) {
    await sql`alter index if exists ${sql.id(index)} rename to ${sql.id(index.replace('outbox_', 'outbox_legacy_'))}`.execute(
      trx,
    );
  }
  await sql`alter table outbox_legacy drop constraint outbox_pkey`.execute(trx);
  await sql`alter table outbox_legacy drop constraint if exists outbox_id_key`.execute(trx);
  await sql`
    alter table outbox_legacy add constraint outbox_legacy_pkey primary key using index ${sql.id(POSITION_KEY_INDEX)}`.execute(
    trx,
  );
  // A partition has no identity of its own: the parent's numbers every row, going on from the legacy table's.
  await sql`alter table outbox_legacy alter column position drop identity`.execute(trx);
  await createPartitionedOutbox(trx);
  await sql`alter table outbox alter column position restart with ${sql.lit(next)}`.execute(trx);
  await sql`
    alter table outbox attach partition outbox_legacy
      for values from (minvalue) to (${sql.lit(bound.toISOString())})`.execute(trx);
  await sql`alter table outbox_legacy drop constraint ${sql.id(BOUND_CHECK)}`.execute(trx);
  await sql`create table ${sql.id(DEFAULT_PARTITION)} partition of outbox default`.execute(trx);
  for (let offset = 0; offset < 3; offset += 1) {
    await createDayPartition(trx, new Date(bound.getTime() + offset * DAY_MS));
  }
}

interface Partition {
  name: string;
  /** Null for the default partition; the upper bound for the others. */
  to: Date | null;
  from: Date | null;
}

async function outboxPartitions(db: DbExecutor): Promise<Partition[]> {
  const { rows } = await sql<{ name: string; bounds: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bounds
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'outbox'::regclass`.execute(db);
  const partitions: Partition[] = [];
  for (const row of rows) {
    if (row.bounds === 'DEFAULT') {
      partitions.push({ name: row.name, from: null, to: null });
      continue;
    }
    const literals = [...row.bounds.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
    const to = literals.at(-1);
    const from = row.bounds.includes('MINVALUE') ? undefined : literals[0];
    const { rows: parsed } = await sql<{ from: Date | null; to: Date }>`
      select ${from ?? null}::timestamptz as from, ${to}::timestamptz as to`.execute(db);
    partitions.push({ name: row.name, from: parsed[0]!.from, to: parsed[0]!.to });
  }
  return partitions;
}

/**
 * Creates the partition of the UTC day starting at `day`, moving into it the rows the default partition holds for
 * that day (a partition may not be created while the default one has rows of its range).
 */
async function createDayPartition(trx: DbExecutor, day: Date): Promise<number> {
  const from = day.toISOString();
  const to = new Date(day.getTime() + DAY_MS).toISOString();
  await sql`
    create temporary table outbox_moving on commit drop as
    with moved as (
      delete from ${sql.id(DEFAULT_PARTITION)} where recorded_at >= ${from}::timestamptz and recorded_at < ${to}::timestamptz
      returning *)
    select * from moved`.execute(trx);
  await sql`
    create table ${sql.id(outboxPartitionName(day))} partition of outbox
      for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
  const moved = await sql`insert into outbox overriding system value select * from outbox_moving`.execute(trx);
  await sql`drop table outbox_moving`.execute(trx);
  return Number(moved.numAffectedRows ?? 0);
}

export interface OutboxPartitionResult {
  /** Partitions created for the days ahead. */
  created: string[];
  /** Partitions dropped (with how many rows each held). */
  dropped: { partition: string; rows: number }[];
  /** Rows moved from the default partition into a day created for them. */
  movedFromDefault: number;
  /** Rows the default partition holds after the pass (pruned row by row with the unpartitioned rule). */
  defaultRows: number;
  /** Partitions old enough to go that some consumer has not passed yet (or an unsent row, on Kafka). */
  waiting: string[];
}

/**
 * Whether every row of a partition is gone past: published (Kafka mode), or behind every consumer's checkpoint in
 * (transaction_id, position) order (embedded mode). Reads the partition's newest unsent row by its index only.
 */
async function everyRowPassed(db: DbExecutor, partition: string, consumers: readonly string[]): Promise<boolean> {
  const { rows } = await sql<{ transaction_id: string; position: string }>`
    select transaction_id::text as transaction_id, position::text as position from ${sql.id(partition)}
    where sent_at is null order by transaction_id desc, position desc limit 1`.execute(db);
  const last = rows[0];
  if (!last) return true;
  if (consumers.length === 0) return false;
  const { rows: passed } = await sql<{ passed: number }>`
    select count(*)::int as passed from event_consumer_checkpoints
    where consumer = any(${[...consumers]}::text[])
      and (transaction_id, position) >= (${last.transaction_id}::xid8, ${last.position}::bigint)`.execute(db);
  return passed[0]!.passed === new Set(consumers).size;
}

/**
 * The daily partition upkeep of a partitioned outbox (nothing on one not converted yet): the next `daysAhead` days
 * created, and every partition whose whole range is older than `retentionDays` and whose rows every consumer has
 * passed dropped (a DROP: no row-by-row delete, no dead tuples).
 */
export async function maintainOutboxPartitions(
  db: Db,
  options: {
    now: Date;
    consumers: readonly string[];
    retentionDays: number;
    daysAhead?: number;
    lockTimeoutMs?: number;
  },
): Promise<OutboxPartitionResult> {
  const result: OutboxPartitionResult = { created: [], dropped: [], movedFromDefault: 0, defaultRows: 0, waiting: [] };
  if (!(await isPartitioned(db))) return result;
  const lockTimeoutMs = options.lockTimeoutMs ?? OUTBOX_LOCK_TIMEOUT_MS;
  const partitions = await outboxPartitions(db);
  const covered = (day: Date) =>
    partitions.some(
      (partition) =>
        partition.to !== null &&
        partition.to.getTime() > day.getTime() &&
        (partition.from === null || partition.from.getTime() <= day.getTime()),
    );
  const today = dayStart(options.now);
  for (let offset = 0; offset <= (options.daysAhead ?? 3); offset += 1) {
    const day = new Date(today.getTime() + offset * DAY_MS);
    if (covered(day)) continue;
    try {
      result.movedFromDefault += await withLockTimeout(db, lockTimeoutMs, (trx) => createDayPartition(trx, day));
      result.created.push(outboxPartitionName(day));
    } catch (error) {
      if (!isLockTimeout(error)) throw error;
    }
  }
  const cutoff = today.getTime() - options.retentionDays * DAY_MS;
  for (const partition of partitions) {
    if (partition.to === null || partition.to.getTime() > cutoff) continue;
    if (!(await everyRowPassed(db, partition.name, options.consumers))) {
      result.waiting.push(partition.name);
      continue;
    }
    // Counted before the lock (a scan; no row comes into a day past the retention but by hand).
    const { rows: counted } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.id(partition.name)}`.execute(db);
    try {
      const dropped = await withLockTimeout(db, lockTimeoutMs, async (trx) => {
        // Locked first, the parent before the partition (the order a writer takes them): no row comes in meanwhile.
        await sql`lock table outbox in access exclusive mode`.execute(trx);
        if (!(await everyRowPassed(trx, partition.name, options.consumers))) return false;
        await sql`drop table ${sql.id(partition.name)}`.execute(trx);
        return true;
      });
      if (dropped) result.dropped.push({ partition: partition.name, rows: counted[0]!.n });
      else result.waiting.push(partition.name);
    } catch (error) {
      if (!isLockTimeout(error)) throw error;
    }
  }
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(DEFAULT_PARTITION)}`.execute(db);
  result.defaultRows = rows[0]!.n;
  return result;
}

/**
 * The outbox tables the row-by-row retention deletes from: the whole table before the conversion; after it, only
 * the default partition (a day's partition, and the legacy one, go whole).
 */
export async function rowPrunedOutbox(db: DbExecutor): Promise<RawBuilder<unknown>[]> {
  if (!(await isPartitioned(db))) return [sql.table('outbox')];
  const names = (await outboxPartitions(db))
    .filter((partition) => partition.name === DEFAULT_PARTITION)
    .map((partition) => partition.name);
  return names.map((name) => sql.table(name));
}
