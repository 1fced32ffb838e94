import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql, type Updateable } from 'kysely';
import type { ServiceContext } from '../context';
import type { Db } from '../db';
import { type MediaDetails, takeMediaDetails } from './media-details';
import {
  MEDIA_TOOL_CONCURRENCY,
  MediaToolMemoryError,
  MediaToolMissingError,
  mediaToolsOf,
  MediaToolTimeoutError,
} from './media-probe';
import { UnconvertibleMediaError } from './renditions';
import type { StorageDriver } from './storage-driver';
import type { FileRow, FilesTable } from './table';

type FileUpdate = Updateable<FilesTable>;

/*
 * The media queue: ffprobe/ffmpeg run here, never inside an upload request. A video, audio or picture upload that
 * needs a rendition (renditions.ts, picture-rendition.ts) is stored `pending` (files.processing_status) with its
 * bytes under original_key; a runner in each API process claims pending files one at a time with
 * `for update skip locked` (so several processes share the queue and each file is taken by one of them), at most
 * `concurrency` at once per process, stores the renditions under the file's keys and records them, the duration and
 * the poster frame (`ready`). The original is deleted once its rendition is verified and recorded.
 *
 * - Survives restarts: the queue is the files table; a claim holds the file for LEASE_MS and is renewed while the run
 *   goes on, so the file of a process that died mid-run is claimed again once the lease lapses.
 * - Bounded retries: every claim counts an attempt; a file ffmpeg cannot read is retried after a back-off and is
 *   `failed` after MAX_ATTEMPTS (a file that crashes its process is failed the same way, by its claims); a file
 *   that cannot be converted at all (no picture in a video, beyond the limits of renditions.ts, a rendition that does
 *   not check out) or whose run reached its time limit or memory ceiling (renditions.ts, media-probe.ts) at once.
 * - Shared between members: a member has at most MEDIA_QUEUE_PER_MEMBER files running at once across every process;
 *   a freed slot goes to the oldest due file of a member with the fewest files running (see claimPendingFile); each
 *   member's files keep their order.
 * - A failed file is never served (serve.ts answers that it failed); its original is deleted.
 */

export const MEDIA_QUEUE_MAX_ATTEMPTS = 3;
/** How long a claim holds a file; a run renews it every third of that while it goes on. */
export const MEDIA_QUEUE_LEASE_MS = 10 * 60_000;
/** Wait before the second and third attempt. */
const RETRY_DELAYS_MS = [30_000, 5 * 60_000];
/** The runner looks for due files this often when nothing woke it. */
const POLL_MS = 5_000;

/** What a run does with a claimed file: the real one runs ffmpeg (`takeMediaDetails`); tests pass their own. */
export type MediaProcessor = (file: FileRow, localPath: string) => Promise<MediaDetails>;

export interface MediaQueueOptions {
  ctx: Pick<ServiceContext, 'db' | 'config' | 'log' | 'now'>;
  storage: StorageDriver;
  /** Files processed at once by this process (MEDIA_TOOL_CONCURRENCY by default). */
  concurrency?: number;
  processor?: MediaProcessor;
}

/** Uploads announce a pending file here, so the runner of this process starts at once instead of at its next poll. */
const pendingSignal = new EventEmitter();
pendingSignal.setMaxListeners(0);
export const announcePendingMedia = () => pendingSignal.emit('pending');

/** The advisory lock claims take one at a time, so two claims never both see a member below his share. */
const CLAIM_LOCK = 0x6d656469; // "medi"

/**
 * Claims the next due pending file (counting the attempt), or undefined when none is due: never a file of a member
 * who has `perMember` files running already (in any process), first the files of members with the fewest files
 * running now (so one member's uploads never take every slot while another member's wait), then retries after new
 * files, each in the order they came. Claims are taken one at a time (a transaction-scoped advisory lock), so the
 * count a claim sees includes every claim before it.
 */
export async function claimPendingFile(db: Db, now: Date, perMember: number): Promise<FileRow | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
    const runningOfOwner = sql<number>`(
      select count(*) from files running
      where running.owner_user_id = files.owner_user_id
        and running.processing_status = 'pending'
        and running.processing_locked_until > ${now}
    )`;
    const result = await sql<FileRow>`
      update files set
        processing_attempts = processing_attempts + 1,
        processing_locked_until = ${new Date(now.getTime() + MEDIA_QUEUE_LEASE_MS)}
      where id = (
        select id from files
        where processing_status = 'pending'
          and (processing_after is null or processing_after <= ${now})
          and (processing_locked_until is null or processing_locked_until <= ${now})
          and ${runningOfOwner} < ${perMember}
        order by ${runningOfOwner}, processing_after nulls first, id
        limit 1
        for update skip locked
      )
      returning *`.execute(trx);
    return result.rows[0];
  });
}

function defaultProcessor(options: MediaQueueOptions): MediaProcessor {
  const tools = mediaToolsOf(options.ctx.config);
  return (file, localPath) => takeMediaDetails(tools, options.storage, localPath, file);
}

/** Renews the claim of a file while its run goes on (a long video takes longer than one lease). */
function holdClaim(options: MediaQueueOptions, file: FileRow): () => void {
  const { db, log, now } = options.ctx;
  const timer = setInterval(() => {
    db.updateTable('files')
      .set({ processing_locked_until: new Date(now().getTime() + MEDIA_QUEUE_LEASE_MS) })
      .where('id', '=', file.id)
      .where('processing_status', '=', 'pending')
      .execute()
      .catch((error: unknown) => log.warn({ err: error, fileId: file.id }, 'renewing a media claim failed'));
  }, MEDIA_QUEUE_LEASE_MS / 3);
  timer.unref();
  return () => clearInterval(timer);
}

async function deleteObjects(options: MediaQueueOptions, keys: readonly (string | null | undefined)[]) {
  for (const key of keys) {
    if (!key) continue;
    await options.storage
      .delete(key)
      .catch((error: unknown) => options.ctx.log.error({ err: error, key }, 'removing a stored object failed'));
  }
}

/** The file on local disk for ffmpeg: in the local store as is, else downloaded to a temporary file. */
async function withLocalCopy<T>(storage: StorageDriver, key: string, work: (file: string) => Promise<T>): Promise<T> {
  if (storage.localRoot) return work(path.join(storage.localRoot, ...key.split('/')));
  const object = await storage.get?.(key);
  if (!object) throw new Error(`the stored object ${key} is missing`);
  const copy = path.join(os.tmpdir(), `fanmission-media-${randomUUID()}`);
  try {
    await pipeline(object.body, createWriteStream(copy, { flags: 'wx' }));
    return await work(copy);
  } finally {
    await fs.rm(copy, { force: true });
  }
}

/** Runs one claimed file: ready with its details, or back to pending after a delay, or failed for good. */
export async function processClaimedFile(options: MediaQueueOptions, file: FileRow): Promise<void> {
  const { db, log } = options.ctx;
  // Only a file still pending is written: a run never overwrites what another run (or a delete) did.
  const still = (values: FileUpdate) =>
    db.updateTable('files').set(values).where('id', '=', file.id).where('processing_status', '=', 'pending').execute();
  if (file.processing_attempts > MEDIA_QUEUE_MAX_ATTEMPTS) {
    // Claimed more often than it was ever allowed to run: earlier runs died with their process.
    const [result] = await still({
      processing_status: 'failed',
      original_key: null,
      processing_locked_until: null,
      processing_error: 'processing never finished (the process running it stopped)',
    });
    if (Number(result?.numUpdatedRows ?? 0) > 0) await deleteObjects(options, [file.original_key]);
    log.warn({ fileId: file.id }, 'media processing failed for good: its runs never finished');
    return;
  }
  const processor = options.processor ?? defaultProcessor(options);
  const original = file.original_key ?? file.storage_key;
  const release = holdClaim(options, file);
  let details: MediaDetails;
  try {
    details = await withLocalCopy(options.storage, original, (local) => processor(file, local));
  } catch (error) {
    release();
    const message = error instanceof Error ? error.message : String(error);
    // A refused file, or a run stopped at its time limit or memory ceiling, fails the same way again: no retry.
    const final =
      file.processing_attempts >= MEDIA_QUEUE_MAX_ATTEMPTS ||
      error instanceof UnconvertibleMediaError ||
      error instanceof MediaToolTimeoutError ||
      error instanceof MediaToolMemoryError;
    const delay = RETRY_DELAYS_MS[Math.min(file.processing_attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 0;
    const [result] = await still({
      ...(final
        ? { processing_status: 'failed' as const, original_key: null }
        : { processing_after: new Date(options.ctx.now().getTime() + delay) }),
      processing_locked_until: null,
      processing_error: message.slice(0, 2_000),
    });
    // A file that cannot be served keeps nothing of its upload.
    if (final && Number(result?.numUpdatedRows ?? 0) > 0 && file.original_key) await deleteObjects(options, [original]);
    if (error instanceof MediaToolMissingError) log.warn({ err: error }, 'ffmpeg is missing: media stay unprocessed');
    else log.warn({ err: error, fileId: file.id, final }, 'media processing failed');
    return;
  }
  release();
  const { rendition, smallVideo } = details;
  const [result] = await still({
    processing_status: 'ready',
    duration_seconds: details.durationSeconds,
    thumbnail_key: details.posterKey,
    processing_locked_until: null,
    processing_error: null,
    ...(rendition && {
      original_key: null,
      size_bytes: rendition.sizeBytes,
      width: rendition.width,
      height: rendition.height,
      small_video_key: smallVideo?.key ?? null,
      small_video_size_bytes: smallVideo?.sizeBytes ?? null,
      small_video_width: smallVideo?.width ?? null,
      small_video_height: smallVideo?.height ?? null,
    }),
  });
  if (Number(result?.numUpdatedRows ?? 0) === 0) {
    // Deleted while it ran: its deleted_files row names the rendition and the original, not these.
    await deleteObjects(options, [smallVideo?.key, details.posterKey]);
    return;
  }
  // The rendition is verified (renditions.ts probes it) and recorded: the upload as it came goes.
  if (rendition && file.original_key && file.original_key !== rendition.key) await deleteObjects(options, [original]);
}

/**
 * Processes due files until none is left, at most `concurrency` at once; answers how many runs it made. The runner
 * calls it on every wake-up; tests call it directly.
 */
export async function drainMediaQueue(options: MediaQueueOptions): Promise<number> {
  const concurrency = Math.max(1, options.concurrency ?? MEDIA_TOOL_CONCURRENCY);
  let runs = 0;
  const lane = async () => {
    for (;;) {
      const file = await claimPendingFile(options.ctx.db, options.ctx.now(), options.ctx.config.MEDIA_QUEUE_PER_MEMBER);
      if (!file) return;
      runs += 1;
      await processClaimedFile(options, file);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return runs;
}

export interface MediaQueueRunner {
  stop(): Promise<void>;
}

/** The background runner of one process: drains on start, on each announced upload, and every POLL_MS. */
export function startMediaQueue(options: MediaQueueOptions & { pollMs?: number }): MediaQueueRunner {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let again = false;
  const wake = () => {
    if (stopped) return;
    again = true;
    running = running.then(async () => {
      if (!again || stopped) return;
      again = false;
      await drainMediaQueue(options).catch((error: unknown) =>
        options.ctx.log.error({ err: error }, 'the media queue failed'),
      );
    });
  };
  pendingSignal.on('pending', wake);
  const timer = setInterval(wake, options.pollMs ?? POLL_MS);
  timer.unref();
  wake();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      pendingSignal.off('pending', wake);
      await running;
    },
  };
}
