// The static first view of the landing page and the creator search (a phone's Largest Contentful Paint;
// web/src/app/static-first-view.tsx, web/vite.config.ts `staticFirstView`), in a real Chromium against the served
// build at 390 × 844:
// - with every script of the app blocked, the page already shows its first view in the language kept in the browser
//   (the `lang` query parameter or local storage), one variant only, with `<html lang>` set; other pages show none;
// - with the app running, React replaces it and paints the same headline and footer address at the same size (a
//   larger one would be a later Largest Contentful Paint), and no element of the first view remains.
//
// A mission detail (Largest Contentful Paint ≤ 1.0 s headless; services/src/plugins/first-view.ts,
// web/src/shared/first-view.tsx): the server paints a public mission's head and answer picture before any script, the
// shell and then the page show them at the same place and size at 390 and 1280 px; a private or unknown mission gets
// no server paint, even for a party to it; hostile text stays text; the title wraps at 360 px.
import { SESSION_COOKIE_NAME } from '@fanmission/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { createCreator } from '@fanmission/tests/support/creators';
import { PNG_1X1 } from '@fanmission/tests/support/files';
import { insertMission, registerProduct, uploadFile } from '@fanmission/tests/support/missions';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
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

/** The page's Largest Contentful Paint so far (buffered entries): its element's tag and its size (px²). */
async function largestPaint(page: Page): Promise<{ tag: string; size: number }> {
  return page.evaluate(
    () =>
      new Promise<{ tag: string; size: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as
            (PerformanceEntry & { element: Element | null; size: number }) | undefined;
          resolve({ tag: last?.element?.tagName ?? '(none)', size: last?.size ?? 0 });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** The painted area of an element's text (px²), as Largest Contentful Paint sizes a text. */
async function textArea(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const rect = range.getBoundingClientRect();
      return rect.width * rect.height;
    });
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
    expect((await largestPaint(search)).tag).toBe('ADDRESS');

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
      const firstPaint = await largestPaint(search);

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
      // The page's title, painted once the app and its data have arrived (seconds later on a phone), is smaller than
      // the first view's largest paint, so it does not become the page's Largest Contentful Paint: the address must
      // stay one text block (facts as inline-block boxes were each a smaller paint, and the title won: 1.7 → 4.2 s).
      expect(firstPaint.tag, language).toBe('ADDRESS');
      expect(await textArea(page, 'main h1'), language).toBeLessThan(firstPaint.size);
      expect(errors).toEqual([]);
    }
  });
});

/** `[x, y (page), width, height]` of the first visible element matching the selector, rounded. */
async function rect(page: Page, selector: string): Promise<number[]> {
  const found = page.locator(selector).first();
  await found.waitFor({ state: 'visible' });
  return found.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return [box.x, box.y + window.scrollY, box.width, box.height].map(Math.round);
  });
}

function expectSameRect(shown: number[], painted: number[], what: string) {
  for (let i = 0; i < 4; i++) {
    expect(Math.abs(shown[i]! - painted[i]!), `${what}: ${painted.join(',')} → ${shown.join(',')}`).toBeLessThanOrEqual(
      2,
    );
  }
}

describe('mission detail first view', () => {
  const served = useServedApp();
  const browser = useBrowser();
  const ko = resources.ko.translation;
  const HOSTILE = `<img src=x onerror="window.__xss=1">&'" <b>미션</b>`;
  const LONG =
    'A very long mission title a phone must show in full: 생일 축하 노래를 불러 주세요, and a few more words';
  const ids = {} as Record<'shown' | 'hostile' | 'private' | 'long', number>;
  let fan: TestAccount;

  beforeAll(async () => {
    const app = served.testApp.app;
    const suffix = Date.now().toString(36);
    const creator = await createCreator(app, { name: `Mira ${suffix}`, url: `mira${suffix}` });
    fan = await createAccount(app, { username: `fan${suffix}` });
    const song = await registerProduct(app, creator, { type: 'BASIC', name: 'Birthday song' });
    const hostile = await registerProduct(app, creator, { type: 'BASIC', name: 'Hostile' });
    await app.db.updateTable('mission_products').set({ name: HOSTILE }).where('id', '=', hostile.id).execute();
    const long = await registerProduct(app, creator, { type: 'BASIC', name: LONG });
    const picture = await uploadFile(app, creator, PNG_1X1, 'answer.png');
    const completed = async (product: typeof song, values: { is_private?: boolean; response_comment?: string } = {}) =>
      (
        await insertMission(app, product, {
          user_id: fan.id,
          status: 'COMPLETED',
          picture_file_id: picture.id,
          ...values,
        })
      ).id;
    ids.shown = await completed(song);
    ids.hostile = await completed(hostile, { response_comment: HOSTILE });
    ids.private = await completed(song, { is_private: true });
    ids.long = await completed(long);
  }, 180_000);

  /** The page as the server sends it, with every script blocked. */
  async function painted(path: string, viewport: { width: number; height: number }) {
    const context = await browser.newPage({ viewport, javaScriptEnabled: false });
    await context.goto(`${served.baseUrl}${path}`, { waitUntil: 'load' });
    return context;
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`${viewport.width} px: the server paints the head and the picture; the shell and the page keep them in place`, async () => {
      const path = `/mission-detail/${ids.shown}`;
      const server = await painted(path, viewport);
      expect(await server.locator('#first-view h1').innerText()).toBe('Birthday song');
      const title = await rect(server, '#first-view h1');
      const picture = await rect(server, '#first-view img[alt="Happy birthday!"][fetchpriority="high"]');
      const avatar = await rect(server, '#first-view .mission-first-view__avatar');
      expect(picture[2]).toBeGreaterThan(200);

      // The shell, while the page's code is held back: the server's copy is gone, the same view in the same place.
      const page = await browser.newPage({ viewport });
      const errors = collectPageErrors(page);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/mission-detail-page-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${served.baseUrl}${path}`, { waitUntil: 'commit' });
      await page.locator('#root main.mission-first-view h1').waitFor();
      expect(await page.locator('#first-view').count()).toBe(0);
      expectSameRect(await rect(page, '#root main.mission-first-view h1'), title, 'shell title');
      expectSameRect(
        await rect(page, '#root main.mission-first-view img[alt="Happy birthday!"]'),
        picture,
        'shell picture',
      );
      expectSameRect(await rect(page, '#root .mission-first-view__avatar'), avatar, 'shell avatar');

      // The page itself, with its chips on the creator's line: nothing moved.
      release();
      await page.getByText(ko.missionStatus.COMPLETED, { exact: true }).waitFor();
      expect(await page.locator('.mission-first-view').count()).toBe(0);
      expectSameRect(await rect(page, '#root main h1'), title, 'page title');
      expectSameRect(await rect(page, '#root main img[alt="Happy birthday!"]'), picture, 'page picture');
      expectSameRect(await rect(page, '#root main .fm-avatar'), avatar, 'page avatar');
      expect(errors).toEqual([]);
    });
  }

  test("no server paint for a private or unknown mission, even asked with its party's session", async () => {
    for (const id of [ids.private, 999_999_999]) {
      for (const cookie of [undefined, `${SESSION_COOKIE_NAME}=${fan.token}`]) {
        const response = await fetch(`${served.baseUrl}/mission-detail/${id}`, { headers: cookie ? { cookie } : {} });
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html, `${id} ${cookie ?? ''}`).toContain('<div id="root">');
        expect(html, `${id} ${cookie ?? ''}`).not.toContain('id="first-view"');
        expect(html).not.toContain('Birthday song');
      }
    }
    // A public one is painted the same for everybody: the session adds nothing.
    const anonymous = await (await fetch(`${served.baseUrl}/mission-detail/${ids.shown}`)).text();
    const party = await (
      await fetch(`${served.baseUrl}/mission-detail/${ids.shown}`, {
        headers: { cookie: `${SESSION_COOKIE_NAME}=${fan.token}` },
      })
    ).text();
    expect(anonymous).toContain('id="first-view"');
    expect(party).toBe(anonymous);
  });

  test('hostile text is painted as text, by the server and by the app', async () => {
    const path = `/mission-detail/${ids.hostile}`;
    const server = await painted(path, { width: 390, height: 844 });
    expect(await server.locator('#first-view h1').innerText()).toBe(HOSTILE);
    expect(await server.locator(`#first-view img[alt="${HOSTILE.replaceAll('"', '\\"')}"]`).count()).toBe(1);
    expect(await server.locator('#first-view img[src="x"], #first-view b, [onerror]').count()).toBe(0);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = collectPageErrors(page);
    await page.goto(`${served.baseUrl}${path}`);
    await page.getByText(ko.missionStatus.COMPLETED, { exact: true }).waitFor();
    expect(await page.locator('#root main h1').innerText()).toBe(HOSTILE);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  // The title was cut to one line (`noWrap`); a phone shows all of it, on as many lines as it takes.
  test('360 px: a long title wraps and is shown in full, where the server painted it', async () => {
    const viewport = { width: 360, height: 740 };
    const path = `/mission-detail/${ids.long}`;
    const server = await painted(path, viewport);
    const title = await rect(server, '#first-view h1');
    const page = await browser.newPage({ viewport });
    await page.goto(`${served.baseUrl}${path}`);
    await page.getByText(ko.missionStatus.COMPLETED, { exact: true }).waitFor();
    const h1 = page.locator('#root main h1');
    expect(await h1.innerText()).toBe(LONG);
    const shown = await h1.evaluate((node) => {
      const style = getComputedStyle(node);
      return {
        height: node.getBoundingClientRect().height,
        lineHeight: parseFloat(style.lineHeight),
        clipped:
          node.scrollWidth > node.clientWidth || style.textOverflow === 'ellipsis' || style.whiteSpace === 'nowrap',
        right: node.getBoundingClientRect().right,
      };
    });
    expect(shown.clipped).toBe(false);
    expect(shown.height).toBeGreaterThanOrEqual(3 * shown.lineHeight);
    expect(shown.right).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expectSameRect(await rect(page, '#root main h1'), title, 'page title');
  });
});
