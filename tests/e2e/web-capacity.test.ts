// A creator's request settings in a real Chromium at 360 px against the real API serving the built app: the creator
// pauses new requests with a return day and a message; a fan on his page sees the request button disabled with the
// reason and the creator's message; the creator resumes and the fan's button asks again.
// Screenshots: tests/artifacts/screenshots/web-capacity-<screen>-<width>-ko.png.
import { koreaDate } from '@fanmission/contracts';
import { describe, expect, test } from 'vitest';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import {
  collectPageErrors,
  creatorSession,
  DESKTOP,
  fanSession,
  screenshot,
  sessionState,
  useBrowser,
} from '../support/browser';
import { createCreator } from '../support/creators';
import { createProduct, insertMission } from '../support/missions';
import { axeViolations, PHONE } from '../support/web-a11y';

const ko = resources.ko.translation;
const texts = ko.capacity;

describe('web app: a creator pauses new requests', () => {
  const served = useServedApp();
  const browser = useBrowser();

  test(
    'the creator pauses with a message, the fan sees why he cannot ask, the creator resumes',
    { timeout: 120_000 },
    async () => {
      const app = served.testApp.app;
      const unique = Date.now().toString(36);
      const creator = await createCreator(app, { name: `쉬는 크리에이터 ${unique}`, url: `rest${unique}` });
      const product = await createProduct(app.db, creator.creatorId, 'BASIC', { coinPrice: 10 });
      const fan = await createAccount(app, { username: `waiting${unique}` });
      const returnOn = koreaDate(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
      const creatorContext = await browser.browser.newContext({
        viewport: PHONE,
        storageState: sessionState(served.baseUrl, { lang: 'ko', ...creatorSession(creator) }),
      });
      const fanContext = await browser.browser.newContext({
        viewport: PHONE,
        storageState: sessionState(served.baseUrl, { lang: 'ko', ...fanSession(fan) }),
      });
      try {
        const studio = await creatorContext.newPage();
        const studioErrors = collectPageErrors(studio);
        await studio.goto(`${served.baseUrl}/mission-management/capacity`);
        const settings = studio.getByRole('region', { name: texts.settings.title });
        await settings.waitFor();
        await settings.getByRole('switch', { name: texts.settings.pause }).click();
        await settings.getByLabel(texts.settings.returnOn).fill(returnOn);
        await settings.getByRole('textbox', { name: texts.settings.message }).fill('잠시 쉬어가요');
        await settings.getByRole('button', { name: texts.settings.save }).click();
        await studio.getByText(texts.settings.saved).waitFor();
        await studio.getByRole('button', { name: ko.common.ok }).click();
        await settings.getByText(texts.settings.pausedNow).waitFor();
        expect(await axeViolations(studio)).toEqual([]);
        // The full-page picture from the top, nothing focused: scrolled, the sticky header would sit in its middle.
        await studio.evaluate(() => {
          (document.activeElement as HTMLElement | null)?.blur();
          window.scrollTo(0, 0);
        });
        await screenshot(studio, 'web-capacity-settings-360-ko.png');
        await studio.setViewportSize(DESKTOP);
        await screenshot(studio, 'web-capacity-settings-1280-ko.png');

        const page = await fanContext.newPage();
        const pageErrors = collectPageErrors(page);
        await page.goto(`${served.baseUrl}/creator/${creator.creatorId}`);
        const blocked = page.getByRole('button', { name: texts.button.paused });
        await expect.poll(() => blocked.isVisible(), { timeout: 30_000 }).toBe(true);
        expect(await blocked.isDisabled()).toBe(true);
        const day = new Intl.DateTimeFormat('ko', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${returnOn}T00:00:00Z`),
        );
        await page.getByText(`잠시 쉬어가요 · ${texts.notice.returnsOn.replace('{{date}}', day)}`).waitFor();
        expect(await page.getByRole('button', { name: ko.creatorPage.request }).count()).toBe(0);
        const box = await blocked.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(24);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, 'web-capacity-creator-page-360-ko.png');
        await page.setViewportSize(DESKTOP);
        await screenshot(page, 'web-capacity-creator-page-1280-ko.png');

        await settings.getByRole('switch', { name: texts.settings.pause }).click();
        await settings.getByRole('button', { name: texts.settings.save }).click();
        await studio.getByText(texts.settings.saved).waitFor();
        await studio.getByRole('button', { name: ko.common.ok }).click();
        await expect.poll(() => settings.getByText(texts.settings.pausedNow).count()).toBe(0);

        await page.reload();
        const request = page.getByRole('button', { name: ko.creatorPage.request });
        await expect.poll(() => request.isVisible(), { timeout: 30_000 }).toBe(true);
        expect(await request.isDisabled()).toBe(false);
        expect(await page.getByRole('button', { name: texts.button.paused }).count()).toBe(0);

        // A product at its cap: the button says it is full, with the count.
        const capped = await app.inject({
          method: 'PUT',
          url: `/api/v1/creators/${creator.creatorId}/capacity`,
          headers: creator.headers,
          payload: { paused: false, productCaps: [{ productId: product, maxOpenRequests: 1 }] },
        });
        expect(capped.statusCode, capped.body).toBe(200);
        await insertMission(
          app,
          { id: product, type: 'BASIC', coinPrice: 10, minimumCost: null, creator: { id: creator.creatorId } },
          { user_id: fan.id, status: 'ACCEPTED' },
        );
        await page.reload();
        const full = page.getByRole('button', {
          name: texts.button.full.replace('{{open}}', '1').replace('{{max}}', '1'),
        });
        await expect.poll(() => full.isVisible(), { timeout: 30_000 }).toBe(true);
        expect(await full.isDisabled()).toBe(true);
        await screenshot(page, 'web-capacity-full-1280-ko.png');
        await page.setViewportSize(PHONE);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, 'web-capacity-full-360-ko.png');
        expect(studioErrors).toEqual([]);
        expect(pageErrors).toEqual([]);
      } finally {
        await creatorContext.close();
        await fanContext.close();
      }
    },
  );
});
