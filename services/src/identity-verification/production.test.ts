// Production never runs the sandboxes: its configuration refuses the identity-verification sandbox (which would make
// anybody an adult by typing a birth date) as it refuses the payment ones, and the sandbox pages are no routes there.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { productionPushKeys, useTestApp } from '@fanmission/tests/harness/app';
import { loadConfig } from '../config';

const production = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'a-secret-nobody-has-seen-before-9f3a7c1e5b',
  ADMIN_PASSWORD: 'a long admin passphrase',
  PUBLIC_URL: 'https://fanmission.example',
  DATABASE_URL: 'postgres://fanmission:s3cret-of-our-own@db:5432/fanmission',
  SMTP_URL: 'smtp://mail:25',
  METRICS_TOKEN: 'a-scrape-token-of-our-own',
  BANK_DEPOSIT_ACCOUNT_NUMBER: '123456-01-234567',
  BACKUP_ENABLED: 'false',
  PORTONE_API_SECRET: 'portone-secret-of-our-own',
  PORTONE_IDENTITY_CHANNEL_KEY: 'channel-key-identity',
  PORTONE_STORE_ID: 'store-id',
  ...productionPushKeys(),
};

const testApp = useTestApp({ config: loadConfig(production) });
const app = () => testApp.current.app;
let member: TestAccount;

beforeAll(async () => {
  member = await createAccount(app());
});

describe('the identity-verification sandbox in production', () => {
  it('is refused at start, in one line naming it', () => {
    expect(() => loadConfig({ ...production, IDENTITY_VERIFICATION_PROVIDER: 'sandbox' })).toThrow(
      /^Invalid configuration: IDENTITY_VERIFICATION_PROVIDER cannot be the sandbox provider in production/,
    );
    expect(
      loadConfig({ ...production, IDENTITY_VERIFICATION_PROVIDER: 'portone' }).IDENTITY_VERIFICATION_PROVIDER,
    ).toBe('portone');
  });

  it('has no routes: a check stored as the sandbox’s cannot be verified by typing a birth date', async () => {
    const id = `sandbox-${Date.now()}`;
    await app()
      .db.insertInto('sandbox_identity_verifications')
      .values({ id, user_id: member.id, redirect_url: 'https://fanmission.example/', created_at: new Date() })
      .execute();
    for (const [method, url] of [
      ['GET', `/api/v1/identity-verification/sandbox/${id}`],
      ['POST', `/api/v1/identity-verification/sandbox/${id}/verify`],
      ['POST', `/api/v1/identity-verification/sandbox/${id}/cancel`],
      ['GET', `/api/v1/payment/sandbox/${id}`],
      ['POST', `/api/v1/payment/sandbox/${id}/approve`],
    ] as const) {
      const response = await app().inject({
        method,
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        ...(method === 'POST' && { payload: 'birthDate=1990-01-01' }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const routes = app().printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/sandbox/);
  });
});
