// The browser's session is an HttpOnly cookie set by every login (never a token the page's scripts can
// read), a cookie-authenticated change needs the anti-CSRF header, and logout or a password change ends the cookie.
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, useTestApp } from '@fanmission/tests/harness/app';

const testApp = useTestApp();
const app = () => testApp.current.app;
const CSRF = { 'x-requested-with': 'fanmission' };

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  app().inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers });

/** The `name=value` of a Set-Cookie answer, and its attributes. */
function sessionCookieOf(setCookie: string | string[] | number | undefined): { pair: string; attributes: string[] } {
  const line = [setCookie ?? []]
    .flat()
    .map(String)
    .find((value) => value.startsWith('fm_session='));
  expect(line, 'a fm_session cookie').toBeDefined();
  const [pair, ...attributes] = line!.split(';').map((part) => part.trim());
  return { pair: pair!, attributes };
}

const me = (cookie: string) => app().inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } });
const rename = (cookie: string, userId: number, username: string, headers: Record<string, string> = {}) =>
  app().inject({
    method: 'PUT',
    url: `/api/v1/users/${userId}`,
    headers: { cookie, ...headers },
    payload: { username },
  });

describe('the session cookie', () => {
  it('a login sets an HttpOnly, SameSite=Lax cookie on /api that lives as long as the token', async () => {
    const member = await createAccount(app(), { password: 'cookie123' });
    const response = await login(member.email, 'cookie123');
    expect(response.statusCode, response.body).toBe(200);
    const token = String(response.headers.authorization).replace(/^Bearer /, '');
    const { pair, attributes } = sessionCookieOf(response.headers['set-cookie']);
    expect(pair).toBe(`fm_session=${token}`);
    const claims = app().jwt.decode<{ exp: number; iat: number }>(token)!;
    expect(attributes).toEqual(['Path=/api', `Max-Age=${claims.exp - claims.iat}`, 'HttpOnly', 'SameSite=Lax']);
    expect(claims.exp - claims.iat).toBeGreaterThan(0);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is Secure once PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ config: testConfig({ PUBLIC_URL: 'https://fanmission.example' }) });
    try {
      const member = await createAccount(secure.app, { password: 'cookie123' });
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: member.email, password: 'cookie123' },
      });
      expect(sessionCookieOf(response.headers['set-cookie']).attributes).toContain('Secure');
    } finally {
      await secure.app.close();
      await secure.database.drop();
    }
  });

  it('identifies GETs; a change on the cookie needs the X-Requested-With header, a Bearer change does not', async () => {
    const member = await createAccount(app(), { password: 'cookie123', username: 'before' });
    const { pair } = sessionCookieOf((await login(member.email, 'cookie123')).headers['set-cookie']);
    const read = await me(pair);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: member.id });

    const forged = await rename(pair, member.id, 'forged');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ status: 403, code: 'CSRF' });
    const wrongValue = await rename(pair, member.id, 'forged', { 'x-requested-with': 'XMLHttpRequest' });
    expect(wrongValue.statusCode).toBe(403);
    expect((await me(pair)).json()).toMatchObject({ username: 'before' });

    const own = await rename(pair, member.id, 'after', CSRF);
    expect(own.statusCode, own.body).toBe(200);
    expect((await me(pair)).json()).toMatchObject({ username: 'after' });

    const bearer = await app().inject({
      method: 'PUT',
      url: `/api/v1/users/${member.id}`,
      headers: member.headers,
      payload: { username: 'api client' },
    });
    expect(bearer.statusCode, bearer.body).toBe(200);
  });

  it('logout clears the cookie, and the old cookie is refused (and dropped) afterwards', async () => {
    const member = await createAccount(app(), { password: 'cookie123' });
    const { pair } = sessionCookieOf((await login(member.email, 'cookie123')).headers['set-cookie']);
    const withoutHeader = await app().inject({ method: 'POST', url: '/api/logout', headers: { cookie: pair } });
    expect(withoutHeader.statusCode).toBe(403);
    expect((await me(pair)).statusCode).toBe(200);

    const logout = await app().inject({ method: 'POST', url: '/api/logout', headers: { cookie: pair, ...CSRF } });
    expect(logout.statusCode, logout.body).toBe(204);
    const cleared = sessionCookieOf(logout.headers['set-cookie']);
    expect(cleared.pair).toBe('fm_session=');
    expect(cleared.attributes).toContain('Max-Age=0');
    expect(cleared.attributes).toContain('Path=/api');

    const stale = await me(pair);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(sessionCookieOf(stale.headers['set-cookie']).attributes).toContain('Max-Age=0');
  });

  it('a member blocked while logged in is told so on every request his cookie makes, never that it expired', async () => {
    const member = await createAccount(app(), { password: 'cookie123' });
    const { pair } = sessionCookieOf((await login(member.email, 'cookie123')).headers['set-cookie']);
    await app().db.updateTable('users').set({ login_blocked_at: new Date() }).where('id', '=', member.id).execute();
    // The app opened again sends several requests: each answers the block (with the way to object), and the cookie
    // stays, so a later one is not a 401 that reads as an expired login.
    for (let request = 0; request < 2; request += 1) {
      const blocked = await me(pair);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ code: 'LOGIN_BLOCKED' });
      expect(blocked.headers['set-cookie']).toBeUndefined();
    }
  });

  it('a password change ends the old cookie and sets a fresh one that works', async () => {
    const member = await createAccount(app(), { password: 'oldpass123' });
    const { pair: old } = sessionCookieOf((await login(member.email, 'oldpass123')).headers['set-cookie']);
    const changed = await app().inject({
      method: 'PUT',
      url: `/api/v1/users/${member.id}`,
      headers: { cookie: old, ...CSRF },
      payload: { currentPassword: 'oldpass123', password: 'newpass456' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { pair: fresh } = sessionCookieOf(changed.headers['set-cookie']);
    expect(fresh).not.toBe(old);
    expect((await me(old)).json()).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('a login another site sent (Sec-Fetch-Site: cross-site) is refused and sets no cookie (login CSRF)', async () => {
    const member = await createAccount(app(), { password: 'cookie123' });
    const crossSite = await login(member.email, 'cookie123', { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'CSRF' });
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    expect(crossSite.headers.authorization).toBeUndefined();
    const sameOrigin = await login(member.email, 'cookie123', { 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('the sandbox checkout’s form posts (no session needed) do not read the cookie, so they need no header', async () => {
    const member = await createAccount(app(), { password: 'cookie123' });
    const { pair } = sessionCookieOf((await login(member.email, 'cookie123')).headers['set-cookie']);
    const posted = await app().inject({
      method: 'POST',
      url: '/api/v1/payment/sandbox/not-an-order/approve',
      headers: { cookie: pair, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(posted.statusCode, posted.body).toBe(404);
  });

  it('a stale cookie does not stop a fresh login', async () => {
    const member = await createAccount(app(), { password: 'cookie123' });
    const { pair } = sessionCookieOf((await login(member.email, 'cookie123')).headers['set-cookie']);
    await app().inject({ method: 'POST', url: '/api/logout', headers: { cookie: pair, ...CSRF } });
    const again = await login(member.email, 'cookie123', { cookie: pair, ...CSRF });
    expect(again.statusCode, again.body).toBe(200);
    expect((await me(sessionCookieOf(again.headers['set-cookie']).pair)).statusCode).toBe(200);
  });
});
