import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ServiceContext } from '../context';
import { extractPosterFrame, MediaToolMissingError, mediaToolsOf, probeMedia } from './media-probe';
import type { StorageDriver } from './storage-driver';

export const POSTER_CONTENT_TYPE = 'image/jpeg';
export const POSTER_EXTENSION = 'jpg';

export interface MediaDetails {
  durationSeconds: number | null;
  /** The stored poster frame of a video; null for audio or when no frame could be taken. */
  posterKey: string | null;
}

let warnedMissingTools = false;

/**
 * The length of a video or audio file on local disk and, for a video, a poster frame stored under `posterKey`.
 * Never fails the upload: without ffmpeg, or with bytes ffmpeg cannot read, the details stay empty and a warning is
 * logged.
 */
export async function describeMediaFile(
  ctx: ServiceContext,
  storage: StorageDriver,
  source: string,
  kind: 'video' | 'audio',
  posterKey: string,
): Promise<MediaDetails> {
  const details: MediaDetails = { durationSeconds: null, posterKey: null };
  const tools = mediaToolsOf(ctx.config);
  try {
    details.durationSeconds = (await probeMedia(tools, source)).durationSeconds;
    if (kind === 'video') {
      const frame = path.join(os.tmpdir(), `fanmission-poster-${randomUUID()}.${POSTER_EXTENSION}`);
      try {
        await extractPosterFrame(tools, source, frame);
        await storage.put(posterKey, await fs.readFile(frame), POSTER_CONTENT_TYPE);
        details.posterKey = posterKey;
      } finally {
        await fs.rm(frame, { force: true });
      }
    }
  } catch (error) {
    if (error instanceof MediaToolMissingError) {
      if (!warnedMissingTools)
        ctx.log.warn({ err: error }, 'ffmpeg is missing: videos get no poster frame or duration');
      warnedMissingTools = true;
    } else {
      ctx.log.warn({ err: error, source }, 'no media details: ffmpeg could not read the upload');
    }
  }
  return details;
}
