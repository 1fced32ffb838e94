import { DAY_MS, DEADLINES } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { Db } from '../db';

/*
 * Tables kept for a window of their own, pruned in bounded batches by the daily maintenance.
 *
 * Notifications: the notification list shows the last 6 months; older ones are deleted.
 *
 * Idempotency keys: a key may go only once no caller can still retry the command it guards, or a retry would do it
 * again (a ledger key guards money; ledger_transactions.idempotency_key is not unique, the key table is what makes a
 * retry answer the first outcome). Who retries, and for how long after a key's first use:
 * - an activity retried by Temporal (workflows/src: at most 20 attempts, at most 10 minutes apart: hours);
 * - a workflow started again for an open mission or event (the reconcilers, a restore), replaying its commands: a
 *   mission lives at most the custom decision window plus the perform window (30 + 10 days, DEADLINES), an event's
 *   commands come at its draw and prizes (14 + 7 days after its applications close);
 * - a client retrying an HTTP request with its Idempotency-Key, a provider resending a payment webhook: minutes to
 *   days.
 * The longest chain is the mission's 40 days; the window is 90 days, over twice that. The `request` jsonb cannot go
 * earlier than its key: the ledger compares a retry's request with it (a different request under the same key is
 * refused, not answered), so key and request expire together. The HTTP Idempotency-Keys of payments, bank transfers
 * and mission requests are columns of those records (a unique index per member) and live as long as the records.
 */

/** Notifications older than this many months are deleted. */
export const NOTIFICATION_MONTHS = 6;

const LONGEST_MISSION_DAYS = DEADLINES.customDecisionDays + DEADLINES.missionPerformDays;
/** Ledger and mission-action idempotency keys older than this many days are deleted (see above). */
export const IDEMPOTENCY_KEY_DAYS = 90;
// The window must outlast the longest timer chain of a workflow that issues ledger commands.
if (IDEMPOTENCY_KEY_DAYS < 2 * LONGEST_MISSION_DAYS) throw new Error('IDEMPOTENCY_KEY_DAYS is shorter than allowed');

export const LEDGER_KEY_INDEX = 'ledger_idempotency_keys_created_at';

export interface WindowResult {
  notifications: number;
  ledgerIdempotencyKeys: number;
  missionActionKeys: number;
}

const deletedRows = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

/** The instant `months` calendar months (UTC) before `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
}

/**
 * Builds the created_at index of the ledger's keys if it is missing (a populated database that migration 0245 left
 * without it): concurrently, so the ledger's writes go on. Returns whether it built one.
 */
export async function ensureLedgerKeyIndex(db: Db): Promise<boolean> {
  const { rows } = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relname = ${LEDGER_KEY_INDEX} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  if (rows[0]?.valid) return false;
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      await sql`drop index concurrently if exists ${sql.id(LEDGER_KEY_INDEX)}`.execute(connection);
      await sql`
        create index concurrently ${sql.id(LEDGER_KEY_INDEX)} on ledger_idempotency_keys (created_at)`.execute(
        connection,
      );
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
  return true;
}

/** Deletes what is past its window, `batchSize` rows per statement. */
export async function pruneWindows(db: Db, options: { now: Date; batchSize: number }): Promise<WindowResult> {
  const { now, batchSize } = options;
  const keyCutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * DAY_MS);

  // Notifications by id (the primary key; ids grow with time): walk from the oldest, a batch at a time, until a
  // batch holds nothing older than the cutoff.
  const notificationCutoff = monthsBefore(now, NOTIFICATION_MONTHS);
  let notifications = 0;
  for (let after = 0; ;) {
    const { rows } = await sql<{ last: string | null; old: number; deleted: number }>`
      with batch as (
        select id, created_at from notifications where id > ${after} order by id limit ${batchSize}),
      gone as (
        delete from notifications where id in (select id from batch where created_at < ${notificationCutoff})
        returning 1)
      select (select max(id)::text from batch) as last,
        (select count(*)::int from batch where created_at < ${notificationCutoff}) as old,
        (select count(*)::int from gone) as deleted`.execute(db);
    const row = rows[0]!;
    notifications += row.deleted;
    if (row.last === null || row.old === 0) break;
    after = Number(row.last);
  }

  let ledgerIdempotencyKeys = 0;
  for (;;) {
    const deleted = deletedRows(
      await sql`
        delete from ledger_idempotency_keys where idempotency_key in (
          select idempotency_key from ledger_idempotency_keys where created_at < ${keyCutoff} limit ${batchSize})`.execute(
        db,
      ),
    );
    ledgerIdempotencyKeys += deleted;
    if (deleted < batchSize) break;
  }

  let missionActionKeys = 0;
  for (;;) {
    const deleted = deletedRows(
      await sql`
        delete from mission_action_keys where (user_id, idempotency_key) in (
          select user_id, idempotency_key from mission_action_keys where created_at < ${keyCutoff}
          limit ${batchSize})`.execute(db),
    );
    missionActionKeys += deleted;
    if (deleted < batchSize) break;
  }
  return { notifications, ledgerIdempotencyKeys, missionActionKeys };
}
