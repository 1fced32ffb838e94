import type { FileEntry } from '@fanmission/contracts';
import type { AppConfig } from '../config/config';
import type { FileRow } from './table';

/** Public URL of a stored object (local disk driver: served under /files/). */
export function storageUrl(config: AppConfig, key: string): string {
  return `${config.PUBLIC_URL}/files/${key}`;
}

export function fileEntry(config: AppConfig, file: FileRow): FileEntry {
  return {
    id: file.id,
    s3Url: storageUrl(config, file.storage_key),
    contentType: file.content_type,
    thumbnail: file.thumbnail_key ? { s3Url: storageUrl(config, file.thumbnail_key) } : null,
  };
}
