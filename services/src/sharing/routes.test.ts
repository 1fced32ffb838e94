// The share API (docs/rules/sharing.md): a requester's unlisted links, what a mission may share, the creator's
// switch. Validation errors name their field in ko, en and ja; another member learns nothing of a mission that is not
// his (the same 404 as a missing one); link making is rate limited per member.
import type { MissionProduct } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { SHARE_LINK_LIMIT } from './routes';

const testApp = useTestApp();
const app = () => testApp.current.app;

let creator: TestCreator;
let fan: TestAccount;
let otherFan: TestAccount;
let product: MissionProduct;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  account?: TestAccount,
  options: { payload?: unknown; language?: string } = {},
) =>
  app().inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(account && account.headers), 'accept-language': options.language ?? 'ko' },
    ...(options.payload !== undefined && { payload: options.payload as Record<string, unknown> }),
  });

const subErrors = (body: string) =>
  Object.fromEntries(
    (JSON.parse(body) as { subErrors: { field: string; message: string }[] }).subErrors.map((e) => [
      e.field,
      e.message,
    ]),
  );

const privateCompleted = () =>
  insertMission(app(), product, { user_id: fan.id, status: 'COMPLETED', is_private: true });

beforeAll(async () => {
  creator = await createCreator(app());
  fan = await createAccount(app());
  otherFan = await createAccount(app());
  product = await registerProduct(app(), creator, { type: 'BASIC', coinPrice: 100 });
});

describe('POST and DELETE /missions/{id}/share-links', () => {
  it('makes a link for the requester and revokes it', async () => {
    const mission = await privateCompleted();
    const made = await call('POST', `/missions/${mission.id}/share-links`, fan);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      path: expect.stringMatching(/^\/share\/l\/[A-Za-z0-9_-]{43}$/),
      created: expect.any(String),
    });
    const stored = await app()
      .db.selectFrom('mission_share_links')
      .select(['token_hash', 'revoked_at'])
      .where('mission_id', '=', mission.id)
      .execute();
    // Only the hash is kept, never the token.
    expect(stored).toEqual([{ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), revoked_at: null }]);
    expect(stored[0]!.token_hash).not.toContain(made.json<{ token: string }>().token);
    const sharing = await call('GET', `/missions/${mission.id}/sharing`, fan);
    expect(sharing.json()).toEqual({ publicPath: null, link: { canCreate: true, activeSince: expect.any(String) } });

    const revoked = await call('DELETE', `/missions/${mission.id}/share-links`, fan);
    expect(revoked.statusCode).toBe(204);
    expect((await call('GET', `/missions/${mission.id}/sharing`, fan)).json()).toEqual({
      publicPath: null,
      link: { canCreate: true, activeSince: null },
    });
  });

  it('tells the public share path of a public completed mission to anybody who may see it', async () => {
    const mission = await insertMission(app(), product, { user_id: fan.id, status: 'COMPLETED' });
    for (const account of [undefined, otherFan, fan]) {
      const sharing = await call('GET', `/missions/${mission.id}/sharing`, account);
      expect(sharing.statusCode).toBe(200);
      expect(sharing.json()).toEqual({ publicPath: `/share/m/${mission.id}`, link: null });
    }
  });

  it('refuses with 409 a link for a public or not completed mission of the requester', async () => {
    const open = await insertMission(app(), product, { user_id: fan.id, status: 'COMPLETED' });
    const waiting = await insertMission(app(), product, { user_id: fan.id, status: 'ACCEPTED', is_private: true });
    for (const mission of [open, waiting]) {
      const refused = await call('POST', `/missions/${mission.id}/share-links`, fan, { language: 'en' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'A share link can be made only for a private completed mission that may be shared.',
      });
    }
  });

  it('answers another member, the creator and a visitor as for a mission that does not exist', async () => {
    const mission = await privateCompleted();
    const made = await call('POST', `/missions/${mission.id}/share-links`, fan);
    expect(made.statusCode).toBe(201);
    const missing = await call('POST', '/missions/999999999/share-links', otherFan);
    expect(missing.statusCode).toBe(404);
    for (const account of [otherFan, creator]) {
      for (const method of ['POST', 'DELETE'] as const) {
        const refused = await call(method, `/missions/${mission.id}/share-links`, account);
        expect(refused.statusCode).toBe(404);
        expect(refused.body).toBe(missing.body);
      }
    }
    expect((await call('GET', `/missions/${mission.id}/sharing`, otherFan)).body).toBe(
      (await call('GET', '/missions/999999999/sharing', otherFan)).body,
    );
    expect((await call('POST', `/missions/${mission.id}/share-links`)).statusCode).toBe(401);
    expect((await call('DELETE', `/missions/${mission.id}/share-links`)).statusCode).toBe(401);
    // The requester's link still works: nobody else revoked it.
    expect((await app().inject({ method: 'GET', url: made.json<{ path: string }>().path })).statusCode).toBe(200);
  });

  it.each([
    ['ko', '입력값이 올바르지 않습니다.'],
    ['en', 'The request has invalid values.'],
    ['ja', '入力値が正しくありません。'],
  ])('answers a malformed mission id with 400 naming the field (%s)', async (language, message) => {
    for (const method of ['POST', 'DELETE', 'GET'] as const) {
      const url = method === 'GET' ? '/missions/abc/sharing' : '/missions/abc/share-links';
      const response = await call(method, url, fan, { language });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(Object.keys(subErrors(response.body))).toEqual(['id']);
    }
  });

  it(`refuses a link beyond ${SHARE_LINK_LIMIT.max} in an hour with 429`, async () => {
    const member = await createAccount(app());
    const mission = await insertMission(app(), product, { user_id: member.id, status: 'COMPLETED', is_private: true });
    for (let made = 0; made < SHARE_LINK_LIMIT.max; made += 1) {
      expect((await call('POST', `/missions/${mission.id}/share-links`, member)).statusCode).toBe(201);
    }
    const refused = await call('POST', `/missions/${mission.id}/share-links`, member);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another member's links are counted apart.
    expect((await call('POST', `/missions/${(await privateCompleted()).id}/share-links`, fan)).statusCode).toBe(201);
  });
});

describe('GET and PUT /creators/me/sharing', () => {
  it('turns the creator’s sharing off and on', async () => {
    const own = await createCreator(app());
    expect((await call('GET', '/creators/me/sharing', own)).json()).toEqual({ enabled: true });
    const off = await call('PUT', '/creators/me/sharing', own, { payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect((await call('GET', '/creators/me/sharing', own)).json()).toEqual({ enabled: false });
    expect((await call('PUT', '/creators/me/sharing', own, { payload: { enabled: true } })).json()).toEqual({
      enabled: true,
    });
  });

  it('answers a member without a creator profile with 404 and a visitor with 401', async () => {
    expect((await call('GET', '/creators/me/sharing', fan)).statusCode).toBe(404);
    expect((await call('PUT', '/creators/me/sharing', fan, { payload: { enabled: false } })).statusCode).toBe(404);
    expect((await call('GET', '/creators/me/sharing')).statusCode).toBe(401);
    expect((await call('PUT', '/creators/me/sharing', undefined, { payload: { enabled: false } })).statusCode).toBe(
      401,
    );
  });

  it.each([
    ['ko', '필수 항목입니다.'],
    ['en', 'This field is required.'],
    ['ja', '必須項目です。'],
  ])('answers a missing or non-boolean `enabled` with 400 naming the field (%s)', async (language, required) => {
    for (const payload of [{}, { enabled: 'yes' }, { enabled: null }]) {
      const response = await call('PUT', '/creators/me/sharing', creator, { payload, language });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(subErrors(response.body)).toEqual({ enabled: required });
    }
    expect((await call('GET', '/creators/me/sharing', creator)).json()).toEqual({ enabled: true });
  });
});
