// The console's resumable upload of a popup picture: tus 1.0 at /api/admin/files/tus (operators only, purpose
// `popup-image`, the members' checks, quota and ownership), then POST /api/admin/popups/images/from-upload.
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CONSOLE_RESUMABLE_UPLOAD_PATH,
  errorResponseSchema,
  fileEntrySchema,
  RESUMABLE_UPLOAD_PATH,
  uploadedFileSchema,
} from '@fanmission/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { filesUnder, paddedPng, PNG_1X1, resumablyUploaded, TEXT_FILE } from '@fanmission/tests/support/files';
import { DEFAULT_UPLOAD_QUOTA } from '../files';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-popup-tus-'));
const partialsDir = path.join(dataDir, 'resumable-uploads');
const testApp = useTestApp({
  config: testConfig({ DATA_DIR: dataDir, STORAGE_DIR: path.join(dataDir, 'files') }),
});
const app = () => testApp.current.app;

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

const CSRF = { 'x-requested-with': 'fanmission' };
const base64 = (value: string) => Buffer.from(value).toString('base64');

let operator: TestAccount;
let otherOperator: TestAccount;
let finance: TestAccount;
let fan: TestAccount;
/** The operator's console session as the browser holds it: the cookie, with the anti-CSRF header the console sends. */
let consoleCookie: Record<string, string>;

beforeAll(async () => {
  operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'], password: 'console123' });
  otherOperator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
  finance = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
  fan = await createAccount(app(), { password: 'member123' });
  const login = await app().inject({
    method: 'POST',
    url: '/api/admin/session',
    headers: CSRF,
    payload: { username: operator.email, password: 'console123' },
  });
  expect(login.statusCode, login.body).toBe(200);
  consoleCookie = { cookie: cookiePair(login.headers['set-cookie'], 'fm_console'), ...CSRF };
});

function cookiePair(setCookie: string | string[] | number | undefined, name: string): string {
  const line = [setCookie ?? []]
    .flat()
    .map(String)
    .find((value) => value.startsWith(`${name}=`));
  expect(line, `a ${name} cookie`).toBeDefined();
  return line!.split(';')[0]!;
}

interface Creation {
  length: number;
  filename?: string;
  filetype?: string;
  purpose?: string;
  session?: Record<string, string>;
  language?: string;
  endpoint?: string;
}

function create(options: Creation) {
  return app().inject({
    method: 'POST',
    url: options.endpoint ?? CONSOLE_RESUMABLE_UPLOAD_PATH,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(options.length),
      'upload-metadata': [
        `filename ${base64(options.filename ?? 'summer.png')}`,
        `filetype ${base64(options.filetype ?? 'image/png')}`,
        `purpose ${base64(options.purpose ?? 'popup-image')}`,
      ].join(','),
      'accept-language': options.language ?? 'en',
      ...(options.session ?? consoleCookie),
    },
  });
}

async function created(options: Creation): Promise<string> {
  const response = await create(options);
  expect(response.statusCode, response.body).toBe(201);
  const location = String(response.headers.location);
  expect(location).toMatch(new RegExp(`^${CONSOLE_RESUMABLE_UPLOAD_PATH}/[0-9a-f]{32}$`));
  return location;
}

function patch(location: string, offset: number, bytes: Buffer, session: Record<string, string> = consoleCookie) {
  return app().inject({
    method: 'PATCH',
    url: location,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'accept-language': 'en',
      ...session,
    },
    payload: bytes,
  });
}

function tus(method: 'HEAD' | 'DELETE', location: string, session: Record<string, string> = consoleCookie) {
  return app().inject({ method, url: location, headers: { 'tus-resumable': '1.0.0', ...session } });
}

const uploadedFileOf = (location: string, session: Record<string, string> = consoleCookie) =>
  app().inject({ method: 'GET', url: `${location}/file`, headers: session });

function fromUpload(payload: unknown, session: Record<string, string> = consoleCookie, language = 'en') {
  return app().inject({
    method: 'POST',
    url: '/api/admin/popups/images/from-upload',
    headers: { 'accept-language': language, ...session },
    payload: payload as object,
  });
}

/** A served file's bytes: a signed URL is a path on whatever origin served the page (services/src/files). */
async function fetchStored(url: string) {
  const { pathname, search } = new URL(url, 'http://any.origin');
  return app().inject({ method: 'GET', url: `${pathname}${search}` });
}

const reservationsOf = (userId: number) =>
  app().db.selectFrom('upload_reservations').selectAll().where('user_id', '=', userId).execute();

/** A photo of about 100 KB whose EXIF names the phone and where it was. */
const taggedPhoto = () =>
  sharp({
    create: { width: 400, height: 300, channels: 3, background: '#888', noise: { type: 'gaussian', sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .withExifMerge({ IFD0: { Make: 'SpyPhone' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();

describe('the console’s resumable popup picture upload', () => {
  it('takes a picture in pieces, resumes after an interruption, strips it, and makes it a popup picture once', async () => {
    const photo = await taggedPhoto();
    expect(photo.length).toBeGreaterThan(60_000);
    expect(photo.includes(Buffer.from('SpyPhone'))).toBe(true);
    const location = await created({ length: photo.length, filename: 'beach.jpg', filetype: 'image/jpeg' });
    expect(await reservationsOf(operator.id)).toEqual([expect.objectContaining({ bytes: photo.length })]);

    const firstPiece = await patch(location, 0, photo.subarray(0, 20_000));
    expect(firstPiece.statusCode, firstPiece.body).toBe(204);
    expect(firstPiece.headers['upload-offset']).toBe('20000');
    // The connection dropped: the client asks where the server stands, and goes on from there.
    const where = await tus('HEAD', location);
    expect(where.statusCode).toBe(200);
    expect(where.headers['upload-offset']).toBe('20000');
    expect(where.headers['upload-length']).toBe(String(photo.length));
    const last = await patch(location, 20_000, photo.subarray(20_000));
    expect(last.statusCode, last.body).toBe(200);
    const fileId = Number(last.headers['upload-file-id']);
    const uploaded = uploadedFileSchema.parse(last.json());
    expect(uploaded).toMatchObject({ id: fileId, kind: 'image', contentType: 'image/jpeg', filename: 'beach.jpg' });
    expect(await reservationsOf(operator.id)).toEqual([]);
    expect(await filesUnder(partialsDir)).toEqual([]);

    // Stored as a multipart upload would be: no EXIF, no phone, no place.
    const stored = await fetchStored(uploaded.s3Url);
    expect(stored.statusCode).toBe(200);
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('SpyPhone'))).toBe(false);

    // Not a popup picture until claimed.
    const early = await app().inject({
      method: 'POST',
      url: '/api/admin/popups',
      headers: operator.headers,
      payload: { title: 'early', webImageId: fileId },
    });
    expect(early.statusCode).toBe(400);

    const claimed = await fromUpload({ fileId });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const entry = fileEntrySchema.parse(claimed.json());
    expect(entry).toMatchObject({ id: fileId, contentType: 'image/jpeg', s3Url: expect.stringMatching(/\.jpg\?exp=/) });
    expect((await fetchStored(entry.s3Url)).statusCode).toBe(200);
    // The audit log keeps the answers without their signatures.
    const audited = await app()
      .db.selectFrom('admin_audit_log')
      .select(['action', 'resource', 'after'])
      .where('actor_id', '=', operator.id)
      .orderBy('id')
      .execute();
    expect(audited.map((row) => [row.action, row.resource])).toEqual(
      expect.arrayContaining([
        ['POST /api/admin/files/tus', 'popups'],
        ['PATCH /api/admin/files/tus/:uploadId', 'popups'],
        ['POST /api/admin/popups/images/from-upload', 'popups'],
      ]),
    );
    expect(JSON.stringify(audited.map((row) => row.after))).not.toMatch(/sig=|exp=/);

    const popup = await app().inject({
      method: 'POST',
      url: '/api/admin/popups',
      headers: operator.headers,
      payload: { title: '여름 이벤트', webImageId: fileId },
    });
    expect(popup.statusCode, popup.body).toBe(200);
    expect(popup.json()).toMatchObject({ webImageId: fileId });
    await app().db.updateTable('popups').set({ active: false }).where('id', '=', popup.json().id).execute();

    // Each upload is used once.
    const again = await fromUpload({ fileId });
    expect(again.statusCode).toBe(400);
    expect(again.json().subErrors.map((error: { field: string }) => error.field)).toEqual(['fileId']);
    // The upload's row went with the claim.
    expect((await tus('HEAD', location)).statusCode).toBe(404);
  });

  it('answers a finished upload’s file to a client that missed it, and forgets a given-up one', async () => {
    const location = await created({ length: PNG_1X1.length });
    expect((await uploadedFileOf(location)).statusCode).toBe(409);
    const done = await patch(location, 0, PNG_1X1);
    expect(done.statusCode, done.body).toBe(200);
    const missed = await uploadedFileOf(location);
    expect(missed.statusCode).toBe(200);
    expect(uploadedFileSchema.parse(missed.json())).toMatchObject({ id: Number(done.headers['upload-file-id']) });

    const givenUp = await created({ length: 50_000 });
    expect((await patch(givenUp, 0, paddedPng(50_000).subarray(0, 10_000))).statusCode).toBe(204);
    expect((await tus('DELETE', givenUp)).statusCode).toBe(204);
    expect((await tus('HEAD', givenUp)).statusCode).toBe(404);
    expect(await reservationsOf(operator.id)).toEqual([]);
  });

  it('refuses at creation what a popup picture cannot be, in the operator’s language', async () => {
    const video = await create({ length: 1000, filetype: 'video/mp4', language: 'ko' });
    expect(video.statusCode).toBe(415);
    expect(errorResponseSchema.parse(video.json())).toMatchObject({ code: 'UNKNOWN_FILE_FORMAT' });
    expect(video.json().message).toBe('이미지 파일만 올릴 수 있습니다.');

    const tooLarge = await create({ length: 5 * 1024 * 1024 + 1, language: 'en' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('5 MB') });
    // No declared type (HEIC on most desktops): the limit is still a picture's.
    expect((await create({ length: 6 * 1024 * 1024, filetype: '' })).statusCode).toBe(413);

    // Only the console's purpose here, and never the console's at the members' endpoint.
    const memberPurpose = await create({ length: 1000, purpose: 'mission-answer', language: 'ko' });
    expect(memberPurpose.statusCode).toBe(400);
    expect(memberPurpose.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(memberPurpose.json().subErrors).toEqual([
      expect.objectContaining({ field: 'purpose', message: '파일을 어디에 쓸지 알 수 없습니다.' }),
    ]);
    const atMembers = await create({ length: 1000, endpoint: RESUMABLE_UPLOAD_PATH, session: fan.headers });
    expect(atMembers.statusCode).toBe(400);
    expect(atMembers.json().subErrors.map((error: { field: string }) => error.field)).toEqual(['purpose']);
    expect(await reservationsOf(operator.id)).toEqual([]);
  });

  it('refuses a file its first bytes show is no picture, and ends the upload there', async () => {
    const text = Buffer.concat([TEXT_FILE, Buffer.alloc(20_000, 'a')]);
    const location = await created({ length: text.length, filename: 'notes.png' });
    const refused = await patch(location, 0, text);
    expect(refused.statusCode).toBe(400);
    expect(errorResponseSchema.parse(refused.json())).toMatchObject({ code: 'UNKNOWN_FILE_FORMAT' });
    expect(refused.json().message).toBe('Only image files can be uploaded.');
    expect((await tus('HEAD', location)).statusCode).toBe(404);
    expect(await reservationsOf(operator.id)).toEqual([]);
    expect(await filesUnder(partialsDir)).toEqual([]);
  });

  it('counts the operator’s upload quota', async () => {
    const busy = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    await app()
      .db.insertInto('upload_usage')
      .values({ user_id: busy.id, bytes: DEFAULT_UPLOAD_QUOTA.bytesPerDay - 1000 })
      .execute();
    const refused = await create({ length: 5000, session: busy.headers, language: 'ko' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('업로드 한도'),
    });
    expect(await reservationsOf(busy.id)).toEqual([]);
  });

  it('makes a popup picture of none but the operator’s own finished popup upload', async () => {
    const fieldsOf = (response: { json: () => { subErrors?: { field: string }[] } }) =>
      response.json().subErrors?.map((error) => error.field);
    const unknown = await fromUpload({ fileId: 999_999 }, consoleCookie, 'ko');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().subErrors).toEqual([
      expect.objectContaining({ field: 'fileId', message: expect.stringContaining('파일을 다시 올려 주세요') }),
    ]);
    // A member's finished upload (the same picture, for his profile).
    const members = await resumablyUploaded(app(), fan.headers.authorization, PNG_1X1, {
      purpose: 'profile-picture',
      filename: 'me.png',
      filetype: 'image/png',
    });
    expect(fieldsOf(await fromUpload({ fileId: members.id }))).toEqual(['fileId']);
    // Another operator's finished popup upload.
    const theirs = await resumablyUploaded(app(), otherOperator.headers.authorization, PNG_1X1, {
      purpose: 'popup-image',
      filename: 'theirs.png',
      filetype: 'image/png',
      endpoint: CONSOLE_RESUMABLE_UPLOAD_PATH,
    });
    expect(fieldsOf(await fromUpload({ fileId: theirs.id }))).toEqual(['fileId']);
    expect((await fromUpload({ fileId: theirs.id }, otherOperator.headers)).statusCode).toBe(200);

    for (const [body, field] of [
      [{ fileId: 'one' }, 'fileId'],
      [{ fileId: -1 }, 'fileId'],
      [{}, 'fileId'],
    ] as const) {
      const invalid = await fromUpload(body);
      expect(invalid.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(invalid)).toEqual([field]);
    }
  });
});

describe('who may upload popup pictures', () => {
  it('answers 401 without a console session, a member’s web session included', async () => {
    const login = await app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: fan.email, password: 'member123' },
    });
    const webCookie = { cookie: cookiePair(login.headers['set-cookie'], 'fm_session'), ...CSRF };
    const location = await created({ length: PNG_1X1.length });
    for (const session of [{}, webCookie]) {
      expect((await create({ length: 1000, session })).statusCode).toBe(401);
      expect((await tus('HEAD', location, session)).statusCode).toBe(401);
      expect((await patch(location, 0, PNG_1X1, session)).statusCode).toBe(401);
      expect((await tus('DELETE', location, session)).statusCode).toBe(401);
      expect((await uploadedFileOf(location, session)).statusCode).toBe(401);
      expect((await fromUpload({ fileId: 1 }, session)).statusCode).toBe(401);
    }
    // Untouched, still the operator's.
    expect((await tus('HEAD', location)).headers['upload-offset']).toBe('0');
    await tus('DELETE', location);
  });

  it('answers 403 to a member’s token and to staff without the popups permission, reads included', async () => {
    const location = await created({ length: PNG_1X1.length });
    for (const account of [fan, finance]) {
      const session = account.headers;
      const statuses = [
        (await create({ length: 1000, session })).statusCode,
        (await tus('HEAD', location, session)).statusCode,
        (await patch(location, 0, PNG_1X1, session)).statusCode,
        (await tus('DELETE', location, session)).statusCode,
        (await uploadedFileOf(location, session)).statusCode,
        (await fromUpload({ fileId: 1 }, session)).statusCode,
      ];
      expect(statuses, account === fan ? 'a member' : 'finance').toEqual([403, 403, 403, 403, 403, 403]);
    }
    expect(await reservationsOf(finance.id)).toEqual([]);
    // A cookie session's change needs the anti-CSRF header, as every console change does.
    const { 'x-requested-with': _, ...withoutCsrf } = consoleCookie;
    const forged = await patch(location, 0, PNG_1X1, withoutCsrf);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'CSRF' });
    expect((await tus('HEAD', location)).headers['upload-offset']).toBe('0');
    await tus('DELETE', location);
  });

  it('answers 404 for another operator’s upload, and for a member upload of the same operator', async () => {
    const location = await created({ length: PNG_1X1.length });
    const other = otherOperator.headers;
    expect((await tus('HEAD', location, other)).statusCode).toBe(404);
    expect((await patch(location, 0, PNG_1X1, other)).statusCode).toBe(404);
    expect((await uploadedFileOf(location, other)).statusCode).toBe(404);
    expect((await tus('DELETE', location, other)).statusCode).toBe(404);
    expect((await tus('HEAD', location)).headers['upload-offset']).toBe('0');

    // An operator who is also a member: his member upload is unknown at the console's endpoint.
    const both = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
    const memberUpload = await create({
      length: PNG_1X1.length,
      purpose: 'profile-picture',
      endpoint: RESUMABLE_UPLOAD_PATH,
      session: both.headers,
    });
    expect(memberUpload.statusCode, memberUpload.body).toBe(201);
    const uploadId = String(memberUpload.headers.location).split('/').pop();
    expect((await tus('HEAD', `${CONSOLE_RESUMABLE_UPLOAD_PATH}/${uploadId}`, both.headers)).statusCode).toBe(404);
    await tus('DELETE', location);
  });
});
