// An identity check proves the member who started it, once, and one person (the check's CI) verifies one account
// unless an operator allows a second: against a local PortOne, where the check's id travels in the redirect URL and
// anybody who sees it could otherwise submit it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import { startPortOneIdentityServer, type PortOneIdentityServer } from '@fanmission/tests/support/portone-identity';

const SECRET = 'portone-secret-binding';
const STORE = 'store-binding-test';
const ADULT = '1990-05-06';
let portOne: PortOneIdentityServer;
let testApp: TestApp;
let operator: TestAccount;
const app = () => testApp.app;

beforeAll(async () => {
  portOne = await startPortOneIdentityServer({ apiSecret: SECRET, storeId: STORE });
  testApp = await createTestApp({
    config: testConfig({
      PORTONE_API_URL: portOne.url,
      PORTONE_API_SECRET: SECRET,
      PORTONE_STORE_ID: STORE,
      PORTONE_IDENTITY_CHANNEL_KEY: 'channel-key-binding',
    }),
  });
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
});

afterAll(async () => {
  await testApp?.app.close();
  await testApp?.database.drop();
  await portOne?.close();
});

const start = async (member: TestAccount) => {
  const response = await app().inject({
    method: 'POST',
    url: '/api/v1/users/me/identity-verifications',
    headers: member.headers,
    payload: { redirectUrl: 'http://localhost:8080/creator/1' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ identityVerificationId: string }>().identityVerificationId;
};

const confirm = (member: TestAccount, identityVerificationId: string, language = 'en') =>
  app().inject({
    method: 'POST',
    url: '/api/v1/users/me/adult-verification',
    headers: { ...member.headers, 'accept-language': language },
    payload: { identityVerificationId },
  });

const verifiedAt = async (member: TestAccount) =>
  (await app().inject({ method: 'GET', url: '/api/v1/users/me', headers: member.headers })).json().adultVerifiedAt;

describe('an identity check', () => {
  it('proves only the member who started it: another member submitting its id is refused like an unknown check', async () => {
    const adult = await createAccount(app());
    const minor = await createAccount(app());
    const id = await start(adult);
    portOne.setVerification(id, { status: 'VERIFIED', birthDate: ADULT });

    const stolen = await confirm(minor, id);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toMatchObject({ code: 'IDENTITY_NOT_VERIFIED' });
    expect(await verifiedAt(minor)).toBeNull();

    // An id the API never issued (made at the provider directly) proves nobody either.
    portOne.setVerification('identity-verification-made-elsewhere', { status: 'VERIFIED', birthDate: ADULT });
    expect((await confirm(minor, 'identity-verification-made-elsewhere')).json().code).toBe('IDENTITY_NOT_VERIFIED');

    expect((await confirm(adult, id)).statusCode).toBe(200);
    expect((await confirm(minor, id)).json().code).toBe('IDENTITY_NOT_VERIFIED');
  });

  it('is single use and expires', async () => {
    const member = await createAccount(app());
    const id = await start(member);
    portOne.setVerification(id, { status: 'VERIFIED', birthDate: ADULT });
    await app()
      .db.updateTable('identity_verification_starts')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await confirm(member, id)).json().code).toBe('IDENTITY_NOT_VERIFIED');

    const fresh = await start(member);
    portOne.setVerification(fresh, { status: 'VERIFIED', birthDate: ADULT });
    await app()
      .db.updateTable('identity_verification_starts')
      .set({ used_at: new Date() })
      .where('id', '=', fresh)
      .execute();
    expect((await confirm(member, fresh)).json().code).toBe('IDENTITY_ALREADY_USED');
    expect(await verifiedAt(member)).toBeNull();
  });
});

describe('one adult identity', () => {
  it('verifies one account; a second waits for an operator’s allowance, then verifies', async () => {
    const first = await createAccount(app());
    const second = await createAccount(app());
    const ci = `ci-person-${Date.now()}`;
    const firstCheck = await start(first);
    portOne.setVerification(firstCheck, { status: 'VERIFIED', birthDate: ADULT, ci });
    expect((await confirm(first, firstCheck)).statusCode).toBe(200);
    const kept = await app()
      .db.selectFrom('users')
      .select('adult_identity_hmac')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(kept.adult_identity_hmac).toMatch(/^[\w-]{43}$/);
    expect(kept.adult_identity_hmac).not.toContain(ci);

    const secondCheck = await start(second);
    portOne.setVerification(secondCheck, { status: 'VERIFIED', birthDate: ADULT, ci });
    for (const [language, message] of [
      ['en', 'Another account was already verified as an adult with this identity.'],
      ['ko', '이 본인인증 정보로 이미 다른 계정이 성인 인증을 받았습니다.'],
      ['ja', 'この本人認証情報ですでに別のアカウントが成人認証を受けています。'],
    ] as const) {
      const refused = await confirm(second, secondCheck, language);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'ADULT_IDENTITY_IN_USE',
        message: expect.stringContaining(message),
      });
    }
    expect(await verifiedAt(second)).toBeNull();

    // The operator, having checked that both accounts are one person's, allows the second; a reason is required.
    const url = `/api/admin/users/${second.id}/adult-identity-allowance`;
    const allow = (headers: object, payload: object) =>
      app().inject({ method: 'POST', url, headers: { ...headers, 'accept-language': 'en' }, payload });
    const noReason = await allow(operator.headers, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().subErrors[0]).toMatchObject({ field: 'reason' });
    expect((await allow(second.headers, { reason: 'mine' })).statusCode).toBe(403);
    const finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    expect((await allow(finance.headers, { reason: 'x' })).statusCode).toBe(403);
    const unknown = await app().inject({
      method: 'POST',
      url: '/api/admin/users/99999999/adult-identity-allowance',
      headers: operator.headers,
      payload: { reason: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const allowed = await allow(operator.headers, { reason: 'Same person: creator and fan accounts, ticket #77' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const audit = await app()
      .db.selectFrom('admin_audit_log')
      .select(['resource', 'resource_id', 'status_code'])
      .where('actor_id', '=', operator.id)
      .where('action', '=', 'POST /api/admin/users/:id/adult-identity-allowance')
      .where('status_code', '=', 200)
      .execute();
    expect(audit).toEqual([{ resource: 'users', resource_id: String(second.id), status_code: 200 }]);

    // The refused check was not used up; a new one passes too.
    const again = await start(second);
    portOne.setVerification(again, { status: 'VERIFIED', birthDate: ADULT, ci });
    expect((await confirm(second, again)).statusCode).toBe(200);
    expect(await verifiedAt(second)).not.toBeNull();
  });
});
