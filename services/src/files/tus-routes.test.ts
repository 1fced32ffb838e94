import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { errorResponseSchema, RESUMABLE_UPLOAD_PATH, uploadedFileSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@fanmission/tests/harness/app';
import { createTestDatabase, type TestDatabase } from '@fanmission/tests/harness/database';
import { createMember, filesUnder, mp4, paddedPng, TEXT_FILE } from '@fanmission/tests/support/files';
import { buildApp } from '../app';
import { createDb } from '../db';
import { createDevMailbox } from '../mail';
import { EVENT_CONSUMERS } from '../runtime';
import { DEFAULT_UPLOAD_QUOTA } from './quota';
import { removeExpiredResumableUploads, resumableStoreFor } from './resumable-uploads';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-tus-'));
const config = testConfig({ DATA_DIR: dataDir, STORAGE_DIR: path.join(dataDir, 'files') });
const partialsDir = path.join(dataDir, 'resumable-uploads');

let database: TestDatabase;
/** Two API processes on one database and one partials folder, as behind a load balancer. */
let first: FastifyInstance;
let second: FastifyInstance;
let uploader: { id: number; authorization: string };
let stranger: { id: number; authorization: string };

async function apiProcess(db: TestDatabase['db'], processConfig = config) {
  const app = await buildApp({
    config: processConfig,
    eventConsumers: EVENT_CONSUMERS,
    db,
    logger: false,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  first = await apiProcess(database.db);
  // Its own configuration object: its own tus store and locker, as another process has.
  second = await apiProcess(createDb(database.url, { max: 4 }), { ...config });
  uploader = await createMember(first, database.db, 'tus-uploader');
  stranger = await createMember(first, database.db, 'tus-stranger');
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await second?.db.destroy();
  await database?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const base64 = (value: string) => Buffer.from(value).toString('base64');

interface Creation {
  length: number;
  filename?: string;
  filetype?: string;
  purpose?: string;
  authorization?: string;
  language?: string;
}

function create(options: Creation, app = first) {
  const metadata = [
    `filename ${base64(options.filename ?? 'answer.mp4')}`,
    `filetype ${base64(options.filetype ?? 'video/mp4')}`,
    `purpose ${base64(options.purpose ?? 'mission-answer')}`,
  ].join(',');
  return app.inject({
    method: 'POST',
    url: RESUMABLE_UPLOAD_PATH,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(options.length),
      'upload-metadata': metadata,
      'accept-language': options.language ?? 'en',
      ...(options.authorization !== '' && { authorization: options.authorization ?? uploader.authorization }),
    },
  });
}

async function created(options: Creation, app = first): Promise<string> {
  const response = await create(options, app);
  expect(response.statusCode, response.body).toBe(201);
  const location = String(response.headers.location);
  expect(location).toMatch(new RegExp(`^${RESUMABLE_UPLOAD_PATH}/[0-9a-f]{32}$`));
  return location;
}

function patch(location: string, offset: number, bytes: Buffer, app = first, authorization = uploader.authorization) {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'accept-language': 'en',
      authorization,
    },
    payload: bytes,
  });
}

function head(location: string, app = first, authorization = uploader.authorization) {
  return app.inject({ method: 'HEAD', url: location, headers: { 'tus-resumable': '1.0.0', authorization } });
}

const reservationsOf = async (userId: number) =>
  database.db.selectFrom('upload_reservations').selectAll().where('user_id', '=', userId).execute();

describe('resumable uploads (tus 1.0)', () => {
  it('takes a file in chunks, tells the offset, and makes the file on the last byte', async () => {
    const video = mp4(200_000);
    const location = await created({ length: video.length });
    expect(await reservationsOf(uploader.id)).toEqual([expect.objectContaining({ bytes: video.length })]);

    const firstChunk = await patch(location, 0, video.subarray(0, 64 * 1024));
    expect(firstChunk.statusCode, firstChunk.body).toBe(204);
    expect(firstChunk.headers['upload-offset']).toBe(String(64 * 1024));
    expect(firstChunk.headers['upload-expires']).toBeDefined();

    const offset = await head(location);
    expect(offset.statusCode).toBe(200);
    expect(offset.headers['upload-offset']).toBe(String(64 * 1024));
    expect(offset.headers['upload-length']).toBe(String(video.length));
    expect(offset.headers['cache-control']).toBe('no-store');

    const last = await patch(location, 64 * 1024, video.subarray(64 * 1024));
    expect(last.statusCode, last.body).toBe(200);
    const fileId = Number(last.headers['upload-file-id']);
    expect(fileId).toBeGreaterThan(0);
    expect(last.headers['upload-offset']).toBe(String(video.length));
    expect(uploadedFileSchema.parse(last.json())).toMatchObject({ id: fileId, kind: 'video', processing: 'PENDING' });

    const file = await database.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ owner_user_id: uploader.id, kind: 'video', filename: 'answer.mp4' });
    expect(file.processing_status).toBe('pending');
    expect(Number(file.size_bytes)).toBe(video.length);
    // The reservation became what was stored.
    expect(await reservationsOf(uploader.id)).toEqual([]);
    const usage = await database.db.selectFrom('upload_usage').selectAll().where('user_id', '=', uploader.id).execute();
    expect(usage.map((row) => Number(row.bytes))).toContain(video.length);
    // No partial stays behind; the row remembers the file.
    expect(await filesUnder(partialsDir)).toEqual([]);
    const done = await head(location);
    expect(done.headers['upload-offset']).toBe(String(video.length));
    expect(done.headers['upload-file-id']).toBe(String(fileId));
    const answer = await first.inject({
      method: 'GET',
      url: `${location}/file`,
      headers: { authorization: uploader.authorization },
    });
    expect(answer.statusCode).toBe(200);
    expect(uploadedFileSchema.parse(answer.json())).toMatchObject({ id: fileId, kind: 'video', processing: 'PENDING' });
  });

  it('resumes through another API process', async () => {
    const picture = paddedPng(300_000);
    const location = await created({ length: picture.length, filename: 'cover.png', filetype: 'image/png' });
    const half = 150_000;
    expect((await patch(location, 0, picture.subarray(0, half))).statusCode).toBe(204);

    const there = await head(location, second);
    expect(there.headers['upload-offset']).toBe(String(half));
    const rest = await patch(location, half, picture.subarray(half), second);
    expect(rest.statusCode, rest.body).toBe(200);
    const fileId = Number(rest.headers['upload-file-id']);
    const file = await database.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ kind: 'image', content_type: 'image/png', owner_user_id: uploader.id });
  });

  it('answers a wrong offset with 409 and keeps what it has', async () => {
    const video = mp4(20_000);
    const location = await created({ length: video.length });
    expect((await patch(location, 0, video.subarray(0, 8000))).statusCode).toBe(204);
    const wrong = await patch(location, 4000, video.subarray(4000));
    expect(wrong.statusCode).toBe(409);
    expect((await head(location)).headers['upload-offset']).toBe('8000');
    await first.inject({
      method: 'DELETE',
      url: location,
      headers: { 'tus-resumable': '1.0.0', authorization: uploader.authorization },
    });
  });

  it('keeps nothing of a first write too short to recognise', async () => {
    const video = mp4(20_000);
    const location = await created({ length: video.length });
    const short = await patch(location, 0, video.subarray(0, 1000));
    expect(short.statusCode).toBe(204);
    expect(short.headers['upload-offset']).toBe('0');
    const terminated = await first.inject({
      method: 'DELETE',
      url: location,
      headers: { 'tus-resumable': '1.0.0', authorization: uploader.authorization },
    });
    expect(terminated.statusCode).toBe(204);
    expect((await head(location)).statusCode).toBe(404);
    expect(await reservationsOf(uploader.id)).toEqual([]);
  });

  it('refuses a type its first bytes show to be wrong, and ends the upload there', async () => {
    const text = Buffer.concat([TEXT_FILE, Buffer.alloc(100_000, 'a')]);
    const location = await created({ length: text.length, filename: 'notes.mp4' });
    const refused = await patch(location, 0, text.subarray(0, 50_000));
    expect(refused.statusCode).toBe(400);
    expect(errorResponseSchema.parse(refused.json())).toMatchObject({ code: 'UNKNOWN_FILE_FORMAT' });
    expect(refused.json().message).toContain('Unknown file format');
    expect((await head(location)).statusCode).toBe(404);
    expect(await reservationsOf(uploader.id)).toEqual([]);
    expect(await filesUnder(partialsDir)).toEqual([]);
  });

  it('refuses a picture longer than its limit as soon as its first bytes show it is one', async () => {
    const picture = paddedPng(6 * 1024 * 1024);
    const location = await created({ length: picture.length, filetype: 'video/mp4' });
    const refused = await patch(location, 0, picture.subarray(0, 64 * 1024));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await reservationsOf(uploader.id)).toEqual([]);
  });

  it('refuses at creation a declared type, a length or a purpose it does not take, in the member’s language', async () => {
    const pdf = await create({ length: 1000, filetype: 'application/pdf', language: 'ko' });
    expect(pdf.statusCode).toBe(415);
    expect(errorResponseSchema.parse(pdf.json())).toMatchObject({ code: 'UNKNOWN_FILE_FORMAT' });
    expect(pdf.json().message).toContain('알 수 없는 파일 형식');

    // No declared type: the first bytes decide (a picture, here), within the purpose's largest limit.
    const undeclared = await created({ length: 100_000, filetype: '', filename: 'IMG_0001.HEIC' });
    const recognised = await patch(undeclared, 0, paddedPng(100_000));
    expect(recognised.statusCode, recognised.body).toBe(200);
    expect(recognised.json()).toMatchObject({ kind: 'image', filename: 'IMG_0001.HEIC' });

    const videoAsProfilePicture = await create({ length: 1000, purpose: 'profile-picture' });
    expect(videoAsProfilePicture.statusCode).toBe(415);

    const tooLarge = await create({ length: 6 * 1024 * 1024, filetype: 'image/jpeg', language: 'ja' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(tooLarge.json().message).toContain('5 MB');

    const overAll = await create({ length: 501 * 1024 * 1024 });
    expect(overAll.statusCode).toBe(413);

    const unknownPurpose = await create({ length: 1000, purpose: 'wallpaper' });
    expect(unknownPurpose.statusCode).toBe(400);
    expect(unknownPurpose.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const deferred = await first.inject({
      method: 'POST',
      url: RESUMABLE_UPLOAD_PATH,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-defer-length': '1',
        'upload-metadata': `filetype ${base64('video/mp4')},purpose ${base64('mission-answer')}`,
        authorization: uploader.authorization,
      },
    });
    expect(deferred.statusCode).toBe(400);
    expect(await reservationsOf(uploader.id)).toEqual([]);
  });

  it('refuses an upload the quota cannot hold at creation', async () => {
    const member = await createMember(first, database.db, 'tus-quota');
    await database.db
      .insertInto('upload_usage')
      .values({ user_id: member.id, bytes: DEFAULT_UPLOAD_QUOTA.bytesPerDay - 1000 })
      .execute();
    const refused = await create({ length: 5000, authorization: member.authorization });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await reservationsOf(member.id)).toEqual([]);
  });

  it('answers 401 without a session, and 404 for someone else’s upload', async () => {
    expect((await create({ length: 1000, authorization: '' })).statusCode).toBe(401);
    const video = mp4(20_000);
    const location = await created({ length: video.length });
    expect((await head(location, first, '')).statusCode).toBe(401);
    expect((await head(location, first, stranger.authorization)).statusCode).toBe(404);
    expect((await patch(location, 0, video, first, stranger.authorization)).statusCode).toBe(404);
    const theirs = await first.inject({
      method: 'GET',
      url: `${location}/file`,
      headers: { authorization: stranger.authorization },
    });
    expect(theirs.statusCode).toBe(404);
    const terminate = await first.inject({
      method: 'DELETE',
      url: location,
      headers: { 'tus-resumable': '1.0.0', authorization: stranger.authorization },
    });
    expect(terminate.statusCode).toBe(404);
    // Still the uploader's, untouched.
    expect((await head(location)).headers['upload-offset']).toBe('0');
    const incomplete = await first.inject({
      method: 'GET',
      url: `${location}/file`,
      headers: { authorization: uploader.authorization },
    });
    expect(incomplete.statusCode).toBe(409);
    await first.inject({
      method: 'DELETE',
      url: location,
      headers: { 'tus-resumable': '1.0.0', authorization: uploader.authorization },
    });
  });

  it('takes the upload id from the path only: an upload address with a query, naming someone else’s upload, is not found', async () => {
    const theirs = mp4(30_000);
    const theirLocation = await created({ length: theirs.length });
    const theirId = theirLocation.split('/').pop()!;
    const mine = mp4(20_000);
    const myLocation = await created({ length: mine.length, authorization: stranger.authorization });
    const crafted = `${myLocation}?x=/${theirId}`;

    expect((await head(crafted, first, stranger.authorization)).statusCode).toBe(404);
    const written = await patch(crafted, 0, theirs.subarray(0, 16 * 1024), first, stranger.authorization);
    expect(written.statusCode, written.body).toBe(404);
    // Neither upload moved.
    const untouched = await head(theirLocation);
    expect(untouched.headers['upload-offset']).toBe('0');
    expect(untouched.headers['upload-length']).toBe(String(theirs.length));
    expect((await head(myLocation, first, stranger.authorization)).headers['upload-offset']).toBe('0');
    for (const [location, authorization] of [
      [theirLocation, uploader.authorization],
      [myLocation, stranger.authorization],
    ] as const) {
      await first.inject({ method: 'DELETE', url: location, headers: { 'tus-resumable': '1.0.0', authorization } });
    }
  });

  it('removes an expired partial and releases its reservation', async () => {
    const video = mp4(100_000);
    const location = await created({ length: video.length });
    expect((await patch(location, 0, video.subarray(0, 50_000))).statusCode).toBe(204);
    const uploadId = location.split('/').pop()!;
    expect((await filesUnder(partialsDir)).some((name) => name.startsWith(uploadId))).toBe(true);
    expect(await reservationsOf(uploader.id)).toHaveLength(1);

    await database.db
      .updateTable('resumable_uploads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', uploadId)
      .execute();
    expect(await removeExpiredResumableUploads(first.ctx, resumableStoreFor(config))).toBe(1);

    expect((await filesUnder(partialsDir)).some((name) => name.startsWith(uploadId))).toBe(false);
    expect(await reservationsOf(uploader.id)).toEqual([]);
    expect((await head(location)).statusCode).toBe(404);
  });
});
