import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  creatorPagePath,
  creatorPageSchema,
  myCreatorSchema,
  type CreatorPage,
  type MyCreator,
} from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainMediaQueue, storageDriverFor } from '../files';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { mp4, multipartForm, PNG_1X1, resumablyUploaded, writeTestVideo } from '@fanmission/tests/support/files';
import { createCreator, createTags, type TestCreator } from '@fanmission/tests/support/creators';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-creators-'));
const testApp = useTestApp({ config: testConfig({ STORAGE_DIR: storageDir }) });
const app = () => testApp.current.app;

let tagIds: number[];
let fan: TestAccount;
let operator: TestAccount;

beforeAll(async () => {
  tagIds = await createTags(app(), ['노래', '댄스', '게임']);
  fan = await createAccount(app());
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  return () => rmSync(storageDir, { recursive: true, force: true });
});

async function uploadTo(url: string, field: string, bytes: Buffer, filename: string, headers: Record<string, string>) {
  const form = await multipartForm(field, bytes, filename);
  return app().inject({ method: 'POST', url, headers: { ...form.headers, ...headers }, payload: form.payload });
}

/** A creator whose account has a profile image and whose intro is uploaded: ready for a profile save. */
async function readyCreator(options: { verified?: boolean } = {}): Promise<TestCreator> {
  const creator = await createCreator(app(), options);
  expect(
    (await uploadTo(`/api/v1/users/${creator.id}/image`, 'image', PNG_1X1, 'me.png', creator.headers)).statusCode,
  ).toBe(200);
  const intro = await uploadTo(
    `/api/v1/creators/${creator.creatorId}/intro`,
    'intro',
    mp4(),
    'hello.mp4',
    creator.headers,
  );
  expect(intro.statusCode).toBe(200);
  return creator;
}

function put(creatorId: number, payload: object, headers: Record<string, string> = {}, language = 'en') {
  return app().inject({
    method: 'PUT',
    url: `/api/v1/creators/${creatorId}`,
    headers: { ...headers, 'accept-language': language },
    payload,
  });
}

const fullProfile = (overrides: object = {}) => ({
  tags: [tagIds[0], tagIds[1]],
  name: '별빛 크리에이터',
  snsLinks: [
    { type: 'YOUTUBE', link: 'https://youtube.com/@starlight' },
    { type: 'INSTAGRAM', link: 'https://instagram.com/starlight' },
  ],
  description: '노래하는 크리에이터입니다.',
  containAdultContent: false,
  url: `star${Date.now()}${Math.floor(Math.random() * 1000)}`,
  businessType: 'PRIVATE',
  // The business registry sandbox's individual business in business (services/src/creators/business-registry.ts).
  businessRegistrationNumber: '123-45-67891',
  ...overrides,
});

const fields = (response: { json(): unknown }) =>
  ((response.json() as { subErrors?: { field: string }[] }).subErrors ?? []).map((error) => error.field).sort();

describe('GET /api/v1/creators/{id} and /creators/by-url/{url}', () => {
  it('shows a verified creator to everybody with exact follower and like counts and no event product', async () => {
    const creator = await createCreator(app(), { name: '하늘', url: 'SkyHigh', tagIds: [tagIds[0]!] });
    await app()
      .db.updateTable('creators')
      .set({ business_type: 'NONE', business_cash_receipt_number: '01012345678' })
      .where('id', '=', creator.creatorId)
      .execute();
    const product = await app()
      .db.insertInto('mission_products')
      .values({ creator_id: creator.creatorId, type: 'BASIC', name: '노래 한 곡', coin_price: 10, sort_order: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const likes of [3, 4]) {
      await app()
        .db.insertInto('missions')
        .values({
          product_id: product.id,
          creator_id: creator.creatorId,
          user_id: fan.id,
          type: 'BASIC',
          status: 'ACCEPTED',
          coin_price: 10,
          likes_count: likes,
        })
        .execute();
    }
    const follower = await createAccount(app());
    for (const account of [fan, follower]) {
      await app().db.insertInto('follows').values({ user_id: account.id, creator_id: creator.creatorId }).execute();
    }

    const response = await app().inject({ method: 'GET', url: `/api/v1/creators/${creator.creatorId}` });
    expect(response.statusCode).toBe(200);
    const page: CreatorPage = creatorPageSchema.parse(response.json());
    const asFollower = await app().inject({
      method: 'GET',
      url: `/api/v1/creators/${creator.creatorId}`,
      headers: follower.headers,
    });
    expect(asFollower.json()).toMatchObject({ following: true, followerCount: 2 });
    expect(page).toMatchObject({
      followerCount: 2,
      likeCount: 7,
      following: false,
      eventProduct: null,
      creator: {
        id: creator.creatorId,
        name: '하늘',
        url: 'SkyHigh',
        verified: true,
        grade: 'SILVER',
        tags: [{ id: tagIds[0], name: '노래' }],
        snsLinks: [],
        intro: null,
        avatar: null,
        customMission: { active: false, minimumCost: null },
        // Personal: hidden from visitors.
        businessType: null,
        businessCashReceiptNumber: null,
        user: { id: creator.id, username: '하늘', image: null },
      },
    });

    // The counts follow an unlike and an unfollow in the same transaction (their triggers), not a recount.
    await app()
      .db.updateTable('missions')
      .set((eb) => ({ likes_count: eb('likes_count', '-', 1) }))
      .where('creator_id', '=', creator.creatorId)
      .where('likes_count', '=', 4)
      .execute();
    await app()
      .db.deleteFrom('follows')
      .where('user_id', '=', fan.id)
      .where('creator_id', '=', creator.creatorId)
      .execute();
    const after = await app().inject({ method: 'GET', url: `/api/v1/creators/${creator.creatorId}` });
    expect(after.json()).toMatchObject({ followerCount: 1, likeCount: 6 });

    // The web's catch-all /{creator_id} takes either; the URL is matched ignoring case.
    for (const idOrUrl of ['skyhigh', String(creator.creatorId)]) {
      const byEither = await app().inject({ method: 'GET', url: `/api/v1${creatorPagePath(idOrUrl)}` });
      expect(byEither.statusCode).toBe(200);
      expect(byEither.json().creator.id).toBe(creator.creatorId);
    }

    const asOwner = await app().inject({
      method: 'GET',
      url: `/api/v1/creators/${creator.creatorId}`,
      headers: creator.headers,
    });
    expect(asOwner.json().creator).toMatchObject({ businessType: 'NONE', businessCashReceiptNumber: '01012345678' });
  });

  it('hides a creator under review from everybody but its owner and operators', async () => {
    const pending = await createCreator(app(), { verified: false, url: 'pending-one' });
    for (const headers of [{}, fan.headers]) {
      const byId = await app().inject({ method: 'GET', url: `/api/v1/creators/${pending.creatorId}`, headers });
      expect(byId.statusCode).toBe(404);
      const byUrl = await app().inject({ method: 'GET', url: '/api/v1/creators/by-url/pending-one', headers });
      expect(byUrl.statusCode).toBe(404);
    }
    for (const headers of [pending.headers, operator.headers]) {
      const response = await app().inject({ method: 'GET', url: `/api/v1/creators/${pending.creatorId}`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.json().creator.verified).toBe(false);
    }
  });

  it('answers 404 for unknown creators and 400 for a malformed id', async () => {
    expect((await app().inject({ method: 'GET', url: '/api/v1/creators/999999' })).statusCode).toBe(404);
    expect((await app().inject({ method: 'GET', url: '/api/v1/creators/by-url/nobody-here' })).statusCode).toBe(404);
    expect((await app().inject({ method: 'GET', url: '/api/v1/creators/abc' })).statusCode).toBe(400);
    const longUrl = await app().inject({ method: 'GET', url: `/api/v1/creators/by-url/${'a'.repeat(51)}` });
    expect(longUrl.statusCode).toBe(400);
  });
});

describe('GET /api/v1/creators/me', () => {
  it('gives the owner every field, the bank account and the newbie flags the server computes', async () => {
    const creator = await createCreator(app(), { verified: false });
    const me = async () => {
      const response = await app().inject({ method: 'GET', url: '/api/v1/creators/me', headers: creator.headers });
      expect(response.statusCode).toBe(200);
      return myCreatorSchema.parse(response.json());
    };
    expect((await me()).newbie).toEqual({ basicInfoDone: false, eventDone: false, missionDone: false });
    expect(await me()).toMatchObject({
      bankName: null,
      bankAccountHolder: null,
      bankAccountNumber: null,
      payoutOverseas: false,
      payoutForeigner: false,
      ongoingEvent: false,
    });

    // Basic info needs both the image and a tag.
    await uploadTo(`/api/v1/users/${creator.id}/image`, 'image', PNG_1X1, 'me.png', creator.headers);
    expect((await me()).newbie.basicInfoDone).toBe(false);
    await app().db.insertInto('creator_tags').values({ creator_id: creator.creatorId, tag_id: tagIds[2]! }).execute();
    expect((await me()).newbie.basicInfoDone).toBe(true);

    // An inactive product or a CUSTOM one is not "mission done"; an active LUCKY one is.
    const product = (type: 'BASIC' | 'LUCKY' | 'CUSTOM' | 'EVENT', active = true) => ({
      creator_id: creator.creatorId,
      type,
      name: type,
      coin_price: type === 'BASIC' || type === 'LUCKY' ? 10 : null,
      minimum_cost: type === 'CUSTOM' ? 10 : null,
      win_probability: type === 'LUCKY' ? 5 : null,
      active,
      sort_order: 1,
    });
    await app()
      .db.insertInto('mission_products')
      .values([product('BASIC', false), product('CUSTOM')])
      .execute();
    expect((await me()).newbie).toEqual({ basicInfoDone: true, eventDone: false, missionDone: false });
    await app().db.insertInto('mission_products').values(product('LUCKY')).execute();
    expect((await me()).newbie.missionDone).toBe(true);
    await app().db.insertInto('mission_products').values(product('EVENT')).execute();
    expect((await me()).newbie.eventDone).toBe(true);
  });

  it('is 404 for a fan and 401 for a visitor', async () => {
    expect((await app().inject({ method: 'GET', url: '/api/v1/creators/me', headers: fan.headers })).statusCode).toBe(
      404,
    );
    expect((await app().inject({ method: 'GET', url: '/api/v1/creators/me' })).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/creators/{id}: profile', () => {
  it('saves a complete profile: tags, SNS links, URL and the business type’s fields', async () => {
    const creator = await readyCreator({ verified: false });
    const profile = fullProfile();
    const response = await put(creator.creatorId, profile, creator.headers);
    expect(response.statusCode).toBe(200);
    const saved: MyCreator = myCreatorSchema.parse(response.json());
    expect(saved).toMatchObject({
      name: '별빛 크리에이터',
      url: profile.url,
      description: '노래하는 크리에이터입니다.',
      businessType: 'PRIVATE',
      businessRegistrationNumber: '123-45-67891',
      businessName: null,
      businessCashReceiptNumber: null,
      snsLinks: profile.snsLinks,
    });
    expect(saved.tags.map((tag) => tag.id).sort()).toEqual([tagIds[0], tagIds[1]].sort());
    expect(saved.newbie.basicInfoDone).toBe(true);

    // Switching business type clears the fields the new type does not use; tags and links are replaced.
    const corporation = await put(
      creator.creatorId,
      fullProfile({
        url: profile.url,
        tags: [tagIds[2]],
        snsLinks: [{ type: 'TIKTOK', link: 'https://tiktok.com/@star' }],
        businessType: 'CORPORATION',
        businessName: '별빛 주식회사',
        businessRegistrationNumber: '2208162517',
        businessCashReceiptNumber: '01099998888',
      }),
      creator.headers,
    );
    expect(corporation.statusCode).toBe(200);
    expect(corporation.json()).toMatchObject({
      businessType: 'CORPORATION',
      businessName: '별빛 주식회사',
      businessRegistrationNumber: '2208162517',
      businessCashReceiptNumber: null,
      tags: [{ id: tagIds[2] }],
      snsLinks: [{ type: 'TIKTOK', link: 'https://tiktok.com/@star' }],
    });
  });

  it('lists every missing item of an empty profile, ending with “information is required”', async () => {
    const creator = await createCreator(app(), { url: null });
    const response = await put(creator.creatorId, { tags: [], snsLinks: [] }, creator.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Profile edit failed: some required information is missing.');
    expect(fields(response)).toEqual(['businessType', 'image', 'intro', 'name', 'snsLinks', 'tags', 'url']);
    for (const error of response.json().subErrors) expect(error.message).toMatch(/information is required\.$/);

    const korean = await put(creator.creatorId, { tags: [] }, creator.headers, 'ko');
    expect(korean.json().subErrors.map((error: { message: string }) => error.message)).toContain(
      '활동 태그 정보가 필요합니다.',
    );
  });

  it.each([
    { businessType: 'NONE', missing: ['businessCashReceiptNumber'] },
    { businessType: 'PRIVATE', missing: ['businessRegistrationNumber'] },
    { businessType: 'CORPORATION', missing: ['businessName', 'businessRegistrationNumber'] },
  ])('requires the fields of business type $businessType', async ({ businessType, missing }) => {
    const creator = await readyCreator();
    const response = await put(
      creator.creatorId,
      fullProfile({ businessType, businessRegistrationNumber: undefined }),
      creator.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(fields(response)).toEqual(missing);
  });

  it.each([
    { name: 'a URL with spaces', change: { url: 'my page' }, field: 'url' },
    { name: 'a URL of digits only (those are ids)', change: { url: '12345' }, field: 'url' },
    { name: 'a URL that is a page of the site', change: { url: 'FAQ' }, field: 'url' },
    { name: 'an unknown tag', change: { tags: [999999] }, field: 'tags' },
    {
      name: 'a link that is not http(s)',
      change: { snsLinks: [{ type: 'YOUTUBE', link: 'javascript:alert(1)' }] },
      field: 'snsLinks[0].link',
    },
    {
      name: 'an unknown SNS type',
      change: { snsLinks: [{ type: 'MYSPACE', link: 'https://myspace.com/x' }] },
      field: 'snsLinks[0].type',
    },
    {
      name: 'two links of one SNS type',
      change: {
        snsLinks: [
          { type: 'YOUTUBE', link: 'https://a.example' },
          { type: 'YOUTUBE', link: 'https://b.example' },
        ],
      },
      field: 'snsLinks',
    },
    { name: 'a description over 200 characters', change: { description: '가'.repeat(201) }, field: 'description' },
    { name: 'a name over 30 characters', change: { name: 'n'.repeat(31) }, field: 'name' },
    {
      name: 'a malformed registration number',
      change: { businessRegistrationNumber: '12-345' },
      field: 'businessRegistrationNumber',
    },
    { name: 'an unknown field', change: { verified: true }, field: 'verified' },
  ])('refuses $name', async ({ change, field }) => {
    const creator = await readyCreator();
    const response = await put(creator.creatorId, fullProfile(change), creator.headers);
    expect(response.statusCode).toBe(400);
    expect(fields(response)).toEqual([field]);
  });

  it('keeps custom URLs unique ignoring case (409)', async () => {
    const first = await readyCreator();
    const second = await readyCreator();
    expect((await put(first.creatorId, fullProfile({ url: 'TakenUrl' }), first.headers)).statusCode).toBe(200);
    const response = await put(second.creatorId, fullProfile({ url: 'takenurl' }), second.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'This public URL is already taken.',
      subErrors: [{ field: 'url' }],
    });
  });

  it('refuses an empty update', async () => {
    const creator = await createCreator(app());
    const response = await put(creator.creatorId, {}, creator.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('There is nothing to update.');
  });

  it('lets only the owner or an operator save: 401, 403, and 404 for a creator the caller cannot see', async () => {
    const creator = await readyCreator();
    const pending = await readyCreator({ verified: false });
    expect((await put(creator.creatorId, fullProfile())).statusCode).toBe(401);
    expect((await put(creator.creatorId, fullProfile(), fan.headers)).statusCode).toBe(403);
    const otherCreator = await createCreator(app());
    expect((await put(creator.creatorId, fullProfile(), otherCreator.headers)).statusCode).toBe(403);
    expect((await put(pending.creatorId, fullProfile(), fan.headers)).statusCode).toBe(404);
    expect((await put(999999, fullProfile(), fan.headers)).statusCode).toBe(404);
    const byOperator = await put(pending.creatorId, fullProfile({ name: '운영자 수정' }), operator.headers);
    expect(byOperator.statusCode).toBe(200);
    expect(byOperator.json().name).toBe('운영자 수정');
  });
});

describe('PUT /api/v1/creators/{id}: custom missions and bank account', () => {
  it('saves the custom-mission settings, needing a minimum cost while custom missions are on', async () => {
    const creator = await createCreator(app());
    const missing = await put(creator.creatorId, { availableCustom: true }, creator.headers);
    expect(missing.statusCode).toBe(400);
    expect(fields(missing)).toEqual(['minimumCost']);
    expect((await put(creator.creatorId, { availableCustom: true, minimumCost: 0 }, creator.headers)).statusCode).toBe(
      400,
    );
    expect((await put(creator.creatorId, { availableCustom: 'yes' }, creator.headers)).statusCode).toBe(400);

    const saved = await put(creator.creatorId, { availableCustom: true, minimumCost: 50 }, creator.headers);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().customMission).toEqual({ active: true, minimumCost: 50 });
    const row = await app()
      .db.selectFrom('creators')
      .select(['available_custom', 'minimum_cost'])
      .where('id', '=', creator.creatorId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ available_custom: true, minimum_cost: 50 });

    const off = await put(creator.creatorId, { availableCustom: false }, creator.headers);
    expect(off.json().customMission).toEqual({ active: false, minimumCost: 50 });
    expect((await put(creator.creatorId, { minimumCost: 70 }, fan.headers)).statusCode).toBe(403);
  });

  it('saves the bank account (one of the 49 banks, numeric account number), all three fields required', async () => {
    const creator = await createCreator(app());
    const account = { bankName: '카카오뱅크', bankAccountHolder: '김별빛', bankAccountNumber: '3333012345678' };
    // The account's password goes with it (services/src/creators/payout-account.test.ts has the rest of that rule).
    const proof = { currentPassword: creator.password };
    const saved = await put(creator.creatorId, { ...account, ...proof }, creator.headers);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(account);
    const me = await app().inject({ method: 'GET', url: '/api/v1/creators/me', headers: creator.headers });
    expect(me.json()).toMatchObject(account);

    const unknownBank = await put(
      creator.creatorId,
      { ...account, ...proof, bankName: 'Bank of Nowhere' },
      creator.headers,
    );
    expect(fields(unknownBank)).toEqual(['bankName']);
    const letters = await put(
      creator.creatorId,
      { ...account, ...proof, bankAccountNumber: '3333-01-234' },
      creator.headers,
    );
    expect(fields(letters)).toEqual(['bankAccountNumber']);
    expect(letters.json().subErrors[0].message).toBe('Only digits are allowed.');
    const partial = await put(creator.creatorId, { bankName: '우체국', ...proof }, creator.headers);
    expect(partial.statusCode).toBe(400);
    expect(fields(partial)).toEqual(['bankAccountHolder', 'bankAccountNumber']);
    expect((await put(creator.creatorId, account, fan.headers)).statusCode).toBe(403);
    expect((await put(creator.creatorId, account)).statusCode).toBe(401);
  });

  it('saves where the payout goes (an account abroad, a foreigner) with the bank account; the settlement reads it', async () => {
    const creator = await createCreator(app());
    const account = {
      bankName: '카카오뱅크',
      bankAccountHolder: 'Mina Lee',
      bankAccountNumber: '3333012345678',
      currentPassword: creator.password,
    };
    const abroad = await put(
      creator.creatorId,
      { ...account, payoutOverseas: true, payoutForeigner: true },
      creator.headers,
    );
    expect(abroad.statusCode).toBe(200);
    expect(abroad.json()).toMatchObject({ payoutOverseas: true, payoutForeigner: true });
    const stored = await app()
      .db.selectFrom('creators')
      .select(['payout_overseas', 'payout_foreigner'])
      .where('id', '=', creator.creatorId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ payout_overseas: true, payout_foreigner: true });

    // Without the account the flags are refused as an incomplete bank group; a wrong type is a field error.
    const alone = await put(
      creator.creatorId,
      { payoutOverseas: false, currentPassword: creator.password },
      creator.headers,
    );
    expect(fields(alone)).toEqual(['bankAccountHolder', 'bankAccountNumber', 'bankName']);
    const wrongType = await put(creator.creatorId, { ...account, payoutOverseas: 'yes' }, creator.headers);
    expect(fields(wrongType)).toEqual(['payoutOverseas']);
    const home = await put(
      creator.creatorId,
      { ...account, payoutOverseas: false, payoutForeigner: false },
      creator.headers,
    );
    expect(home.json()).toMatchObject({ payoutOverseas: false, payoutForeigner: false });
  });
});

describe('POST and DELETE /api/v1/creators/{id}/intro', () => {
  it('takes a video with a poster frame, replaces the previous intro and deletes it', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'fanmission-intro-'));
    const video = path.join(folder, 'intro.mp4');
    writeTestVideo(video);
    const creator = await createCreator(app());
    const first = await uploadTo(
      `/api/v1/creators/${creator.creatorId}/intro`,
      'intro',
      readFileSync(video),
      'intro.mp4',
      creator.headers,
    );
    rmSync(folder, { recursive: true, force: true });
    expect(first.statusCode).toBe(200);
    // Answered before ffmpeg runs; the media queue then adds the poster frame, public like the intro.
    expect(first.json()).toMatchObject({ contentType: 'video/mp4', thumbnail: null, processing: 'PENDING' });
    await drainMediaQueue({ ctx: app().ctx, storage: storageDriverFor(app().config) });
    const withPoster = await app().inject({ method: 'GET', url: `/api/v1/creators/${creator.creatorId}` });
    expect(withPoster.json().creator.intro).toMatchObject({
      id: first.json().id,
      thumbnail: { s3Url: expect.stringMatching(/\.poster\.jpg$/) },
    });
    expect(withPoster.json().creator.intro.processing).toBeUndefined();

    const second = await uploadTo(
      `/api/v1/creators/${creator.creatorId}/intro`,
      'intro',
      mp4(),
      'again.mp4',
      creator.headers,
    );
    expect(second.statusCode).toBe(200);
    expect(
      await app().db.selectFrom('files').select('id').where('id', '=', first.json().id).executeTakeFirst(),
    ).toBeUndefined();
    const page = await app().inject({ method: 'GET', url: `/api/v1/creators/${creator.creatorId}` });
    expect(page.json().creator.intro.id).toBe(second.json().id);

    const removed = await app().inject({
      method: 'DELETE',
      url: `/api/v1/creators/${creator.creatorId}/intro`,
      headers: creator.headers,
    });
    expect(removed.statusCode).toBe(204);
    const after = await app().inject({ method: 'GET', url: `/api/v1/creators/${creator.creatorId}` });
    expect(after.json().creator.intro).toBeNull();
  });

  it('refuses an image as intro, keeping the current one', async () => {
    const creator = await createCreator(app());
    const response = await uploadTo(`/api/v1/creators/${creator.creatorId}/intro`, 'intro', PNG_1X1, 'me.mp4', {
      ...creator.headers,
      'accept-language': 'en',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'UNKNOWN_FILE_FORMAT',
      message: 'The intro must be a video or audio file.',
    });
    const field = await uploadTo(
      `/api/v1/creators/${creator.creatorId}/intro`,
      'data',
      mp4(),
      'a.mp4',
      creator.headers,
    );
    expect(field.statusCode).toBe(400);
  });

  it('lets only the owner or an operator change the intro', async () => {
    const creator = await createCreator(app());
    const url = `/api/v1/creators/${creator.creatorId}/intro`;
    expect((await uploadTo(url, 'intro', mp4(), 'a.mp4', {})).statusCode).toBe(401);
    expect((await uploadTo(url, 'intro', mp4(), 'a.mp4', fan.headers)).statusCode).toBe(403);
    expect((await uploadTo(url, 'intro', mp4(), 'a.mp4', operator.headers)).statusCode).toBe(200);
    expect((await app().inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await app().inject({ method: 'DELETE', url, headers: fan.headers })).statusCode).toBe(403);
    const pending = await createCreator(app(), { verified: false });
    const hidden = `/api/v1/creators/${pending.creatorId}/intro`;
    expect((await app().inject({ method: 'DELETE', url: hidden, headers: fan.headers })).statusCode).toBe(404);
  });
});

describe('PUT /api/v1/creators/{id}/intro (a resumable upload)', () => {
  const uploaded = (headers: Record<string, string>, purpose = 'intro-video') =>
    resumablyUploaded(app(), headers.authorization ?? '', mp4(), {
      purpose,
      filename: 'hi.mp4',
      filetype: 'video/mp4',
    });
  const putIntro = (creatorId: number, body: unknown, headers: Record<string, string> = {}, language = 'en') =>
    app().inject({
      method: 'PUT',
      url: `/api/v1/creators/${creatorId}/intro`,
      headers: { ...headers, 'accept-language': language },
      payload: body as object,
    });

  it('makes the uploaded video the intro, deletes the previous one, and takes each upload once', async () => {
    const creator = await createCreator(app());
    const previous = await uploadTo(`/api/v1/creators/${creator.creatorId}/intro`, 'intro', mp4(), 'a.mp4', {
      ...creator.headers,
    });
    const video = await uploaded(creator.headers);
    const response = await putIntro(creator.creatorId, { fileId: video.id }, creator.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: video.id, contentType: 'video/mp4' });
    const page = await app().inject({ method: 'GET', url: `/api/v1/creators/${creator.creatorId}` });
    expect(page.json().creator.intro.id).toBe(video.id);
    expect(
      await app().db.selectFrom('files').select('id').where('id', '=', previous.json().id).executeTakeFirst(),
    ).toBeUndefined();

    const again = await putIntro(creator.creatorId, { fileId: video.id }, creator.headers, 'ja');
    expect(again.statusCode).toBe(400);
    expect(again.json().subErrors).toEqual([
      expect.objectContaining({
        field: 'fileId',
        message:
          'この用途でアップロードを完了したご自身のファイルではないか、すでに使用されています。ファイルを再度アップロードしてください。',
      }),
    ]);
  });

  it('an operator’s upload becomes the creator’s intro, owned by the creator', async () => {
    const creator = await createCreator(app());
    const video = await uploaded(operator.headers);
    const response = await putIntro(creator.creatorId, { fileId: video.id }, operator.headers);
    expect(response.statusCode, response.body).toBe(200);
    const row = await app()
      .db.selectFrom('files')
      .select('owner_user_id')
      .where('id', '=', video.id)
      .executeTakeFirst();
    expect(row?.owner_user_id).toBe(creator.id);
  });

  it('refuses a file uploaded for another use or by someone else, and a malformed body, changing nothing', async () => {
    const creator = await createCreator(app());
    const other = await createCreator(app());
    const answer = await uploaded(creator.headers, 'mission-answer');
    const theirs = await uploaded(other.headers);
    for (const fileId of [answer.id, theirs.id]) {
      const response = await putIntro(creator.creatorId, { fileId }, creator.headers);
      expect(response.statusCode, String(fileId)).toBe(400);
      expect(response.json().subErrors).toEqual([expect.objectContaining({ field: 'fileId' })]);
    }
    for (const body of [{}, { fileId: -1 }, { fileId: 1.5 }]) {
      const response = await putIntro(creator.creatorId, body, creator.headers, 'ko');
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const page = await app().inject({ method: 'GET', url: `/api/v1/creators/${creator.creatorId}` });
    expect(page.json().creator.intro).toBeNull();
    // The other creator's upload is still his to use.
    expect((await putIntro(other.creatorId, { fileId: theirs.id }, other.headers)).statusCode).toBe(200);
  });

  it('lets only the owner or an operator set it, and a stranger learns nothing of a hidden creator', async () => {
    const creator = await createCreator(app());
    const video = await uploaded(fan.headers);
    expect((await putIntro(creator.creatorId, { fileId: video.id })).statusCode).toBe(401);
    expect((await putIntro(creator.creatorId, { fileId: video.id }, fan.headers)).statusCode).toBe(403);
    const pending = await createCreator(app(), { verified: false });
    expect((await putIntro(pending.creatorId, { fileId: video.id }, fan.headers)).statusCode).toBe(404);
    expect((await putIntro(987_654, { fileId: video.id }, fan.headers)).statusCode).toBe(404);
  });
});
