import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { mp4, multipartForm, paddedPng, PNG_1X1, wav } from '@fanmission/tests/support/files';
import { mediaToolPeak, MEDIA_TOOL_CONCURRENCY, mediaToolsOf, probeMedia } from './media-probe';

// Per-user upload quotas (files an hour, bytes a day, less before verification) and at most
// MEDIA_TOOL_CONCURRENCY ffmpeg/ffprobe processes at once, reading local files only.

const testApp = useTestApp();
const app = () => testApp.current.app;

async function upload(account: TestAccount, bytes: Buffer = PNG_1X1, url = '/api/v1/files/s3', field = 'data') {
  const form = await multipartForm(field, bytes, 'quota.png');
  return app().inject({
    method: 'POST',
    url,
    headers: { ...form.headers, ...account.headers, 'accept-language': 'en' },
    payload: form.payload,
  });
}

/** What the account stored earlier, as the quota records it: `count` uploads of `bytes` each, `minutesAgo` ago. */
async function storedFiles(ownerId: number, count: number, bytes: number, minutesAgo = 1) {
  await app()
    .db.insertInto('upload_usage')
    .values(
      Array.from({ length: count }, () => ({
        user_id: ownerId,
        bytes,
        created_at: new Date(Date.now() - minutesAgo * 60_000),
      })),
    )
    .execute();
}

const filesOf = (ownerId: number) =>
  app().db.selectFrom('files').select('id').where('owner_user_id', '=', ownerId).execute();

describe('upload quota', () => {
  it('refuses the 61st file of the hour with 429, and counts only the last hour', async () => {
    const member = await createAccount(app());
    await storedFiles(member.id, 59, 100);
    expect((await upload(member)).statusCode).toBe(200);
    const refused = await upload(member);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'You have reached your upload limit. Please try again later.',
    });

    const earlier = await createAccount(app());
    await storedFiles(earlier.id, 60, 100, 61);
    expect((await upload(earlier)).statusCode).toBe(200);
  });

  it('refuses uploads past 3 GiB a day, and past 50 MiB before the e-mail is verified', async () => {
    const heavy = await createAccount(app());
    await storedFiles(heavy.id, 1, 3 * 1024 ** 3);
    expect((await upload(heavy)).statusCode).toBe(429);

    const unverified = await createAccount(app(), { roles: ['ROLE_UNVERIFIED'] });
    expect((await upload(unverified)).statusCode).toBe(200);
    await storedFiles(unverified.id, 1, 50 * 1024 ** 2);
    expect((await upload(unverified)).statusCode).toBe(429);

    // Yesterday's bytes no longer count.
    const yesterday = await createAccount(app());
    await storedFiles(yesterday.id, 1, 3 * 1024 ** 3, 24 * 60 + 1);
    expect((await upload(yesterday)).statusCode).toBe(200);
  });
});

describe('upload quota across API processes', () => {
  /** Uploads another API process is running for the account: its reservations, shared through the database. */
  const elsewhere = (userId: number, uploads: number, bytes: number, expiresInMinutes = 30) =>
    app()
      .db.insertInto('upload_reservations')
      .values(
        Array.from({ length: uploads }, () => ({
          user_id: userId,
          bytes,
          expires_at: new Date(Date.now() + expiresInMinutes * 60_000),
        })),
      )
      .execute();

  it('counts another process’s uploads under way: their number and the bytes they may still take', async () => {
    const busy = await createAccount(app());
    await elsewhere(busy.id, 8, 100);
    expect((await upload(busy)).statusCode).toBe(429);

    const unverified = await createAccount(app(), { roles: ['ROLE_UNVERIFIED'] });
    await elsewhere(unverified.id, 1, 50 * 1024 ** 2);
    expect((await upload(unverified)).statusCode).toBe(429);

    // A reservation its process never ended (it died) lapses; an upload's own ends with it.
    const crashed = await createAccount(app());
    await elsewhere(crashed.id, 8, 100, -1);
    expect((await upload(crashed)).statusCode).toBe(200);
    const live = await app()
      .db.selectFrom('upload_reservations')
      .select('id')
      .where('user_id', '=', crashed.id)
      .where('expires_at', '>', new Date())
      .execute();
    expect(live).toEqual([]);
  });
});

describe('upload quota, whatever happens to the files', () => {
  it('keeps a deleted file in the hour’s count (its bytes stay stored for 30 days)', async () => {
    const member = await createAccount(app());
    await storedFiles(member.id, 58, 100);
    const first = (await upload(member)).json<{ id: number }>();
    expect((await upload(member)).statusCode).toBe(200);
    const removed = await app().inject({
      method: 'DELETE',
      url: `/api/v1/files/s3/${first.id}`,
      headers: member.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await upload(member)).statusCode).toBe(429);
  });

  it('counts the bytes as they arrive: an upload past the day’s bytes is refused and nothing is stored', async () => {
    const member = await createAccount(app(), { roles: ['ROLE_UNVERIFIED'] });
    // 50 MiB a day before verification: 60 KiB left.
    await storedFiles(member.id, 1, 50 * 1024 ** 2 - 60 * 1024);
    expect((await upload(member, paddedPng(40 * 1024))).statusCode).toBe(200);
    const over = await upload(member, paddedPng(40 * 1024));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await filesOf(member.id)).toHaveLength(1);
    const usage = await app()
      .db.selectFrom('upload_usage')
      .select((eb) => eb.fn.sum<string>('bytes').as('bytes'))
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(Number(usage.bytes)).toBe(50 * 1024 ** 2 - 60 * 1024 + 40 * 1024);
  });

  it('counts profile pictures and intros like any upload, replaced or not', async () => {
    const member = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    const creator = await app()
      .db.selectFrom('creators')
      .select('id')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    await storedFiles(member.id, 57, 100);
    const picture = `/api/v1/users/${member.id}/image`;
    expect((await upload(member, PNG_1X1, picture, 'image')).statusCode).toBe(200);
    expect((await upload(member, PNG_1X1, picture, 'image')).statusCode).toBe(200);
    const intro = `/api/v1/creators/${creator.id}/intro`;
    expect((await upload(member, mp4(), intro, 'intro')).statusCode).toBe(200);
    expect((await upload(member, mp4(), intro, 'intro')).statusCode).toBe(429);
    expect((await upload(member, PNG_1X1, picture, 'image')).statusCode).toBe(429);
  });
});

describe('media tools', () => {
  it(`runs at most ${MEDIA_TOOL_CONCURRENCY} ffprobe processes at once, whatever the number of uploads`, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'fanmission-probe-'));
    try {
      const file = path.join(folder, 'silence.wav');
      await writeFile(file, wav(8_000));
      mediaToolPeak(true);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => probeMedia(mediaToolsOf(testApp.current.config), file, 'wav')),
      );
      expect(results.every((result) => result.durationSeconds !== null && result.durationSeconds > 0.9)).toBe(true);
      expect(mediaToolPeak()).toBeLessThanOrEqual(MEDIA_TOOL_CONCURRENCY);
      expect(mediaToolPeak()).toBeGreaterThan(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
