// Phones and accessibility over every screen of the web app, in one browser with pages reused, in two test files that
// run in two lanes of `npm test` (tests/e2e/web-a11y.test.ts: ko and the journeys; tests/e2e/web-a11y-en-ja.test.ts):
// - for each screen of tests/support/web-routes.ts and each of the file's languages (ko, en, ja), at 360 × 800: axe-core (WCAG 2.0–2.2 A/AA
//   rules) finds no serious or critical violation, every link and button of the header and the main content is at
//   least 24 × 24 px, nothing overflows the page horizontally, every header item stays
//   on one line, an open dialog fits the screen, every file input names a picture, video or audio type (the phone
//   offers its camera); with FANMISSION_SCREENSHOTS=1 the screenshot lands in
//   tests/artifacts/screenshots/web-a11y-<screen>-<language>.png;
// and, in the file that runs the journeys:
// - the mission detail's screens also at 1280 × 900 in ko (its two-column layout): axe-core as above;
// - at 390 px the header of a visitor and of a fan stays on one line; the menu drawer is a modal dialog (focus
//   trapped, Escape closes it, the focus returns to its button);
// - keyboard-only journeys: sign in, charge coins through the sandbox checkout, request a mission.
// A file's languages run side by side (one page per language and viewer, one screen at a time on each); a page moves
// to its next screen inside the app, as its links do, unless its last screen opened something (then it loads it).
import sharp from 'sharp';
import type { Browser, BrowserContext, BrowserContextOptions, Page, ViewportSize } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '@fanmission/services/seed';
import { signSessionToken } from '@fanmission/services/auth';
import { DAY_MS, kstDate, type Role } from '@fanmission/contracts';
import { fund, insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { resources, type Messages } from '../../web/src/shared/i18n/resources';
import { createAccount } from '../harness/accounts';
import { launchBrowser, ACTION_TIMEOUT_MS } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { chargeCoins } from '../support/coins';
import { addSessionCookie, collectPageErrors, DESKTOP, type WebSession } from '../support/browser';
import {
  LOTTERY_EVENT_TITLE,
  NEW_MEMBER_SCREENS,
  NEW_MISSION_STATES,
  WEB_SCREENS,
  type ScreenData,
  type Viewer,
  type WebScreen,
} from '../support/web-routes';
import {
  axeViolations,
  dialogKeyboard,
  focusedName,
  measureLayout,
  navigateInApp,
  PHONE,
  recordOpener,
  screenshotScreen,
  settle,
  smallTargets,
  trackRequests,
  WIDE_PHONE,
} from '../support/web-a11y';

type Language = 'ko' | 'en' | 'ja';

/** Presses `key` (an arrow, inside a group with one tab stop) until the focused element's name matches. */
async function arrowTo(page: Page, name: string | RegExp, key = 'ArrowRight', max = 12): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text.startsWith(name) : name.test(text));
  for (let press = 0; press < max && !matches(await focusedName(page)); press += 1) await page.keyboard.press(key);
  expect(await focusedName(page)).toMatch(name);
}

/**
 * How the focused element shows its focus: its own outline or box shadow (the app's 3 px ring on `:focus-visible`),
 * or, for a text field, the field's outline drawn thicker while focused. Empty when nothing shows.
 */
async function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '';
    const style = getComputedStyle(element);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) {
      return `outline ${style.outlineWidth} ${style.outlineStyle}`;
    }
    if (style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
    const field = element.closest('.MuiInputBase-root.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
    if (field && parseFloat(getComputedStyle(field).borderTopWidth) >= 2) {
      return `field outline ${getComputedStyle(field).borderTopWidth}`;
    }
    return '';
  });
}

/**
 * Presses Tab until the focused element's name matches (at most `max` presses); fails otherwise, or when the element
 * reached shows no focus ring (`ring: false` for a page that is not the app's, the payment provider's).
 */
async function tabTo(page: Page, name: string | RegExp, max = 40, ring = true): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text.startsWith(name) : name.test(text));
  const seen: string[] = [];
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press('Tab');
    const current = await focusedName(page);
    if (matches(current)) {
      if (ring) expect(await focusRing(page), `the focus ring of ${current}`).not.toBe('');
      return;
    }
    seen.push(current);
  }
  throw new Error(`Tab never reached ${String(name)}; focused in turn: ${seen.join(' → ')}`);
}

/**
 * The suite over `languages`; with `journeys`, also the mission detail at 1280 px, the header at 390 px and the
 * keyboard-only journeys.
 */
export function describeWebA11y(part: { languages: readonly Language[]; journeys: boolean }): void {
  describe(`web app on a phone, with a screen reader’s eyes and a keyboard (${part.languages.join(', ')})`, () => {
    const served = useServedApp({ temporal: true });
    const url = (path: string) => `${served.baseUrl}${path}`;
    let browser: Browser;
    let data: ScreenData;
    const sessions = {} as Record<Viewer, WebSession>;
    /** The storage of a viewer who closed the operator's popup before (set in beforeAll). */
    let closedPopups: Record<string, string>;
    /** The session of a member made for one test (as `createAccount` makes them), with the popup closed. */
    const sessionOf = async (account: { id: number; token: string }, creatorId?: number): Promise<WebSession> => {
      const row = await served.testApp.app.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      return {
        token: `Bearer ${account.token}`,
        UserId: String(account.id),
        IsVerified: 'true',
        UserName: row.username,
        ...(creatorId !== undefined && { CreatorId: String(creatorId) }),
        ...closedPopups,
      };
    };
    let newFanId: number;
    let newProduct: Awaited<ReturnType<typeof registerProduct>>;
    const contexts: BrowserContext[] = [];
    const pages = new Map<string, Promise<{ page: Page; errors: Error[] }>>();
    const queues = new Map<string, Promise<unknown>>();
    /**
     * The pages that show the app as their last screen left it, with nothing opened on it: the next screen opens there
     * as the app's links open it (`navigateInApp`). A new page, or one whose screen opened a dialog, a menu or a tab,
     * loads the next screen.
     */
    const showingApp = new WeakSet<Page>();

    /** Runs `work` after every earlier piece of work queued under `key` (one screen at a time on a language's pages). */
    function serially<T>(key: string, work: () => Promise<T>): Promise<T> {
      const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
      queues.set(
        key,
        run.catch(() => undefined),
      );
      return run;
    }

    /** A new context at `viewport` whose pages start with the language and the viewer's session in localStorage. */
    async function newPage(
      language: Language,
      session: WebSession,
      viewport: ViewportSize = PHONE,
      options: BrowserContextOptions = {},
    ) {
      const context = await browser.newContext({ viewport, serviceWorkers: 'block', ...options });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      contexts.push(context);
      const { token, ...storage } = session;
      await context.addInitScript(
        (entries) => {
          if (window.localStorage.getItem('__seeded') === '1') return;
          for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
          window.localStorage.setItem('__seeded', '1');
        },
        { lang: language, ...storage },
      );
      const page = await context.newPage();
      trackRequests(page);
      if (token) await addSessionCookie(page, served.baseUrl, token);
      return { page, errors: collectPageErrors(page) };
    }

    function pageFor(language: Language, viewer: Viewer) {
      const key = `${language}-${viewer}`;
      if (!pages.has(key)) pages.set(key, newPage(language, sessions[viewer]));
      return pages.get(key)!;
    }

    /** A lottery event of `creator` taking applications from today (its workflow opens them), as its product id. */
    async function lotteryEvent(creator: TestCreator): Promise<number> {
      const app = served.testApp.app;
      const now = await served.temporal!.env.currentTimeMs();
      const product = await registerProduct(app, creator, {
        type: 'EVENT',
        title: LOTTERY_EVENT_TITLE,
        description: 'Three signed polaroids.\nTell me your favourite stage!',
        drawNumber: 2,
        applyStart: kstDate(new Date(now)),
        applyEnd: kstDate(new Date(now + 7 * DAY_MS)),
        eventEnd: kstDate(new Date(now + 30 * DAY_MS)),
      });
      const deadline = Date.now() + 60_000;
      for (;;) {
        const event = await app.db
          .selectFrom('lottery_events')
          .select('status')
          .where('product_id', '=', product.id)
          .executeTakeFirst();
        if (event?.status === 'APPLYING') return product.id;
        if (Date.now() > deadline) throw new Error(`lottery event ${product.id} is ${event?.status}, not APPLYING`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    beforeAll(async () => {
      browser = await launchBrowser();
      const app = served.testApp.app;
      await seedDemoData(app.ctx);
      const user = async (email: string) => {
        const row = await app.db
          .selectFrom('users')
          .leftJoin('creators', 'creators.user_id', 'users.id')
          .select(['users.id', 'users.roles', 'users.username', 'creators.id as creatorId', 'creators.url'])
          .where('users.email', '=', email)
          .executeTakeFirstOrThrow();
        const token = signSessionToken(app, { id: row.id, roles: row.roles as Role[] });
        const session: WebSession = {
          token: `Bearer ${token}`,
          UserId: String(row.id),
          IsVerified: 'true',
          UserName: row.username,
          ...(row.creatorId !== null && { CreatorId: String(row.creatorId) }),
        };
        return { ...row, token, session };
      };
      // Every viewer has closed the operator's popup before (it has a screen of its own: `newcomer`).
      const popups = await app.db.selectFrom('popups').select('id').execute();
      const dismissed = JSON.stringify(popups.map((popup) => Number(popup.id)));
      closedPopups = { 'ignore-logged-on-popup': dismissed, 'ignore-logged-off-popup': dismissed };
      const fan = await user('fan@fanmission.local');
      const creator = await user('creator@fanmission.local');
      const newbie = await user('newbie@fanmission.local');
      const dancer = await user('dancer@fanmission.local');
      Object.assign(sessions, {
        newcomer: {},
        visitor: closedPopups,
        fan: { ...fan.session, ...closedPopups },
        creator: { ...creator.session, ...closedPopups },
        newbie: { ...newbie.session, ...closedPopups },
        dancer: { ...dancer.session, ...closedPopups },
      });
      // Members as a new user makes them: no picture, a long Latin name (one word of 64 letters; 66 characters in
      // words), a creator with no URL yet and one product (`NEW_MEMBER_SCREENS`).
      const newFan = await createAccount(app, {
        username: `Wolfeschlegelsteinhausenbergerdorffwelchevoralternwaren${'x'.repeat(9)}`,
      });
      const newCreator = await createCreator(app, {
        name: 'Alexandrina Konstantinopoulou Featherstonehaugh Vanderbilt Smythe',
        url: null,
      });
      newProduct = await registerProduct(app, newCreator, { type: 'BASIC', name: 'A song with your name in it' });
      Object.assign(sessions, {
        newFan: await sessionOf(newFan),
        newCreator: await sessionOf(newCreator, newCreator.creatorId),
      });
      newFanId = newFan.id;
      const mission = await app.db
        .selectFrom('missions')
        .select('id')
        .where('user_id', '=', fan.id)
        .where('status', '=', 'COMPLETED')
        .where('is_private', '=', false)
        // A visitor sees it: not one of the adult-flagged creator's, which show him the age gate (web-adult-gate).
        .where('creator_adult', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      // A fresh card charge, unused: the coin history offers to withdraw it (the withdrawal dialog's screen).
      await chargeCoins(app.db, { userId: fan.id, coins: 100, at: new Date() });
      const waiting = await app.db
        .selectFrom('missions')
        .innerJoin('mission_products', 'mission_products.id', 'missions.product_id')
        .select(['missions.id', 'mission_products.name'])
        .where('missions.user_id', '=', fan.id)
        .where('missions.status', '=', 'ACCEPTED')
        .orderBy('missions.id')
        .executeTakeFirstOrThrow();
      const lotteryEventId = await lotteryEvent({
        id: dancer.id,
        email: 'dancer@fanmission.local',
        password: DEMO_PASSWORD,
        token: dancer.token,
        headers: { authorization: `Bearer ${dancer.token}` },
        creatorId: dancer.creatorId!,
      });
      // Another member's application (not the demo fan's: the fan's apply dialog is a screen of its own).
      const applicant = await createAccount(app, { username: 'applicant' });
      const application = await app.inject({
        method: 'POST',
        url: '/api/v1/missions',
        headers: applicant.headers,
        payload: {
          missionProductId: lotteryEventId,
          requestComment: 'I saw every stage this year!',
          phone: '01012345678',
          name: 'Applicant',
          address: 'Seoul',
        },
      });
      expect(application.statusCode, application.body).toBe(200);
      data = {
        creatorId: creator.creatorId!,
        creatorUrl: creator.url!,
        missionId: mission.id,
        waitingMissionId: waiting.id,
        waitingMissionProduct: waiting.name,
        lotteryEventId,
        eventMissionId: application.json<{ id: number }>().id,
        newCreatorId: newCreator.creatorId,
        newMissions: {},
      };
    });

    afterAll(async () => {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser?.close();
    });

    const timings = new Map<string, number>();
    const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        timings.set(step, (timings.get(step) ?? 0) + performance.now() - started);
      }
    };
    afterAll(() => {
      if (process.env.FANMISSION_TEST_TIMINGS) {
        console.log(`[web-a11y] ${[...timings].map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
      }
    });

    async function checkScreen(screen: WebScreen, language: Language) {
      const t: Messages = resources[language].translation;
      const { page, errors } = await pageFor(language, screen.viewer);
      errors.length = 0;
      const path = typeof screen.path === 'string' ? screen.path : screen.path(data);
      const inApp = showingApp.delete(page);
      await timed('load', async () => {
        if (inApp) await navigateInApp(page, path);
        else await page.goto(url(path));
        await settle(page);
        if (screen.open) {
          await recordOpener(page);
          await screen.open(page, t, data);
          await settle(page);
        }
      });
      const layout = await page.evaluate(measureLayout);
      const targets = await page.evaluate(smallTargets);
      const violations = await timed('axe', () => axeViolations(page));
      await timed('screenshot', () => screenshotScreen(page, `web-a11y-${screen.name}-${language}`));
      // The same screen at 390 px (the same page, reflowed: no second load).
      await page.setViewportSize(WIDE_PHONE);
      const at390 = await page.evaluate(measureLayout);
      await page.setViewportSize(PHONE);
      const lang = await page.evaluate(() => document.documentElement.lang);
      // A file input that names no picture, video or audio type gets the phone's file browser only, not its camera.
      const fileInputsWithoutMedia = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')]
          .filter((input) => !/\b(image|video|audio)\//.test(input.accept))
          .map((input) => input.getAttribute('aria-label') ?? input.name),
      );
      const keyboard = await timed('keyboard', () => dialogKeyboard(page));
      if (!screen.open) showingApp.add(page);
      expect({
        path,
        axe: violations,
        ...layout,
        smallTargets: targets,
        at390: [...at390.overflow, ...at390.header, ...at390.dialogs],
        lang,
        fileInputsWithoutMedia,
        keyboard,
        errors: errors.map(String),
      }).toEqual({
        path,
        axe: [],
        overflow: [],
        header: [],
        dialogs: [],
        smallTargets: [],
        at390: [],
        lang: language,
        fileInputsWithoutMedia: [],
        keyboard: [],
        errors: [],
      });
    }

    describe.concurrent('every screen at 360 px', () => {
      // Interleaved by language so that the three languages' queues advance together.
      for (const screen of WEB_SCREENS) {
        for (const language of part.languages) {
          test(`${screen.name} in ${language}`, { timeout: 180_000 }, () =>
            serially(language, () => checkScreen(screen, language)),
          );
        }
      }
    });

    if (!part.journeys) return;

    describe.concurrent('new members at 360 px: nothing yet, then one mission in each state', () => {
      // One queue of their own, in order: the screens with empty lists, the missions, the screens with them.
      for (const screen of NEW_MEMBER_SCREENS.empty) {
        test(`${screen.name} in ko`, { timeout: 180_000 }, () => serially('ko-new', () => checkScreen(screen, 'ko')));
      }
      test('the new fan requests one mission of the new creator in each state', { timeout: 60_000 }, () =>
        serially('ko-new', async () => {
          for (const status of NEW_MISSION_STATES) {
            const mission = await insertMission(served.testApp.app, newProduct, { user_id: newFanId, status });
            data.newMissions[status] = mission.id;
          }
          expect(Object.keys(data.newMissions)).toEqual([...NEW_MISSION_STATES]);
        }),
      );
      for (const screen of NEW_MEMBER_SCREENS.missions) {
        test(`${screen.name} in ko`, { timeout: 180_000 }, () => serially('ko-new', () => checkScreen(screen, 'ko')));
      }
    });

    describe.concurrent('the mission detail at 1280 px', () => {
      // A wide screen lays the page out in two columns, with elements of its own: axe-core looks at it there too.
      // The screens at /mission-detail/:id (tests/support/web-routes.ts).
      const missionDetails = WEB_SCREENS.filter((entry) => /^mission-(detail|escrow)\b/.test(entry.name));
      for (const screen of missionDetails) {
        test(`${screen.name} in ko`, { timeout: 180_000 }, () =>
          serially('ko-desktop', async () => {
            const { page, errors } = await newPage('ko', sessions[screen.viewer], DESKTOP);
            const path = typeof screen.path === 'string' ? screen.path : screen.path(data);
            await page.goto(url(path));
            await settle(page);
            const violations = await axeViolations(page);
            await screenshotScreen(page, `web-a11y-${screen.name}-1280-ko`);
            await page.close();
            expect({ path, axe: violations, errors: errors.map(String) }).toEqual({ path, axe: [], errors: [] });
          }),
        );
      }
    });

    describe.concurrent('header and keyboard', () => {
      test(
        'at 390 px the header stays on one line; the drawer traps the focus, Escape closes it',
        { timeout: 120_000 },
        async () => {
          const t = resources.en.translation;
          for (const viewer of ['visitor', 'fan'] as const) {
            const { page, errors } = await newPage('en', sessions[viewer], { width: 390, height: 844 });
            await page.goto(url('/faq'));
            await settle(page);
            expect((await page.evaluate(measureLayout)).header).toEqual([]);
            const button = page.getByRole('button', { name: t.a11y.openMenu });
            expect(await button.getAttribute('aria-expanded')).toBe('false');
            await button.focus();
            await page.keyboard.press('Enter');
            const drawer = page.getByRole('dialog', { name: t.a11y.menu });
            await drawer.waitFor();
            expect(await button.getAttribute('aria-expanded')).toBe('true');
            // Tab cycles inside the drawer: close button, Main, Search, Browse missions, FAQ (and Notice for a fan),
            // then back to close.
            const stops = viewer === 'fan' ? 6 : 5;
            const visited: string[] = [await focusedName(page)];
            for (let press = 0; press < stops; press += 1) {
              await page.keyboard.press('Tab');
              visited.push(await focusedName(page));
              expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
            }
            expect(visited[0]).toBe(t.a11y.closeMenu);
            expect(visited.at(-1)).toBe(t.a11y.closeMenu);
            expect(visited).toContain(t.header.search);
            await page.keyboard.press('Escape');
            await drawer.waitFor({ state: 'detached' });
            expect(await focusedName(page)).toBe(t.a11y.openMenu);
            // A link in the drawer navigates and closes it.
            await page.keyboard.press('Enter');
            await drawer.getByRole('link', { name: t.header.search }).click();
            await page.waitForURL('**/creator-search');
            expect(await drawer.count()).toBe(0);
            expect(errors).toEqual([]);
          }
        },
      );

      test('keyboard only: sign in with e-mail and password', { timeout: 120_000 }, async () => {
        const t = resources.en.translation;
        const { page, errors } = await newPage('en', {});
        await page.goto(url('/login?view=email'));
        await settle(page);
        await tabTo(page, t.login.email);
        await page.keyboard.type('fan@fanmission.local');
        await tabTo(page, t.login.password);
        await page.keyboard.type(DEMO_PASSWORD);
        await page.keyboard.press('Enter');
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));
        await page.waitForFunction(() => window.localStorage.getItem('UserId') !== null);
        expect(errors).toEqual([]);
      });

      test('keyboard only: charge coins through the checkout', { timeout: 120_000 }, async () => {
        const t = resources.ko.translation;
        // A fan of this test's own: a charge tells its member live (a toast, his balance and history asked for again),
        // which would change the screens of the demo fan that the sweep beside this test is checking.
        const charger = await createAccount(served.testApp.app, { username: 'keyboard charger' });
        // The coins the member's deposits brought.
        const deposited = async () =>
          Number(
            (
              await served.testApp.app.db
                .selectFrom('coin_deposits as d')
                .innerJoin('coin_items as i', 'i.id', 'd.coin_item_id')
                .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('i.point'), eb.lit(0)).as('coins'))
                .where('d.user_id', '=', charger.id)
                .executeTakeFirstOrThrow()
            ).coins,
          );
        const before = await deposited();
        const { page, errors } = await newPage('ko', await sessionOf(charger), { width: 390, height: 844 });
        await page.goto(url('/coin-history'));
        await settle(page);
        await tabTo(page, t.coinHistory.charge);
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        // The amounts are one toggle-button group: one tab stop, the arrows move between them.
        await tabTo(page, /^10코인/);
        await arrowTo(page, /^100코인/);
        await page.keyboard.press('Enter');
        await tabTo(page, t.coinCharge.terms);
        await page.keyboard.press('Space');
        await tabTo(page, t.coinCharge.pay);
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/payment\/sandbox\//);
        await tabTo(page, '결제 승인', 40, false);
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/coin-history/);
        await page.getByRole('alertdialog').waitFor();
        await page.keyboard.press('Enter');
        await page.getByRole('alertdialog').waitFor({ state: 'detached' });
        expect(await deposited()).toBe(before + 100);
        expect(errors).toEqual([]);
      });

      test(
        'on a touch phone, each dialog that expects a picture or a video offers the camera',
        { timeout: 120_000 },
        async () => {
          const t = resources.ko.translation;
          const touch = { isMobile: true, hasTouch: true };
          /** The file inputs of the open dialog that open the camera (`capture`), with what they accept, if shown. */
          const cameras = (page: Page) =>
            page
              .getByRole('dialog')
              .last()
              .evaluate((dialog) =>
                [...dialog.querySelectorAll<HTMLInputElement>('input[type="file"][capture]')]
                  .filter((input) => (input.closest('label') as HTMLElement | null)?.offsetParent !== null)
                  .map((input) => `${input.accept} ${input.getAttribute('capture')}`),
              );
          const creator = await newPage('ko', sessions.dancer, PHONE, touch);
          // The creator's profile picture and a performance video (the front camera, both).
          await creator.page.goto(url('/edit-creator-profile'));
          await settle(creator.page);
          await creator.page.getByRole('button', { name: t.creatorStudio.profile.photoUpload }).click();
          await creator.page.getByRole('dialog').waitFor();
          expect(await cameras(creator.page)).toEqual(['image/* user']);
          await creator.page.goto(url('/mission-management/list/normal'));
          await settle(creator.page);
          await creator.page.getByRole('button', { name: data.waitingMissionProduct }).first().click();
          await creator.page.getByRole('dialog').waitFor();
          expect(await cameras(creator.page)).toEqual(['video/* user']);
          // A fan's picture for a lottery application.
          const fan = await newPage('ko', sessions.fan, PHONE, touch);
          await fan.page.goto(url(`/lottery-event/${data.lotteryEventId}`));
          await settle(fan.page);
          await fan.page.getByRole('button', { name: t.lotteryEvent.apply, exact: true }).click();
          await fan.page.getByRole('dialog').waitFor();
          expect(await cameras(fan.page)).toEqual(['image/* environment']);
          expect([...creator.errors, ...fan.errors]).toEqual([]);
        },
      );

      test('installable: the manifest is served with its icons, at their sizes, and the theme colour', async () => {
        const html = await (await fetch(url('/'))).text();
        expect(html).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
        const response = await fetch(url('/manifest.webmanifest'));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^application\/(manifest\+)?json/);
        const manifest = (await response.json()) as {
          name: string;
          start_url: string;
          display: string;
          theme_color: string;
          background_color: string;
          icons: { src: string; sizes: string; type: string; purpose?: string }[];
        };
        expect(manifest).toMatchObject({ name: 'Fanmission', start_url: '/', display: 'standalone' });
        expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
        expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`);
        // A home-screen icon needs 192 and 512 px, and a maskable one for Android's shapes.
        expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
        expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
        const appleIcon = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
        const icons = [...manifest.icons, { src: appleIcon ?? '(none)', sizes: '180x180', type: 'image/png' }];
        for (const icon of icons) {
          const image = await fetch(url(icon.src));
          expect(image.status, icon.src).toBe(200);
          expect(image.headers.get('content-type'), icon.src).toBe(icon.type);
          const { width, height, format } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
          expect({ src: icon.src, size: `${width}x${height}`, format }).toEqual({
            src: icon.src,
            size: icon.sizes,
            format: 'png',
          });
        }
      });

      // A creator page's picture is painted by the server (services/src/plugins/first-view.ts) before any
      // script runs, and the app's own page replaces it without moving it.
      test('a creator page: the server paints the picture first; the page keeps it in place', async () => {
        const size = { width: 390, height: 844 };
        const box = (page: Page, selector: string) =>
          page
            .locator(selector)
            .first()
            .evaluate((node) => {
              const rect = node.getBoundingClientRect();
              return [rect.x, rect.y + window.scrollY, rect.width, rect.height].map(Math.round);
            });
        const noScript = await browser.newContext({ viewport: size, javaScriptEnabled: false });
        const staticPage = await noScript.newPage();
        await staticPage.goto(url(`/creator/${data.creatorId}`));
        const painted = await box(staticPage, '#first-view main img');
        const alt = await staticPage.locator('#first-view main img').getAttribute('alt');
        await noScript.close();
        expect(alt).toBeTruthy();
        const { page, errors } = await newPage('ko', sessions.visitor, size);
        await page.goto(url(`/creator/${data.creatorId}`));
        await page.getByRole('heading', { level: 1, name: alt! }).waitFor();
        expect(await page.locator('#first-view').count()).toBe(0);
        const shown = await box(page, `main img[alt="${alt}"]`);
        for (let i = 0; i < 4; i++)
          expect(Math.abs(shown[i]! - painted[i]!), `box ${painted} → ${shown}`).toBeLessThanOrEqual(2);
        expect(errors).toEqual([]);
      });

      test('keyboard only: request a mission from the creator page', { timeout: 120_000 }, async () => {
        const t = resources.ko.translation;
        // A fan and a creator of this test's own: a request tells both live (a toast, the fan's coins asked for
        // again), which would change the screens of the demo members that the sweep beside this test is checking.
        const app = served.testApp.app;
        const requester = await createAccount(app, { username: 'keyboard requester' });
        await fund(app.db, requester.id, 1000, app.ctx.now());
        const singer = await createCreator(app, { name: '키보드 가수' });
        await registerProduct(app, singer, { type: 'BASIC', name: '생일 축하 노래' });
        const count = async () =>
          Number(
            (
              await app.db
                .selectFrom('missions')
                .select((eb) => eb.fn.countAll().as('count'))
                .where('user_id', '=', requester.id)
                .executeTakeFirstOrThrow()
            ).count,
          );
        const before = await count();
        const { page, errors } = await newPage('ko', await sessionOf(requester), { width: 390, height: 844 });
        await page.goto(url(`/creator/${singer.creatorId}`));
        await settle(page);
        await tabTo(page, /^생일 축하 노래/, 60);
        await page.keyboard.press('Enter');
        await tabTo(page, t.creatorPage.request);
        await page.keyboard.press('Enter');
        await page.getByRole('dialog').waitFor();
        await tabTo(page, t.missionRequest.to);
        await page.keyboard.type('민지');
        await tabTo(page, t.missionRequest.detail);
        await page.keyboard.type('생일 축하 노래를 불러 주세요');
        await tabTo(page, t.missionRequest.terms);
        await page.keyboard.press('Space');
        await tabTo(page, t.missionRequest.submit);
        await page.keyboard.press('Enter');
        await page.getByRole('alertdialog').getByText(t.missionRequest.done).waitFor();
        await page.keyboard.press('Enter');
        expect(await count()).toBe(before + 1);
        expect(errors).toEqual([]);
      });
    });
  });
}
