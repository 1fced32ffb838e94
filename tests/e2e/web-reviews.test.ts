// Reviews in a browser at 360 px, over the real API: a fan opens his answered mission and rates it with the keyboard
// and words, the creator replies on his own page, the rating and the reply show on the creator page, another fan
// reports the review and an operator hides it in the console. Screenshots (ko, 360 and 1280 px) land in
// tests/artifacts/screenshots/web-reviews-<screen>.png and are looked at.
import type { MissionProduct } from '@fanmission/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct, uploadFile } from '@fanmission/tests/support/missions';
import { PNG_1X1 } from '@fanmission/tests/support/files';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot, useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { sessionState } from '../support/browser';

const ko = resources.ko.translation;
const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

describe('web app: reviews', () => {
  const served = useServedApp();
  const browser = useBrowser();
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);

  let creator: TestCreator;
  let fan: TestAccount;
  let otherFan: TestAccount;
  let operator: TestAccount;
  let product: MissionProduct;
  let missionId: number;

  async function open(account: TestAccount | TestCreator | null, viewport = PHONE) {
    const session = account
      ? {
          token: `Bearer ${account.token}`,
          UserId: String(account.id),
          IsVerified: 'true',
          ...('creatorId' in account && { CreatorId: String(account.creatorId) }),
        }
      : {};
    // The session is the new context's storage from the start (no page of the app loaded to write it).
    const page = await browser.newPage({
      viewport,
      storageState: sessionState(served.baseUrl, { lang: 'ko', ...session }),
    });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    return { page, errors };
  }

  const noSidewaysScroll = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width + 1);

  beforeAll(async () => {
    const app = served.testApp.app;
    creator = await createCreator(app, { name: `Haneul${suffix}`, username: `haneul${suffix}` });
    fan = await createAccount(app, { username: `rater${suffix}` });
    otherFan = await createAccount(app, { username: `reporter${suffix}` });
    operator = await createAccount(app, {
      roles: ['ROLE_USER', 'ROLE_OPERATOR'],
      password: 'operator-pass1',
      username: `op${suffix}`,
    });
    product = await registerProduct(app, creator, { type: 'BASIC', name: 'Birthday song' });
    const picture = await uploadFile(app, creator, PNG_1X1, 'answer.png');
    missionId = (
      await insertMission(app, product, {
        user_id: fan.id,
        status: 'COMPLETED',
        picture_file_id: picture.id,
        thumbnail_file_id: picture.id,
      })
    ).id;
  });

  test(
    'a fan rates his answered mission, the creator replies, the review is reported and hidden',
    { timeout: 180_000 },
    async () => {
      const reviewWords = `정말 감동이에요 ${suffix}`;
      // The fan rates the answer on his mission page, stars by keyboard.
      {
        const { page, errors } = await open(fan);
        await page.goto(url(`/mission-detail/${missionId}`));
        await page.getByRole('heading', { name: ko.reviews.rateTitle }).waitFor({ state: 'visible' });
        await page.getByRole('radio', { name: '3점' }).focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => page.getByRole('radio', { name: '5점' }).isChecked()).toBe(true);
        const star = await page.getByRole('radio', { name: '5점' }).locator('..').boundingBox();
        expect(star!.width).toBeGreaterThanOrEqual(24);
        expect(star!.height).toBeGreaterThanOrEqual(24);
        await page.getByLabel(ko.reviews.words).fill(reviewWords);
        await screenshot(page, 'web-reviews-rate-form-360-ko.png');
        await page.getByRole('button', { name: ko.reviews.submit }).click();
        await page.getByText(reviewWords).waitFor({ state: 'visible' });
        await noSidewaysScroll(page);
        await screenshot(page, 'web-reviews-rated-360-ko.png');
        await page.setViewportSize(DESKTOP);
        await screenshot(page, 'web-reviews-rated-1280-ko.png');
        expect(errors).toEqual([]);
        await page.close();
      }

      // The creator replies on his own page.
      {
        const { page, errors } = await open(creator);
        await page.goto(url(`/creator/${creator.creatorId}`));
        await page.getByText(reviewWords).waitFor({ state: 'visible' });
        await page.getByLabel(ko.reviews.replyLabel).fill('고마워요! 생일 축하해요');
        await page.getByRole('button', { name: ko.reviews.replySubmit }).click();
        await page.getByText('고마워요! 생일 축하해요').waitFor({ state: 'visible' });
        await screenshot(page, 'web-reviews-creator-replied-360-ko.png');
        expect(errors).toEqual([]);
        await page.close();
      }

      // Anybody reads the rating and the reply on the creator page, at 1280 and 360 px.
      for (const viewport of [DESKTOP, PHONE]) {
        const { page } = await open(null, viewport);
        await page.goto(url(`/creator/${creator.creatorId}`));
        await page.getByText('평균 5.0점 · 후기 1개').waitFor({ state: 'visible' });
        await page.getByText('고마워요! 생일 축하해요').waitFor({ state: 'visible' });
        await page
          .getByRole('region', { name: ko.reviews.title })
          .getByText(`rater${suffix}`)
          .waitFor({ state: 'visible' });
        if (viewport === PHONE) await noSidewaysScroll(page);
        await screenshot(page, `web-reviews-creator-page-${viewport.width}-ko.png`);
        await page.close();
      }

      // Another fan reports it.
      {
        const { page } = await open(otherFan);
        await page.goto(url(`/creator/${creator.creatorId}`));
        await page.getByRole('button', { name: ko.reviews.report, exact: true }).click();
        await page.getByLabel(ko.reviews.report).selectOption('ABUSE');
        await page.getByRole('button', { name: ko.reviews.report, exact: true }).click();
        await page.getByRole('button', { name: ko.reviews.reported }).waitFor({ state: 'visible' });
        await page.close();
      }

      // An operator hides it in the console, with a reason.
      const reviewId = (
        await served.testApp.app.db
          .selectFrom('mission_reviews')
          .select('id')
          .where('mission_id', '=', missionId)
          .executeTakeFirstOrThrow()
      ).id;
      {
        const page = await browser.newPage({ viewport: DESKTOP });
        await page.goto(`${served.baseUrl}/admin/`);
        await page.locator('input[name="username"]').fill(operator.email);
        await page.locator('input[name="password"]').fill(operator.password);
        await page.getByRole('button', { name: '로그인' }).click();
        await page.waitForURL((address) => !address.pathname.endsWith('/login'));
        await page.goto(`${served.baseUrl}/admin/mission-reviews?filter=${encodeURIComponent('{"reported":true}')}`);
        await page.getByText(reviewWords).first().waitFor({ state: 'visible' });
        await screenshot(page, 'web-reviews-console-list-1280-ko.png');
        await page.goto(`${served.baseUrl}/admin/mission-reviews/${reviewId}/show`);
        await page.getByRole('button', { name: consoleKo.console.actions.hide }).first().click();
        await page.getByRole('textbox', { name: consoleKo.console.actions.reason }).fill('욕설 신고 확인');
        await page.getByRole('button', { name: '확인' }).click();
        await page
          .getByRole('button', { name: consoleKo.console.actions.unhide })
          .first()
          .waitFor({ state: 'visible' });
        await screenshot(page, 'web-reviews-console-hidden-1280-ko.png');
        await page.close();
      }

      // Gone from the creator page.
      {
        const { page } = await open(null, PHONE);
        await page.goto(url(`/creator/${creator.creatorId}`));
        await page.getByText(ko.reviews.noReviews).waitFor({ state: 'visible' });
        expect(await page.getByText(reviewWords).count()).toBe(0);
        await page.close();
      }
    },
  );
});
