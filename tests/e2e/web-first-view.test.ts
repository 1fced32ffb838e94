// The static first view of the landing page and the creator search (issue 23: a phone's Largest Contentful Paint;
// web/src/app/static-first-view.tsx, web/vite.config.ts `staticFirstView`), in a real Chromium against the served
// build at 390 × 844:
// - with every script of the app blocked, the page already shows its first view in the language kept in the browser
//   (the `lang` query parameter or local storage), one variant only, with `<html lang>` set; other pages show none;
// - with the app running, React replaces it and paints the same headline and footer address at the same size (a
//   larger one would be a later Largest Contentful Paint), and no element of the first view remains.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { resources } from '../../web/src/shared/i18n/resources';
import { useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { collectPageErrors } from '../support/browser';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

interface Box {
  width: number;
  height: number;
}

async function box(page: Page, selector: string): Promise<Box> {
  const found = await page.locator(selector).boundingBox();
  if (!found) throw new Error(`${selector} is not visible`);
  return { width: Math.round(found.width), height: Math.round(found.height) };
}

/** What of the first view is visible: its variants' names. */
async function visibleVariants(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...new Set(
        [...document.querySelectorAll<HTMLElement>('#root > [data-first-view]')]
          .filter((element) => element.offsetParent !== null || element.getClientRects().length > 0)
          .map((element) => element.dataset.firstView ?? ''),
      ),
    ].sort(),
  );
}

describe('static first view', () => {
  const served = useServedApp();
  const browser = useBrowser();

  async function withoutScripts(path: string, storedLanguage?: string): Promise<Page> {
    const page = await browser.newPage(PHONE);
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    if (storedLanguage) {
      await page.addInitScript((language) => window.localStorage.setItem('lang', language), storedLanguage);
    }
    await page.goto(`${served.baseUrl}${path}`, { waitUntil: 'load' });
    return page;
  }

  test('paints the landing page and the creator search before any script, in the chosen language', async () => {
    const landing = await withoutScripts('/');
    expect(await visibleVariants(landing)).toEqual(['landing-ko']);
    expect(await landing.evaluate(() => document.documentElement.lang)).toBe('ko');
    await expect
      .poll(() => landing.getByRole('heading', { level: 1 }).innerText())
      .toBe(resources.ko.translation.landing.headline);

    const english = await withoutScripts('/?lang=en');
    expect(await visibleVariants(english)).toEqual(['landing-en']);
    expect(await english.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await english.getByRole('heading', { level: 1 }).innerText()).toBe(
      resources.en.translation.landing.headline,
    );

    // The language a visitor chose before, kept in local storage (`jp` meaning ja).
    const search = await withoutScripts('/creator-search', 'jp');
    expect(await visibleVariants(search)).toEqual(['page-ja']);
    expect(await search.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await search.locator('footer:visible').innerText()).toContain(resources.ja.translation.footer.faq);
    expect(await search.getByRole('heading', { level: 1 }).count()).toBe(0);

    // Other pages and the embedded app mode (no header), also when the tab remembers it, keep an empty page until the
    // app runs; `?app-api=false` leaves the app mode.
    for (const path of ['/faq', '/?app-api=true']) {
      const other = await withoutScripts(path);
      expect(await visibleVariants(other), path).toEqual([]);
    }
    const remembered = await browser.newPage(PHONE);
    await remembered.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await remembered.addInitScript(() => window.sessionStorage.setItem('app-api', 'true'));
    await remembered.goto(`${served.baseUrl}/creator-search`, { waitUntil: 'load' });
    expect(await visibleVariants(remembered)).toEqual([]);
    await remembered.goto(`${served.baseUrl}/creator-search?app-api=false`, { waitUntil: 'load' });
    expect(await visibleVariants(remembered)).toEqual(['page-ko']);
  });

  test('the app replaces it with the same headline and footer, at the same size', async () => {
    for (const language of ['ko', 'en', 'ja'] as const) {
      const before = await withoutScripts(`/?lang=${language}`);
      const headline = await box(before, 'h1:visible');
      const search = await withoutScripts(`/creator-search?lang=${language}`);
      const address = await box(search, 'footer:visible address');

      const page = await browser.newPage(PHONE);
      const errors = collectPageErrors(page);
      await page.goto(`${served.baseUrl}/?lang=${language}`, { waitUntil: 'networkidle' });
      // The app's header has its menu button; the first view's has only the logo.
      await page.locator('header .app-header-inner button').first().waitFor({ state: 'visible' });
      expect(await page.locator('#root [data-first-view]').count()).toBe(0);
      expect(await box(page, 'h1'), language).toEqual(headline);

      await page.goto(`${served.baseUrl}/creator-search?lang=${language}`, { waitUntil: 'networkidle' });
      await page.locator('header .app-header-inner button').first().waitFor({ state: 'visible' });
      expect(await page.locator('#root [data-first-view]').count()).toBe(0);
      expect(await box(page, 'footer address'), language).toEqual(address);
      expect(errors).toEqual([]);
    }
  });
});
