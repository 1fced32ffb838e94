import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import { newSecretToken } from './index';

// Password guessing is slowed per account and per client address, counting failures only, and never keeps the owner
// out: a browser that signed in to the account before passes the account's wait; a password reset forgets it. Three
// free failures here (RATE_LIMIT_LOGIN's count); X-Forwarded-For names the client (TRUST_PROXY), so each test's
// guesses come from addresses of their own.
const limits = {
  login: { max: 3, timeWindow: '1 minute' },
  signUp: { max: 100, timeWindow: '1 minute' },
  passwordReset: { max: 100, timeWindow: '1 minute' },
  mail: { max: 100, timeWindow: '1 minute' },
};
let limited: TestApp;
beforeAll(async () => {
  limited = await createTestApp({ config: testConfig({ TRUST_PROXY: '127.0.0.1' }), rateLimits: limits });
});
afterAll(async () => {
  await limited.app.close();
  await limited.database.drop();
});

const login = (username: string, password: string, address: string, cookie?: string) =>
  limited.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'x-forwarded-for': address, ...(cookie && { cookie }) },
    payload: { username, password },
  });
const knownCookieOf = (response: Awaited<ReturnType<typeof login>>) =>
  [response.headers['set-cookie']]
    .flat()
    .map(String)
    .find((cookie) => cookie.startsWith('fm_known='))!
    .split(';')[0]!;

describe('login throttling', () => {
  it('never counts a correct password, however often', async () => {
    const owner = await createAccount(limited.app, { password: 'right1234' });
    const statuses = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await login(owner.email, 'right1234', '198.51.100.1')).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('makes guesses at an account wait, from any address, before checking the password, but not its owner’s browser', async () => {
    const owner = await createAccount(limited.app, { password: 'right1234' });
    const known = knownCookieOf(await login(owner.email, 'right1234', '198.51.100.2'));

    const guesses = [];
    for (let i = 0; i < 4; i += 1) guesses.push((await login(owner.email, 'wrong1234', `203.0.113.${i}`)).statusCode);
    expect(guesses).toEqual([401, 401, 401, 429]);
    const refused = await login(owner.email, 'right1234', '203.0.113.50');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });

    // The owner, from the browser he signed in with before (at home or elsewhere), is let in at once.
    expect((await login(owner.email, 'right1234', '192.0.2.77', known)).statusCode).toBe(200);
    // A mark for another account (or a forged one) is no pass.
    const other = await createAccount(limited.app, { password: 'other1234' });
    const otherKnown = knownCookieOf(await login(other.email, 'other1234', '198.51.100.3'));
    expect((await login(owner.email, 'right1234', '192.0.2.78', otherKnown)).statusCode).toBe(429);
    expect((await login(owner.email, 'right1234', '192.0.2.79', 'fm_known=forged')).statusCode).toBe(429);
  });

  it('makes an address that guesses at many accounts wait, whatever account it tries next', async () => {
    const accounts = await Promise.all(Array.from({ length: 13 }, () => createAccount(limited.app)));
    const statuses = [];
    for (const account of accounts.slice(0, 12))
      statuses.push((await login(account.email, 'wrong1234', '203.0.113.200')).statusCode);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const last = accounts[12]!;
    expect((await login(last.email, last.password, '203.0.113.200')).statusCode).toBe(429);
    expect((await login(last.email, last.password, '203.0.113.201')).statusCode).toBe(200);
  });

  it('counts a block objection’s wrong password as a failed login, and the console’s login waits too', async () => {
    const member = await createAccount(limited.app, { password: 'right1234' });
    const object = (password: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/block-objections',
        headers: { 'x-forwarded-for': '203.0.113.210' },
        payload: { email: member.email, password, reason: 'not me' },
      });
    expect([(await object('wrong1')).statusCode, (await object('wrong2')).statusCode]).toEqual([401, 401]);
    expect((await login(member.email, 'wrong1234', '203.0.113.211')).statusCode).toBe(401);
    expect((await object('right1234')).statusCode).toBe(429);
    const console = await limited.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { 'x-forwarded-for': '203.0.113.212' },
      payload: { username: member.email, password: 'right1234' },
    });
    expect(console.statusCode).toBe(429);
  });

  it('forgets the account’s failures once its owner resets the password', async () => {
    const member = await createAccount(limited.app, { password: 'right1234' });
    for (let i = 0; i < 3; i += 1) await login(member.email, 'wrong1234', `203.0.113.${220 + i}`);
    expect((await login(member.email, 'right1234', '203.0.113.230')).statusCode).toBe(429);
    const { token, hash } = newSecretToken();
    await limited.app.db
      .insertInto('password_resets')
      .values({ user_id: member.id, code_hash: hash, expires_at: new Date(Date.now() + 600_000) })
      .execute();
    const reset = await limited.app.inject({
      method: 'PUT',
      url: '/api/v1/users/user/forgot-password-reset',
      payload: { code: token, password: 'fresh1234' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(member.email, 'fresh1234', '203.0.113.231')).statusCode).toBe(200);
  });

  it('passes only the browser that signed in, until the password changes or 180 days pass', async () => {
    const owner = await createAccount(limited.app, { password: 'right1234' });
    const first = knownCookieOf(await login(owner.email, 'right1234', '198.51.100.10'));
    const second = knownCookieOf(await login(owner.email, 'right1234', '198.51.100.11'));
    // Each browser gets a mark of its own, not one that follows from the e-mail.
    expect(first).not.toBe(second);
    for (let i = 0; i < 3; i += 1) await login(owner.email, 'wrong1234', `203.0.113.${240 + i}`);
    expect((await login(owner.email, 'right1234', '192.0.2.90')).statusCode).toBe(429);
    expect((await login(owner.email, 'right1234', '192.0.2.91', first)).statusCode).toBe(200);

    // A mark past its 180 days is no pass.
    const later = new Date(Date.now() + 181 * 24 * 3_600_000);
    const realNow = limited.app.ctx.now;
    limited.app.ctx.now = () => later;
    try {
      expect((await login(owner.email, 'right1234', '192.0.2.92', second)).statusCode).toBe(429);
    } finally {
      limited.app.ctx.now = realNow;
    }

    // The password changes: every mark given before is no pass any more.
    const change = await limited.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${owner.id}`,
      headers: { ...owner.headers, 'x-forwarded-for': '198.51.100.12' },
      payload: { currentPassword: 'right1234', password: 'changed1234' },
    });
    expect(change.statusCode, change.body).toBe(200);
    for (let i = 0; i < 3; i += 1) await login(owner.email, 'wrong1234', `203.0.113.${243 + i}`);
    for (const mark of [first, second]) {
      expect((await login(owner.email, 'changed1234', '192.0.2.93', mark)).statusCode).toBe(429);
    }
  });
});
