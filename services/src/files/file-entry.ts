import type { FileEntry } from '@fanmission/contracts';
import type { AppConfig } from '../config';
import { storageDriverFor } from './storage';
import type { FileRow } from './table';

/** Public URL of a stored object, as the configured storage driver serves it. */
export function storageUrl(config: AppConfig, key: string): string {
  return storageDriverFor(config).url(key);
}

export function fileEntry(config: AppConfig, file: FileRow): FileEntry {
  return {
    id: file.id,
    s3Url: storageUrl(config, file.storage_key),
    contentType: file.content_type,
    thumbnail: file.thumbnail_key ? { s3Url: storageUrl(config, file.thumbnail_key) } : null,
  };
}
