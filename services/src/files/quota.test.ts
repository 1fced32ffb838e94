import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { multipartForm, PNG_1X1, wav } from '@fanmission/tests/support/files';
import { mediaToolPeak, MEDIA_TOOL_CONCURRENCY, mediaToolsOf, probeMedia } from './media-probe';

// Per-user upload quotas (files an hour, bytes a day, less before verification) and at most
// MEDIA_TOOL_CONCURRENCY ffmpeg/ffprobe processes at once, reading local files only.

const testApp = useTestApp();
const app = () => testApp.current.app;

async function upload(account: TestAccount) {
  const form = await multipartForm('data', PNG_1X1, 'quota.png');
  return app().inject({
    method: 'POST',
    url: '/api/v1/files/s3',
    headers: { ...form.headers, ...account.headers, 'accept-language': 'en' },
    payload: form.payload,
  });
}

/** Files the account stored, straight in the table: `count` rows of `bytes` each, `minutesAgo` ago. */
async function storedFiles(ownerId: number, count: number, bytes: number, minutesAgo = 1) {
  await app()
    .db.insertInto('files')
    .values(
      Array.from({ length: count }, (_, index) => ({
        owner_user_id: ownerId,
        storage_key: `quota/${ownerId}/${index}-${Math.random()}`,
        filename: 'old.png',
        content_type: 'image/png',
        kind: 'image' as const,
        size_bytes: bytes,
        thumbnail_key: null,
        created_at: new Date(Date.now() - minutesAgo * 60_000),
      })),
    )
    .execute();
}

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

describe('media tools', () => {
  it(`runs at most ${MEDIA_TOOL_CONCURRENCY} ffprobe processes at once, whatever the number of uploads`, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'fanmission-probe-'));
    try {
      const file = path.join(folder, 'silence.wav');
      await writeFile(file, wav(8_000));
      mediaToolPeak(true);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => probeMedia(mediaToolsOf(testApp.current.config), file)),
      );
      expect(results.every((result) => result.durationSeconds !== null && result.durationSeconds > 0.9)).toBe(true);
      expect(mediaToolPeak()).toBeLessThanOrEqual(MEDIA_TOOL_CONCURRENCY);
      expect(mediaToolPeak()).toBeGreaterThan(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
