// Pages of the served web app for the browser suites (tests/e2e/web-*.test.ts):
//
//   const served = useServedApp();
//   const web = useWebPages(served, 'web-coins');         // one browser per file, screenshots named web-coins-…
//   const { page, errors } = await web.openPage('ko', fanSession(fan));
//   await web.screenshot(page, 'history', 'ko');           // tests/artifacts/screenshots/web-coins-history-ko.png
import type { Page, ViewportSize } from 'playwright-core';
import { screenshot as savePng, useBrowser, type BrowserHandle } from '../harness/browser';

export { useBrowser, type BrowserHandle };

/** The localStorage entries the web app keeps for a session (what a login stores). */
export type WebSession = Record<string, string>;

/** The web app's session of a logged-in, verified account. */
export function fanSession(account: { id: number; token: string }): WebSession {
  return { token: `Bearer ${account.token}`, UserId: String(account.id), IsVerified: 'true' };
}

/** The web app's session of a creator account (the fan session plus its creator id). */
export function creatorSession(creator: { id: number; token: string; creatorId: number }): WebSession {
  return { ...fanSession(creator), CreatorId: String(creator.creatorId) };
}

export const DESKTOP: ViewportSize = { width: 1280, height: 900 };

/** Page errors (uncaught exceptions in the app) from now on; a journey usually ends expecting none. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/**
 * Writes session values into the app's localStorage as a login would have, on the app's origin (other entries stay:
 * a new page's context starts empty).
 */
export async function storeSession(page: Page, baseUrl: string, values: WebSession): Promise<void> {
  await page.goto(`${baseUrl}/not-found`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, values);
}

/**
 * Saves a full-page PNG under tests/artifacts/screenshots/ once the page has settled (no network for a moment,
 * then `settleMs` for transitions) and returns its path.
 */
export async function screenshot(page: Page, name: string, options: { settleMs?: number } = {}): Promise<string> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(options.settleMs ?? 300);
  return savePng(page, name);
}

export interface WebPages {
  readonly browser: BrowserHandle;
  /**
   * A fresh page (own context) on the app's origin with the language and the session in localStorage, and the
   * page errors it will collect. It has not opened a screen yet: `page.goto(...)` next.
   */
  openPage(language: string, session?: WebSession, viewport?: ViewportSize): Promise<{ page: Page; errors: Error[] }>;
  /** `screenshot` named `<prefix>-<name>-<language>.png`. */
  screenshot(page: Page, name: string, language: string, options?: { settleMs?: number }): Promise<string>;
}

/**
 * One browser for the test file (`useBrowser`), and pages of the served app at `served.baseUrl`; `settleMs` is the
 * file's default pause before a screenshot.
 */
export function useWebPages(
  served: { readonly baseUrl: string },
  screenshotPrefix: string,
  defaults: { settleMs?: number } = {},
): WebPages {
  const browser = useBrowser();
  return {
    browser,
    async openPage(language, session = {}, viewport = DESKTOP) {
      const page = await browser.newPage({ viewport });
      const errors = collectPageErrors(page);
      await storeSession(page, served.baseUrl, { lang: language, ...session });
      return { page, errors };
    },
    screenshot: (page, name, language, options) =>
      screenshot(page, `${screenshotPrefix}-${name}-${language}.png`, { ...defaults, ...options }),
  };
}
