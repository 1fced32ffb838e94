import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, productionPushKeys, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import { createDevMailbox } from './mailer';

let testApp: TestApp;
let production: TestApp;

beforeAll(async () => {
  const mailbox = createDevMailbox({ from: 'Fanmission <no-reply@fanmission.local>' });
  testApp = await createTestApp({ mailer: mailbox, devMailbox: mailbox });
  const productionMailbox = createDevMailbox({ from: 'Fanmission <no-reply@fanmission.local>' });
  production = await createTestApp({
    config: testConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      ADMIN_PASSWORD: 'operator-password-1',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      METRICS_TOKEN: 'a-scrape-token-of-our-own',
      BANK_DEPOSIT_ACCOUNT_NUMBER: '123456-01-234567',
      ...productionPushKeys(),
    }),
    mailer: productionMailbox,
    devMailbox: productionMailbox,
  });
});

afterAll(async () => {
  for (const app of [testApp, production]) {
    await app.app.close();
    await app.database.drop();
  }
});

describe('development mailbox in the app', () => {
  it('shows the sign-up verification mail with a clickable link', async () => {
    const signUp = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: {
        username: 'newcomer',
        email: 'newcomer@example.com',
        password: 'letters123',
        verifySuccessUrl: 'http://localhost:8080/email-sent/success-auth-public-user',
        birthDate: '1999-09-09',
      },
    });
    expect(signUp.statusCode).toBe(200);
    const list = await testApp.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('newcomer@example.com');
    const id = /href="\/dev\/mail\/([\w-]+)"/.exec(list.body)?.[1];
    expect(id).toBeTruthy();
    const detail = await testApp.app.inject({ method: 'GET', url: `/dev/mail/${id}` });
    expect(detail.body).toMatch(/<a href="http:\/\/localhost:8080\/email-verification#token=/);
  });

  it('does not exist in production', async () => {
    const response = await production.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(response.statusCode).toBe(404);
  });
});
