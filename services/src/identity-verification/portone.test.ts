// The adult verification with PortOne as the identity verification provider, against a local PortOne: the start
// hands the browser SDK's store id and channel key (no sandbox page), and the server reads the check back with
// GET /identity-verifications/{id} under its secret and store: VERIFIED and 19 or older is recorded (nothing of the
// verified customer kept), a minor is refused, READY, FAILED and unknown checks are not finished.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import { startPortOneIdentityServer, type PortOneIdentityServer } from '@fanmission/tests/support/portone-identity';

const SECRET = 'portone-secret-identity';
const STORE = 'store-identity-test';
let portOne: PortOneIdentityServer;
let testApp: TestApp;
const app = () => testApp.app;

beforeAll(async () => {
  portOne = await startPortOneIdentityServer({ apiSecret: SECRET, storeId: STORE });
  testApp = await createTestApp({
    config: testConfig({
      PORTONE_API_URL: portOne.url,
      PORTONE_API_SECRET: SECRET,
      PORTONE_STORE_ID: STORE,
      PORTONE_IDENTITY_CHANNEL_KEY: 'channel-key-identity',
    }),
  });
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
  return response.json<{ identityVerificationId: string }>();
};

const confirm = (member: TestAccount, identityVerificationId: string) =>
  app().inject({
    method: 'POST',
    url: '/api/v1/users/me/adult-verification',
    headers: member.headers,
    payload: { identityVerificationId },
  });

describe('the adult verification through PortOne', () => {
  it('hands the browser SDK its parameters and reads a VERIFIED adult back under the secret and store', async () => {
    const member = await createAccount(app());
    const started = await start(member);
    expect(started).toMatchObject({
      provider: 'portone',
      storeId: STORE,
      channelKey: 'channel-key-identity',
      sandboxUrl: null,
    });
    portOne.setVerification(started.identityVerificationId, { status: 'VERIFIED', birthDate: '1991-02-03' });
    const verified = await confirm(member, started.identityVerificationId);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(portOne.requests.at(-1)).toEqual({
      url: `/identity-verifications/${started.identityVerificationId}?storeId=${STORE}`,
      authorization: `PortOne ${SECRET}`,
    });
    const row = await app()
      .db.selectFrom('users')
      .select(['adult_verification_id', 'birth_date', 'username', 'phone'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.adult_verification_id).toBe(started.identityVerificationId);
    expect(row).not.toMatchObject({ username: '홍길동' });
    expect(row.birth_date).toBeNull();
    expect(row.phone).toBeNull();
  });

  it('refuses a minor, and checks READY, FAILED or unknown to PortOne', async () => {
    const member = await createAccount(app());
    const minor = await start(member);
    const fifteen = `${new Date().getUTCFullYear() - 15}-01-01`;
    portOne.setVerification(minor.identityVerificationId, { status: 'VERIFIED', birthDate: fifteen });
    const refused = await confirm(member, minor.identityVerificationId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('UNDER_ADULT_AGE');
    for (const status of ['READY', 'FAILED'] as const) {
      const check = await start(member);
      portOne.setVerification(check.identityVerificationId, { status });
      expect((await confirm(member, check.identityVerificationId)).json().code, status).toBe('IDENTITY_NOT_VERIFIED');
    }
    const unknown = await start(member);
    expect((await confirm(member, unknown.identityVerificationId)).json().code).toBe('IDENTITY_NOT_VERIFIED');
    const me = await app().inject({ method: 'GET', url: '/api/v1/users/me', headers: member.headers });
    expect(me.json().adultVerifiedAt).toBeNull();
  });

  it('answers 404 on the sandbox page while PortOne is the provider', async () => {
    const member = await createAccount(app());
    const started = await start(member);
    const page = await app().inject({
      method: 'GET',
      url: `/api/v1/identity-verification/sandbox/${started.identityVerificationId}`,
    });
    expect(page.statusCode).toBe(404);
  });
});
