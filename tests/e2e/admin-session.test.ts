// The operator console's session in a real Chromium against the served, built console: after a login no script
// of the page can read the session (localStorage, sessionStorage, document.cookie: it is the HttpOnly `fm_console`
// cookie), a reload keeps the session (the console asks the API who is signed in), a change without the anti-CSRF
// header is refused, logout ends the session for good, a token an older console left in sessionStorage is removed,
// and the console runs under its script CSP without a violation.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { raKorean } from '../../admin-ui/src/i18n/ra-ko';
import { createAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { collectCspViolations, collectPageErrors, useBrowser } from '../support/browser';

const ko = consoleKo;

/** Every value the page's scripts can read, to look for the token in. */
const readableByScripts = (page: Page) =>
  page.evaluate(() => ({
    local: { ...window.localStorage },
    session: { ...window.sessionStorage },
    cookie: document.cookie,
  }));

describe('operator console: the session is an HttpOnly cookie, under a script CSP', () => {
  // The console's files see the whole platform: an app no other file wrote to.
  const served = useServedApp({ own: true });
  const browser = useBrowser();
  const url = (path: string) => `${served.baseUrl}${path}`;

  test(
    'no script can read the session after a login; a reload keeps it; logout ends it; no CSP violation',
    { timeout: 180_000 },
    async () => {
      const operator = await createAccount(served.testApp.app, {
        roles: ['ROLE_OPERATOR'],
        password: 'operator-pass1',
        username: 'session-op',
      });
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors = collectPageErrors(page);
      const violations = await collectCspViolations(page);

      const pageResponse = await page.goto(url('/admin/'));
      const policy = pageResponse?.headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(/script-src 'self'/);
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toContain('unsafe-inline');
      await page.locator('input[name="username"]').fill(operator.email);
      await page.locator('input[name="password"]').fill('operator-pass1');
      const [login] = await Promise.all([
        page.waitForResponse(
          (response) => response.url().endsWith('/api/admin/session') && response.request().method() === 'POST',
        ),
        page.getByRole('button', { name: '로그인' }).click(),
      ]);
      expect(login.status()).toBe(200);
      expect(login.headers().authorization).toBeUndefined();
      expect(login.request().headers()['x-requested-with']).toBe('fanmission');
      await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });

      const cookie = (await page.context().cookies()).find((entry) => entry.name === 'fm_console');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/admin' });
      const token = cookie!.value;
      expect(token.length).toBeGreaterThan(20);
      expect((await page.context().cookies()).find((entry) => entry.name === 'fm_session')).toBeUndefined();
      const readable = await readableByScripts(page);
      expect(JSON.stringify(readable)).not.toContain(token);
      expect(readable.cookie).not.toContain('fm_console');
      expect(JSON.stringify(readable)).not.toMatch(/eyJ/);

      // A reload keeps the staff member signed in: the console asks the API who is signed in.
      const [whoAmI] = await Promise.all([
        page.waitForResponse(
          (response) => response.url().endsWith('/api/admin/session') && response.request().method() === 'GET',
        ),
        page.reload(),
      ]);
      expect(whoAmI.status()).toBe(200);
      await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
      await page.getByRole('button', { name: operator.email }).waitFor({ state: 'visible' });
      expect(new URL(page.url()).pathname).not.toBe('/admin/login');
      // The console's own pages work on the cookie (a list load after the reload).
      await page.goto(url('/admin/users'));
      await page.locator('tr', { hasText: 'session-op' }).first().waitFor({ state: 'visible' });

      // Another site's form cannot change anything: without the console's header the cookie is not enough.
      const forged = await page.evaluate(async () => {
        const response = await fetch('/api/admin/ledger-verify-runs', { method: 'POST' });
        return { status: response.status, body: (await response.json()) as { code?: string } };
      });
      expect(forged).toMatchObject({ status: 403, body: { code: 'CSRF' } });

      // Logout from the user menu: back to the login page, the cookie gone and its token dead.
      await page.getByRole('button', { name: operator.email }).click();
      const [logout] = await Promise.all([
        page.waitForResponse(
          (response) => response.url().endsWith('/api/admin/session') && response.request().method() === 'DELETE',
        ),
        page.getByRole('menuitem', { name: raKorean.ra.auth.logout }).click(),
      ]);
      expect(logout.status()).toBe(204);
      await page.waitForURL(/\/admin\/login$/);
      expect((await page.context().cookies()).find((entry) => entry.name === 'fm_console')).toBeUndefined();
      const replayed = await served.testApp.app.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: { cookie: `fm_console=${token}` },
      });
      expect(replayed.statusCode).toBe(401);
      await page.reload();
      await page.getByRole('button', { name: '로그인' }).waitFor({ state: 'visible' });
      expect(new URL(page.url()).pathname).toBe('/admin/login');

      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  test('a token an older console left in sessionStorage is removed when the console loads', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    const violations = await collectCspViolations(page);
    await page.goto(url('/admin/login'));
    await page.evaluate(() =>
      window.sessionStorage.setItem(
        'fanmission.console.session',
        JSON.stringify({ token: 'eyJold.token.value', id: 1, email: 'x@example.com', roles: ['ROLE_OPERATOR'] }),
      ),
    );
    await page.goto(url('/admin/'));
    await page.waitForFunction(() => window.sessionStorage.getItem('fanmission.console.session') === null);
    // That token never signs anyone in: the console shows its login page.
    await page.getByRole('button', { name: '로그인' }).waitFor({ state: 'visible' });
    expect(JSON.stringify(await readableByScripts(page))).not.toContain('eyJold');
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
