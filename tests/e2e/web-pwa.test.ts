// The web app on a phone, as an installed app: at 360 px the service worker installs, Chromium's own installability
// check passes (what Lighthouse reads), the app shell opens offline with the offline state shown instead of the
// browser's error; a fan with two tabs, each on another API process over the same database, sees the unread count
// rise in both without a reload when the creator performs his mission, and drop in both once he opens the list.
// Screenshots: tests/artifacts/screenshots/web-pwa-<screen>-ko.png.
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '@fanmission/services/app';
import { createDb } from '@fanmission/services/db';
import { createDevMailbox } from '@fanmission/services/mail';
import { EVENT_CONSUMERS } from '@fanmission/services/runtime';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { basicRequest, fund, registerProduct, uploadFile } from '@fanmission/tests/support/missions';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { GENEROUS_RATE_LIMITS } from '../harness/app';
import { useServedApp } from '../harness/served-app';
import { fanSession, screenshot, sessionState, useBrowser } from '../support/browser';

const ko = resources.ko.translation;
const PHONE = { width: 360, height: 740 };

describe('web app: installable, offline, live notifications', () => {
  const served = useServedApp({ temporal: true });
  const browser = useBrowser();
  const suffix = Date.now().toString(36);
  let creator: TestCreator;
  let fan: TestAccount;
  let productId: number;
  /** A second API process over the same database, as behind a load balancer. */
  let second: FastifyInstance;
  let secondUrl: string;

  beforeAll(async () => {
    const app = served.testApp.app;
    creator = await createCreator(app, { name: `Pwa ${suffix}`, url: `pwa${suffix}` });
    productId = (await registerProduct(app, creator, { type: 'BASIC', name: 'Good morning', coinPrice: 10 })).id;
    fan = await createAccount(app, { username: `phone${suffix}` });
    const { config, database } = served.testApp;
    second = await buildApp({
      logger: false,
      rateLimits: GENEROUS_RATE_LIMITS,
      eventConsumers: EVENT_CONSUMERS,
      mailer: createDevMailbox({ from: config.MAIL_FROM }),
      config,
      db: createDb(database.url, { max: 4 }),
    });
    secondUrl = (await second.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  });

  afterAll(async () => {
    await second?.close();
    await second?.db.destroy();
  });

  const api = (method: 'GET' | 'POST', path: string, account: TestAccount, payload?: object) =>
    served.testApp.app.inject({ method, url: `/api/v1${path}`, headers: account.headers, payload });

  test('the service worker installs, the app is installable, and its shell opens offline', async () => {
    const page = await browser.newPage({
      viewport: PHONE,
      serviceWorkers: 'allow',
      storageState: sessionState(served.baseUrl, { lang: 'ko' }),
    });
    await page.goto(`${served.baseUrl}/creator-search`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${served.baseUrl}/`);
    // The worker controls the pages loaded after it activated.
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Chromium's installability check (manifest, icons, a service worker with a fetch handler, served securely
    // from the loopback): no error of the app's.
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A Playwright context is an incognito profile, where Chromium never installs: that one is the harness's.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', scope: '/' });

    // Offline: a page never opened before still shows the app, its header and what went wrong, with a retry.
    await page.context().setOffline(true);
    await page.goto(`${served.baseUrl}/faq`);
    await page.getByRole('heading', { name: ko.network.pageFailed }).waitFor();
    await page.getByRole('link', { name: 'Fanmission', exact: true }).waitFor();
    await page.getByRole('button', { name: ko.network.retry }).first().waitFor();
    await screenshot(page, 'web-pwa-offline-page-ko.png');
    // A page opened before (its code cached as it loaded): the page, and the connection's state over it.
    await page.goto(`${served.baseUrl}/creator-search`);
    await page
      .getByRole('status')
      .getByText(new RegExp(`${ko.network.offline}|${ko.network.unstable}`))
      .waitFor();
    await page.getByRole('button', { name: ko.network.retry }).first().waitFor();
    await screenshot(page, 'web-pwa-offline-ko.png');
    await page.context().setOffline(false);
  });

  test('two tabs on two API processes: the unread count rises in both when the mission is performed', async () => {
    const context = await browser.browser.newContext({
      viewport: PHONE,
      serviceWorkers: 'block',
      storageState: {
        cookies: sessionState(served.baseUrl, fanSession(fan)).cookies,
        origins: [served.baseUrl, secondUrl].flatMap(
          (base) => sessionState(base, { lang: 'ko', ...fanSession(fan) }).origins,
        ),
      },
    });
    try {
      await fund(served.testApp.app.db, fan.id, 100);

      const first = await context.newPage();
      const other = await context.newPage();
      await first.goto(`${served.baseUrl}/user-mypage`);
      await other.goto(`${secondUrl}/browse-missions`);
      const menuOf = (page: Page) => page.getByRole('button', { name: new RegExp(`^${ko.a11y.openMenu}`) });
      for (const page of [first, other]) await menuOf(page).waitFor();
      await expect.poll(() => badgeText(first)).toBe(null);

      const requested = await api('POST', '/missions', fan, basicRequest(productId));
      expect(requested.statusCode, requested.body).toBe(200);
      const missionId = requested.json<{ id: number }>().id;
      const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#d6245a' } })
        .png()
        .toBuffer();
      const uploaded = await uploadFile(served.testApp.app, creator, picture, 'morning.png');
      const performed = await served.testApp.app.inject({
        method: 'POST',
        url: `/api/v1/missions/${missionId}/perform`,
        headers: creator.headers,
        payload: { responseComment: 'Good morning!', pictureId: uploaded.id },
      });
      expect(performed.statusCode, performed.body).toBe(200);
      await expect
        .poll(
          async () =>
            (
              await served.testApp.app.db
                .selectFrom('missions')
                .select('status')
                .where('id', '=', missionId)
                .executeTakeFirstOrThrow()
            ).status,
        )
        .toBe('COMPLETED');
      await drainOutbox(served.testApp.app.db);

      // Both tabs, without a reload: the menu button's badge and its words.
      for (const page of [first, other]) {
        await expect.poll(() => badgeText(page), { timeout: 15_000 }).toBe('1');
        // The button is named by its content: the words around the count and the count its badge shows.
        await expect(menuOf(page).textContent()).resolves.toContain(ko.header.unreadCount.replace('{{count}}', '1'));
      }
      await screenshot(first, 'web-pwa-unread-ko.png');
      // On a wide screen the count sits on the Notice icon itself.
      await first.setViewportSize({ width: 1280, height: 800 });
      await expect
        .poll(() => first.locator('a[href="/notifications"] [data-testid="unread-badge"]').first().textContent())
        .toBe('1');
      await screenshot(first, 'web-pwa-unread-ko-1280.png');
      await first.setViewportSize(PHONE);

      // Opening the list in one tab marks it seen: the other tab's count drops too.
      await first.goto(`${served.baseUrl}/notifications`);
      // A notification's row (not the loading row the list shows while it is read).
      const rows = first.getByRole('table', { name: ko.notifications.title }).locator('tbody tr[data-read]');
      await rows.first().waitFor();
      expect(await rows.first().getAttribute('data-read')).toBe('false');
      await expect.poll(() => badgeText(other), { timeout: 15_000 }).toBe(null);
      await screenshot(first, 'web-pwa-notifications-ko.png');
    } finally {
      await context.close();
    }
  });
});

/**
 * The header's unread badge (on the menu button at 360 px), or null when there is none: read in one step in the page
 * (a count, then a read, would wait for a badge that went between the two).
 */
function badgeText(page: Page): Promise<string | null> {
  return page
    .locator('.header-menu-button [data-testid="unread-badge"]')
    .evaluateAll((badges) => (badges.length === 0 ? null : (badges[0]!.textContent ?? '')));
}
