import { sql } from 'kysely';
import type { Caller } from '../auth';
import type { Db } from '../db';
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

const quotaExceeded = () => new AppError(429, 'error.uploadQuotaExceeded', { code: 'TOO_MANY_REQUESTS' });

/** Uploads in progress per user, in this process. */
const inProgress = new Map<number, number>();

/**
 * Runs one upload within the caller's quota: 429 `TOO_MANY_REQUESTS` when the caller already has
 * `concurrentPerUser` uploads running, stored `filesPerHour` files in the last hour or the day's bytes.
 */
export async function withinUploadQuota<T>(
  db: Db,
  caller: Caller,
  quota: UploadQuota,
  upload: () => Promise<T>,
): Promise<T> {
  const running = inProgress.get(caller.id) ?? 0;
  if (running >= quota.concurrentPerUser) throw quotaExceeded();
  inProgress.set(caller.id, running + 1);
  try {
    const { rows } = await sql<{ bytes: number; files: number }>`
      select coalesce(sum(size_bytes), 0)::float8 as bytes,
        (count(*) filter (where created_at > now() - interval '1 hour'))::int as files
      from files where owner_user_id = ${caller.id} and created_at > now() - interval '1 day'`.execute(db);
    const used = rows[0]!;
    const bytesPerDay = caller.roles.includes('ROLE_UNVERIFIED') ? quota.unverifiedBytesPerDay : quota.bytesPerDay;
    if (used.files >= quota.filesPerHour || used.bytes >= bytesPerDay) throw quotaExceeded();
    return await upload();
  } finally {
    const left = (inProgress.get(caller.id) ?? 1) - 1;
    if (left > 0) inProgress.set(caller.id, left);
    else inProgress.delete(caller.id);
  }
}
