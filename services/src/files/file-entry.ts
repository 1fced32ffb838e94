import type { FileEntry } from '@fanmission/contracts';
import type { AppConfig } from '../config';
import { signedQuery } from './signed-url';
import { storageDriverFor } from './storage';
import type { FileRow } from './table';

/** Public URL of a stored object, as the configured storage driver serves it. */
export function storageUrl(config: AppConfig, key: string): string {
  return storageDriverFor(config).url(key);
}

/**
 * A short-lived URL of a private object: the public URL plus `exp` and `sig`. Hand it out only
 * to a caller the file's owner check allows.
 */
export function signedStorageUrl(config: AppConfig, key: string): string {
  return `${storageUrl(config, key)}?${signedQuery(config, key)}`;
}

/** Where a file may be fetched: `public` (long-cached URL) or `private` (signed URL valid about 30–45 minutes). */
export type FileAudience = 'public' | 'private';

type EntryFile = Pick<FileRow, 'id' | 'storage_key' | 'content_type' | 'thumbnail_key'> &
  Partial<Pick<FileRow, 'processing_status' | 'small_video_key' | 'small_video_width' | 'small_video_height'>>;

const PROCESSING = { pending: 'PENDING', ready: 'READY', failed: 'FAILED' } as const;

export const processingOf = (file: Partial<Pick<FileRow, 'processing_status'>>) =>
  PROCESSING[file.processing_status ?? 'ready'];

export function fileEntry(config: AppConfig, file: EntryFile, audience: FileAudience = 'public'): FileEntry {
  const url = audience === 'private' ? signedStorageUrl : storageUrl;
  const processing = processingOf(file);
  return {
    id: file.id,
    s3Url: url(config, file.storage_key),
    contentType: file.content_type,
    thumbnail: file.thumbnail_key ? { s3Url: url(config, file.thumbnail_key) } : null,
    // Only while not ready, so the answers of every finished file stay as they were.
    ...(processing !== 'READY' && { processing }),
    ...(processing === 'READY' &&
      file.small_video_key && {
        smallScreenVideo: {
          s3Url: url(config, file.small_video_key),
          width: file.small_video_width ?? 0,
          height: file.small_video_height ?? 0,
        },
      }),
  };
}

/** The entry of a file that is only for the parties who may see it (attachments, private mission media). */
export const privateFileEntry = (config: AppConfig, file: EntryFile): FileEntry => fileEntry(config, file, 'private');
