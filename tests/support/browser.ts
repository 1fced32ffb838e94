// Pages of the served web app for the browser suites (tests/e2e/web-*.test.ts):
//
//   const served = useServedApp();
//   const web = useWebPages(served, 'web-coins');         // one browser per file, screenshots named web-coins-…
//   const { page, errors } = await web.openPage('ko', fanSession(fan));
//   await web.screenshot(page, 'history', 'ko');           // tests/artifacts/screenshots/web-coins-history-ko.png
import { SESSION_COOKIE_NAME } from '@fanmission/contracts';
import type { BrowserContextOptions, Page, ViewportSize } from 'playwright-core';
import { screenshot as savePng, useBrowser, type BrowserHandle } from '../harness/browser';

export { useBrowser, type BrowserHandle };

/**
 * What a login leaves in the browser: the localStorage entries of the web app's UI state, and under `token` the
 * session token (`Bearer …` or bare), which goes into the HttpOnly session cookie as the API sets it —
 * never into localStorage.
 */
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

/**
 * Page errors from now on: uncaught exceptions in the app, and every Content-Security-Policy violation Chromium reports
 * (the pages' script CSP must not block anything the app does). A journey usually ends expecting none.
 */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      errors.push(new Error(`CSP violation at ${page.url()}: ${message.text()}`));
    }
  });
  return errors;
}

/** The Content-Security-Policy violations the page reports (a blocked script or style never reaches the console). */
export async function collectCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${location.pathname}: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

/** The session cookie of `token` for the app at `baseUrl`, as `POST /api/login` sets it (HttpOnly, Path=/api). */
export async function addSessionCookie(page: Page, baseUrl: string, token: string): Promise<void> {
  await page.context().addCookies([sessionCookie(baseUrl, token)]);
}

function sessionCookie(baseUrl: string, token: string) {
  return {
    name: SESSION_COOKIE_NAME,
    value: token.replace(/^Bearer\s+/i, ''),
    domain: new URL(baseUrl).hostname,
    path: '/api',
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: 'Lax' as const,
  };
}

/** The session token of the page's context (the HttpOnly cookie a login set), as `Bearer …`, or null. */
export async function sessionTokenOf(page: Page): Promise<string | null> {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === SESSION_COOKIE_NAME);
  return cookie?.value ? `Bearer ${cookie.value}` : null;
}

/**
 * A new context's storage holding `values` as a login on the app at `baseUrl` leaves them: the session cookie and the
 * localStorage entries, there before the app's first page loads (no page of the app is loaded to write them).
 */
export function sessionState(
  baseUrl: string,
  values: WebSession,
): Exclude<NonNullable<BrowserContextOptions['storageState']>, string> {
  const { token, ...storage } = values;
  return {
    cookies: token ? [sessionCookie(baseUrl, token)] : [],
    origins: [
      {
        origin: new URL(baseUrl).origin,
        localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })),
      },
    ],
  };
}

/**
 * Leaves a session in the page's browser as a login would have, on the app's origin: `token` as the session cookie,
 * the rest in localStorage (other entries stay unless `clear`: a new page's context starts empty).
 */
export async function storeSession(
  page: Page,
  baseUrl: string,
  values: WebSession,
  options: { clear?: boolean } = {},
): Promise<void> {
  const { token, ...storage } = values;
  if (token) await addSessionCookie(page, baseUrl, token);
  await page.goto(`${baseUrl}/not-found`);
  await page.evaluate(
    ({ entries, clear }) => {
      if (clear) window.localStorage.clear();
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    },
    { entries: storage, clear: options.clear === true },
  );
}

/**
 * Waits until the page is at rest: its load's requests done, no finite CSS or Web animation running (a dialog's fade,
 * a progress bar's transition) and its DOM the same in two checks 100 ms apart (a chart that draws itself in script).
 * An endless animation (a spinner) does not count: it never ends. `requestHeld`: called from a route handler that holds
 * one of the page's requests, so the network is not waited for.
 */
export async function untilStill(page: Page, options: { requestHeld?: boolean } = {}): Promise<void> {
  if (!options.requestHeld) await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => {
      const marks = window as unknown as { __fanmissionLastDom?: string };
      const moving = document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      const dom = document.body?.innerHTML ?? '';
      const still = !moving && marks.__fanmissionLastDom === dom;
      marks.__fanmissionLastDom = dom;
      return still;
    },
    undefined,
    { polling: 100, timeout: 30_000 },
  );
}

/** Saves a full-page PNG under tests/artifacts/screenshots/ once the page is at rest (`untilStill`); returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await untilStill(page);
  return savePng(page, name);
}

export interface WebPages {
  readonly browser: BrowserHandle;
  /**
   * A fresh page (own context) on the app's origin with the language and the session (cookie and UI state), and the
   * page errors it will collect. It has not opened a screen yet: `page.goto(...)` next.
   */
  openPage(language: string, session?: WebSession, viewport?: ViewportSize): Promise<{ page: Page; errors: Error[] }>;
  /** `screenshot` named `<prefix>-<name>-<language>.png`. */
  screenshot(page: Page, name: string, language: string): Promise<string>;
}

/**
 * One browser for the test file (`useBrowser`), and pages of the served app at `served.baseUrl`.
 */
export function useWebPages(served: { readonly baseUrl: string }, screenshotPrefix: string): WebPages {
  const browser = useBrowser();
  return {
    browser,
    async openPage(language, session = {}, viewport = DESKTOP) {
      const storageState = sessionState(served.baseUrl, { lang: language, ...session });
      const page = await browser.newPage({ viewport, storageState });
      return { page, errors: collectPageErrors(page) };
    },
    screenshot: (page, name, language) => screenshot(page, `${screenshotPrefix}-${name}-${language}.png`),
  };
}
