import path from 'node:path';
import type { AppConfig } from '../config';
import { localDiskStorage } from './local-disk-storage';
import { s3Storage } from './s3-storage';
import { STORED_FILES_PATH, type StorageDriver } from './storage-driver';

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
      apiFilesUrl: STORED_FILES_PATH,
    });
  }
  return localDiskStorage({ root: storageRoot(config) });
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
