// A real headless Chromium (Debian's, see scripts/infra/chromium.ts) driven by playwright-core.
//
//   const browser = useBrowser();            // the run's browser for this file, disconnected afterwards
//   test('...', async () => {
//     const page = await browser.newPage();  // a fresh context (own cookies and localStorage), closed after the test
//     await page.goto(...);
//     await screenshot(page, 'landing');     // tests/artifacts/screenshots/landing.png
//   });
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { ensureChromium } from '../../scripts/infra/chromium';
import { CHROMIUM_ARGS } from './browser-options';

export { CHROMIUM_ARGS };

/** Per action (click, waitFor, goto, …) inside a page from useBrowser().newPage(). */
export const ACTION_TIMEOUT_MS = 10_000;

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/screenshots');

/**
 * The run's Chromium (started once by the e2e project's globalSetup), connected for this caller, or a Chromium of its
 * own where no run provides one. The caller owns the connection: `await browser.close()` closes the contexts it made
 * and disconnects (useBrowser() does that for you).
 */
export async function launchBrowser(): Promise<Browser> {
  const wsEndpoint = inject('chromiumWsEndpoint');
  if (wsEndpoint) return koreanByDefault(await chromium.connect(wsEndpoint, { timeout: 30_000 }));
  const executablePath = await ensureChromium();
  return koreanByDefault(await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS], timeout: 30_000 }));
}

/**
 * The browser language of a context that names none: Korean (`ko-KR`), as the product's members mostly read. The web
 * app opens a first visit in the browser's language (web/src/shared/i18n/i18n.ts) and Playwright's own default is
 * en-US; a test of another language passes `locale`. The zone stays the machine's (UTC here): the app writes Korea
 * time whatever the phone's clock says.
 */
export const JOURNEY_CONTEXT = { locale: 'ko-KR' } as const satisfies BrowserContextOptions;

function koreanByDefault(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ ...JOURNEY_CONTEXT, ...options });
  browser.newPage = (options) => newPage({ ...JOURNEY_CONTEXT, ...options });
  return browser;
}

/**
 * Whether the browser tests save their screenshots: with `FANMISSION_SCREENSHOTS=1`, when someone will look at them
 * (docs/testing.md). Without it a test still waits for what it would have captured but skips the capture, which cost
 * about a fifth of a screens file's Chromium CPU.
 */
export const SCREENSHOTS_SAVED = process.env.FANMISSION_SCREENSHOTS === '1';

/** Saves a full-page PNG under tests/artifacts/screenshots/ (`SCREENSHOTS_SAVED`) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, name.endsWith('.png') ? name : `${name}.png`);
  if (!SCREENSHOTS_SAVED) return file;
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * A finished download's bytes saved under tests/artifacts/downloads/ and its path there: the run's Chromium is a
 * server this process connects to, whose own download folder only `saveAs` reaches.
 */
export async function savedDownload(download: Download): Promise<string> {
  const file = path.join(DOWNLOAD_DIR, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return file;
}

const DOWNLOAD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/downloads');

export interface BrowserHandle {
  readonly browser: Browser;
  /** How long the launch took, in milliseconds. */
  readonly launchMs: number;
  /** A page in a new browser context; the context is closed after the current test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/** The run's browser for the whole test file: connected before its first test, closed after its last (even on failure). */
export function useBrowser(): BrowserHandle {
  let browser: Browser | undefined;
  let launchMs = 0;
  const contexts = new Set<BrowserContext>();

  beforeAll(async () => {
    const started = performance.now();
    browser = await launchBrowser();
    launchMs = Math.round(performance.now() - started);
    if (process.env.FANMISSION_TEST_TIMINGS) console.log(`[browser] chromium launched in ${launchMs} ms`);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      // Keep what the browser showed when the test failed: tests/artifacts/screenshots/failed-<test>-<n>.png
      const pages = [...contexts].flatMap((context) => context.pages());
      const slug = task.name
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 80);
      await Promise.all(
        pages.map((page, index) => screenshot(page, `failed-${slug}-${index + 1}.png`).catch(() => undefined)),
      );
    }
    await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
    contexts.clear();
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });

  const current = () => {
    if (!browser) throw new Error('useBrowser(): the browser exists only inside tests and hooks');
    return browser;
  };
  return {
    get browser() {
      return current();
    },
    get launchMs() {
      return launchMs;
    },
    async newPage(options?: BrowserContextOptions) {
      // The web app's service worker only where a test asks for it (`serviceWorkers: 'allow'`): installing it in
      // every page would precache the app shell each time, and requests through it hide nothing the tests check.
      const context = await current().newContext({ serviceWorkers: 'block', ...options });
      contexts.add(context);
      // Fail a step with Playwright's own message well before the test's timeout ends the whole test.
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      return context.newPage();
    },
  };
}
