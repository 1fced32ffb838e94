import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config/config';
import { localDiskStorage } from './local-disk-storage';
import { s3Storage } from './s3-storage';

/**
 * Where uploaded bytes live. Keys are chosen by the service (`2025/06/<uuid>.png`), never taken from a client.
 *
 * The S3-compatible driver (`s3-storage.ts`) sits behind the same three calls: `put` as PutObject with its type and
 * `Cache-Control: public, max-age=31536000, immutable`, `delete` as DeleteObject (a missing key is no error), `url`
 * as the bucket's public base URL (or CDN) plus the key. It has no `localRoot`, so the API serves nothing itself.
 * `createStorageDriver` is the one place that chooses it from the configuration.
 */
export interface StorageDriver {
  /** Stores the bytes under the key; a failed or aborted put leaves nothing behind. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** Removes the object; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** The absolute URL clients fetch the object from. */
  url(key: string): string;
  /** The folder the API serves at /files/ (local disk only). */
  readonly localRoot?: string;
}

/** The local store's folder: STORAGE_DIR, or DATA_DIR/files. */
export function storageRoot(config: AppConfig): string {
  return path.resolve(config.STORAGE_DIR ?? path.join(config.DATA_DIR, 'files'));
}

/** S3-compatible when S3_ENDPOINT and S3_BUCKET are configured, else local disk. */
export function createStorageDriver(config: AppConfig): StorageDriver {
  if (config.S3_ENDPOINT && config.S3_BUCKET) {
    return s3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return localDiskStorage({ root: storageRoot(config), publicUrl: config.PUBLIC_URL });
}

const drivers = new WeakMap<AppConfig, StorageDriver>();

/** One driver per configuration, shared by the routes and by every place that turns a key into a URL. */
export function storageDriverFor(config: AppConfig): StorageDriver {
  let driver = drivers.get(config);
  if (!driver) {
    driver = createStorageDriver(config);
    drivers.set(config, driver);
  }
  return driver;
}
