import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Keys are chosen by the service (`2025/06/<uuid>.png`), never taken from a client.
 *
 * The S3-compatible driver (`s3-storage.ts`) sits behind the same three calls: `put` as PutObject with its type and
 * `Cache-Control: public, max-age=31536000, immutable`, `delete` as DeleteObject (a missing key is no error), `get`
 * as GetObject (the API proxies `/files/<key>` so the bucket stays private), `url` as the API's
 * `/files/` (or `S3_PUBLIC_URL`, a CDN in front of it) plus the key.
 * `createStorageDriver` (`storage.ts`) is the one place that chooses it from the configuration.
 */
export interface StorageDriver {
  /** Stores the bytes under the key; a failed or aborted put leaves nothing behind. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** Removes the object; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Reads an object for `/files/<key>` (remote stores only: the local folder is served from disk). `range` is the
   * client's Range header; null when the key does not exist.
   */
  get?(key: string, range?: string): Promise<StoredObject | null>;
  /** The absolute URL clients fetch the object from. */
  url(key: string): string;
  /** The folder the API serves at /files/ (local disk only). */
  readonly localRoot?: string;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  contentLength?: number | undefined;
  /** Set when only the requested range is sent (206). */
  contentRange?: string | undefined;
}

/** Keys are never reused (a new upload gets a new key), so a stored object can be cached for good. */
export const STORED_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
