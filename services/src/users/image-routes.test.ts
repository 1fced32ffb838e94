import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PROFILE_IMAGE, FILE_LIMITS, type CurrentUser, type FileEntry } from '@fanmission/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import {
  createMember,
  filesUnder,
  JPEG_2X2,
  mp4,
  multipartForm,
  paddedPng,
  PNG_1X1,
  resumablyUploaded,
  TEXT_FILE,
} from '@fanmission/tests/support/files';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-user-images-'));
const testApp = useTestApp({ config: testConfig({ STORAGE_DIR: storageDir }) });

afterAll(async () => {
  await fs.rm(storageDir, { recursive: true, force: true });
});

async function member(name: string) {
  return createMember(testApp.current.app, testApp.current.database.db, name);
}

async function uploadImage(
  userId: number,
  bytes: Buffer,
  options: { authorization?: string; field?: string; filename?: string; language?: string } = {},
) {
  const form = await multipartForm(options.field ?? 'image', bytes, options.filename ?? 'me.png', 'image/png');
  return testApp.current.app.inject({
    method: 'POST',
    url: `/api/v1/users/${userId}/image`,
    headers: {
      ...form.headers,
      ...(options.authorization && { authorization: options.authorization }),
      ...(options.language && { 'accept-language': options.language }),
    },
    payload: form.payload,
  });
}

async function me(authorization: string): Promise<CurrentUser> {
  const response = await testApp.current.app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: { authorization },
  });
  expect(response.statusCode).toBe(200);
  return response.json<CurrentUser>();
}

function fetchStored(url: string) {
  return testApp.current.app.inject({ method: 'GET', url });
}

describe('POST /api/v1/users/{id}/image', () => {
  it('sets the profile picture with a thumbnail; /users/me shows it', async () => {
    const alice = await member('alice');
    const response = await uploadImage(alice.id, PNG_1X1, { authorization: alice.authorization });
    expect(response.statusCode).toBe(200);
    const image = response.json<FileEntry>();
    expect(image).toMatchObject({
      id: expect.any(Number),
      contentType: 'image/png',
      thumbnail: { s3Url: expect.any(String) },
    });

    const current = await me(alice.authorization);
    expect(current.image).toEqual(image);
    expect(current.imageUrl).toBe(image.thumbnail!.s3Url);
    const served = await fetchStored(image.s3Url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await fetchStored(image.thumbnail!.s3Url)).headers['content-type']).toBe('image/webp');
  });

  it('replaces the previous picture and deletes its files', async () => {
    const bob = await member('bob');
    const first = (await uploadImage(bob.id, PNG_1X1, { authorization: bob.authorization })).json<FileEntry>();
    const second = await uploadImage(bob.id, JPEG_2X2, { authorization: bob.authorization, filename: 'me.jpg' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ contentType: 'image/jpeg' });

    expect((await me(bob.authorization)).image?.id).toBe(second.json<FileEntry>().id);
    expect((await fetchStored(first.s3Url)).statusCode).toBe(404);
    expect((await fetchStored(first.thumbnail!.s3Url)).statusCode).toBe(404);
    const row = await testApp.current.database.db
      .selectFrom('files')
      .select('id')
      .where('id', '=', first.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('takes images only: video and text are refused, keeping the current picture', async () => {
    const carol = await member('carol');
    await uploadImage(carol.id, PNG_1X1, { authorization: carol.authorization });
    const before = await filesUnder(storageDir);

    const video = await uploadImage(carol.id, mp4(), { authorization: carol.authorization, language: 'en' });
    expect(video.statusCode).toBe(400);
    expect(video.json()).toMatchObject({ code: 'UNKNOWN_FILE_FORMAT', message: 'Only image files can be uploaded.' });
    const text = await uploadImage(carol.id, TEXT_FILE, { authorization: carol.authorization });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('이미지 파일만 올릴 수 있습니다.');

    expect(await filesUnder(storageDir)).toEqual(before);
    expect((await me(carol.authorization)).image).not.toBeNull();
  });

  it('refuses an image over 5 MB with 413, keeping nothing', async () => {
    const dave = await member('dave');
    const before = await filesUnder(storageDir);
    const response = await uploadImage(dave.id, paddedPng(FILE_LIMITS.attachmentImageBytes + 1), {
      authorization: dave.authorization,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await filesUnder(storageDir)).toEqual(before);
    expect((await me(dave.authorization)).image).toBeNull();
  });

  it('is for one’s own account only', async () => {
    const erin = await member('erin');
    const mallory = await member('mallory');
    const before = await filesUnder(storageDir);

    const anonymous = await uploadImage(erin.id, PNG_1X1);
    expect(anonymous.statusCode).toBe(401);
    const someoneElse = await uploadImage(erin.id, PNG_1X1, { authorization: mallory.authorization });
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json()).toMatchObject({ message: 'access denied' });

    expect(await filesUnder(storageDir)).toEqual(before);
    expect((await me(erin.authorization)).image).toBeNull();
  });

  it('wants the picture in the form field `image`', async () => {
    const frank = await member('frank');
    const response = await uploadImage(frank.id, PNG_1X1, { authorization: frank.authorization, field: 'data' });
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors).toEqual([expect.objectContaining({ field: 'image' })]);
  });
});

describe('PUT /api/v1/users/{id}/image (a resumable upload)', () => {
  const picture = (authorization: string, purpose = 'profile-picture') =>
    resumablyUploaded(testApp.current.app, authorization, JPEG_2X2, {
      purpose,
      filename: 'me.jpg',
      filetype: 'image/jpeg',
    });
  const put = (userId: number, body: unknown, authorization?: string, language = 'en') =>
    testApp.current.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${userId}/image`,
      headers: { 'accept-language': language, ...(authorization && { authorization }) },
      payload: body as object,
    });

  it('makes the uploaded picture the profile picture, deletes the previous one, and takes each upload once', async () => {
    const hana = await member('hana');
    const previous = (await uploadImage(hana.id, PNG_1X1, { authorization: hana.authorization })).json<FileEntry>();
    const uploaded = await picture(hana.authorization);

    const response = await put(hana.id, { fileId: uploaded.id }, hana.authorization);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<FileEntry>()).toMatchObject({ id: uploaded.id, contentType: 'image/jpeg' });
    expect((await me(hana.authorization)).image?.id).toBe(uploaded.id);
    expect((await fetchStored(previous.s3Url)).statusCode).toBe(404);

    // The same upload a second time, e.g. to make the picture deletable through another use: refused.
    const again = await put(hana.id, { fileId: uploaded.id }, hana.authorization, 'ko');
    expect(again.statusCode).toBe(400);
    expect(again.json().subErrors).toEqual([
      expect.objectContaining({
        field: 'fileId',
        message: '이 용도로 끝까지 올린 내 파일이 아니거나 이미 사용한 파일입니다. 파일을 다시 올려 주세요.',
      }),
    ]);
    expect((await me(hana.authorization)).image?.id).toBe(uploaded.id);
  });

  it('refuses a file uploaded for another use, someone else’s, or none, changing nothing', async () => {
    const ian = await member('ian');
    const other = await member('other-ian');
    const cover = await picture(ian.authorization, 'cover');
    const theirs = await picture(other.authorization);
    const multipart = (await uploadImage(other.id, PNG_1X1, { authorization: other.authorization })).json<FileEntry>();
    for (const fileId of [cover.id, theirs.id, multipart.id, 999_999_999]) {
      const response = await put(ian.id, { fileId }, ian.authorization);
      expect(response.statusCode, String(fileId)).toBe(400);
      expect(response.json().subErrors).toEqual([
        expect.objectContaining({ field: 'fileId', message: expect.stringContaining('not a file you finished') }),
      ]);
    }
    expect((await me(ian.authorization)).image).toBeNull();
    expect((await me(other.authorization)).image?.id).toBe(multipart.id);
  });

  it('wants a positive file id and nothing else, in the caller’s language', async () => {
    const jun = await member('jun');
    for (const body of [{}, { fileId: 'one' }, { fileId: 0 }, { fileId: 1, extra: true }]) {
      const response = await put(jun.id, body, jun.authorization, 'ja');
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().subErrors.length).toBeGreaterThan(0);
    }
  });

  it('is for one’s own account only, and tells a stranger nothing about the file', async () => {
    const kai = await member('kai');
    const mallory = await member('mallory-put');
    const uploaded = await picture(kai.authorization);
    expect((await put(kai.id, { fileId: uploaded.id })).statusCode).toBe(401);
    const someoneElse = await put(kai.id, { fileId: uploaded.id }, mallory.authorization);
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json()).toMatchObject({ message: 'access denied' });
    // Still his to use.
    expect((await put(kai.id, { fileId: uploaded.id }, kai.authorization)).statusCode).toBe(200);
  });
});

describe('DELETE /api/v1/users/{userId}/image', () => {
  it('removes the picture and its files; /users/me falls back to the default image', async () => {
    const grace = await member('grace');
    const mallory = await member('mallory');
    const image = (await uploadImage(grace.id, PNG_1X1, { authorization: grace.authorization })).json<FileEntry>();
    const url = `/api/v1/users/${grace.id}/image`;

    expect((await testApp.current.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const someoneElse = await testApp.current.app.inject({
      method: 'DELETE',
      url,
      headers: { authorization: mallory.authorization },
    });
    expect(someoneElse.statusCode).toBe(403);
    expect((await me(grace.authorization)).image).toEqual(image);

    const response = await testApp.current.app.inject({
      method: 'DELETE',
      url,
      headers: { authorization: grace.authorization },
    });
    expect(response.statusCode).toBe(204);
    const current = await me(grace.authorization);
    expect(current.image).toBeNull();
    expect(current.imageUrl).toBe(DEFAULT_PROFILE_IMAGE);
    expect((await fetchStored(image.s3Url)).statusCode).toBe(404);
    expect((await fetchStored(image.thumbnail!.s3Url)).statusCode).toBe(404);

    const again = await testApp.current.app.inject({
      method: 'DELETE',
      url,
      headers: { authorization: grace.authorization },
    });
    expect(again.statusCode).toBe(204);
  });
});
