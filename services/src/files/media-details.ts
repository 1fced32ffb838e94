import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractPosterFrame, type MediaTools, probeMedia } from './media-probe';
import type { StorageDriver } from './storage-driver';

export const POSTER_CONTENT_TYPE = 'image/jpeg';
export const POSTER_EXTENSION = 'jpg';

export interface MediaDetails {
  durationSeconds: number | null;
  /** The stored poster frame of a video; null for audio. */
  posterKey: string | null;
}

/** Where a file's poster frame is stored: next to it (`<base>.poster.jpg`). */
export const posterKeyOf = (storageKey: string) => `${storageKey.replace(/\.[^./]+$/, '')}.poster.${POSTER_EXTENSION}`;

/**
 * The length of a video or audio file on local disk and, for a video, a poster frame stored under `posterKey`.
 * Throws when ffmpeg is missing or cannot read the bytes (the media queue retries, then marks the file failed).
 */
export async function takeMediaDetails(
  tools: MediaTools,
  storage: StorageDriver,
  source: string,
  kind: 'video' | 'audio',
  posterKey: string,
): Promise<MediaDetails> {
  const { durationSeconds } = await probeMedia(tools, source);
  if (kind !== 'video') return { durationSeconds, posterKey: null };
  const frame = path.join(os.tmpdir(), `fanmission-poster-${randomUUID()}.${POSTER_EXTENSION}`);
  try {
    await extractPosterFrame(tools, source, frame);
    await storage.put(posterKey, await fs.readFile(frame), POSTER_CONTENT_TYPE);
  } finally {
    await fs.rm(frame, { force: true });
  }
  return { durationSeconds, posterKey };
}
