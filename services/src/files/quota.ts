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

/** Uploads in progress per user, in this process, and the bytes they may still take. */
const inProgress = new Map<number, { uploads: number; reservedBytes: number }>();

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
  const mine = inProgress.get(caller.id) ?? { uploads: 0, reservedBytes: 0 };
  if (mine.uploads >= quota.concurrentPerUser) throw uploadQuotaExceeded();
  mine.uploads += 1;
  inProgress.set(caller.id, mine);
  let reserved = 0;
  try {
    const { rows } = await sql<{ bytes: number; files: number }>`
      select coalesce(sum(bytes), 0)::float8 as bytes,
        (count(*) filter (where created_at > now() - interval '1 hour'))::int as files
      from upload_usage where user_id = ${caller.id} and created_at > now() - interval '1 day'`.execute(db);
    const used = rows[0]!;
    const bytesPerDay = caller.roles.includes('ROLE_UNVERIFIED') ? quota.unverifiedBytesPerDay : quota.bytesPerDay;
    const bytesLeft = bytesPerDay - used.bytes - mine.reservedBytes;
    if (used.files >= quota.filesPerHour || bytesLeft <= 0) throw uploadQuotaExceeded();
    reserved = Math.min(bytesLeft, maxBytes);
    mine.reservedBytes += reserved;
    let storedBytes: number | undefined;
    const result = await upload({ bytesLeft: reserved, stored: (bytes) => (storedBytes = bytes) });
    if (storedBytes !== undefined) {
      await db.insertInto('upload_usage').values({ user_id: caller.id, bytes: storedBytes }).execute();
    }
    return result;
  } finally {
    mine.uploads -= 1;
    mine.reservedBytes -= reserved;
    if (mine.uploads === 0) inProgress.delete(caller.id);
  }
}

/** Usage rows the quota no longer looks at (it looks one day back); answers how many went. */
export async function purgeUploadUsage(db: DbExecutor): Promise<number> {
  const result = await db
    .deleteFrom('upload_usage')
    .where('created_at', '<', sql<Date>`now() - interval '2 days'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
