import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Keys are chosen by the service (`2025/06/<uuid>.png`), never taken from a client.
 *
 * The S3-compatible driver (`s3-storage.ts`) sits behind the same three calls: `put` as PutObject with its type and
 * `Cache-Control: public, max-age=31536000, immutable`, `delete` as DeleteObject (a missing key is no error), `url`
 * as the bucket's public base URL (or CDN) plus the key. It has no `localRoot`, so the API serves nothing itself.
 * `createStorageDriver` (`storage.ts`) is the one place that chooses it from the configuration.
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

/** Keys are never reused (a new upload gets a new key), so a stored object can be cached for good. */
export const STORED_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
