import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { mp4, multipartForm, PNG_1X1 } from '@fanmission/tests/support/files';
import { createCreator, createTags, type TestCreator } from '@fanmission/tests/support/creators';

// The adult flag remembers who set it; a creator never clears it himself: his clearing waits for an operator, and
// until one accepts it his page stays behind the adult gate (docs/rules/adult-content.md).

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-adult-flag-'));
const testApp = useTestApp({ config: testConfig({ STORAGE_DIR: storageDir }) });
const app = () => testApp.current.app;

let tagIds: number[];
let operator: TestAccount;

beforeAll(async () => {
  tagIds = await createTags(app(), [`adult-flag-${Date.now()}`]);
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  return () => rmSync(storageDir, { recursive: true, force: true });
});

async function upload(url: string, field: string, bytes: Buffer, filename: string, headers: Record<string, string>) {
  const form = await multipartForm(field, bytes, filename);
  return app().inject({ method: 'POST', url, headers: { ...form.headers, ...headers }, payload: form.payload });
}

/** A verified creator with a profile image and an intro, so that a whole profile save passes. */
async function readyCreator(): Promise<TestCreator> {
  const creator = await createCreator(app());
  expect(
    (await upload(`/api/v1/users/${creator.id}/image`, 'image', PNG_1X1, 'me.png', creator.headers)).statusCode,
  ).toBe(200);
  const intro = await upload(`/api/v1/creators/${creator.creatorId}/intro`, 'intro', mp4(), 'hi.mp4', creator.headers);
  expect(intro.statusCode).toBe(200);
  return creator;
}

/** The creator's own profile save, as the web app sends it. */
const saveProfile = (creator: TestCreator, containAdultContent: boolean) =>
  app().inject({
    method: 'PUT',
    url: `/api/v1/creators/${creator.creatorId}`,
    headers: { ...creator.headers, 'accept-language': 'en' },
    payload: {
      tags: tagIds,
      name: `night-${creator.creatorId}`,
      snsLinks: [{ type: 'YOUTUBE', link: 'https://www.youtube.com/@night' }],
      description: 'night songs',
      containAdultContent,
      url: `night${creator.creatorId}x${Date.now()}`,
      businessType: 'NONE',
      businessCashReceiptNumber: '01012345678',
    },
  });

const console = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  app().inject({ method, url: `/api/admin${url}`, headers: { ...operator.headers, 'accept-language': 'en' }, payload });

const publicPage = async (creatorId: number) =>
  (await app().inject({ method: 'GET', url: `/api/v1/creators/${creatorId}` })).statusCode;

const adultMissionsFlag = async (creatorId: number) =>
  (
    await app()
      .db.selectFrom('creators')
      .select(['contain_adult_content', 'adult_flagged_by', 'adult_clear_requested_at'])
      .where('id', '=', creatorId)
      .executeTakeFirstOrThrow()
  ).contain_adult_content;

describe('the adult flag', () => {
  it('an operator’s flag: the creator’s clearing waits for review, audited and in the to-do; he stays gated until accepted', async () => {
    const creator = await readyCreator();
    expect(
      (await console('PUT', `/creators/${creator.creatorId}`, { containAdultContent: true, adultReason: '노출 사진' }))
        .statusCode,
    ).toBe(200);
    expect(await publicPage(creator.creatorId)).toBe(401);
    const flagged = await console('GET', `/creators/${creator.creatorId}`);
    expect(flagged.json()).toMatchObject({
      containAdultContent: true,
      adultFlaggedBy: 'OPERATOR',
      adultClearRequestedAt: null,
    });

    const saved = await saveProfile(creator, false);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ containAdultContent: true, adultContentClearPending: true });

    expect(await publicPage(creator.creatorId)).toBe(401);
    expect(await adultMissionsFlag(creator.creatorId)).toBe(true);
    const feed = await app().inject({ method: 'GET', url: `/api/v1/creators/page?name=night-${creator.creatorId}` });
    expect(feed.json().content).toEqual([]);

    const pending = await console('GET', `/creators/${creator.creatorId}`);
    expect(pending.json()).toMatchObject({
      containAdultContent: true,
      adultFlaggedBy: 'OPERATOR',
      adultClearRequestedAt: expect.any(String),
    });
    const queue = await console(
      'GET',
      `/creators?filter=${encodeURIComponent(JSON.stringify({ adultClearRequested: true }))}&range=[0,499]`,
    );
    expect((queue.json() as { id: number }[]).map((row) => row.id)).toContain(creator.creatorId);
    const toDo = await console('GET', '/to-do');
    expect(toDo.json().items).toContainEqual(
      expect.objectContaining({ queue: 'adultFlagClearRequests', count: expect.any(Number) }),
    );
    const audited = await app()
      .db.selectFrom('admin_audit_log')
      .select(['actor_id', 'resource', 'resource_id', 'after'])
      .where('actor_id', '=', creator.id)
      .where('resource', '=', 'creators')
      .execute();
    expect(audited).toEqual([
      expect.objectContaining({
        resource_id: String(creator.creatorId),
        after: expect.objectContaining({ containAdultContent: true, adultClearRequested: true }),
      }),
    ]);

    // Saving again with the flag off asks nothing more; the operator accepts, and only then the page is public.
    expect((await saveProfile(creator, false)).statusCode).toBe(200);
    const accepted = await console('PUT', `/creators/${creator.creatorId}`, {
      adultClearRequest: 'ACCEPT',
      adultReason: '사진을 내렸습니다',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      containAdultContent: false,
      adultFlaggedBy: null,
      adultClearRequestedAt: null,
    });
    expect(await publicPage(creator.creatorId)).toBe(200);
    expect(await adultMissionsFlag(creator.creatorId)).toBe(false);
  });

  it('a creator’s own flag: set at once, its clearing waits too; an operator’s refusal keeps it as the operator’s', async () => {
    const creator = await readyCreator();
    expect((await saveProfile(creator, true)).statusCode).toBe(200);
    expect(await publicPage(creator.creatorId)).toBe(401);
    expect((await console('GET', `/creators/${creator.creatorId}`)).json()).toMatchObject({
      adultFlaggedBy: 'CREATOR',
    });

    expect((await saveProfile(creator, false)).json()).toMatchObject({ adultContentClearPending: true });
    expect(await publicPage(creator.creatorId)).toBe(401);
    const declined = await console('PUT', `/creators/${creator.creatorId}`, {
      adultClearRequest: 'DECLINE',
      adultReason: '영상이 남아 있습니다',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      containAdultContent: true,
      adultFlaggedBy: 'OPERATOR',
      adultClearRequestedAt: null,
    });
    expect(await publicPage(creator.creatorId)).toBe(401);

    // Nothing pending: a decision is a 409 in the operator's language; the creator withdraws his own request.
    const nothing = await console('PUT', `/creators/${creator.creatorId}`, {
      adultClearRequest: 'ACCEPT',
      adultReason: '사진을 내렸습니다',
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'ADULT_CLEAR_NOT_REQUESTED' });
    expect((await saveProfile(creator, false)).json()).toMatchObject({ adultContentClearPending: true });
    expect((await saveProfile(creator, true)).json()).toMatchObject({ adultContentClearPending: false });
  });

  it('an operator clears any flag at once in the console', async () => {
    const creator = await readyCreator();
    expect((await saveProfile(creator, true)).statusCode).toBe(200);
    const cleared = await console('PUT', `/creators/${creator.creatorId}`, {
      containAdultContent: false,
      adultReason: '성인 콘텐츠가 아닙니다',
    });
    expect(cleared.json()).toMatchObject({ containAdultContent: false, adultFlaggedBy: null });
    expect(await publicPage(creator.creatorId)).toBe(200);
  });
});
