// @vitest-environment jsdom
// The API client against the real API (a served test app): the anti-CSRF header and the language on every call, and
// the spec's global error handling. The browser's session is an HttpOnly cookie, which this
// jsdom/Node fetch does not keep: the calls here pass their token explicitly, as an API client would. The 504 comes from a stand-in gateway, which the API itself never answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, type TestApp } from '@fanmission/tests/harness/app';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { api, ApiError, setApiBaseUrl } from './client';

let served: TestApp;
let apiBase: string;
let gateway: Server;
let gatewayBase: string;
let fan: TestAccount;

beforeAll(async () => {
  served = await createTestApp();
  await served.app.listen({ host: '127.0.0.1', port: 0 });
  apiBase = `http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`;
  fan = await createAccount(served.app);
  gateway = createServer((_request, response) => response.writeHead(504).end());
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayBase = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await served.app.close();
  await served.database.drop();
  await new Promise((resolve) => gateway.close(resolve));
});

/** The app's routes around the calls, so the client's redirects and alerts are visible. */
function mountApp() {
  renderAt(
    '/user-mypage',
    <>
      <Route path="/user-mypage" element={<p>my page</p>} />
      <Route path="/login" element={<p>login page</p>} />
      <Route path="/" element={<p>home page</p>} />
    </>,
  );
}

function storeFanSession() {
  window.localStorage.setItem('UserId', String(fan.id));
  window.localStorage.setItem('IsVerified', 'true');
  window.localStorage.setItem('lang', 'ja');
  window.localStorage.setItem('ignore-logged-on-popup', '[1]');
  window.localStorage.setItem('ignore-logged-off-popup', '[2]');
}

describe('API client', () => {
  beforeEach(() => {
    window.localStorage.clear();
    setApiBaseUrl(apiBase);
  });
  afterEach(cleanupApp);

  test('sends the language and the anti-CSRF header, and no token of its own', async () => {
    await useLanguage('en');
    storeFanSession();
    window.localStorage.setItem('token', `Bearer ${fan.token}`);
    await expect(api('/users/me', { globalErrors: 'none' })).rejects.toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    // The browser's session: the cookie of a login. api() adds the anti-CSRF header, so a cookie POST is taken.
    const member = await createAccount(served.app);
    const login = await fetch(`${apiBase}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: member.email, password: member.password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((line) => line.startsWith('fm_session='))!
      .split(';')[0]!;
    const { data } = await api<{ id: number; email: string }>('/users/me', { headers: { Cookie: cookie } });
    expect(data).toMatchObject({ id: member.id, email: member.email });
    expect((await api('/api/logout', { method: 'POST', headers: { Cookie: cookie } })).status).toBe(204);
    const error = await api('/users/me', { token: 'Bearer nope', globalErrors: 'none' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      body: { code: 'INVALID_TOKEN', message: 'Your login is not valid. Please log in again.' },
    });
  });

  test('401 with a token code clears the session but language and popup dismissals, alerts and goes to /login', async () => {
    const t = await useLanguage('ja');
    storeFanSession();
    mountApp();
    await expect(api('/users/me', { token: 'Bearer not-a-jwt' })).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByText(t.session.tokenExpired, undefined, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/login'));
    expect({ ...window.localStorage }).toEqual({
      lang: 'ja',
      'ignore-logged-on-popup': '[1]',
      'ignore-logged-off-popup': '[2]',
    });
  });

  test('403 access denied clears the session, alerts and goes to /login', async () => {
    const t = await useLanguage('ko');
    storeFanSession();
    mountApp();
    const someoneElse = await createAccount(served.app);
    await expect(
      api(`/users/${someoneElse.id}`, {
        method: 'PUT',
        body: { username: 'taken over' },
        token: `Bearer ${fan.token}`,
      }),
    ).rejects.toMatchObject({ status: 403, body: { message: 'access denied' } });
    expect(await screen.findByText(t.session.accessDenied, undefined, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/login'));
    expect(window.localStorage.getItem('UserId')).toBeNull();
  });

  test('403 LOGIN_BLOCKED (blocked while logged in) says so and goes to the objection page', async () => {
    const t = await useLanguage('ko');
    const blocked = await createAccount(served.app);
    storeFanSession();
    mountApp();
    await served.app.db
      .updateTable('users')
      .set({ login_blocked_at: new Date() })
      .where('id', '=', blocked.id)
      .execute();
    await expect(api('/users/me', { token: `Bearer ${blocked.token}` })).rejects.toMatchObject({
      status: 403,
      body: { code: 'LOGIN_BLOCKED' },
    });
    expect(await screen.findByText(t.session.blocked, undefined, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/block-objection'));
    expect(window.localStorage.getItem('UserId')).toBeNull();
  });

  test('401 without a session (the cookie expired) while the page shows a member ends the session', async () => {
    const t = await useLanguage('en');
    storeFanSession();
    mountApp();
    await expect(api('/users/me')).rejects.toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(await screen.findByText(t.session.tokenExpired, undefined, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/login'));
    expect(window.localStorage.getItem('UserId')).toBeNull();
  });

  test('a 401 the caller expects (a wrong password) changes nothing', async () => {
    await useLanguage('ko');
    storeFanSession();
    mountApp();
    await expect(
      api('/api/login', { method: 'POST', body: { username: fan.email, password: 'wrong' }, globalErrors: 'none' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(screen.getByLabelText('current path').textContent).toBe('/user-mypage');
    expect(window.localStorage.getItem('UserId')).toBe(String(fan.id));
  });

  test('504 alerts "server error" and goes to /; on sign-up it is only logged', async () => {
    const t = await useLanguage('en');
    setApiBaseUrl(gatewayBase);
    mountApp();
    await expect(api('/users', { method: 'POST', body: {}, globalErrors: 'signUp' })).rejects.toMatchObject({
      status: 504,
    });
    expect(screen.getByLabelText('current path').textContent).toBe('/user-mypage');
    expect(screen.queryByText(t.session.serverError)).toBeNull();

    await expect(api('/users/me')).rejects.toMatchObject({ status: 504 });
    expect(await screen.findByText(t.session.serverError)).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/'));
  });
});
