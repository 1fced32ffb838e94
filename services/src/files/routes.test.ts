import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { errorResponseSchema, FILE_LIMITS, type UploadedFile, uploadedFileSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@fanmission/tests/harness/app';
import { createTestDatabase, type TestDatabase } from '@fanmission/tests/harness/database';
import { buildApp } from '../app';
import { EVENT_CONSUMERS } from '../runtime';
import { createDevMailbox } from '../mail';
import { fileRoutes } from './routes';
import { drainMediaQueue } from './media-queue';
import { mediaToolPeak } from './media-probe';
import { ATTACHMENT_POLICY, purgeDeletedFiles } from './service';
import { signedStorageUrl } from './file-entry';
import { storageDriverFor } from './storage';
import {
  createMember,
  filesUnder,
  JPEG_2X2,
  mp3,
  mp4,
  multipartForm,
  paddedPng,
  PNG_1X1,
  TEXT_FILE,
  wav,
  writeTestVideo,
} from '@fanmission/tests/support/files';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-files-'));
const config = testConfig({ STORAGE_DIR: storageDir });
/** Limits small enough to send "too large" media without sending 500 MB. */
const SMALL_MEDIA_BYTES = 64 * 1024;

let app: FastifyInstance;
let database: TestDatabase;
let uploader: { id: number; authorization: string };
let stranger: { id: number; authorization: string };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config,
    eventConsumers: EVENT_CONSUMERS,
    db: database.db,
    logger: false,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
  });
  await app.register(fileRoutes, {
    prefix: '/small-limits',
    storage: storageDriverFor(config),
    policy: { ...ATTACHMENT_POLICY, maxBytes: { image: 1024, video: SMALL_MEDIA_BYTES, audio: SMALL_MEDIA_BYTES } },
  });
  await app.ready();
  uploader = await createMember(app, database.db, 'uploader');
  stranger = await createMember(app, database.db, 'stranger');
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await fs.rm(storageDir, { recursive: true, force: true });
});

async function upload(
  bytes: Buffer,
  filename: string,
  options: { declaredType?: string; field?: string; authorization?: string; language?: string; url?: string } = {},
) {
  const form = await multipartForm(options.field ?? 'data', bytes, filename, options.declaredType);
  const authorization = options.authorization ?? uploader.authorization;
  return app.inject({
    method: 'POST',
    url: options.url ?? '/api/v1/files/s3',
    headers: {
      ...form.headers,
      ...(authorization && { authorization }),
      ...(options.language && { 'accept-language': options.language }),
    },
    payload: form.payload,
  });
}

/** GET of a URL the API handed out (a path on the origin that served the page). */
function fetchStored(url: string) {
  const { pathname, search } = new URL(url, 'http://localhost');
  return app.inject({ method: 'GET', url: `${pathname}${search}` });
}

async function rowCount(): Promise<number> {
  const row = await database.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('POST /api/v1/files/s3', () => {
  it('stores an image, answers { id, s3Url } with its thumbnail, and serves both as inert, privately cached bytes', async () => {
    const response = await upload(PNG_1X1, 'dot.png', { declaredType: 'image/png' });
    expect(response.statusCode).toBe(200);
    const file = uploadedFileSchema.parse(response.json());
    expect(file).toMatchObject({
      contentType: 'image/png',
      kind: 'image',
      filename: 'dot.png',
    });
    // Not used anywhere public yet: the uploader gets signed URLs. A path on the origin that served the page, not on
    // PUBLIC_URL: the product is also opened at other addresses (127.0.0.1 for localhost), where the pages' CSP
    // allows only 'self' and https pictures.
    expect(file.s3Url).toMatch(/^\/files\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png\?exp=\d+&sig=[\w-]+$/);
    expect(file.thumbnail?.s3Url).toMatch(/\.thumb\.webp\?exp=/);

    const served = await fetchStored(file.s3Url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    // Re-encoded from its pixels, still a PNG of the size it reports.
    expect(served.rawPayload.length).toBe(file.sizeBytes);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');

    const thumbnail = await fetchStored(file.thumbnail!.s3Url);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
  });

  it('strips EXIF (GPS position included) from a stored original, keeping it upright', async () => {
    const tagged = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#c00' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect(tagged.includes(Buffer.from('Phone'))).toBe(true);
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const file = uploadedFileSchema.parse((await upload(tagged, 'gps.jpg')).json());
    const stored = (await fetchStored(file.s3Url)).rawPayload;
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 2, height: 4 });
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Phone'))).toBe(false);
  });

  it('goes by the bytes, not the name or the declared type', async () => {
    const response = await upload(JPEG_2X2, 'holiday.bin', { declaredType: 'text/plain' });
    expect(response.statusCode).toBe(200);
    const file = response.json<UploadedFile>();
    expect(file).toMatchObject({ contentType: 'image/jpeg', kind: 'image', filename: 'holiday.bin' });
    expect(file.s3Url).toMatch(/\.jpg\?exp=/);
    expect((await fetchStored(file.s3Url)).headers['content-type']).toBe('image/jpeg');
  });

  it('takes a PNG named .mp4 and declared as video for the image it is', async () => {
    const response = await upload(PNG_1X1, 'clip.mp4', { declaredType: 'video/mp4' });
    expect(response.statusCode).toBe(200);
    const file = response.json<UploadedFile>();
    expect(file).toMatchObject({ contentType: 'image/png', kind: 'image', durationSeconds: null });
    expect(file.s3Url).toMatch(/\.png\?exp=/);
    expect(file.thumbnail?.s3Url).toMatch(/\.thumb\.webp\?exp=/);
  });

  it('refuses an executable named .jpg, keeping nothing', async () => {
    const before = { files: await filesUnder(storageDir), rows: await rowCount() };
    const response = await upload(readFileSync(process.execPath).subarray(0, 64 * 1024), 'photo.jpg', {
      declaredType: 'image/jpeg',
      language: 'en',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'UNKNOWN_FILE_FORMAT',
      message: expect.stringMatching(/^Unknown file format/),
    });
    expect(await filesUnder(storageDir)).toEqual(before.files);
    expect(await rowCount()).toBe(before.rows);
  });

  it('refuses a 6 MB image with 413, keeping nothing', async () => {
    const before = { files: await filesUnder(storageDir), rows: await rowCount() };
    const response = await upload(paddedPng(6 * 1024 * 1024), 'six.png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('5 MB') });
    expect(await filesUnder(storageDir)).toEqual(before.files);
    expect(await rowCount()).toBe(before.rows);
  });

  it('answers a video or audio upload before ffmpeg runs; the media queue then takes duration and poster', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'fanmission-media-'));
    try {
      const video = path.join(folder, 'clip.mp4');
      const audio = path.join(folder, 'voice.m4a');
      writeTestVideo(video, { seconds: 2, width: 180, height: 320 });
      execFileSync('/usr/bin/ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=duration=1.5', audio]);

      mediaToolPeak(true);
      const videoResponse = await upload(readFileSync(video), 'clip.mp4');
      expect(videoResponse.statusCode).toBe(200);
      const videoFile = videoResponse.json<UploadedFile>();
      // Stored and typed, not processed: no ffmpeg ran inside the request.
      expect(videoFile).toMatchObject({
        kind: 'video',
        contentType: 'video/mp4',
        processing: 'PENDING',
        thumbnail: null,
        durationSeconds: null,
      });
      expect(mediaToolPeak()).toBe(0);
      // Never the upload's own bytes: the URL says the rendition is being made.
      expect((await fetchStored(videoFile.s3Url)).statusCode).toBe(409);
      const audioResponse = await upload(readFileSync(audio), 'voice.m4a');
      const audioFile = audioResponse.json<UploadedFile>();
      expect(audioFile).toMatchObject({ kind: 'audio', thumbnail: null, processing: 'PENDING' });

      const storage = storageDriverFor(config);
      expect(await drainMediaQueue({ ctx: app.ctx, storage })).toBeGreaterThanOrEqual(2);
      const rows = await database.db
        .selectFrom('files')
        .selectAll()
        .where('id', 'in', [videoFile.id, audioFile.id])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => row.processing_status)).toEqual(['ready', 'ready']);
      expect(rows[0]!.duration_seconds).toBeCloseTo(2, 1);
      expect(rows[0]!.thumbnail_key).toMatch(/\.poster\.jpg$/);
      expect(rows[1]!.duration_seconds).toBeCloseTo(1.5, 1);
      expect(rows[1]!.thumbnail_key).toBeNull();
      expect((await fetchStored(videoFile.s3Url)).statusCode).toBe(200);
      const posterUrl = signedStorageUrl(config, rows[0]!.thumbnail_key!);
      const poster = await fetchStored(posterUrl);
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      expect(poster.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

      // Deleting the video removes its poster too, once its retention ends.
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/files/s3/${videoFile.id}`,
        headers: { authorization: uploader.authorization },
      });
      expect(deleted.statusCode).toBe(204);
      const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
      await purgeDeletedFiles({ ...app.ctx, now: () => later }, storage);
      expect((await fetchStored(posterUrl)).statusCode).toBe(404);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it.each([
    // An MP4 header without any track: accepted all the same (the media queue will fail it).
    { name: 'clip.mp4', bytes: mp4(), contentType: 'video/mp4', kind: 'video', extension: 'mp4' },
    { name: 'voice.mp3', bytes: mp3(), contentType: 'audio/mp4', kind: 'audio', extension: 'm4a' },
    { name: 'voice.wav', bytes: wav(), contentType: 'audio/mp4', kind: 'audio', extension: 'm4a' },
  ])(
    'accepts $name as $kind, to be served as $contentType only',
    async ({ name, bytes, contentType, kind, extension }) => {
      const response = await upload(bytes, name, { language: 'ko' });
      expect(response.statusCode).toBe(200);
      const file = response.json<UploadedFile>();
      expect(file).toMatchObject({
        contentType,
        kind,
        sizeBytes: bytes.length,
        thumbnail: null,
        processing: 'PENDING',
      });
      expect(file.s3Url).toMatch(new RegExp(`\\.${extension}\\?exp=`));
      const served = await fetchStored(file.s3Url);
      expect(served.statusCode).toBe(409);
      expect(served.json()).toMatchObject({ code: 'FILE_PROCESSING', message: expect.stringMatching(/변환/) });
      expect(served.rawPayload.includes(bytes)).toBe(false);
    },
  );

  it('refuses a text file named .png as an unknown file format, in the caller’s language, keeping nothing', async () => {
    const before = { files: await filesUnder(storageDir), rows: await rowCount() };
    const korean = await upload(TEXT_FILE, 'cat.png', { declaredType: 'image/png' });
    expect(korean.statusCode).toBe(400);
    const body = errorResponseSchema.parse(korean.json());
    expect(body).toMatchObject({
      status: 400,
      code: 'UNKNOWN_FILE_FORMAT',
      message: expect.stringMatching(/알 수 없는 파일 형식/),
    });
    expect(body.subErrors).toEqual([expect.objectContaining({ field: 'data', rejectedValue: 'cat.png' })]);

    const english = await upload(TEXT_FILE, 'cat.png', { language: 'en' });
    expect(english.json().message).toMatch(/^Unknown file format/);
    const japanese = await upload(TEXT_FILE, 'cat.png', { language: 'jp' });
    expect(japanese.json().message).toMatch(/不明なファイル形式/);

    expect(await filesUnder(storageDir)).toEqual(before.files);
    expect(await rowCount()).toBe(before.rows);
  });

  it('refuses a picture whose bytes cannot be decoded (never stored with what it carries), keeping nothing', async () => {
    const before = { files: await filesUnder(storageDir), rows: await rowCount() };
    // A JPEG's start, an EXIF block with a location, then nothing a decoder can read.
    const broken = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x20]),
      Buffer.from('Exif\0\0GPS +37.5665+126.9780/ ....'),
      Buffer.alloc(4_000, 0x42),
    ]);
    const refused = await upload(broken, 'home.jpg', { language: 'en' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorResponseSchema.parse(refused.json())).toMatchObject({
      code: 'UNREADABLE_FILE',
      message: 'The picture cannot be read. Please upload another, undamaged file.',
      subErrors: [expect.objectContaining({ field: 'data', rejectedValue: 'home.jpg' })],
    });
    expect((await upload(broken, 'home.jpg', { language: 'ko' })).json().message).toMatch(/사진을 읽을 수 없습니다/);
    expect(await filesUnder(storageDir)).toEqual(before.files);
    expect(await rowCount()).toBe(before.rows);
  });

  it('takes an image of exactly 5 MB and refuses one byte more with 413, keeping nothing', async () => {
    const atLimit = await upload(paddedPng(FILE_LIMITS.attachmentImageBytes), 'big.png');
    expect(atLimit.statusCode).toBe(200);

    const before = { files: await filesUnder(storageDir), rows: await rowCount() };
    const over = await upload(paddedPng(FILE_LIMITS.attachmentImageBytes + 1), 'bigger.png', { language: 'en' });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      status: 413,
      code: 'FILE_TOO_LARGE',
      message: expect.stringContaining('5 MB'),
    });
    expect(await filesUnder(storageDir)).toEqual(before.files);
    expect(await rowCount()).toBe(before.rows);
  });

  it('streams media to the store and refuses it with 413 once it passes the limit, leaving no partial file', async () => {
    const atLimit = await upload(mp4(SMALL_MEDIA_BYTES - mp4(0).length), 'fits.mp4', { url: '/small-limits/files/s3' });
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json()).toMatchObject({ sizeBytes: SMALL_MEDIA_BYTES });

    const before = { files: await filesUnder(storageDir), rows: await rowCount() };
    for (const size of [SMALL_MEDIA_BYTES + 1, SMALL_MEDIA_BYTES * 4]) {
      const over = await upload(mp4(size - mp4(0).length), 'long.mp4', { url: '/small-limits/files/s3' });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    }
    expect(await filesUnder(storageDir)).toEqual(before.files);
    expect(await rowCount()).toBe(before.rows);
  });

  it('wants the file in the form field `data`', async () => {
    const response = await upload(PNG_1X1, 'dot.png', { field: 'file', language: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors).toEqual([{ field: 'data', message: 'This field is required.' }]);
  });

  it('is for logged-in members only', async () => {
    const response = await upload(PNG_1X1, 'dot.png', { authorization: '' });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/files/s3/{id}', () => {
  it('lets the uploader delete the row, the file and its thumbnail; nobody else can, nor tell whether it exists', async () => {
    const file = (await upload(PNG_1X1, 'dot.png')).json<UploadedFile>();
    const url = `/api/v1/files/s3/${file.id}`;

    const byStranger = await app.inject({ method: 'DELETE', url, headers: { authorization: stranger.authorization } });
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toMatchObject({ message: 'access denied', code: 'ACCESS_DENIED' });
    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/v1/files/s3/987654321',
      headers: { authorization: stranger.authorization },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(byStranger.json());
    expect((await app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await fetchStored(file.s3Url)).statusCode).toBe(200);

    const byUploader = await app.inject({ method: 'DELETE', url, headers: { authorization: uploader.authorization } });
    expect(byUploader.statusCode).toBe(204);
    // The row goes at once; the stored objects are kept 30 days, then purged.
    const retained = await database.db
      .selectFrom('deleted_files')
      .selectAll()
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(retained.purge_after.getTime() - retained.deleted_at.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    expect((await fetchStored(file.s3Url)).statusCode).toBe(200);
    const storage = storageDriverFor(config);
    const purgeAt = (at: Date) => purgeDeletedFiles({ ...app.ctx, now: () => at }, storage);
    const stillRetained = () =>
      database.db.selectFrom('deleted_files').select('id').where('id', '=', file.id).executeTakeFirst();
    await purgeAt(new Date(retained.purge_after.getTime() - 1000));
    expect(await stillRetained()).toBeDefined();
    expect((await fetchStored(file.s3Url)).statusCode).toBe(200);
    await purgeAt(retained.purge_after);
    expect(await stillRetained()).toBeUndefined();
    for (const gone of [file.s3Url, file.thumbnail!.s3Url]) {
      const served = await fetchStored(gone);
      expect(served.statusCode).toBe(404);
      expect(served.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    const stored = await filesUnder(storageDir);
    expect(stored.some((name) => file.s3Url.endsWith(name))).toBe(false);

    const again = await app.inject({ method: 'DELETE', url, headers: { authorization: uploader.authorization } });
    expect(again.statusCode).toBe(403);
  });
});

describe('the file store', () => {
  it('never serves unfinished puts or anything outside the store', async () => {
    await fs.mkdir(path.join(storageDir, '.incoming'), { recursive: true });
    await fs.writeFile(path.join(storageDir, '.incoming', 'half'), 'partial');
    const unfinished = await app.inject({ method: 'GET', url: '/files/.incoming/half' });
    expect(unfinished.statusCode).toBe(404);

    const outside = path.join(path.dirname(storageDir), `outside-${path.basename(storageDir)}.txt`);
    await fs.writeFile(outside, 'SECRET');
    try {
      for (const escape of ['..', '%2e%2e', '..%2f..', '%2e%2e%2f']) {
        const response = await app.inject({ method: 'GET', url: `/files/${escape}/${path.basename(outside)}` });
        expect(response.body).not.toContain('SECRET');
      }
    } finally {
      await fs.rm(outside, { force: true });
      await fs.rm(path.join(storageDir, '.incoming', 'half'));
    }
  });

  it('documents the upload as multipart/form-data with a binary field', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/api/v1/files/s3'].post;
    const schema = operation.requestBody.content['multipart/form-data'].schema;
    expect(schema.properties.data).toMatchObject({ type: 'string', format: 'binary' });
    // 403: a cookie session's upload without the CSRF header (declared on every cookie-reading write).
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '413', '415', '429']);
  });
});
