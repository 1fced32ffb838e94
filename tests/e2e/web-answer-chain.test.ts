// One chained journey at 360 px over the real API serving the built app: a fan requests a mission from the creator
// page, the creator performs it through the perform modal, the fan sees the answer arrive, shares it by the copied
// link (a phone without a share sheet) and opens the copied link's page, rates it with words; the creator replies;
// the rating and the reply show on the creator page, the product card and the creator's search card show the new
// average and count; another member reports the review, an operator hides it in the console, and the creator page
// and the card no longer show it. Screenshots (ko, 360 and 1280 px) land in tests/artifacts/screenshots/web-answer-chain-<screen>-ko.png.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { fund, registerProduct } from '@fanmission/tests/support/missions';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { creatorSession, DESKTOP, fanSession, useWebPages } from '../support/browser';

const ko = resources.ko.translation;
const PHONE = { width: 360, height: 780 };

/** A phone without a share sheet, whose clipboard records what it was given. */
const NO_SHARE_SHEET = `
  window.__copied = [];
  Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text) => { window.__copied.push(text); } },
  });
`;

describe('web app: a requested mission from answer to a hidden review', () => {
  // Performing a mission runs its workflow: the served app with its own Temporal test server and mission worker, as
  // the other journeys that perform (web-creator-journey, web-fan-journey); members are this file's own.
  const served = useServedApp({ temporal: true });
  const { openPage, screenshot } = useWebPages(served, 'web-answer-chain');
  const url = (address: string) => `${served.baseUrl}${address}`;
  const suffix = Date.now().toString(36);
  const productName = `Answer song ${suffix}`;
  let creator: TestCreator;
  let fan: TestAccount;
  let reporter: TestAccount;
  let operator: TestAccount;
  let video: string;

  beforeAll(async () => {
    const app = served.testApp.app;
    creator = await createCreator(app, { name: `Chain ${suffix}`, url: `chain${suffix}`, username: `chain${suffix}` });
    await registerProduct(app, creator, { type: 'BASIC', name: productName, coinPrice: 100 });
    fan = await createAccount(app, { username: `chainfan${suffix}` });
    await fund(app.db, fan.id, 500, app.ctx.now());
    reporter = await createAccount(app, { username: `chainreporter${suffix}` });
    operator = await createAccount(app, {
      roles: ['ROLE_USER', 'ROLE_OPERATOR'],
      password: 'operator-pass1',
      username: `chainop${suffix}`,
    });
    video = path.join(mkdtempSync(path.join(tmpdir(), 'answer-chain-')), 'answer.mp4');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=360x640:rate=10',
      '-t',
      '2',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-y',
      video,
    ]);
  });

  async function confirmAlert(page: Page, text: string) {
    const alert = page.getByRole('alertdialog');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.innerText()).toContain(text);
    await page.getByRole('alertdialog').getByRole('button', { name: ko.common.ok }).click();
  }

  const noSidewaysScroll = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  const cardRating = (average: string, count: number) =>
    ko.reviews.cardRating_other.replace('{{average}}', average).replace('{{count}}', String(count));

  test('request, answer, share, rate, reply, report and hide', { timeout: 300_000 }, async () => {
    const reviewWords = `노래가 정말 좋아요 ${suffix}`;
    const replyWords = `들어줘서 고마워요 ${suffix}`;

    // The fan requests the product from the creator page (its card has no rating yet).
    const fanView = await openPage('ko', fanSession(fan), PHONE);
    await fanView.page.goto(url(`/chain${suffix}`));
    const card = fanView.page.getByRole('region', { name: productName });
    await card.waitFor();
    expect(await card.getByRole('img', { name: /평점/ }).count()).toBe(0);
    await card.getByRole('button', { name: new RegExp(productName) }).click();
    await card.getByRole('button', { name: ko.creatorPage.request }).click();
    const request = fanView.page.getByRole('dialog');
    await request.getByRole('textbox', { name: ko.missionRequest.to }).fill('Minji');
    await request.getByRole('textbox', { name: ko.missionRequest.detail }).fill('Sing for my sister');
    await request.getByRole('checkbox', { name: ko.missionRequest.terms }).check();
    await request.getByRole('button', { name: ko.missionRequest.submit }).click();
    await confirmAlert(fanView.page, ko.missionRequest.done);
    const mission = await served.testApp.app.db
      .selectFrom('missions')
      .select('id')
      .where('user_id', '=', fan.id)
      .executeTakeFirstOrThrow();

    // The creator performs it through the perform modal.
    const s = ko.creatorStudio;
    const studio = await openPage('ko', creatorSession(creator), PHONE);
    await studio.page.goto(url('/mission-management/normal'));
    const row = studio.page.getByRole('row').filter({ hasText: `chainfan${suffix}` });
    await row.waitFor();
    await row.click();
    const perform = studio.page.getByRole('dialog', { name: s.missions.perform.title });
    await perform.getByLabel(s.missions.perform.choose).setInputFiles(video);
    await perform.getByRole('status').getByText(s.missions.perform.uploadDone).waitFor();
    await perform.getByLabel(s.missions.perform.comment).fill('Happy birthday Minji');
    await perform.getByRole('button', { name: s.missions.perform.send }).click();
    await confirmAlert(studio.page, s.missions.perform.done);

    // The fan sees the answer arrive on his mission page once it is delivered (transcoded).
    const status = async () =>
      (
        await served.testApp.app.db
          .selectFrom('missions')
          .select('status')
          .where('id', '=', mission.id)
          .executeTakeFirstOrThrow()
      ).status;
    await expect.poll(status, { timeout: 30_000 }).toBe('COMPLETED');
    await fanView.page.addInitScript(NO_SHARE_SHEET);
    await fanView.page.goto(url(`/mission-detail/${mission.id}`));
    await fanView.page.locator('video').first().waitFor();
    await screenshot(fanView.page, 'answer-360', 'ko');

    // He shares it: without a share sheet the link is copied, and the copied link's page shows the mission.
    await fanView.page.getByRole('button', { name: ko.sharing.share }).click();
    await fanView.page.getByText(ko.sharing.copied).waitFor();
    const copied = await fanView.page.evaluate(() => (window as unknown as { __copied: string[] }).__copied);
    expect(copied).toEqual([url(`/share/m/${mission.id}`)]);
    const visitor = await openPage('ko', {}, PHONE);
    await visitor.page.setExtraHTTPHeaders({ 'accept-language': 'ko' });
    expect((await visitor.page.goto(copied[0]!))!.status()).toBe(200);
    await visitor.page.getByRole('heading', { name: productName, exact: false }).waitFor();
    await screenshot(visitor.page, 'shared-page-360', 'ko');
    await visitor.page.close();

    // He rates it with words.
    await fanView.page.getByRole('heading', { name: ko.reviews.rateTitle }).waitFor();
    await fanView.page.getByRole('radio', { name: '3점' }).focus();
    await fanView.page.keyboard.press('ArrowRight');
    await expect.poll(() => fanView.page.getByRole('radio', { name: '4점' }).isChecked()).toBe(true);
    await fanView.page.getByLabel(ko.reviews.words).fill(reviewWords);
    await fanView.page.getByRole('button', { name: ko.reviews.submit }).click();
    await fanView.page.getByText(reviewWords).waitFor();
    await noSidewaysScroll(fanView.page);
    expect(fanView.errors).toEqual([]);
    await fanView.page.close();

    // The creator replies on his own page.
    await studio.page.goto(url(`/creator/${creator.creatorId}`));
    await studio.page.getByText(reviewWords).waitFor();
    await studio.page.getByLabel(ko.reviews.replyLabel).fill(replyWords);
    await studio.page.getByRole('button', { name: ko.reviews.replySubmit }).click();
    await studio.page.getByText(replyWords).waitFor();
    expect(studio.errors).toEqual([]);
    await studio.page.close();

    // Anybody sees the rating and the reply on the creator page, and the product card's new average and count.
    for (const [viewport, width] of [
      [PHONE, 360],
      [DESKTOP, 1280],
    ] as const) {
      const { page, errors } = await openPage('ko', {}, viewport);
      await page.goto(url(`/chain${suffix}`));
      await page.getByText('평균 4.0점 · 후기 1개').waitFor();
      await page.getByText(replyWords).waitFor();
      const rated = page.getByRole('region', { name: productName }).getByRole('img', { name: cardRating('4.0', 1) });
      await rated.waitFor();
      expect(await rated.textContent()).toBe('★ 4.0 (1)');
      if (width === 360) await noSidewaysScroll(page);
      await screenshot(page, `creator-page-${width}`, 'ko');
      await rated.scrollIntoViewIfNeeded();
      await screenshot(page, `product-card-${width}`, 'ko');
      // The creator's card in the search shows the same average and count.
      await page.goto(url('/creator-search'));
      await page.getByRole('textbox').first().fill(`Chain ${suffix}`);
      await page.keyboard.press('Enter');
      await page
        .getByRole('link', { name: new RegExp(`Chain ${suffix}`) })
        .getByRole('img', { name: cardRating('4.0', 1) })
        .waitFor();
      await screenshot(page, `creator-card-${width}`, 'ko');
      expect(errors).toEqual([]);
      await page.close();
    }

    // Another member reports the review.
    {
      const { page } = await openPage('ko', fanSession(reporter), PHONE);
      await page.goto(url(`/chain${suffix}`));
      await page.getByText(reviewWords).waitFor();
      await page.getByRole('button', { name: ko.reviews.report, exact: true }).click();
      await page.getByLabel(ko.reviews.report).selectOption('ABUSE');
      await page.getByRole('button', { name: ko.reviews.report, exact: true }).click();
      await page.getByRole('button', { name: ko.reviews.reported }).waitFor();
      await page.close();
    }

    // An operator hides it in the console, with a reason.
    const review = await served.testApp.app.db
      .selectFrom('mission_reviews')
      .select('id')
      .where('mission_id', '=', mission.id)
      .executeTakeFirstOrThrow();
    {
      const { page } = await openPage('ko', {}, DESKTOP);
      await page.goto(url('/admin/'));
      await page.locator('input[name="username"]').fill(operator.email);
      await page.locator('input[name="password"]').fill(operator.password);
      await page.getByRole('button', { name: '로그인' }).click();
      await page.waitForURL((address) => !address.pathname.endsWith('/login'));
      await page.goto(url(`/admin/mission-reviews/${review.id}/show`));
      await page.getByRole('button', { name: consoleKo.console.actions.hide }).first().click();
      await page.getByRole('textbox', { name: consoleKo.console.actions.reason }).fill('욕설 신고 확인');
      await page.getByRole('button', { name: '확인' }).click();
      await page.getByRole('button', { name: consoleKo.console.actions.unhide }).first().waitFor();
      await page.close();
    }

    // The creator page no longer shows it, nor does the product card count it.
    {
      const { page, errors } = await openPage('ko', {}, PHONE);
      await page.goto(url(`/chain${suffix}`));
      await page.getByText(ko.reviews.noReviews).waitFor();
      expect(await page.getByText(reviewWords).count()).toBe(0);
      await page.getByRole('region', { name: productName }).waitFor();
      expect(await page.getByRole('region', { name: productName }).getByRole('img', { name: /평점/ }).count()).toBe(0);
      await screenshot(page, 'creator-page-hidden-360', 'ko');
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
