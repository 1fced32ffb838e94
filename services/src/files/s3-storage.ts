import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type StorageDriver, STORED_FILE_CACHE_CONTROL } from './storage-driver';
import { amzDate, encodeRfc3986, sha256Hex, signRequest, UNSIGNED_PAYLOAD, type SigV4Credentials } from './sigv4';

export interface S3StorageOptions extends SigV4Credentials {
  /** The S3 API endpoint, e.g. https://s3.ap-northeast-2.amazonaws.com or http://minio:9000. */
  endpoint: string;
  bucket: string;
  /** Where clients fetch objects (bucket website, CDN); the path-style bucket URL when unset. */
  publicUrl?: string | undefined;
  /** The clock (tests pin it). */
  now?: () => Date;
}

/**
 * An S3-compatible store, path-style (`<endpoint>/<bucket>/<key>`, what MinIO and most compatible stores expect),
 * signed with SigV4. A stream of unknown length is spooled to a temporary file first: S3's PutObject needs the
 * length up front. Objects are written with their type and `Cache-Control: immutable` (keys are never reused).
 */
export function s3Storage(options: S3StorageOptions): StorageDriver {
  const endpoint = new URL(options.endpoint);
  const base = `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}`;
  const publicBase = (options.publicUrl ?? `${base}/${options.bucket}`).replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());

  async function send(
    method: 'PUT' | 'DELETE',
    key: string,
    body: { stream: Readable; length: number; sha256?: string } | undefined,
    extraHeaders: Record<string, string> = {},
  ): Promise<void> {
    const objectPath = `${endpoint.pathname.replace(/\/+$/, '')}/${options.bucket}/${key}`;
    const payloadHash = body?.sha256 ?? (body ? UNSIGNED_PAYLOAD : sha256Hex(''));
    const headers: Record<string, string> = {
      host: endpoint.host,
      'x-amz-date': amzDate(now()),
      'x-amz-content-sha256': payloadHash,
      ...extraHeaders,
      ...(body && { 'content-length': String(body.length) }),
    };
    headers.authorization = signRequest(options, { method, path: objectPath, headers }, payloadHash);
    const transport = endpoint.protocol === 'https:' ? https : http;
    await new Promise<void>((resolve, reject) => {
      const request = transport.request(
        {
          method,
          hostname: endpoint.hostname,
          port: endpoint.port || undefined,
          path: encodePath(objectPath),
          headers,
        },
        (response) => {
          let answer = '';
          response.on('data', (chunk: Buffer) => {
            answer = (answer + chunk.toString()).slice(0, 2_000);
          });
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve();
            else reject(new Error(`S3 ${method} ${key} failed with ${status}: ${answer}`));
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      if (body) pipeline(body.stream, request).catch(reject);
      else request.end();
    });
  }

  return {
    async put(key: string, body: Readable | Buffer, contentType: string): Promise<void> {
      const headers = { 'content-type': contentType, 'cache-control': STORED_FILE_CACHE_CONTROL };
      if (Buffer.isBuffer(body)) {
        await send(
          'PUT',
          key,
          { stream: Readable.from([body]), length: body.length, sha256: sha256Hex(body) },
          headers,
        );
        return;
      }
      if (body instanceof ReadStream && typeof body.path === 'string') {
        const { size } = await fs.stat(body.path);
        await send('PUT', key, { stream: body, length: size }, headers);
        return;
      }
      const spool = path.join(os.tmpdir(), `fanmission-s3-${randomUUID()}`);
      try {
        await pipeline(body, createWriteStream(spool, { flags: 'wx' }));
        const { size } = await fs.stat(spool);
        await send('PUT', key, { stream: createReadStream(spool), length: size }, headers);
      } finally {
        await fs.rm(spool, { force: true });
      }
    },

    async delete(key: string): Promise<void> {
      // S3 answers 204 for a key that does not exist either.
      await send('DELETE', key, undefined);
    },

    url(key: string): string {
      return `${publicBase}/${encodePath(key)}`;
    },
  };
}

/** The path exactly as it was signed. */
const encodePath = (objectPath: string) => encodeRfc3986(objectPath, true);
