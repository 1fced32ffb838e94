import { koreaMonthOf } from '@fanmission/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';

/*
 * The ledger's append-only log (transactions, postings, lot movements) is partitioned by transaction id range, one
 * partition a Korea-time month: every read of the log goes by account and id or by id, so a month that has ended is
 * never written again and stays a read-only file; nothing is ever dropped (the ledger is the books).
 *
 * A month's ids are a fixed block: month m holds [ledgerMonthBase(m), ledgerMonthBase(m + 1)), and the maintenance
 * pass moves the transaction id sequence to the current month's base when the month starts. Ids stay increasing and
 * far below 2^53 (what a JSON number keeps exact). Ids handed out before the move land in the month before: a
 * partition holds a month of appends give or take the pass's delay.
 *
 * A database whose ledger is not partitioned yet (every database created before this, however big) is converted
 * online: a `CHECK (id < first month's base) NOT VALID` on each table, validated without blocking writes, lets one
 * short transaction (with a lock timeout, retried) rename each table, create the partitioned table under its name and
 * attach the old one as the partition of everything before that month without scanning it; its indexes are
 * attached, not rebuilt. The foreign keys that point at the transactions are moved to the partitioned table NOT VALID
 * and validated afterwards, again without blocking writes.
 */

/** Ids a month's partition holds. 10^10 a month: 3,800 appends a second for a whole month, ids < 2^53 until 2700. */
export const LEDGER_IDS_PER_MONTH = 10_000_000_000;
const FIRST_MONTH = { year: 2000, month: 1 };

interface Month {
  year: number;
  month: number;
}

/** The first transaction id of a Korea-time month's partition. */
export function ledgerMonthBase({ year, month }: Month): number {
  return ((year - FIRST_MONTH.year) * 12 + (month - FIRST_MONTH.month)) * LEDGER_IDS_PER_MONTH;
}

const nextMonth = ({ year, month }: Month): Month =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
const monthSuffix = ({ year, month }: Month) => `${year}_${String(month).padStart(2, '0')}`;

/** The log's tables and the column each is partitioned by; ledger_transactions first (the others follow its ids). */
export const LEDGER_PARTITIONED_TABLES = [
  { table: 'ledger_transactions', column: 'id' },
  { table: 'ledger_postings', column: 'transaction_id' },
  { table: 'ledger_lot_movements', column: 'transaction_id' },
] as const;

const SEQUENCE = 'ledger_transactions_id_seq';
const BEFORE_CHECK = 'before_partitions';

// Migrations are typed Kysely<any>, and so is this: it runs right after them, on whatever schema they left.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTransaction = Transaction<any>;

export interface LedgerPartitionOptions {
  now?: Date;
  /**
   * How long a step may wait for its locks before it gives up and tries again (writers queue behind a waiting lock).
   * Keep it under PostgreSQL's deadlock_timeout (1 s): an append waiting behind the step longer than that runs the
   * deadlock check, and would be the one aborted when it holds a table the step waits for.
   */
  lockTimeoutMs?: number;
  /** How many times the step that needs the tables' exclusive locks is tried. */
  attempts?: number;
  log?: (line: string) => void;
}

const defaults = { lockTimeoutMs: 500, attempts: 60 };

async function isPartitioned(db: AnyDb | AnyTransaction, table: string): Promise<boolean> {
  const { rows } = await sql<{ relkind: string }>`
    select relkind from pg_class where oid = to_regclass(${table})`.execute(db);
  return rows[0]?.relkind === 'p';
}

async function constraintExists(db: AnyDb, table: string, name: string): Promise<{ validated: boolean } | null> {
  const { rows } = await sql<{ convalidated: boolean }>`
    select convalidated from pg_constraint where conrelid = to_regclass(${table}) and conname = ${name}`.execute(db);
  return rows[0] ? { validated: rows[0].convalidated } : null;
}

// lock_not_available (the lock timeout), query_canceled (the statement timeout of a multi-table lock) and
// deadlock_detected: the step is rolled back whole and can run again.
const isLockTimeout = (error: unknown) => ['55P03', '57014', '40P01'].includes((error as { code?: string }).code ?? '');

/** Runs `step` in a transaction whose lock waits time out, again and again until it gets its locks. */
async function withShortLocks<T>(
  db: AnyDb,
  options: Required<Pick<LedgerPartitionOptions, 'lockTimeoutMs' | 'attempts'>> & Pick<LedgerPartitionOptions, 'log'>,
  what: string,
  step: (trx: AnyTransaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        await sql`select set_config('lock_timeout', ${`${options.lockTimeoutMs}ms`}, true)`.execute(trx);
        return await step(trx);
      });
    } catch (error) {
      if (!isLockTimeout(error) || attempt >= options.attempts) throw error;
      options.log?.(`ledger partitions: ${what} waited ${options.lockTimeoutMs} ms for its locks; trying again`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 100 * 2 ** attempt)));
    }
  }
}

/**
 * Converts the ledger's log to monthly partitions if it is not yet, online (see above); then makes sure the current
 * and next months' partitions exist and the id sequence has reached the current month. Safe to run again and
 * concurrently with appends; returns what it did.
 */
export async function maintainLedgerPartitions(
  db: AnyDb,
  options: LedgerPartitionOptions = {},
): Promise<{ converted: boolean; created: string[]; sequenceMovedTo: number | null }> {
  const settings = { ...defaults, ...options };
  const now = options.now ?? new Date();
  const current = koreaMonthOf(now);
  let converted = false;
  if (!(await isPartitioned(db, 'ledger_transactions'))) {
    await convertOnline(db, current, settings);
    converted = true;
  }
  const created: string[] = [];
  for (const month of [current, nextMonth(current)]) {
    created.push(...(await createMonthPartitions(db, month, settings)));
  }
  if (created.length || converted) {
    // Autovacuum never analyzes a partitioned table itself; the planner's estimates over the partitions need it.
    for (const { table } of LEDGER_PARTITIONED_TABLES) await sql`analyze ${sql.table(table)}`.execute(db);
  }
  const sequenceMovedTo = await moveSequenceTo(db, ledgerMonthBase(current));
  return { converted, created, sequenceMovedTo };
}

/** Moves the id sequence up to `base` if it is below (never down); returns the new value, or null. */
async function moveSequenceTo(db: AnyDb, base: number): Promise<number | null> {
  const { rows } = await sql<{ moved: string | null }>`
    select case when last_value < ${base} then setval(${SEQUENCE}, ${base}, false) end as moved
    from ledger_transactions_id_seq`.execute(db);
  return rows[0]?.moved == null ? null : Number(rows[0].moved);
}

/** Creates a month's partition of each table if missing, with the parent's statement triggers (see below). */
async function createMonthPartitions(
  db: AnyDb,
  month: Month,
  settings: Required<Pick<LedgerPartitionOptions, 'lockTimeoutMs' | 'attempts'>> & Pick<LedgerPartitionOptions, 'log'>,
): Promise<string[]> {
  const created: string[] = [];
  const from = ledgerMonthBase(month);
  const to = ledgerMonthBase(nextMonth(month));
  for (const { table } of LEDGER_PARTITIONED_TABLES) {
    const name = `${table}_${monthSuffix(month)}`;
    if (await withShortLocks(db, settings, `creating ${name}`, (trx) => createMonthPartition(trx, table, month))) {
      created.push(name);
      settings.log?.(`ledger partitions: created ${name} for ids [${from}, ${to})`);
    }
  }
  return created;
}

/** Creates `table`'s partition of a month unless it exists; true when it made it. */
async function createMonthPartition(trx: AnyTransaction, table: string, month: Month): Promise<boolean> {
  const name = `${table}_${monthSuffix(month)}`;
  const { rows } = await sql<{ exists: boolean }>`select to_regclass(${name}) is not null as exists`.execute(trx);
  if (rows[0]?.exists) return false;
  await sql`
    create table ${sql.table(name)} partition of ${sql.table(table)}
    for values from (${sql.lit(ledgerMonthBase(month))}) to (${sql.lit(ledgerMonthBase(nextMonth(month)))})`.execute(
    trx,
  );
  await copyStatementTriggers(trx, table, name);
  return true;
}

/**
 * Statement-level triggers (the log's append-only guard) fire only for statements on the table they are defined on,
 * so each partition gets its own copy of the parent's: an UPDATE, DELETE or TRUNCATE aimed at a partition directly
 * is refused as one aimed at the log. (Row-level triggers are cloned onto partitions by PostgreSQL itself.)
 */
async function copyStatementTriggers(trx: AnyTransaction, parent: string, partition: string): Promise<void> {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_triggerdef(t.oid) as definition from pg_trigger t
    where t.tgrelid = to_regclass(${parent}) and not t.tgisinternal and t.tgparentid = 0
      and (t.tgtype & 1) = 0`.execute(trx);
  for (const { definition } of rows) {
    await sql.raw(retarget(definition, parent, partition)).execute(trx);
  }
}

/** A trigger's or constraint's definition with `ON <from>` turned into `ON <to>`. */
function retarget(definition: string, from: string, to: string): string {
  const pattern = new RegExp(`\\bON (public\\.)?${from}\\b`);
  if (!pattern.test(definition)) throw new Error(`cannot retarget ${definition} from ${from} to ${to}`);
  return definition.replace(pattern, `ON public.${to}`);
}

async function convertOnline(
  db: AnyDb,
  current: Month,
  settings: Required<Pick<LedgerPartitionOptions, 'lockTimeoutMs' | 'attempts'>> & Pick<LedgerPartitionOptions, 'log'>,
): Promise<void> {
  const bound = ledgerMonthBase(current);
  const legacyName = (table: string) => `${table}_before_${monthSuffix(current)}`;
  const log = settings.log ?? (() => undefined);
  const { rows: highest } = await sql<{
    last_value: string;
  }>`select last_value from ledger_transactions_id_seq`.execute(db);
  if (Number(highest[0]?.last_value ?? 0) >= bound) {
    throw new Error(`ledger partitions: the id sequence is past ${bound} already; cannot convert this ledger`);
  }

  // 1. A check every existing and new row meets (ids are below the month's base until the sequence moves there),
  //    added NOT VALID (a short lock, no scan) and validated with a lock that lets reads and writes go on.
  for (const { table, column } of LEDGER_PARTITIONED_TABLES) {
    const name = `${table}_${BEFORE_CHECK}`;
    const existing = await constraintExists(db, table, name);
    if (!existing) {
      await withShortLocks(db, settings, `checking ${table}`, (trx) =>
        sql`alter table ${sql.table(table)} add constraint ${sql.ref(name)} check (${sql.ref(column)} < ${sql.lit(bound)}) not valid`.execute(
          trx,
        ),
      );
    }
    if (!existing?.validated) {
      const started = performance.now();
      await sql`alter table ${sql.table(table)} validate constraint ${sql.ref(name)}`.execute(db);
      log(
        `ledger partitions: validated ${table}'s ids below ${bound} in ${Math.round(performance.now() - started)} ms`,
      );
    }
  }

  // 2. The swap, in one transaction holding the three tables' exclusive locks for milliseconds.
  const foreignKeys = await withShortLocks(db, settings, 'the swap', async (trx) => {
    const started = performance.now();
    // The foreign keys into the transactions, as written now (they name the table the swap renames).
    const { rows: references } = await sql<{ table: string; name: string; definition: string }>`
      select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where confrelid = 'ledger_transactions'::regclass and contype = 'f'
      order by 1, 2`.execute(trx);
    // Every lock the swap needs, taken first and in the order a ledger write takes them (its accounts first, then its
    // key, then the log): an append in flight finishes and later ones wait for the swap, instead of each holding a
    // table the other waits for. Any other wait ends at the lock timeout and the swap is tried again.
    const locked = [
      'ledger_accounts',
      'ledger_idempotency_keys',
      ...LEDGER_PARTITIONED_TABLES.map(({ table }) => table),
      ...new Set(references.map((reference) => reference.table)),
    ];
    // One statement for all of them, timed out as a whole: the step never holds some while waiting long for others.
    await sql`select set_config('statement_timeout', ${`${settings.lockTimeoutMs}ms`}, true)`.execute(trx);
    await sql`lock table ${sql.join(locked.map((table) => sql.table(table)))} in access exclusive mode`.execute(trx);
    await sql`select set_config('statement_timeout', '0', true)`.execute(trx);
    for (const reference of references) {
      await sql`alter table ${sql.table(reference.table)} drop constraint ${sql.ref(reference.name)}`.execute(trx);
    }
    // The identity of the transactions' ids cannot be a partition's: a plain sequence of the same name takes over,
    // starting at the current month's base (the ids before are the old table's).
    await sql`alter table ledger_transactions alter column id drop identity`.execute(trx);
    await sql`create sequence ${sql.raw(SEQUENCE)} as bigint start with ${sql.lit(bound)}`.execute(trx);

    for (const { table, column } of LEDGER_PARTITIONED_TABLES) {
      const legacy = legacyName(table);
      const { rows: indexes } = await sql<{ name: string; definition: string; constraint: boolean }>`
        select i.relname as name, pg_get_indexdef(i.oid) as definition,
          exists (select 1 from pg_constraint c where c.conindid = i.oid) as constraint
        from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = ${table}::regclass order by i.relname`.execute(trx);
      const { rows: rowTriggers } = await sql<{ name: string; definition: string }>`
        select t.tgname as name, pg_get_triggerdef(t.oid) as definition from pg_trigger t
        where t.tgrelid = ${table}::regclass and not t.tgisinternal and (t.tgtype & 1) = 1`.execute(trx);
      const { rows: statementTriggers } = await sql<{ definition: string }>`
        select pg_get_triggerdef(t.oid) as definition from pg_trigger t
        where t.tgrelid = ${table}::regclass and not t.tgisinternal and (t.tgtype & 1) = 0`.execute(trx);

      await sql`alter table ${sql.table(table)} rename to ${sql.table(legacy)}`.execute(trx);
      const legacyIndex = (name: string) =>
        `${legacy}_${name.startsWith(`${table}_`) ? name.slice(table.length + 1) : name}`;
      for (const index of indexes) {
        await sql`alter index ${sql.table(index.name)} rename to ${sql.table(legacyIndex(index.name))}`.execute(trx);
      }
      // Same columns, defaults and checks (not the id bound, which only the old table keeps).
      await sql`
        create table ${sql.table(table)} (like ${sql.table(legacy)} including defaults including constraints)
        partition by range (${sql.ref(column)})`.execute(trx);
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_${BEFORE_CHECK}`)}`.execute(trx);
      // The same indexes, under their names; attaching the old table attaches its matching indexes.
      for (const index of indexes) {
        if (index.constraint) {
          const { rows } = await sql<{ definition: string }>`
            select pg_get_constraintdef(c.oid) as definition from pg_constraint c
            where c.conrelid = ${legacy}::regclass and c.conindid = ${legacyIndex(index.name)}::regclass`.execute(trx);
          await sql`alter table ${sql.table(table)} add constraint ${sql.ref(index.name)} ${sql.raw(rows[0]!.definition)}`.execute(
            trx,
          );
        } else {
          // Written before the rename: it names the new table.
          await sql.raw(index.definition).execute(trx);
        }
      }
      if (table === 'ledger_transactions') {
        await sql`alter table ledger_transactions alter column id set default nextval(${sql.lit(SEQUENCE)}::regclass)`.execute(
          trx,
        );
        await sql`alter sequence ${sql.raw(SEQUENCE)} owned by ledger_transactions.id`.execute(trx);
      }
      // Row triggers move to the partitioned table (PostgreSQL clones them onto every partition, the old one
      // included); statement triggers stay on the old table and are made on the new one too (see copyStatementTriggers).
      for (const trigger of rowTriggers) {
        await sql`drop trigger ${sql.ref(trigger.name)} on ${sql.table(legacy)}`.execute(trx);
      }
      await sql`
        alter table ${sql.table(table)} attach partition ${sql.table(legacy)}
        for values from (minvalue) to (${sql.lit(bound)})`.execute(trx);
      // Written before the rename, these name the new table.
      for (const trigger of [...rowTriggers, ...statementTriggers]) await sql.raw(trigger.definition).execute(trx);
      // The month the new ids start in: an append right after the swap has its partition.
      await createMonthPartition(trx, table, current);
    }
    for (const reference of references) {
      await sql`alter table ${sql.table(reference.table)} add constraint ${sql.ref(reference.name)} ${sql.raw(reference.definition)} not valid`.execute(
        trx,
      );
    }
    log(`ledger partitions: swapped the log's tables in ${Math.round(performance.now() - started)} ms`);
    return references;
  });

  // 3. The foreign keys checked again, without blocking writes.
  for (const reference of foreignKeys) {
    await sql`alter table ${sql.table(reference.table)} validate constraint ${sql.ref(reference.name)}`.execute(db);
  }
}
