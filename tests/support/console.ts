import { CONSOLE_SESSION_COOKIE_NAME, CONSOLE_SESSION_PATH } from '@fanmission/contracts';
import type { BrowserContextOptions, Page } from 'playwright-core';

/** Signs a staff account in at the console's login page (`/admin/`), in Korean, the console's default language. */
export async function logInToConsole(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/admin/`);
  await page.locator('input[name="username"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: '로그인' }).click();
}

/**
 * A new context's storage holding the console session of a staff account as its login leaves it: the account's
 * console token in the HttpOnly `fm_console` cookie (Path=/api/admin), there before the console's first page loads.
 * For a journey whose subject is not the login itself (the login form has its own tests in admin-console and
 * admin-session).
 */
export function consoleSessionState(
  baseUrl: string,
  account: { token: string },
): Exclude<NonNullable<BrowserContextOptions['storageState']>, string> {
  return {
    cookies: [
      {
        name: CONSOLE_SESSION_COOKIE_NAME,
        value: account.token.replace(/^Bearer\s+/i, ''),
        domain: new URL(baseUrl).hostname,
        path: CONSOLE_SESSION_PATH,
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: 'Lax',
      },
    ],
    origins: [],
  };
}

/**
 * Leaves `account`'s console session in the browser of `page` (a new context's page) as its login would have
 * (`consoleSessionState`): the next console page it opens is signed in, without the login form.
 */
export async function storeConsoleSession(page: Page, baseUrl: string, account: { token: string }): Promise<void> {
  await page.context().addCookies(consoleSessionState(baseUrl, account).cookies);
}

/** `storeConsoleSession`, then the console's dashboard. */
export async function openConsoleAs(page: Page, baseUrl: string, account: { token: string }): Promise<void> {
  await storeConsoleSession(page, baseUrl, account);
  await page.goto(`${baseUrl}/admin/`);
}
