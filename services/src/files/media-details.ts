import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demuxerOf, extractPosterFrame, type MediaTools } from './media-probe';
import { makePictureRendition } from './picture-rendition';
import {
  AUDIO_RENDITION_CONTENT_TYPE,
  makeAudioRendition,
  makeVideoRenditions,
  UnconvertibleMediaError,
  VIDEO_RENDITION_CONTENT_TYPE,
} from './renditions';
import type { StorageDriver } from './storage-driver';
import type { FileRow } from './table';
import { makeThumbnail, THUMBNAIL_CONTENT_TYPE, THUMBNAIL_EXTENSION } from './thumbnails';

export const POSTER_CONTENT_TYPE = 'image/jpeg';
export const POSTER_EXTENSION = 'jpg';

export interface StoredRendition {
  key: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
}

export interface MediaDetails {
  durationSeconds: number | null;
  /** The stored poster frame of a video or thumbnail of a picture; null for audio. */
  posterKey: string | null;
  /** The rendition now stored under the file's storage_key; absent when the run made none (the queue's own tests). */
  rendition?: StoredRendition;
  /** The 720p rendition of a video larger than 720p. */
  smallVideo?: StoredRendition | null;
}

const withoutExtension = (storageKey: string) => storageKey.replace(/\.[^./]+$/, '');

/** Where a file's poster frame is stored: next to it (`<base>.poster.jpg`). */
export const posterKeyOf = (storageKey: string) => `${withoutExtension(storageKey)}.poster.${POSTER_EXTENSION}`;
/** Where a video's 720p rendition is stored (`<base>.720p.mp4`). */
export const smallVideoKeyOf = (storageKey: string) => `${withoutExtension(storageKey)}.720p.mp4`;
/** Where a picture's thumbnail is stored (`<base>.thumb.webp`, as the upload request names it). */
export const thumbnailKeyOf = (storageKey: string) => `${withoutExtension(storageKey)}.thumb.${THUMBNAIL_EXTENSION}`;

async function putFile(storage: StorageDriver, key: string, file: string, contentType: string): Promise<number> {
  const { size } = await fs.stat(file);
  await storage.put(key, createReadStream(file), contentType);
  return size;
}

/**
 * Makes and stores the renditions of a pending file whose upload is at `original` on local disk: a video's (and its
 * 720p one's, and its poster frame from the rendition), an audio file's, or a picture's (with its thumbnail), all
 * under keys derived from the file's storage_key. Throws when ffmpeg is missing or the bytes cannot be converted
 * (the media queue retries, then marks the file failed); what it stored before failing is removed.
 */
export async function takeMediaDetails(
  tools: MediaTools,
  storage: StorageDriver,
  original: string,
  file: Pick<FileRow, 'kind' | 'storage_key' | 'original_key'>,
): Promise<MediaDetails> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-rendition-'));
  const stored: string[] = [];
  const put = async (key: string, local: string, contentType: string) => {
    stored.push(key);
    return putFile(storage, key, local, contentType);
  };
  // What the upload's bytes were recognised as (the extension of its original_key); the rendition's own without one.
  const uploadExtension = path.extname(file.original_key ?? file.storage_key).slice(1);
  try {
    if (file.kind === 'image') {
      const picture = await makePictureRendition(await fs.readFile(original), uploadExtension);
      stored.push(file.storage_key);
      await storage.put(file.storage_key, picture.bytes, picture.contentType);
      const thumbnailKey = thumbnailKeyOf(file.storage_key);
      stored.push(thumbnailKey);
      await storage.put(thumbnailKey, await makeThumbnail(picture.bytes), THUMBNAIL_CONTENT_TYPE);
      return {
        durationSeconds: null,
        posterKey: thumbnailKey,
        rendition: { key: file.storage_key, sizeBytes: picture.bytes.length, ...picture },
      };
    }
    const demuxer = demuxerOf(uploadExtension);
    if (!demuxer) throw new UnconvertibleMediaError(`files of type .${uploadExtension} are not converted`);
    if (file.kind === 'audio') {
      const out = path.join(scratch, 'audio.m4a');
      const audio = await makeAudioRendition(tools, original, out, { demuxer });
      const sizeBytes = await put(file.storage_key, out, AUDIO_RENDITION_CONTENT_TYPE);
      return {
        durationSeconds: audio.durationSeconds,
        posterKey: null,
        rendition: { key: file.storage_key, sizeBytes, width: null, height: null },
      };
    }
    const files = { main: path.join(scratch, 'main.mp4'), small: path.join(scratch, 'small.mp4') };
    const video = await makeVideoRenditions(tools, original, files, { demuxer });
    const frame = path.join(scratch, `poster.${POSTER_EXTENSION}`);
    await extractPosterFrame(tools, files.main, frame);
    const mainBytes = await put(file.storage_key, files.main, VIDEO_RENDITION_CONTENT_TYPE);
    let smallVideo: StoredRendition | null = null;
    if (video.small) {
      const key = smallVideoKeyOf(file.storage_key);
      const sizeBytes = await put(key, files.small, VIDEO_RENDITION_CONTENT_TYPE);
      smallVideo = { key, sizeBytes, width: video.small.width, height: video.small.height };
    }
    const posterKey = posterKeyOf(file.storage_key);
    await put(posterKey, frame, POSTER_CONTENT_TYPE);
    return {
      durationSeconds: video.main.durationSeconds ?? video.source.durationSeconds,
      posterKey,
      rendition: { key: file.storage_key, sizeBytes: mainBytes, width: video.main.width, height: video.main.height },
      smallVideo,
    };
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
