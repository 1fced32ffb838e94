// The operator console's session is its own HttpOnly cookie (`fm_console`, Path=/api/admin, at most
// 8 hours) set by `POST /api/admin/session`, never a token handed to the page; a change on that cookie needs the
// anti-CSRF header; a cross-site login is refused; logout revokes the account's tokens and clears the cookie. And
// every route that can answer 403 CSRF declares it in the OpenAPI document.
import { CONSOLE_SESSION_MAX_SECONDS } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, useTestApp } from '@fanmission/tests/harness/app';

const testApp = useTestApp();
const app = () => testApp.current.app;
const CSRF = { 'x-requested-with': 'fanmission' };

const consoleLogin = (username: string, password: string, headers: Record<string, string> = {}) =>
  app().inject({ method: 'POST', url: '/api/admin/session', payload: { username, password }, headers });

function setCookies(setCookie: string | string[] | number | undefined): string[] {
  return [setCookie ?? []].flat().map(String);
}

/** The `name=value` of the console cookie in a Set-Cookie answer, and its attributes. */
function consoleCookieOf(setCookie: string | string[] | number | undefined): { pair: string; attributes: string[] } {
  const line = setCookies(setCookie).find((value) => value.startsWith('fm_console='));
  expect(line, 'a fm_console cookie').toBeDefined();
  const [pair, ...attributes] = line!.split(';').map((part) => part.trim());
  return { pair: pair!, attributes };
}

const session = (headers: Record<string, string>) =>
  app().inject({ method: 'GET', url: '/api/admin/session', headers });
const verifyRun = (headers: Record<string, string>) =>
  app().inject({ method: 'POST', url: '/api/admin/ledger-verify-runs', headers });
const consoleLogout = (headers: Record<string, string>) =>
  app().inject({ method: 'DELETE', url: '/api/admin/session', headers });

describe('the operator console session', () => {
  it('a staff login sets only the HttpOnly console cookie on /api/admin, for at most 8 hours, and no token', async () => {
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'], password: 'console123' });
    const response = await consoleLogin(operator.email, 'console123', CSRF);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: operator.id,
      email: operator.email,
      roles: ['ROLE_OPERATOR'],
      approvalLimits: { aboveWon: 100_000, bonusGrantAboveCoins: 1_000, bankDepositAboveWon: 10_000 },
    });
    expect(response.headers.authorization).toBeUndefined();
    expect(response.body).not.toMatch(/eyJ/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(setCookies(response.headers['set-cookie']).some((line) => line.startsWith('fm_session='))).toBe(false);
    const { pair, attributes } = consoleCookieOf(response.headers['set-cookie']);
    const token = pair.slice('fm_console='.length);
    const claims = app().jwt.decode<{ exp: number; iat: number; sub: string; aud: string }>(token)!;
    expect(claims.sub).toBe(String(operator.id));
    expect(claims.aud).toBe('console');
    // The web session lives longer (JWT_EXPIRES_IN); the console's is capped.
    const fan = await createAccount(app());
    const webClaims = app().jwt.decode<{ exp: number; iat: number; aud?: string }>(fan.token)!;
    expect(webClaims.exp - webClaims.iat).toBeGreaterThan(CONSOLE_SESSION_MAX_SECONDS);
    expect(webClaims.aud).toBeUndefined();
    expect(claims.exp - claims.iat).toBe(CONSOLE_SESSION_MAX_SECONDS);
    expect(attributes).toEqual([
      'Path=/api/admin',
      `Max-Age=${CONSOLE_SESSION_MAX_SECONDS}`,
      'HttpOnly',
      'SameSite=Lax',
    ]);

    // After a reload the console asks who is signed in: the cookie answers.
    const who = await session({ cookie: pair });
    expect(who.statusCode, who.body).toBe(200);
    expect(who.json()).toEqual({
      id: operator.id,
      email: operator.email,
      roles: ['ROLE_OPERATOR'],
      approvalLimits: { aboveWon: 100_000, bonusGrantAboveCoins: 1_000, bankDepositAboveWon: 10_000 },
    });
  });

  it('is Secure once PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ config: testConfig({ PUBLIC_URL: 'https://fanmission.example' }) });
    try {
      const finance = await createAccount(secure.app, { roles: ['ROLE_FINANCE'], password: 'console123' });
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { username: finance.email, password: 'console123' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(consoleCookieOf(response.headers['set-cookie']).attributes).toContain('Secure');
    } finally {
      await secure.app.close();
      await secure.database.drop();
    }
  });

  it('refuses other accounts, wrong passwords, invalid bodies and cross-site logins without setting a cookie', async () => {
    const fan = await createAccount(app(), { password: 'console123' });
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'], password: 'console123' });
    const cases = [
      { response: await consoleLogin(fan.email, 'console123', CSRF), status: 403, code: 'ACCESS_DENIED' },
      { response: await consoleLogin(operator.email, 'wrong-password', CSRF), status: 401, code: 'BAD_CREDENTIALS' },
      { response: await consoleLogin(operator.email, '', CSRF), status: 400, code: undefined },
      // Login CSRF: a page of another site posts the operator's credentials (or an attacker's) to sign the browser in.
      {
        response: await consoleLogin(operator.email, 'console123', { ...CSRF, 'sec-fetch-site': 'cross-site' }),
        status: 403,
        code: 'CSRF',
      },
    ];
    for (const { response, status, code } of cases) {
      expect(response.statusCode, response.body).toBe(status);
      if (code) expect(response.json()).toMatchObject({ status, code });
      expect(setCookies(response.headers['set-cookie']).some((line) => line.startsWith('fm_console=e'))).toBe(false);
    }
    await app().db.updateTable('users').set({ login_blocked_at: new Date() }).where('id', '=', operator.id).execute();
    const blocked = await consoleLogin(operator.email, 'console123', CSRF);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'LOGIN_BLOCKED' });
  });

  it('a change on the console cookie needs the X-Requested-With header (403 CSRF otherwise)', async () => {
    const finance = await createAccount(app(), { roles: ['ROLE_FINANCE'], password: 'console123' });
    const { pair } = consoleCookieOf((await consoleLogin(finance.email, 'console123', CSRF)).headers['set-cookie']);
    const runs = () => app().db.selectFrom('ledger_verify_runs').select('id').execute();
    const before = (await runs()).length;

    const forged = await verifyRun({ cookie: pair });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ status: 403, code: 'CSRF' });
    const wrongValue = await verifyRun({ cookie: pair, 'x-requested-with': 'XMLHttpRequest' });
    expect(wrongValue.statusCode).toBe(403);
    const forgedLogout = await consoleLogout({ cookie: pair });
    expect(forgedLogout.json()).toMatchObject({ status: 403, code: 'CSRF' });
    expect((await runs()).length).toBe(before);
    expect((await session({ cookie: pair })).statusCode).toBe(200);

    const own = await verifyRun({ cookie: pair, ...CSRF });
    expect(own.statusCode, own.body).toBe(202);
    expect((await runs()).length).toBe(before + 1);
  });

  it('the two sessions stay apart: the web cookie never opens the console, the console cookie never the web app', async () => {
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR', 'ROLE_USER'], password: 'console123' });
    const web = await app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: operator.email, password: 'console123' },
    });
    const webPair = setCookies(web.headers['set-cookie'])
      .find((line) => line.startsWith('fm_session='))!
      .split(';')[0]!;
    expect((await session({ cookie: webPair })).statusCode).toBe(401);
    expect(
      (await app().inject({ method: 'GET', url: '/api/admin/ledger-verify-runs', headers: { cookie: webPair } }))
        .statusCode,
    ).toBe(401);

    const consolePair = consoleCookieOf(
      (await consoleLogin(operator.email, 'console123', CSRF)).headers['set-cookie'],
    ).pair;
    const me = await app().inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie: consolePair } });
    expect(me.statusCode).toBe(401);
    // Both at once (as a browser sends them to /api/admin): the console's cookie is the one read.
    const both = await session({ cookie: `${webPair}; ${consolePair}` });
    expect(both.statusCode).toBe(200);
  });

  it('a console-only account cannot log in to the web app; a staff member’s web token never opens the console', async () => {
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'], password: 'console123' });
    const refused = await app().inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'en' },
      payload: { username: operator.email, password: 'console123' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CONSOLE_ACCOUNT', message: expect.stringContaining('/admin/') });
    expect(refused.headers.authorization).toBeUndefined();
    expect(setCookies(refused.headers['set-cookie']).some((line) => line.startsWith('fm_session='))).toBe(false);
    // A wrong password still answers as for anybody (the refusal says nothing before the password is right).
    const guessed = await app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: operator.email, password: 'wrong-password' },
    });
    expect(guessed.json()).toMatchObject({ status: 401, code: 'BAD_CREDENTIALS' });

    // Member and staff: the web app's login works, and its 7-day token is refused on /api/admin (Bearer or cookie).
    const both = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'], password: 'console123' });
    const web = await app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: both.email, password: 'console123' },
    });
    expect(web.statusCode).toBe(200);
    const bearer = { authorization: web.headers.authorization as string };
    for (const url of ['/api/admin/session', '/api/admin/users', '/api/admin/ledger-verify-runs']) {
      const answer = await app().inject({ method: 'GET', url, headers: { ...bearer, 'accept-language': 'en' } });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'INVALID_TOKEN', message: expect.stringContaining('console') });
    }
    expect((await verifyRun(bearer)).statusCode).toBe(401);
    expect((await app().inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer })).statusCode).toBe(200);

    // The console's own token opens the console as a Bearer header too (API clients), within its 8 hours.
    const consolePair = consoleCookieOf(
      (await consoleLogin(both.email, 'console123', CSRF)).headers['set-cookie'],
    ).pair;
    const consoleToken = consolePair.slice('fm_console='.length);
    expect((await session({ authorization: `Bearer ${consoleToken}` })).statusCode).toBe(200);
    // A token marked for the console but issued for longer than a console session is no console token.
    const long = app().jwt.sign({ sub: String(both.id), roles: ['ROLE_USER', 'ROLE_FINANCE'], sv: 0, aud: 'console' });
    expect((await session({ authorization: `Bearer ${long}` })).statusCode).toBe(401);
  });

  it('a console-only account’s password change hands out no web-app session', async () => {
    const finance = await createAccount(app(), { roles: ['ROLE_FINANCE'], password: 'console123' });
    const changed = await app().inject({
      method: 'PUT',
      url: `/api/v1/users/${finance.id}`,
      headers: finance.headers,
      payload: { currentPassword: 'console123', password: 'console456' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.headers.authorization).toBeUndefined();
    expect(setCookies(changed.headers['set-cookie']).some((line) => line.startsWith('fm_session='))).toBe(false);
    expect((await consoleLogin(finance.email, 'console456', CSRF)).statusCode).toBe(200);
  });

  it('who is signed in: 401 for a visitor, 403 for a member who is not staff', async () => {
    const fan = await createAccount(app());
    const visitor = await session({});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ status: 401 });
    const member = await session(fan.headers);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ code: 'ACCESS_DENIED' });
    const memberLogout = await consoleLogout(fan.headers);
    expect(memberLogout.statusCode).toBe(403);
    expect((await app().inject({ method: 'GET', url: '/api/v1/users/me', headers: fan.headers })).statusCode).toBe(200);
  });

  it('logout revokes every token of the account (token version) and clears the cookie', async () => {
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'], password: 'console123' });
    const { pair } = consoleCookieOf((await consoleLogin(operator.email, 'console123', CSRF)).headers['set-cookie']);
    const loggedOut = await consoleLogout({ cookie: pair, ...CSRF });
    expect(loggedOut.statusCode, loggedOut.body).toBe(204);
    const cleared = consoleCookieOf(loggedOut.headers['set-cookie']);
    expect(cleared.pair).toBe('fm_console=');
    expect(cleared.attributes).toEqual(['Path=/api/admin', 'Max-Age=0', 'HttpOnly', 'SameSite=Lax']);

    const replayed = await session({ cookie: pair });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    // A stale console cookie is dropped from the browser.
    expect(consoleCookieOf(replayed.headers['set-cookie']).attributes).toContain('Max-Age=0');
    // The account's other sessions (an API token issued before) end too.
    expect((await session(operator.headers)).statusCode).toBe(401);
    // Logging in again works.
    expect((await consoleLogin(operator.email, 'console123', CSRF)).statusCode).toBe(200);
  });

  it('shares the per-account login counters with POST /api/login (no second door for guessing)', async () => {
    const limited = await createTestApp({
      rateLimits: {
        login: { max: 3, timeWindow: '1 minute' },
        signUp: { max: 100, timeWindow: '1 minute' },
        passwordReset: { max: 100, timeWindow: '1 minute' },
        mail: { max: 100, timeWindow: '1 minute' },
      },
    });
    try {
      const guess = (url: string) =>
        limited.app.inject({ method: 'POST', url, payload: { username: 'victim@example.com', password: 'guess1234' } });
      const statuses = [];
      for (const url of ['/api/login', '/api/admin/session', '/api/login', '/api/admin/session', '/api/login']) {
        statuses.push((await guess(url)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.app.close();
      await limited.database.drop();
    }
  });
});

describe('the 403 CSRF in the OpenAPI document', () => {
  it('every state-changing route that reads the session cookie declares its 403 error response', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    }>();
    const missing: string[] = [];
    let checked = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (['get', 'head', 'options'].includes(method)) continue;
        // The sandbox checkout's and identity check's form posts read no session cookie (ignoreSessionCookie): they
        // never answer CSRF.
        if (/^\/api\/v1\/payment\/sandbox\/\{paymentId\}\/(approve|decline)$/.test(path)) continue;
        if (/^\/api\/v1\/identity-verification\/sandbox\/\{identityVerificationId\}\/(verify|cancel)$/.test(path)) {
          continue;
        }
        checked += 1;
        const refused = operation.responses['403'];
        if (!refused?.content?.['application/json']) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(50);
    const signUp = document.paths['/api/v1/users']!.post!.responses['403']!;
    expect(JSON.stringify(signUp)).toContain('ErrorResponse');
    expect(document.paths['/api/v1/users/user/forgot-password-reset']!.post!.responses['403']).toBeDefined();
  });

  it('the sign-up on a session cookie without the header answers that 403 CSRF', async () => {
    const member = await createAccount(app(), { password: 'cookie123' });
    const login = await app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.email, password: 'cookie123' },
    });
    const pair = setCookies(login.headers['set-cookie'])
      .find((line) => line.startsWith('fm_session='))!
      .split(';')[0]!;
    const signUp = await app().inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { cookie: pair },
      payload: { username: 'newbie', email: 'newbie@example.com', password: 'password123' },
    });
    expect(signUp.statusCode).toBe(403);
    expect(signUp.json()).toMatchObject({ status: 403, code: 'CSRF' });
  });
});
