import type { FastifyInstance, InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, useTestApp, type TestApp } from '@fanmission/tests/harness/app';
import { processCounterValue } from '@fanmission/tests/support/metrics';
import { buildApp } from '@fanmission/services/app';
import { parseRateLimit } from '../auth';
import { createDevMailbox } from '../mail';
import { ensureOperatorAccount } from './service';

const testApp = useTestApp();
let member: TestAccount;

beforeAll(async () => {
  member = await createAccount(testApp.current.app, { password: 'letters123' });
});

const inject = (options: InjectOptions) => testApp.current.app.inject(options);
const login = (username: unknown, password: unknown, language = 'en') =>
  inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'accept-language': language },
    payload: { username, password },
  });
/** The operator console's login (`POST /api/admin/session`), where console accounts sign in. */
const consoleLogin = (username: unknown, password: unknown) =>
  inject({ method: 'POST', url: '/api/admin/session', payload: { username, password } });
const me = (authorization?: string) =>
  inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: { 'accept-language': 'en', ...(authorization && { authorization }) },
  });

describe('POST /api/login', () => {
  it('answers 200 with the session token in the Authorization header', async () => {
    const response = await login(member.email, 'letters123');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: member.id, roles: ['ROLE_USER'] });
    const authorization = response.headers.authorization as string;
    expect((await me(authorization)).json()).toMatchObject({ id: member.id, roles: ['ROLE_USER'] });
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrongPassword = await login(member.email, 'letters124');
    const unknownEmail = await login('nobody@example.com', 'letters123');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    expect(wrongPassword.json()).toEqual({
      message: 'Please check your Email or Password.',
      status: 401,
      code: 'BAD_CREDENTIALS',
    });
    expect(wrongPassword.headers.authorization).toBeUndefined();
    expect((await login(member.email, 'letters124', 'ko')).json().message).toBe(
      '이메일 또는 비밀번호를 확인해 주세요.',
    );
  });

  it('refuses empty fields with sub-errors', async () => {
    const response = await login('', undefined);
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .subErrors.map((sub: { field: string }) => sub.field)
        .sort(),
    ).toEqual(['password', 'username']);
  });

  it('refuses a login-blocked account (3rd penalty)', async () => {
    const blocked = await createAccount(testApp.current.app);
    await testApp.current.app.db
      .updateTable('users')
      .set({ login_blocked_at: new Date() })
      .where('id', '=', blocked.id)
      .execute();
    const response = await login(blocked.email, blocked.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('LOGIN_BLOCKED');
    // Its existing sessions stop working at once, too, and say why (not that the session expired).
    expect((await me(blocked.headers.authorization)).json()).toMatchObject({
      status: 403,
      code: 'LOGIN_BLOCKED',
      message: 'This account may not log in because of a policy violation. Please contact support.',
    });
  });

  it('ignores a stale stored token on the login route', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: 'Bearer not.a.token' },
      payload: { username: member.email, password: 'letters123' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('session tokens', () => {
  const secret = () => new TextEncoder().encode(testApp.current.config.JWT_SECRET);

  it('GET /users/me without a token is 401', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('an expired token is 401 EXPIRED_TOKEN', async () => {
    const expired = await new SignJWT({ roles: ['ROLE_USER'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(member.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret());
    const response = await me(`Bearer ${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'EXPIRED_TOKEN',
      message: 'Your login has expired. Please log in again.',
    });
  });

  it('a tampered token, or one signed with another secret, is 401 INVALID_TOKEN', async () => {
    const [header, , signature] = member.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '1', roles: ['ROLE_OPERATOR'] })).toString('base64url');
    expect((await me(`Bearer ${header}.${forgedPayload}.${signature}`)).json()).toMatchObject({
      code: 'INVALID_TOKEN',
    });

    const otherSecret = await new SignJWT({ roles: ['ROLE_USER'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(member.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await me(`Bearer ${otherSecret}`)).json()).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
    expect((await me('Bearer garbage')).json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('another algorithm or another scheme is 401 UNSUPPORTED_TOKEN', async () => {
    const hs512 = await new SignJWT({ roles: ['ROLE_USER'] })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(member.id))
      .setExpirationTime('1h')
      .sign(secret());
    expect((await me(`Bearer ${hs512}`)).json()).toMatchObject({ status: 401, code: 'UNSUPPORTED_TOKEN' });
    expect((await me('Basic dXNlcjpwYXNz')).json()).toMatchObject({ status: 401, code: 'UNSUPPORTED_TOKEN' });
  });

  it('a valid token of a deleted account is 401 INVALID_TOKEN', async () => {
    const gone = await createAccount(testApp.current.app);
    await testApp.current.app.db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect((await me(gone.headers.authorization)).json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });
});

describe('rate limits (counters in PostgreSQL, keyed per account or client address)', () => {
  const limits = {
    login: { max: 3, timeWindow: '1 minute' },
    signUp: { max: 2, timeWindow: '1 minute' },
    passwordReset: { max: 1, timeWindow: '1 minute' },
    mail: { max: 1, timeWindow: '1 minute' },
  };
  let limited: TestApp;
  /** A second API process over the same database, as behind a load balancer. */
  let secondProcess: FastifyInstance;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: limits });
    secondProcess = await buildApp({
      logger: false,
      config: limited.config,
      db: limited.database.db,
      mailer: createDevMailbox({ from: limited.config.MAIL_FROM }),
      rateLimits: limits,
      eventConsumers: [],
    });
    await secondProcess.ready();
  });
  afterAll(async () => {
    await secondProcess.close();
    await limited.app.close();
    await limited.database.drop();
  });

  const guess = (app: FastifyInstance, username: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'en', 'x-forwarded-for': forwardedFor },
      payload: { username, password: 'guess1234' },
    });

  it('stops password guessing on one account whatever address the guesses claim, with 429 in the caller’s language', async () => {
    const refused = () => processCounterValue('fanmission_rate_limit_refusals_total', { route: '/api/login' });
    const refusedBefore = await refused();
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await guess(limited.app, 'victim@example.com', `10.0.0.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(await refused()).toBe(refusedBefore + 1);
    expect((await guess(limited.app, 'VICTIM@example.com', '10.9.9.9')).json()).toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests. Please try again later.',
    });
    // Another account is not affected.
    expect((await guess(limited.app, 'someone-else@example.com', '10.0.0.1')).statusCode).toBe(401);
  });

  it('shares the counters between API processes', async () => {
    expect((await guess(limited.app, 'shared@example.com', '10.0.0.1')).statusCode).toBe(401);
    expect((await guess(secondProcess, 'shared@example.com', '10.0.0.1')).statusCode).toBe(401);
    expect((await guess(limited.app, 'shared@example.com', '10.0.0.1')).statusCode).toBe(401);
    expect((await guess(secondProcess, 'shared@example.com', '10.0.0.1')).statusCode).toBe(429);
  });

  it('limits password-reset mails per account, not one bucket for everybody', async () => {
    const first = await createAccount(limited.app);
    const second = await createAccount(limited.app);
    const ask = (email: string) =>
      limited.app.inject({ method: 'POST', url: '/api/v1/users/user/forgot-password-reset', payload: { email } });
    expect((await ask(first.email)).statusCode).toBe(200);
    expect((await ask(second.email)).statusCode).toBe(200);
    expect((await ask(first.email)).statusCode).toBe(429);
  });

  it('limits sign-ups per client address and ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const signUp = (i: number) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { 'x-forwarded-for': `172.16.0.${i}` },
        payload: { email: 'not-an-email', password: 'x' },
      });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await signUp(i)).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
  });
});

describe('rate limit settings', () => {
  it('reads <count>/<window>', () => {
    expect(parseRateLimit('20/1h')).toEqual({ max: 20, timeWindow: 3_600_000 });
    expect(parseRateLimit('10/30s')).toEqual({ max: 10, timeWindow: 30_000 });
    expect(parseRateLimit('twenty')).toBeUndefined();
    expect(() => testConfig({ RATE_LIMIT_LOGIN: '20 per hour' })).toThrow(
      /RATE_LIMIT_LOGIN must be <count>\/<window> such as 20\/1h/,
    );
  });

  it('applies RATE_LIMIT_LOGIN, and TRUST_PROXY makes the named proxy’s X-Forwarded-For the client address', async () => {
    const app = await createTestApp({
      config: testConfig({ RATE_LIMIT_LOGIN: '1/1m', RATE_LIMIT_SIGNUP: '1/1h', TRUST_PROXY: '127.0.0.1' }),
      rateLimits: undefined,
    });
    try {
      const login = () =>
        app.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'a@example.com', password: 'x1234567' },
        });
      expect([(await login()).statusCode, (await login()).statusCode]).toEqual([401, 429]);
      const signUp = (address: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/v1/users',
          headers: { 'x-forwarded-for': address },
          payload: { email: 'not-an-email' },
        });
      // Behind the trusted proxy, each forwarded client address has its own sign-up counter.
      expect([(await signUp('198.51.100.1')).statusCode, (await signUp('198.51.100.2')).statusCode]).toEqual([
        400, 400,
      ]);
      expect((await signUp('198.51.100.1')).statusCode).toBe(429);
    } finally {
      await app.app.close();
      await app.database.drop();
    }
  });
});

describe('operator account bootstrap', () => {
  it('creates the ADMIN_EMAIL account once, with both console roles and no member role, never re-applied', async () => {
    const { app } = testApp.current;
    const config = testConfig({ ADMIN_EMAIL: 'ops@fanmission.local', ADMIN_PASSWORD: 'operator123' });
    const id = await ensureOperatorAccount(app.ctx, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    expect(id).toEqual(expect.any(Number));
    const first = await consoleLogin('ops@fanmission.local', 'operator123');
    expect(first.json()).toEqual({
      id,
      email: 'ops@fanmission.local',
      roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'],
      approvalLimits: { aboveWon: 100_000, bonusGrantAboveCoins: 1_000, bankDepositAboveWon: 10_000 },
    });
    // A console-only account: the web app's login refuses it.
    expect((await login('ops@fanmission.local', 'operator123')).json()).toMatchObject({ code: 'CONSOLE_ACCOUNT' });
    // A second start with another password changes nothing: the first password still works.
    expect(await ensureOperatorAccount(app.ctx, config.ADMIN_EMAIL, 'changed123')).toBeNull();
    expect((await consoleLogin('ops@fanmission.local', 'changed123')).statusCode).toBe(401);
    expect((await consoleLogin('ops@fanmission.local', 'operator123')).statusCode).toBe(200);
    // A blocked operator stays blocked across restarts, and another ADMIN_EMAIL creates nobody once staff exists.
    await app.db.updateTable('users').set({ login_blocked_at: new Date() }).where('id', '=', id!).execute();
    expect(await ensureOperatorAccount(app.ctx, config.ADMIN_EMAIL, 'operator123')).toBeNull();
    expect((await consoleLogin('ops@fanmission.local', 'operator123')).json()).toMatchObject({ code: 'LOGIN_BLOCKED' });
    expect(await ensureOperatorAccount(app.ctx, 'other-admin@fanmission.local', 'operator123')).toBeNull();
    expect((await consoleLogin('other-admin@fanmission.local', 'operator123')).statusCode).toBe(401);
  });
});
