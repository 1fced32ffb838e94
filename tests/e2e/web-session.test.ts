// Sessions in a real Chromium against the served, built apps: after a login no token is readable by the page's
// scripts (localStorage, sessionStorage, document.cookie), the HttpOnly cookie carries the session, logout ends it,
// a token an older version left in localStorage is removed, and the pages load under their CSP without violations.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { collectCspViolations, collectPageErrors, fanSession, storeSession, useBrowser } from '../support/browser';

const ko = resources.ko.translation;

/** Every value the page's scripts can read, to look for the token in. */
const readableByScripts = (page: Page) =>
  page.evaluate(() => ({
    local: { ...window.localStorage },
    session: { ...window.sessionStorage },
    cookie: document.cookie,
  }));

describe('web app: the session is an HttpOnly cookie, under a script CSP', () => {
  const served = useServedApp();
  const browser = useBrowser();
  const url = (path: string) => `${served.baseUrl}${path}`;

  test(
    'after an e-mail login no script can read the token; the cookie works until logout',
    { timeout: 120_000 },
    async () => {
      const account = await createAccount(served.testApp.app, { password: 'session123', username: '쿠키팬' });
      const page = await browser.newPage();
      const errors = collectPageErrors(page);
      const pageResponse = await page.goto(url('/login?view=email'));
      expect(pageResponse?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
      await page.getByLabel(new RegExp(`^${ko.login.email}(\\s*\\*)?$`)).fill(account.email);
      await page.getByLabel(new RegExp(`^${ko.login.password}(\\s*\\*)?$`)).fill('session123');
      const [login] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/login')),
        page.getByRole('button', { name: ko.login.submit, exact: true }).click(),
      ]);
      expect(login.status()).toBe(200);
      const token = String(login.headers().authorization).replace(/^Bearer /, '');
      expect(token.length).toBeGreaterThan(20);
      await page.waitForURL('**/user-mypage');
      await page.getByRole('heading', { name: '쿠키팬' }).waitFor();

      const readable = await readableByScripts(page);
      expect(JSON.stringify(readable)).not.toContain(token);
      expect(readable.local.token).toBeUndefined();
      expect(readable.cookie).not.toContain('fm_session');
      expect(readable.local).toMatchObject({ UserId: String(account.id), IsVerified: 'true' });
      const cookie = (await page.context().cookies()).find((entry) => entry.name === 'fm_session');
      expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/api' });

      // A reload keeps the member logged in (the cookie goes with the API calls), and a change goes through.
      await page.reload();
      await page.getByRole('heading', { name: '쿠키팬' }).waitFor();

      // A form of another site cannot change anything: without the page's header the cookie is not enough.
      const forged = await page.evaluate(async (id) => {
        const response = await fetch(`/api/v1/users/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'forged' }),
        });
        return response.status;
      }, account.id);
      expect(forged).toBe(403);

      const loggedOut = await page.evaluate(async () => {
        const response = await fetch('/api/logout', { method: 'POST', headers: { 'X-Requested-With': 'fanmission' } });
        return response.status;
      });
      expect(loggedOut).toBe(204);
      expect((await page.context().cookies()).find((entry) => entry.name === 'fm_session')).toBeUndefined();
      const after = await served.testApp.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { cookie: `fm_session=${token}` },
      });
      expect(after.statusCode).toBe(401);
      expect(errors).toEqual([]);
    },
  );

  test('a token an older version left in localStorage is removed when the app loads', async () => {
    const account = await createAccount(served.testApp.app);
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await storeSession(page, served.baseUrl, fanSession(account));
    await page.evaluate((token) => window.localStorage.setItem('token', token), `Bearer ${account.token}`);
    await page.goto(url('/user-mypage'));
    await page.waitForFunction(() => window.localStorage.getItem('token') === null);
    expect(JSON.stringify(await readableByScripts(page))).not.toContain(account.token);
    expect(errors).toEqual([]);
  });

  test('the landing page, a creator search and the console load under their CSP without a violation', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    const violations = await collectCspViolations(page);
    for (const path of ['/', '/creator-search', '/login', '/admin/']) {
      const response = await page.goto(url(path));
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy, path).toMatch(/script-src 'self'/);
      expect(policy, path).toContain("object-src 'none'");
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
