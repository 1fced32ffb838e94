// A fan's path through a purchase, in ko, over the real stack with the mission workflows running: a visitor on a
// creator's page presses "request", logs in by e-mail and comes back to the creator; his CUSTOM request lacks coins,
// he charges through the sandbox checkout and comes back to the request with its text; the request waits on his my
// page, told apart by its amount, first line and decision deadline; the creator refuses it with a reason, which the
// fan reads on the mission page and in his notification; a second request he cancels himself, coins back at once. Then a
// bank-deposit request names where, how much and by when to pay, on its confirmation and in the pending tab.
// Screenshots at 1280 and 360 px: tests/artifacts/screenshots/web-fan-journey-<screen>-ko.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { kstDate } from '@fanmission/contracts';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { fanSession, useWebPages } from '../support/browser';
import { axeViolations, measureLayout } from '../support/web-a11y';

const ko = resources.ko.translation;
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

describe('web app: a fan’s path through a purchase (ko)', () => {
  const served = useServedApp({ temporal: true });
  const { openPage, screenshot } = useWebPages(served, 'web-fan-journey');
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);
  let creator: TestCreator;
  let fan: TestAccount;
  let customProductId: number;

  beforeAll(async () => {
    const app = served.testApp.app;
    creator = await createCreator(app, { name: `Haneul ${suffix}`, url: `haneul${suffix}` });
    await registerProduct(app, creator, { type: 'BASIC', name: 'Birthday song', coinPrice: 30 });
    customProductId = (
      await registerProduct(app, creator, { type: 'CUSTOM', name: 'Anything you like', minimumCost: 50 })
    ).id;
    fan = await createAccount(app, { username: `pathfinder${suffix}` });
  });

  const api = (method: 'GET' | 'POST', path: string, account: TestAccount, payload?: object) =>
    served.testApp.app.inject({ method, url: `/api/v1${path}`, headers: account.headers, payload });
  const balanceOf = async (account: TestAccount) =>
    (await api('GET', '/coin-deposit', account)).json<{ point: number }>().point;

  /**
   * The same screen at 1280 and at 360 px, back at 1280 afterwards: no serious axe-core violation at either width
   * (but for the rules `knownAxe` names, defects of their own), nothing wider than the phone's screen.
   */
  async function bothWidths(page: Page, name: string) {
    const serious = () => axeViolations(page);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, `${name}-1280`, 'ko');
    expect(await serious(), name).toEqual([]);
    await page.setViewportSize(PHONE);
    await screenshot(page, `${name}-360`, 'ko');
    expect(await serious(), name).toEqual([]);
    expect((await page.evaluate(measureLayout)).overflow, name).toEqual([]);
    await page.setViewportSize(DESKTOP);
  }

  test('visitor → login back to the creator → too few coins → charge → the request resumes → waiting → refused with its reason', async () => {
    const { page, errors } = await openPage('ko');

    // A visitor on the creator's page presses "request" on the CUSTOM card: log in first.
    await page.goto(url(`/haneul${suffix}`));
    await page.getByRole('tab', { name: ko.creatorPage.tabs.CUSTOM }).click();
    const card = page.getByRole('region', { name: 'Anything you like' });
    await card.getByRole('button', { name: ko.creatorPage.request }).click();
    await page.waitForURL((current) => current.pathname === '/login');
    await page.getByRole('link', { name: ko.snsLogin.emailLogin }).click();
    await page.getByRole('textbox', { name: ko.login.email }).fill(fan.email);
    await page.getByLabel(ko.login.password).fill(fan.password);
    await page.getByRole('button', { name: ko.login.submit, exact: true }).click();
    // Back on the creator's page, not on my page.
    await page.waitForURL((current) => current.pathname === `/haneul${suffix}`);
    await page.getByRole('heading', { name: `Haneul ${suffix}` }).waitFor();

    // The request, with no coins: the alert, then the charge modal.
    await page.getByRole('tab', { name: ko.creatorPage.tabs.CUSTOM }).click();
    await card.getByRole('button', { name: ko.creatorPage.request }).click();
    const request = page.getByRole('dialog', {
      name: ko.missionRequest.title.replace('{{name}}', 'Anything you like'),
    });
    await request.getByRole('textbox', { name: ko.missionRequest.to }).fill('민지');
    await request.getByRole('textbox', { name: ko.missionRequest.detail }).fill('고양이랑 같이 춤춰 주세요');
    await request.getByRole('textbox', { name: ko.missionRequest.amount }).fill('60');
    await request.getByRole('checkbox', { name: ko.missionRequest.terms }).check();
    await request.getByRole('button', { name: ko.missionRequest.submit }).click();
    await page.getByRole('alertdialog').getByText(ko.missionRequest.notEnoughCoins).waitFor();
    await page.getByRole('button', { name: ko.common.ok }).click();

    // The charge through the sandbox checkout.
    const charge = page.getByRole('dialog', { name: ko.coinCharge.title });
    await charge.getByRole('button', { name: /^100코인/ }).click();
    await charge.getByRole('radio', { name: ko.coinCharge.card }).check();
    await charge.getByRole('checkbox', { name: ko.coinCharge.terms }).check();
    await charge.getByRole('button', { name: ko.coinCharge.pay }).click();
    await page.waitForURL(/\/payment\/sandbox\//);
    await page.getByRole('button', { name: '결제 승인' }).click();
    await page.waitForURL(/\/coin-history/);
    const charged = ko.coinCharge.charged.replace('{{point}}', '100').replace('{{balance}}', '100');
    await page.getByRole('alertdialog').getByText(charged).waitFor();
    await page.getByRole('button', { name: ko.common.ok }).click();

    // Back on the creator's page with the request as it was typed.
    await page.waitForURL((current) => current.pathname === `/haneul${suffix}`);
    await request.waitFor();
    expect(await request.getByRole('textbox', { name: ko.missionRequest.detail }).inputValue()).toBe(
      '고양이랑 같이 춤춰 주세요',
    );
    expect(await request.getByRole('textbox', { name: ko.missionRequest.to }).inputValue()).toBe('민지');
    expect(await request.getByRole('textbox', { name: ko.missionRequest.amount }).inputValue()).toBe('60');
    await request.getByText(ko.missionRequest.held.replace('{{count}}', '100')).waitFor();
    await bothWidths(page, 'request-resumed');
    await request.getByRole('button', { name: ko.missionRequest.submit }).click();
    await page.getByRole('alertdialog').getByText(ko.missionRequest.done).waitFor();
    // The confirmation: the mission's link, its deadline and the coins left.
    await bothWidths(page, 'request-confirmation');
    await page.getByRole('button', { name: ko.common.ok }).click();
    expect(await balanceOf(fan)).toBe(40);
    const waiting = (await api('GET', '/users/me/missions/page?status=REQUESTED', fan)).json<{
      content: Array<{ id: number }>;
    }>().content;
    expect(waiting).toHaveLength(1);
    const missionId = waiting[0]!.id;

    // My page: the CUSTOM request waits for the creator's decision, beside a lottery application waiting for its draw.
    const now = Date.now();
    const lottery = await registerProduct(served.testApp.app, creator, {
      type: 'EVENT',
      title: 'Signed polaroids',
      description: 'Three signed polaroids',
      drawNumber: 1,
      applyStart: kstDate(new Date(now)),
      applyEnd: kstDate(new Date(now + 86_400_000)),
      eventEnd: kstDate(new Date(now + 30 * 86_400_000)),
    });
    const application = await insertMission(served.testApp.app, lottery, { user_id: fan.id, status: 'REQUESTED' });
    await page.goto(url('/user-mypage'));
    await page.getByRole('tab', { name: ko.myPage.tabs.pending }).click();
    // The request's card tells it apart: amount, date, its first line and until when the creator may answer.
    const waitingCard = page.getByRole('region', { name: 'Anything you like' });
    await waitingCard.locator(`a[href="/mission-detail/${missionId}"]`).waitFor();
    await waitingCard.getByText(new RegExp(`^${ko.missionStatus.REQUESTED} · \\d{4}\\.\\d{2}\\.\\d{2}$`)).waitFor();
    await waitingCard.getByText(ko.myPage.coinUnit.replace('{{count}}', '60')).waitFor();
    await waitingCard.getByText('“고양이랑 같이 춤춰 주세요”').waitFor();
    await waitingCard.getByText(/까지 수락 대기 \(D-30\)$/).waitFor();
    const applicationCard = page.locator(`a[href="/mission-detail/${application.id}"]`);
    await applicationCard.getByText(ko.applicationStatus.REQUESTED).waitFor();
    await bothWidths(page, 'my-page-waiting');

    // The creator refuses it with a reason; the fan reads it on the mission page and in his notification.
    const reason = '죄송해요, 이번 주는 일정이 꽉 찼어요.';
    const refused = await api('POST', `/missions/${missionId}/refuse`, creator, { feedback: reason });
    expect(refused.statusCode, refused.body).toBe(200);
    await expect.poll(() => balanceOf(fan), { timeout: 15_000 }).toBe(100);
    await page.goto(url(`/mission-detail/${missionId}`));
    await page.getByRole('region', { name: ko.missionDetail.refusalReason }).getByText(reason).waitFor();
    // Nothing to like or comment on a refused mission, and no comment event to join.
    expect(await page.getByRole('button', { name: ko.missionDetail.like, exact: true }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: ko.comments.placeholder }).count()).toBe(0);
    // The creator has no profile picture: the mission page's avatar link shows her initials.
    await bothWidths(page, 'mission-refused');
    await drainOutbox(served.testApp.app.db);
    await page.goto(url('/notifications'));
    const rows = page.getByRole('table', { name: ko.notifications.title }).locator('tbody tr');
    await rows.filter({ hasText: `「${reason}」` }).waitFor();
    await bothWidths(page, 'notification-refused');

    // A second request, then second thoughts: the fan cancels it before the creator answers and has his coins back.
    const second = await api('POST', '/missions', fan, {
      missionProductId: customProductId,
      to: '민지',
      requestComment: '생일 축하 노래 불러 주세요\n가능하면 기타로요',
      coinPrice: 50,
      private: false,
      toFriend: false,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await balanceOf(fan)).toBe(50);
    await page.goto(url('/user-mypage'));
    await page.getByRole('tab', { name: ko.myPage.tabs.pending }).click();
    const secondCard = page.getByRole('region', { name: 'Anything you like' });
    await secondCard.getByText('“생일 축하 노래 불러 주세요”').waitFor();
    expect(await secondCard.getByText('가능하면 기타로요').count()).toBe(0);
    await bothWidths(page, 'my-page-request-card');
    await secondCard.getByRole('button', { name: ko.myPage.pendingRequest.cancel }).click();
    const confirmCancel = page.getByRole('dialog', { name: ko.myPage.pendingRequest.confirmTitle });
    await confirmCancel.getByText(/50코인이 바로 보유 코인으로 돌아옵니다/).waitFor();
    await bothWidths(page, 'cancel-request-confirm');
    await confirmCancel.getByRole('button', { name: ko.myPage.pendingRequest.confirm }).click();
    await page
      .getByRole('alertdialog')
      .getByText(ko.myPage.pendingRequest.cancelled.replace('{{count}}', '50'))
      .waitFor();
    expect(await balanceOf(fan)).toBe(100);
    await page.getByRole('button', { name: ko.common.ok }).click();
    await secondCard.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  test('a bank deposit names the account, the amount and the deadline, then waits in the pending tab', async () => {
    const depositor = await createAccount(served.testApp.app, { username: `depositor${suffix}` });
    const { page, errors } = await openPage('ko', fanSession(depositor));
    await page.goto(url('/coin-history'));
    await page.getByRole('button', { name: ko.coinHistory.charge }).click();
    const charge = page.getByRole('dialog', { name: ko.coinCharge.title });
    await charge.getByRole('button', { name: /^300코인/ }).click();
    await charge.getByRole('radio', { name: ko.coinCharge.withoutbankbook }).check();
    await charge.getByRole('textbox', { name: ko.coinCharge.depositorName }).fill('홍길동');
    await charge.getByRole('textbox', { name: ko.coinCharge.depositorPhone }).fill('01012345678');
    await charge.getByRole('checkbox', { name: ko.coinCharge.terms }).check();
    await charge.getByRole('button', { name: ko.coinCharge.apply }).click();

    const done = page.getByRole('dialog', { name: ko.bankDeposit.requestedTitle });
    for (const text of ['KB국민은행', '000000-00-000000', '(주)팬미션', '30,000원'])
      await done.getByText(text).waitFor();
    await done.getByText(/\(한국 시간\)까지$/).waitFor();
    await bothWidths(page, 'bank-requested');
    await done.getByRole('button', { name: ko.common.ok }).click();

    // The pending tab (opened by closing the confirmation) says the same.
    const toPay = page.getByRole('region', { name: ko.bankDeposit.pendingTitle });
    await toPay.getByText('000000-00-000000').waitFor();
    await toPay.getByText('30,000원').waitFor();
    await bothWidths(page, 'bank-pending');
    expect(errors).toEqual([]);
  });
});
