import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { uploadedFileSchema } from '@fanmission/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { signRequest } from './sigv4';
import { multipartForm, PNG_1X1, TEXT_FILE } from '@fanmission/tests/support/files';

const ACCESS_KEY = 'test-access-key';
const SECRET_KEY = 'test-secret-key';

/** A small S3-compatible server: path-style PutObject and DeleteObject, checking every request's signature. */
const objects = new Map<string, { body: Buffer; headers: http.IncomingHttpHeaders }>();
const refused: string[] = [];
const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const url = new URL(request.url!, 'http://s3.local');
    const signed = /SignedHeaders=([^,]+)/.exec(request.headers.authorization ?? '')?.[1]?.split(';') ?? [];
    const expected = signRequest(
      { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, region: 'ap-northeast-2' },
      {
        method: request.method!,
        path: decodeURIComponent(url.pathname),
        headers: Object.fromEntries(signed.map((name) => [name, String(request.headers[name])])),
      },
      String(request.headers['x-amz-content-sha256']),
    );
    if (request.headers.authorization !== expected || !signed.includes('host')) {
      refused.push(`${request.method} ${url.pathname}`);
      response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const key = decodeURIComponent(url.pathname);
    if (request.method === 'PUT') {
      const body = Buffer.concat(chunks);
      if (Number(request.headers['content-length']) !== body.length) {
        response.writeHead(400).end();
        return;
      }
      objects.set(key, { body, headers: request.headers });
      response.writeHead(200).end();
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else response.writeHead(405).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const endpoint = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const testApp = useTestApp({
  get config() {
    return testConfig({
      S3_ENDPOINT: endpoint(),
      S3_BUCKET: 'uploads',
      S3_REGION: 'ap-northeast-2',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
      S3_PUBLIC_URL: 'https://cdn.fanmission.test',
    });
  },
});

async function upload(bytes: Buffer, filename: string, authorization: string) {
  const form = await multipartForm('data', bytes, filename);
  return testApp.current.app.inject({
    method: 'POST',
    url: '/api/v1/files/s3',
    headers: { ...form.headers, authorization },
    payload: form.payload,
  });
}

describe('the S3-compatible storage driver', () => {
  it('puts uploads and thumbnails in the bucket, signed, typed and cacheable, with public CDN URLs', async () => {
    const member = await createAccount(testApp.current.app);
    const response = await upload(PNG_1X1, 'dot.png', member.headers.authorization);
    expect(response.statusCode).toBe(200);
    const file = uploadedFileSchema.parse(response.json());
    expect(file.s3Url).toMatch(/^https:\/\/cdn\.fanmission\.test\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const key = `/uploads/${new URL(file.s3Url).pathname.slice(1)}`;
    expect(objects.get(key)?.body.equals(PNG_1X1)).toBe(true);
    expect(objects.get(key)?.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const thumbnailKey = `/uploads/${new URL(file.thumbnail!.s3Url).pathname.slice(1)}`;
    expect(objects.get(thumbnailKey)?.headers['content-type']).toBe('image/webp');

    const deleted = await testApp.current.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/s3/${file.id}`,
      headers: member.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(objects.has(key)).toBe(false);
    expect(objects.has(thumbnailKey)).toBe(false);
    expect(refused).toEqual([]);
  });

  it('gives videos a poster frame from a local copy, and stores nothing for a refused upload', async () => {
    const member = await createAccount(testApp.current.app);
    const folder = mkdtempSync(path.join(os.tmpdir(), 'fanmission-s3-video-'));
    try {
      const video = path.join(folder, 'clip.mp4');
      execFileSync('/usr/bin/ffmpeg', [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=1:size=90x160:rate=10',
        '-pix_fmt',
        'yuv420p',
        video,
      ]);
      const bytes = readFileSync(video);
      const response = await upload(bytes, 'clip.mp4', member.headers.authorization);
      expect(response.statusCode).toBe(200);
      const file = uploadedFileSchema.parse(response.json());
      expect(objects.get(`/uploads/${new URL(file.s3Url).pathname.slice(1)}`)?.body.equals(bytes)).toBe(true);
      const poster = objects.get(`/uploads/${new URL(file.thumbnail!.s3Url).pathname.slice(1)}`);
      expect(poster?.headers['content-type']).toBe('image/jpeg');
      expect(file.durationSeconds).toBeCloseTo(1, 1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }

    const before = objects.size;
    const refusedUpload = await upload(TEXT_FILE, 'notes.mp4', member.headers.authorization);
    expect(refusedUpload.statusCode).toBe(400);
    expect(objects.size).toBe(before);
    expect(refused).toEqual([]);
  });
});
