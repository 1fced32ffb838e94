import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESUMABLE_UPLOAD_PATH, uploadedFileSchema } from '@fanmission/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { createLocalS3Server } from '@fanmission/tests/support/s3-server';
import { mp4, multipartForm, PNG_1X1, TEXT_FILE } from '@fanmission/tests/support/files';
import { drainMediaQueue } from './media-queue';
import { purgeDeletedFiles } from './service';
import { storageDriverFor } from './storage';

const ACCESS_KEY = 'test-access-key';
const SECRET_KEY = 'test-secret-key';

/** The S3-speaking server checks every request's signature against these credentials and region. */
const s3 = createLocalS3Server({ accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, region: 'ap-northeast-2' });
const { objects, refused } = s3;

beforeAll(() => s3.listen());
afterAll(() => s3.close());

const endpoint = () => s3.endpoint();
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
    // Not public yet: a signed URL on the CDN that fronts the API's /files.
    expect(file.s3Url).toMatch(/^https:\/\/cdn\.fanmission\.test\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png\?exp=\d+&sig=/);
    const key = `/uploads/${new URL(file.s3Url).pathname.slice(1)}`;
    // The API proxies the private bucket: the signed URL is served, with ranges; unsigned or tampered is 404.
    const { pathname, search } = new URL(file.s3Url);
    const served = await testApp.current.app.inject({ method: 'GET', url: `/files${pathname}${search}` });
    expect(served.statusCode).toBe(200);
    // What was stored, re-encoded from its pixels (a picture is never kept as uploaded): still a PNG.
    const stored = objects.get(key)!.body;
    expect(served.rawPayload.equals(stored)).toBe(true);
    expect((await sharp(stored).metadata()).format).toBe('png');
    expect(served.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const ranged = await testApp.current.app.inject({
      method: 'GET',
      url: `/files${pathname}${search}`,
      headers: { range: 'bytes=1-3' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 1-3/${stored.length}`);
    expect(ranged.rawPayload.equals(stored.subarray(1, 4))).toBe(true);
    // A signature with its first character changed (to one it is not).
    const forged = search.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    for (const url of [`/files${pathname}`, `/files${pathname}${forged}`]) {
      expect((await testApp.current.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
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
    // Kept 30 days (a mistaken delete can be restored), then the purge removes both objects from the bucket.
    expect(objects.has(key)).toBe(true);
    const app = testApp.current.app;
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await purgeDeletedFiles({ ...app.ctx, now: () => later }, storageDriverFor(app.config))).toBe(1);
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
      expect(file.processing).toBe('PENDING');
      const app = testApp.current.app;
      const renditionKey = `/uploads/${new URL(file.s3Url, 'http://localhost').pathname.slice(1)}`;
      // Stored as it came under its original key, never under the key the URL serves.
      const pending = await app.db.selectFrom('files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
      expect(objects.get(`/uploads/${pending.original_key}`)?.body.equals(bytes)).toBe(true);
      expect(objects.has(renditionKey)).toBe(false);
      // The media queue reads the original back from the bucket for ffmpeg, puts the rendition and the poster, and
      // deletes the original.
      await drainMediaQueue({ ctx: app.ctx, storage: storageDriverFor(app.config) });
      const row = await app.db.selectFrom('files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        processing_status: 'ready',
        original_key: null,
        thumbnail_key: expect.stringMatching(/\.poster\.jpg$/),
      });
      expect(objects.get(`/uploads/${row.thumbnail_key}`)?.headers['content-type']).toBe('image/jpeg');
      expect(objects.get(renditionKey)?.headers['content-type']).toBe('video/mp4');
      expect(objects.has(`/uploads/${pending.original_key}`)).toBe(false);
      expect(row.size_bytes).toBe(objects.get(renditionKey)?.body.length);
      expect(row.duration_seconds).toBeCloseTo(1, 1);
      const { pathname, search } = new URL(file.s3Url, 'http://localhost');
      const served = await app.inject({ method: 'GET', url: `/files${pathname}${search}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp4');
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

describe('resumable uploads on the S3 store', () => {
  const base64 = (value: string) => Buffer.from(value).toString('base64');
  const tus = (authorization: string) => ({ authorization, 'tus-resumable': '1.0.0' });

  it('keeps the parts in the bucket as a multipart upload, resumes it, and leaves only the file', async () => {
    const member = await createAccount(testApp.current.app);
    // 12 MiB: one 8 MiB part of the store's, then the rest; sent in two halves that each end mid-part.
    const video = mp4(12 * 1024 * 1024);
    const created = await testApp.current.app.inject({
      method: 'POST',
      url: RESUMABLE_UPLOAD_PATH,
      headers: {
        ...tus(member.headers.authorization),
        'upload-length': String(video.length),
        'upload-metadata': `filename ${base64('answer.mp4')},filetype ${base64('video/mp4')},purpose ${base64('mission-answer')}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const uploadId = location.split('/').pop()!;
    const patch = (offset: number, bytes: Buffer) =>
      testApp.current.app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...tus(member.headers.authorization),
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes,
      });
    const half = Math.floor(video.length / 2);
    const first = await patch(0, video.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    // Where the partial waits: the bucket (its info, the bytes short of a part), never under the served files.
    const partialKeys = () => [...objects.keys()].filter((key) => key.includes(uploadId));
    expect(partialKeys().length).toBeGreaterThan(0);
    expect(s3.multipart.size).toBe(1);
    const offset = await testApp.current.app.inject({
      method: 'HEAD',
      url: location,
      headers: tus(member.headers.authorization),
    });
    expect(offset.headers['upload-offset']).toBe(String(half));

    const last = await patch(half, video.subarray(half));
    expect(last.statusCode, last.body).toBe(200);
    const file = uploadedFileSchema.parse(last.json());
    expect(file).toMatchObject({ kind: 'video', processing: 'PENDING' });
    // The file is in the bucket byte for byte; the multipart upload and the partial's objects are gone.
    const stored = [...objects.entries()].find(([key, object]) => !key.includes(uploadId) && object.body.equals(video));
    expect(stored).toBeDefined();
    expect(s3.multipart.size).toBe(0);
    expect(partialKeys()).toEqual([]);
    expect(refused, refused.join('\n')).toEqual([]);
  });
});
