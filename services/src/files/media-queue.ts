import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql, type Updateable } from 'kysely';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { type MediaDetails, posterKeyOf, takeMediaDetails } from './media-details';
import { MEDIA_TOOL_CONCURRENCY, MediaToolMissingError, mediaToolsOf } from './media-probe';
import type { StorageDriver } from './storage-driver';
import type { FileRow, FilesTable } from './table';

type FileUpdate = Updateable<FilesTable>;

/*
 * The media queue: ffprobe/ffmpeg run here, never inside an upload request. A video or audio
 * upload is stored `pending` (files.processing_status); a runner in each API process claims pending files one at a
 * time with `for update skip locked` (so several processes share the queue and each file is taken by one of them),
 * at most `concurrency` at once per process, and records the duration and poster frame (`ready`).
 *
 * - Survives restarts: the queue is the files table; a claim holds the file for LEASE_MS, so the file of a process
 *   that died mid-run is claimed again once the lease lapses.
 * - Bounded retries: every claim counts an attempt; a file ffmpeg cannot read is retried after a back-off and is
 *   `failed` after MAX_ATTEMPTS (a file that crashes or hangs its run is failed the same way, by its claims).
 * - A failed file stays usable: it is stored and plays where the browser can; it has no poster or duration.
 */

export const MEDIA_QUEUE_MAX_ATTEMPTS = 3;
/** How long a claim holds a file: above two 60 s ffmpeg runs plus a remote store's download and upload. */
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

/** Claims the next due pending file (counting the attempt), or undefined when none is due. */
export async function claimPendingFile(db: DbExecutor, now: Date): Promise<FileRow | undefined> {
  const result = await sql<FileRow>`
    update files set
      processing_attempts = processing_attempts + 1,
      processing_locked_until = ${new Date(now.getTime() + MEDIA_QUEUE_LEASE_MS)}
    where id = (
      select id from files
      where processing_status = 'pending'
        and (processing_after is null or processing_after <= ${now})
        and (processing_locked_until is null or processing_locked_until <= ${now})
      order by processing_after nulls first, id
      limit 1
      for update skip locked
    )
    returning *`.execute(db);
  return result.rows[0];
}

function defaultProcessor(options: MediaQueueOptions): MediaProcessor {
  const tools = mediaToolsOf(options.ctx.config);
  return (file, localPath) =>
    takeMediaDetails(
      tools,
      options.storage,
      localPath,
      file.kind === 'video' ? 'video' : 'audio',
      posterKeyOf(file.storage_key),
    );
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
    await still({
      processing_status: 'failed',
      processing_locked_until: null,
      processing_error: 'processing never finished (the process running it stopped)',
    });
    log.warn({ fileId: file.id }, 'media processing failed for good: its runs never finished');
    return;
  }
  const processor = options.processor ?? defaultProcessor(options);
  try {
    const details = await withLocalCopy(options.storage, file.storage_key, (local) => processor(file, local));
    await still({
      processing_status: 'ready',
      duration_seconds: details.durationSeconds,
      thumbnail_key: details.posterKey,
      processing_locked_until: null,
      processing_error: null,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = file.processing_attempts >= MEDIA_QUEUE_MAX_ATTEMPTS;
    const delay = RETRY_DELAYS_MS[Math.min(file.processing_attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 0;
    await still({
      ...(final
        ? { processing_status: 'failed' as const }
        : { processing_after: new Date(options.ctx.now().getTime() + delay) }),
      processing_locked_until: null,
      processing_error: message.slice(0, 2_000),
    });
    if (error instanceof MediaToolMissingError) log.warn({ err: error }, 'ffmpeg is missing: media stay unprocessed');
    else log.warn({ err: error, fileId: file.id, final }, 'media processing failed');
  }
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
      const file = await claimPendingFile(options.ctx.db, options.ctx.now());
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
