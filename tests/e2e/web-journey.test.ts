// A fan's whole journey over the real stack, mission workflows included (a Temporal test server and a worker of the
// served app's own): coins charged through the sandbox checkout in the charge modal, a BASIC mission requested from
// the creator page, the balance drop and the mission under Reserved on the my page; the creator performs it through
// the API with an uploaded picture; the fan sees it completed with the picture on its detail page and a notification
// (written by the notifications consumer, run here with drainOutbox); a CUSTOM request refused by the creator through
// the API shows its refund in the coin history. Screenshots: tests/artifacts/screenshots/web-journey-<screen>-<lang>.png.
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { registerProduct, uploadFile } from '@fanmission/tests/support/missions';
import type { MissionProduct } from '@fanmission/contracts';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { fanSession, useWebPages } from '../support/browser';

const ko = resources.ko.translation;
const en = resources.en.translation;

describe('web app: a fan’s mission journey with the workflows running', () => {
  const served = useServedApp({ temporal: true });
  const { openPage, screenshot } = useWebPages(served, 'web-journey');
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);
  let creator: TestCreator;
  let custom: MissionProduct;
  let fan: TestAccount;

  beforeAll(async () => {
    const app = served.testApp.app;
    creator = await createCreator(app, { name: `Journey ${suffix}`, url: `journey${suffix}` });
    await registerProduct(app, creator, { type: 'BASIC', name: 'Birthday song', coinPrice: 30 });
    custom = await registerProduct(app, creator, { type: 'CUSTOM', minimumCost: 50 });
    fan = await createAccount(app, { username: `traveller${suffix}` });
  });

  const api = (method: 'GET' | 'POST', path: string, account: TestAccount, payload?: object) =>
    served.testApp.app.inject({ method, url: `/api/v1${path}`, headers: account.headers, payload });

  const balanceOf = async (account: TestAccount) =>
    (await api('GET', '/coin-deposit', account)).json<{ point: number }>().point;

  const missionStatus = async (id: number) =>
    (await served.testApp.app.db.selectFrom('missions').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  test('charge, request, perform, completed with media and a notification; a refused CUSTOM refunded', async () => {
    const { page, errors } = await openPage('ko', fanSession(fan));

    // Coins through the sandbox checkout.
    await page.goto(url('/coin-history'));
    await page.getByTestId('coin-balance').getByText(`${ko.coinHistory.balance}: 0`).waitFor();
    await page.getByRole('button', { name: ko.coinHistory.charge }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^100코인/ }).click();
    await dialog.getByRole('checkbox', { name: ko.coinCharge.terms }).check();
    await dialog.getByRole('button', { name: ko.coinCharge.pay }).click();
    await page.waitForURL(/\/payment\/sandbox\//);
    await page.getByRole('button', { name: '결제 승인' }).click();
    await page.waitForURL(/\/coin-history/);
    const charged = ko.coinCharge.charged.replace('{{point}}', '100').replace('{{balance}}', '100');
    await page.getByRole('alertdialog').getByText(charged).waitFor();
    await page.getByRole('button', { name: ko.common.ok }).click();
    expect(await balanceOf(fan)).toBe(100);

    // A BASIC request from the creator page.
    await page.goto(url(`/journey${suffix}`));
    const song = page.getByRole('region', { name: 'Birthday song' });
    await song.getByRole('button', { name: /Birthday song/ }).click();
    await song.getByRole('button', { name: ko.creatorPage.request }).click();
    await dialog.getByRole('textbox', { name: ko.missionRequest.to }).fill('Minji');
    await dialog.getByRole('textbox', { name: ko.missionRequest.detail }).fill('Please sing happy birthday');
    await dialog.getByRole('checkbox', { name: ko.missionRequest.terms }).check();
    await dialog.getByRole('button', { name: ko.missionRequest.submit }).click();
    await page.getByRole('alertdialog').getByText(ko.missionRequest.done).waitFor();
    await page.getByRole('button', { name: ko.common.ok }).click();
    const reserved = await api('GET', '/users/me/missions/page?status=ACCEPTED', fan);
    const missions = reserved.json<{ content: Array<{ id: number }> }>().content;
    expect(missions).toHaveLength(1);
    const missionId = missions[0]!.id;

    // My page: 70 coins left, the mission under Reserved.
    await page.goto(url('/user-mypage'));
    await page.getByLabel(ko.myPage.coins).getByText(ko.myPage.coinUnit.replace('{{count}}', '70')).waitFor();
    await page.getByRole('tab', { name: ko.myPage.tabs.reserved }).click();
    const card = page.locator(`a[href="/mission-detail/${missionId}"]`);
    await card.getByText('Birthday song').waitFor();
    await card.getByText(ko.missionStatus.ACCEPTED).waitFor();
    // The creator's name is the card's second link, to his page.
    const cardCreator = page.locator('.fm-card', { has: card }).getByRole('link', { name: `Journey ${suffix}` });
    expect(await cardCreator.getAttribute('href')).toBe(`/creator/${creator.creatorId}`);
    await screenshot(page, 'my-page-reserved', 'ko');

    // The creator performs it through the API with an uploaded picture; the workflow completes the mission.
    const picture = await sharp({
      create: { width: 480, height: 320, channels: 3, background: { r: 236, g: 72, b: 153 } },
    })
      .png()
      .toBuffer();
    const uploaded = await uploadFile(served.testApp.app, creator, picture, 'performance.png');
    const performed = await api('POST', `/missions/${missionId}/perform`, creator, {
      responseComment: 'Happy birthday, Minji!',
      pictureId: uploaded.id,
    });
    expect(performed.statusCode, performed.body).toBe(200);
    await expect.poll(() => missionStatus(missionId), { timeout: 15_000 }).toBe('COMPLETED');

    await page.goto(url(`/mission-detail/${missionId}`));
    await page.getByRole('heading', { name: 'Birthday song' }).waitFor();
    const media = page.getByRole('img', { name: 'Happy birthday, Minji!' });
    await media.waitFor();
    // The fresh upload was answered with a signed URL (private until used); the completed public mission's media is
    // served at the same key without a signature.
    const uploadedKey = new URL(uploaded.s3Url, 'http://localhost').pathname;
    const shown = new URL((await media.getAttribute('src')) ?? '', url('/'));
    expect(shown.pathname).toBe(uploadedKey);
    expect(shown.search).toBe('');
    await expect.poll(() => media.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(480);
    await screenshot(page, 'detail-completed', 'ko');

    // The notification, once the consumers ran; a click opens the mission.
    await drainOutbox(served.testApp.app.db);
    await page.goto(url('/notifications'));
    const rows = page.getByRole('table', { name: ko.notifications.title }).locator('tbody tr');
    const completedText = `Journey ${suffix}님이 「Birthday song」 미션을 완료했습니다. 지금 확인해 보세요!`;
    await rows.filter({ hasText: completedText }).waitFor();
    await screenshot(page, 'notifications', 'ko');
    await rows.filter({ hasText: completedText }).click();
    await page.waitForURL(`**/mission-detail/${missionId}`);

    // A CUSTOM request of 60 coins, refused by the creator through the API: refunded.
    const requested = await api('POST', '/missions', fan, {
      missionProductId: custom.id,
      to: 'Minji',
      requestComment: 'Dance with my cat',
      coinPrice: 60,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const customId = requested.json<{ id: number }>().id;
    expect(await balanceOf(fan)).toBe(10);
    const refused = await api('POST', `/missions/${customId}/refuse`, creator, { feedback: 'Not my style' });
    expect(refused.statusCode, refused.body).toBe(200);
    await expect.poll(() => balanceOf(fan), { timeout: 15_000 }).toBe(70);

    await page.goto(url('/coin-history'));
    await page.getByTestId('coin-balance').getByText(`${ko.coinHistory.balance}: 70`).waitFor();
    const history = page.getByTestId('coin-history-row');
    const refund = history.filter({ hasText: '+60' });
    await refund.getByText(ko.coinHistory.eventType.REFUND).waitFor();
    // The product's type, its name and the creator, then that it was refused.
    await refund
      .getByText(`${ko.income.productType.CUSTOM} · ${custom.name} · Journey ${suffix} ${ko.coinHistory.rejected}`)
      .waitFor();
    await history.filter({ hasText: '-60' }).getByText(ko.coinHistory.eventType.USE).waitFor();
    await history.filter({ hasText: '-30' }).waitFor();
    await screenshot(page, 'coin-history-refund', 'ko');

    await drainOutbox(served.testApp.app.db);
    await page.goto(url('/notifications'));
    await rows
      .filter({ hasText: `Journey ${suffix}님이 「` })
      .filter({ hasText: '60코인이 환불되었습니다.' })
      .waitFor();
    expect(errors).toEqual([]);

    // The same screens in English.
    const english = await openPage('en', fanSession(fan));
    await english.page.goto(url(`/mission-detail/${missionId}`));
    await english.page.getByRole('img', { name: 'Happy birthday, Minji!' }).waitFor();
    await screenshot(english.page, 'detail-completed', 'en');
    await english.page.goto(url('/notifications'));
    await english.page
      .getByRole('table', { name: en.notifications.title })
      .getByText(`Journey ${suffix} completed your mission “Birthday song”. Take a look!`)
      .waitFor();
    await screenshot(english.page, 'notifications', 'en');
    await english.page.goto(url('/coin-history'));
    await english.page.getByTestId('coin-history-row').filter({ hasText: '+60' }).waitFor();
    await screenshot(english.page, 'coin-history-refund', 'en');
    expect(english.errors).toEqual([]);
  }, 180_000);
});
