import { sql } from 'kysely';
import type { Caller } from '../auth';
import type { Db, DbExecutor } from '../db';
import { AppError } from '../http';

/** Per-user upload limits: bytes a day, files an hour, uploads at once. */
export interface UploadQuota {
  bytesPerDay: number;
  /** Accounts that have not verified their e-mail yet. */
  unverifiedBytesPerDay: number;
  filesPerHour: number;
  concurrentPerUser: number;
}

export const DEFAULT_UPLOAD_QUOTA: UploadQuota = {
  bytesPerDay: 3 * 1024 ** 3,
  unverifiedBytesPerDay: 50 * 1024 ** 2,
  filesPerHour: 60,
  concurrentPerUser: 8,
};

export const uploadQuotaExceeded = () => new AppError(429, 'error.uploadQuotaExceeded', { code: 'TOO_MANY_REQUESTS' });

/**
 * What one upload may store: the bytes left of the caller's day, less what his other uploads under way may still
 * take. `storeUpload` cuts the stream there and reports the bytes it stored.
 */
export interface UploadBudget {
  readonly bytesLeft: number;
  stored(bytes: number): void;
}

/**
 * How long a reservation holds without its upload ending: a process that died mid-upload leaves its reservation
 * behind, which then lapses (an upload that outlasts it only lets the user's others take its bytes again).
 */
const RESERVATION_HOURS = 1;

/**
 * Runs one upload within the caller's quota. The quota counts what was stored (`upload_usage`, one row per upload,
 * kept whatever becomes of the file: deleting or replacing a file gives nothing back) and is counted while the bytes
 * arrive: 429 `TOO_MANY_REQUESTS` when the caller already has `concurrentPerUser` uploads running, stored
 * `filesPerHour` files in the last hour, or when this upload would pass the day's bytes (`maxBytes`, the route's
 * largest file, is what one upload may reserve of them). Nothing is stored for a refused upload.
 */
export async function withinUploadQuota<T>(
  db: Db,
  caller: Caller,
  quota: UploadQuota,
  maxBytes: number,
  upload: (budget: UploadBudget) => Promise<T>,
): Promise<T> {
  const reservation = await reserveUploadBytes(db, caller, quota, maxBytes, RESERVATION_HOURS);
  let storedBytes: number | undefined;
  let result: T;
  try {
    result = await upload({ bytesLeft: reservation.bytes, stored: (bytes) => (storedBytes = bytes) });
  } catch (error) {
    await db.deleteFrom('upload_reservations').where('id', '=', reservation.id).execute();
    throw error;
  }
  await settleReservation(db, caller.id, reservation.id, storedBytes);
  return result;
}

/**
 * Reserves up to `maxBytes` of the caller's day for one upload lasting at most `hours`, or 429 `TOO_MANY_REQUESTS`
 * (see `withinUploadQuota`). `exactly` refuses unless all of `maxBytes` is left (a resumable upload declares its
 * length up front).
 */
export async function reserveUploadBytes(
  db: Db,
  caller: Caller,
  quota: UploadQuota,
  maxBytes: number,
  hours: number,
  options: { exactly?: boolean } = {},
): Promise<{ id: string; bytes: number }> {
  const bytesPerDay = caller.roles.includes('ROLE_UNVERIFIED') ? quota.unverifiedBytesPerDay : quota.bytesPerDay;
  // The user's uploads are counted and reserved one at a time, whichever process runs them.
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('upload-quota'), ${caller.id}::int)`.execute(trx);
    const { rows } = await sql<{ bytes: number; files: number; uploads: number; reserved: number }>`
      select
        (select coalesce(sum(bytes), 0)::float8 from upload_usage
          where user_id = ${caller.id} and created_at > now() - interval '1 day') as bytes,
        (select count(*)::int from upload_usage
          where user_id = ${caller.id} and created_at > now() - interval '1 hour') as files,
        (select count(*)::int from upload_reservations where user_id = ${caller.id} and expires_at > now()) as uploads,
        (select coalesce(sum(bytes), 0)::float8 from upload_reservations
          where user_id = ${caller.id} and expires_at > now()) as reserved`.execute(trx);
    const used = rows[0]!;
    if (used.uploads >= quota.concurrentPerUser) throw uploadQuotaExceeded();
    const bytesLeft = bytesPerDay - used.bytes - used.reserved;
    if (used.files >= quota.filesPerHour || bytesLeft <= 0) throw uploadQuotaExceeded();
    if (options.exactly && bytesLeft < maxBytes) throw uploadQuotaExceeded();
    const bytes = Math.min(bytesLeft, maxBytes);
    const { id } = await trx
      .insertInto('upload_reservations')
      .values({ user_id: caller.id, bytes, expires_at: sql<Date>`now() + ${hours} * interval '1 hour'` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, bytes };
  });
}

/** The reservation becomes what was stored (nothing when the upload stored nothing), at once. */
export async function settleReservation(
  db: Db,
  userId: number,
  reservationId: string,
  storedBytes: number | undefined,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('upload_reservations').where('id', '=', reservationId).execute();
    if (storedBytes !== undefined) {
      await trx.insertInto('upload_usage').values({ user_id: userId, bytes: storedBytes }).execute();
    }
  });
}

/** Usage rows the quota no longer looks at (it looks one day back), and lapsed reservations; answers how many went. */
export async function purgeUploadUsage(db: DbExecutor): Promise<number> {
  const result = await db
    .deleteFrom('upload_usage')
    .where('created_at', '<', sql<Date>`now() - interval '2 days'`)
    .executeTakeFirst();
  await db
    .deleteFrom('upload_reservations')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  return Number(result.numDeletedRows);
}
