import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Keys are chosen by the service (`2025/06/<uuid>.png`), never taken from a client.
 *
 * The S3-compatible driver (`s3-storage.ts`) sits behind the same three calls: `put` as PutObject with its type and
 * `Cache-Control: public, max-age=31536000, immutable`, `delete` as DeleteObject (a missing key is no error), `get`
 * as GetObject (the API proxies `/files/<key>` so the bucket stays private), `url` as the API's
 * `/files/` path (or `S3_PUBLIC_URL`, a CDN in front of it) plus the key.
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
  /**
   * Where clients fetch the object: `/files/<key>` on the origin that served the page (a path, not PUBLIC_URL: the
   * product is opened at other addresses too, and the pages' CSP allows pictures and media from 'self'), or
   * absolute under `S3_PUBLIC_URL` (a CDN, whose origin the CSP lists).
   */
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

/** The path the API serves stored objects under (`/files/<key>`, services/src/files/serve.ts). */
export const STORED_FILES_PATH = '/files';

/** Keys are never reused (a new upload gets a new key), so a stored object can be cached for good. */
export const STORED_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
