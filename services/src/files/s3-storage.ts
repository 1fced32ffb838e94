import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createRequire } from 'node:module';
import type * as ClientS3 from '@aws-sdk/client-s3';
import { type StorageDriver, type StoredObject, STORED_FILE_CACHE_CONTROL } from './storage-driver';

// The AWS SDK is loaded when an S3 store is first configured, not with the module: the local-disk store (`npm start`,
// tests) never uses it, and loading it cost every start ~0.3 s. Its CommonJS build, as a plain import loads too.
let clientS3: typeof ClientS3 | undefined;
const loadClientS3 = () => (clientS3 ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof ClientS3);

export interface S3StorageOptions {
  /** The S3 API endpoint, e.g. https://s3.ap-northeast-2.amazonaws.com or http://minio:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where clients fetch objects: a CDN in front of the API's `/files/`, else `apiFilesUrl`. */
  publicUrl?: string | undefined;
  /**
   * The API's own `/files` path (on the page's origin, not PUBLIC_URL: see StorageDriver.url): the API proxies
   * every object, the bucket stays private.
   */
  apiFilesUrl: string;
}

/**
 * An S3-compatible store through the AWS SDK, path-style (`<endpoint>/<bucket>/<key>`, what MinIO and most
 * compatible stores expect). Checksums only where an operation requires one: the SDK's default CRC32 trailers
 * (`aws-chunked` bodies) are not understood by every compatible store. A stream of unknown length is spooled to a
 * temporary file first: PutObject needs the length up front. Objects are written with their type and
 * `Cache-Control: immutable` (keys are never reused).
 */
export function s3Storage(options: S3StorageOptions): StorageDriver {
  const endpoint = new URL(options.endpoint);
  const base = `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}`;
  const publicBase = (options.publicUrl ?? options.apiFilesUrl).replace(/\/+$/, '');
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = loadClientS3();
  const client = new S3Client({
    endpoint: base,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const putObject = (key: string, body: Buffer | Readable, length: number, contentType: string) =>
    client.send(
      new PutObjectCommand({
        Bucket: options.bucket,
        Key: key,
        Body: body,
        ContentLength: length,
        ContentType: contentType,
        CacheControl: STORED_FILE_CACHE_CONTROL,
      }),
    );

  return {
    async put(key: string, body: Readable | Buffer, contentType: string): Promise<void> {
      if (Buffer.isBuffer(body)) {
        await putObject(key, body, body.length, contentType);
        return;
      }
      if (body instanceof ReadStream && typeof body.path === 'string') {
        const { size } = await fs.stat(body.path);
        await putObject(key, body, size, contentType);
        return;
      }
      const spool = path.join(os.tmpdir(), `fanmission-s3-${randomUUID()}`);
      try {
        await pipeline(body, createWriteStream(spool, { flags: 'wx' }));
        const { size } = await fs.stat(spool);
        await putObject(key, createReadStream(spool), size, contentType);
      } finally {
        await fs.rm(spool, { force: true });
      }
    },

    async delete(key: string): Promise<void> {
      // S3 answers 204 for a key that does not exist either.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },

    async get(key: string, range?: string): Promise<StoredObject | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key, Range: range }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          contentLength: object.ContentLength,
          contentRange: object.ContentRange,
        };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw error;
      }
    },

    url(key: string): string {
      return `${publicBase}/${key.split('/').map(encodeRfc3986).join('/')}`;
    },
  };
}

/** RFC 3986 encoding of one path segment (what S3 expects in object URLs). */
const encodeRfc3986 = (segment: string) =>
  encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
