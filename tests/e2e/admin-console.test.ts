// Browser journeys through the operator and finance console against the real API and PostgreSQL.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DAY_MS, kstDate, kstDayStart, type MissionView, type Page as ApiPage } from '@fanmission/contracts';
import { holdForMission } from '@fanmission/ledger';
import { paymentProvidersFor, sweepProviderRefunds } from '@fanmission/services/payments';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleEn } from '../../admin-ui/src/i18n/console-en';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { ko as webKo } from '../../web/src/shared/i18n/locales/ko';
import { createAccount, type TestAccount } from '../harness/accounts';
import { savedDownload, screenshot, useBrowser } from '../harness/browser';
import { fanSession, storeSession, untilStill } from '@fanmission/tests/support/browser';
import { useServedApp } from '../harness/served-app';
import { openConsoleAs } from '@fanmission/tests/support/console';
import { createCreator } from '@fanmission/tests/support/creators';
import { chargeCoins } from '@fanmission/tests/support/coins';
import { createIncomeCreator, releasedMission } from '@fanmission/tests/support/income';
import { createFile, insertMission, registerProduct } from '@fanmission/tests/support/missions';

const ko = consoleKo;

/** The confirmation's line for an action that waits above the server's approval limit, naming the limit. */
const aboveLimit = (limit: string) => ko.console.confirm.approvalAboveLimitOf.replace('%{limit}', limit);
const won = (amount: number) => new Intl.NumberFormat('ko', { style: 'currency', currency: 'KRW' }).format(amount);
/** What a bank deposit's confirmation says the statement must show (김팬's 1,000 won, after the request's time). */
const DEPOSIT_STATEMENT_LINE = /^통장 거래내역에 .+ 이후 “김팬” 이름으로 1,000원이 입금된 것을/;

function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

const seriousA11yViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => violation.id);

describe('operator and finance console', () => {
  // The console lists the whole platform (its dashboard, queues and lists): an app no other file wrote to.
  const served = useServedApp({ own: true });
  const browser = useBrowser();
  let fan: TestAccount;
  let operator: TestAccount;
  let finance: TestAccount;
  /** The second finance member who approves finance's requests. */
  let checker: TestAccount;
  let missionId: number;
  let tenCoins: number;

  beforeAll(async () => {
    const app = served.testApp.app;
    fan = await createAccount(app, { password: 'fan-password1' });
    operator = await createAccount(app, { roles: ['ROLE_OPERATOR'], password: 'operator-pass1', username: 'op' });
    finance = await createAccount(app, { roles: ['ROLE_FINANCE'], password: 'finance-pass1', username: 'fin' });
    checker = await createAccount(app, { roles: ['ROLE_FINANCE'], password: 'checker-pass1', username: 'fin2' });
    const creator = await createCreator(app, { username: 'console-e2e-creator' });
    const product = await registerProduct(app, creator, { type: 'BASIC', name: 'Song to block' });
    const now = Date.now();
    for (let day = 6; day >= 0; day -= 1) {
      await insertMission(app, product, {
        user_id: fan.id,
        status: day % 3 === 0 ? 'REJECTED' : 'COMPLETED',
        created_at: new Date(now - day * 86_400_000),
        requested_at: new Date(now - day * 86_400_000),
      });
    }
    missionId = (await insertMission(app, product, { user_id: fan.id, status: 'COMPLETED' })).id;
    tenCoins = (
      await app.db
        .selectFrom('coin_items')
        .select('id')
        .where('item_type', '=', 'CASH')
        .where('point', '=', 10)
        .executeTakeFirstOrThrow()
    ).id;
  });

  async function logIn(page: Page, account: TestAccount) {
    await page.goto(`${served.baseUrl}/admin/`);
    await page.locator('input[name="username"]').fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: '로그인' }).click();
  }

  /** The console as `account` by its stored session: the login form is the subject of the first two tests only. */
  const openConsole = (page: Page, account: TestAccount) => openConsoleAs(page, served.baseUrl, account);

  /** The member asks to charge ten coins by bank deposit, as the web app does. */
  async function askBankDeposit(
    member: TestAccount,
    depositorName: string,
    depositorPhone: string,
    cashReceiptNumber = '',
  ) {
    const request = await fetch(`${served.baseUrl}/api/v1/payment/bank-transfer`, {
      method: 'POST',
      headers: { ...member.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        coinItemId: tenCoins,
        userId: member.id,
        depositorName,
        depositorPhone,
        cashReceiptNumber,
        receiptType: 'PHONE',
      }),
    });
    expect(request.status).toBe(200);
  }

  /** A second finance member approves the maker's pending request of this kind (services/src/approvals). */
  async function approvePendingOf(maker: TestAccount, kind: string) {
    const app = served.testApp.app;
    const request = await app.db
      .selectFrom('staff_approval_requests')
      .select('id')
      .where('maker_id', '=', maker.id)
      .where('kind', '=', kind as never)
      .where('status', '=', 'PENDING')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const decided = await app.inject({
      method: 'POST',
      url: `/api/admin/approvals/${request.id}/decision`,
      headers: checker.headers,
      payload: { decision: 'approve' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
  }

  const publicMissionIds = async () => {
    const response = await fetch(`${served.baseUrl}/api/v1/missions/page?status=COMPLETED&size=50`);
    return ((await response.json()) as ApiPage<MissionView>).content.map((mission) => mission.id);
  };

  test('a fan’s login is refused with a message, and the console stays on the login page', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await logIn(page, fan);
    await page.getByText(ko.console.auth.notStaff).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await screenshot(page, 'admin-login-refused.png');
    expect(errors).toEqual([]);
  });

  test('an operator logs in, sees the dashboard charts and his menu, and blocks a mission', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await logIn(page, operator);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.locator('.recharts-line').first().waitFor({ state: 'visible' });
    // Five cards, each a chart or, where its window has nothing to draw, the words saying so (each card loads its
    // own data: counted until all five have drawn).
    const cards = async () => {
      const charts = await page.locator('.recharts-wrapper').count();
      const emptyCards =
        (await page.getByText(ko.console.dashboard.noData, { exact: true }).count()) +
        (await page.getByText(ko.console.dashboard.settlementsEmpty, { exact: true }).count()) +
        (await page.getByText(ko.console.dashboard.consumersCaughtUp, { exact: true }).count());
      return { charts: charts >= 1, cards: charts + emptyCards };
    };
    await expect.poll(cards).toEqual({ charts: true, cards: 5 });
    await untilStill(page); // the charts have drawn themselves
    await screenshot(page, 'admin-operator-dashboard.png');
    // On a phone the cards stack, and nothing scrolls sideways (a page of its own: resizing this one back leaves
    // react-admin's sidebar closed for the menu checks below).
    const phone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openConsole(phone, operator);
    await phone.locator('.recharts-line').first().waitFor({ state: 'visible' });
    await untilStill(phone);
    await screenshot(phone, 'admin-operator-dashboard-360.png');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    await phone.close();

    const menu = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed')).first();
    await menu.getByText(ko.resources.missions.name, { exact: true }).waitFor({ state: 'visible' });
    expect(await menu.getByText(ko.resources['bank-transfers'].name, { exact: true }).count()).toBe(0);

    expect(await publicMissionIds()).toContain(missionId);
    await page.goto(`${served.baseUrl}/admin/missions/${missionId}/show`);
    // Its status and type read as words, not codes.
    await page
      .locator('.ra-field-status')
      .getByText(ko.codes.missionStatus.COMPLETED, { exact: true })
      .waitFor({ state: 'visible' });
    expect(await page.locator('.ra-field-type').textContent()).toContain(ko.codes.productType.BASIC);
    await page.getByRole('button', { name: ko.console.actions.blockContent }).click();
    await page.getByLabel(ko.console.actions.reason).fill('저작권 침해 신고');
    await screenshot(page, 'admin-mission-block-dialog.png');
    await page.getByRole('button', { name: '확인' }).click();
    await page.getByRole('button', { name: ko.console.actions.unblockContent }).waitFor({ state: 'visible' });
    await page.getByText('저작권 침해 신고').first().waitFor({ state: 'visible' });
    await screenshot(page, 'admin-mission-blocked.png');
    expect(await publicMissionIds()).not.toContain(missionId);

    // The web app's browse missions page no longer shows it either.
    const web = await browser.newPage();
    await web.goto(`${served.baseUrl}/browse-missions`);
    // The list has loaded (its missions, or the words saying there are none) before the blocked one is looked for.
    await web
      .locator('a.fm-card-link')
      .or(web.getByText(webKo.discover.empty.browseCompleted))
      .first()
      .waitFor({ state: 'visible' });
    expect(await web.locator(`a[href="/mission-detail/${missionId}"]`).count()).toBe(0);

    // The block is in the audit log.
    await page.goto(`${served.baseUrl}/admin/audit-log`);
    await page.getByText('PUT /api/admin/missions/:id').first().waitFor({ state: 'visible' });
    await screenshot(page, 'admin-audit-log.png');
    expect(errors).toEqual([]);
  });

  test('finance confirms a bank deposit once, and runs a clean ledger verify', async () => {
    await askBankDeposit(fan, '김팬', '01012345678', '010-1234-5678');
    const balance = async () =>
      (
        (await (await fetch(`${served.baseUrl}/api/v1/coin-deposit`, { headers: fan.headers })).json()) as {
          point: number;
        }
      ).point;
    const before = await balance();

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, finance);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    const menu = page.locator('.RaSidebar-fixed');
    // The menu is read once finance's own entries show (it follows the permissions, loaded apart from the dashboard).
    const bankTransfers = menu.getByText(ko.resources['bank-transfers'].name, { exact: true });
    await bankTransfers.waitFor({ state: 'visible' });
    expect(await menu.getByText(ko.resources.missions.name, { exact: true }).count()).toBe(0);
    await bankTransfers.click();
    await page.getByText('김팬').waitFor({ state: 'visible' });
    await screenshot(page, 'admin-finance-bank-transfers.png');
    // The deposit credits coins: a confirmation names the member, the coins and the won, and what happens next,
    // before anything is sent.
    await page.getByRole('button', { name: ko.console.actions.confirmDeposit }).first().click();
    const confirmation = page.getByRole('dialog', { name: ko.console.actions.confirmDeposit });
    // …and what the bank statement must show before anyone confirms: the amount, from whom, after the request.
    await confirmation.getByText(DEPOSIT_STATEMENT_LINE).waitFor({ state: 'visible' });
    expect(await confirmation.textContent()).toContain('김팬');
    expect(await confirmation.textContent()).toContain('10코인 (₩1,000)');
    expect(await balance()).toBe(before);
    // The dialog fades in: the picture is taken once it is fully shown.
    await expect
      .poll(() => confirmation.evaluate((dialog) => getComputedStyle(dialog.parentElement!).opacity))
      .toBe('1');
    await screenshot(page, 'admin-confirm-deposit-1280.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Cancelled, nothing moves; at 360 px the same confirmation fits the phone, and confirmed, it credits the coins.
    await confirmation.getByRole('button', { name: '취소' }).click();
    await confirmation.waitFor({ state: 'detached' });
    expect(await balance()).toBe(before);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByText('김팬').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: ko.console.actions.confirmDeposit }).first().click();
    await confirmation.getByText(DEPOSIT_STATEMENT_LINE).waitFor({ state: 'visible' });
    await expect
      .poll(() => confirmation.evaluate((dialog) => getComputedStyle(dialog.parentElement!).opacity))
      .toBe('1');
    await screenshot(page, 'admin-confirm-deposit-360.png');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await confirmation.getByRole('button', { name: '확인' }).click();
    // The notice is looked for where it shows, before the resize: switching react-admin's phone layout back to the
    // desktop one renders the page anew, and the notice with it may go.
    const done = ko.console.confirm.done.split(':')[0]!.replace('%{action}', ko.console.actions.confirmDeposit);
    await page.getByText(done).first().waitFor({ state: 'visible' });
    // The row leaves the list of deposits to confirm (the notice names the depositor too: exact text only).
    await page.getByText('김팬', { exact: true }).waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await balance()).toBe(before + 10);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await balance()).toBe(before + 10);

    // The confirmed deposit's cash receipt (소득공제) was issued: its approval number shows in its row.
    await page.goto(`${served.baseUrl}/admin/bank-transfers?filter=${encodeURIComponent('{"status":"paid"}')}`);
    const paidRow = page.locator('tr', { hasText: '김팬' });
    await paidRow.getByText(/승인번호 \d{9}/).waitFor({ state: 'visible' });
    expect(await paidRow.textContent()).toContain(ko.console.cashReceipts.PHONE.replace('%{number}', '01012345678'));
    await screenshot(page, 'admin-finance-bank-transfers-cash-receipt-1280.png');
    await page.setViewportSize({ width: 360, height: 800 });
    // At 360 px the row is a card (label: value lines): the receipt is scrolled to.
    await paidRow.getByText(/승인번호 \d{9}/).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-finance-bank-transfers-cash-receipt-360.png');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The dashboard says how much of his daily allowances he used alone: the 1,000 won just confirmed.
    await page.goto(`${served.baseUrl}/admin/`);
    const allowance = page.getByRole('region', { name: ko.console.allowance.title.replace('%{hours}', '24') });
    await allowance.getByText('10,000원 중 1,000원').waitFor({ state: 'visible' });
    await screenshot(page, 'admin-finance-allowance-1280.png');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await allowance.getByText('9,000원 남음').waitFor({ state: 'attached' });
    await allowance.scrollIntoViewIfNeeded();
    await allowance.getByText('9,000원 남음').waitFor({ state: 'visible' });
    await screenshot(page, 'admin-finance-allowance-360.png');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 900 });

    await menu.getByText(ko.resources['ledger-verify-runs'].name, { exact: true }).click();
    await page.getByRole('button', { name: ko.console.actions.runVerify }).click();
    await page.getByText(ko.console.ledger.verifyClean).waitFor({ state: 'visible', timeout: 20_000 });
    await screenshot(page, 'admin-finance-ledger-verify.png');

    await page.goto(`${served.baseUrl}/admin/ledger?account=wallet:${fan.id}`);
    await page.getByRole('textbox').fill(`wallet:${fan.id}`);
    await page.getByRole('button', { name: ko.console.actions.lookup }).click();
    await expect.poll(() => page.getByLabel('ledger balance').textContent()).toContain(String(before + 10));
    await screenshot(page, 'admin-finance-ledger-account.png');
    expect(errors).toEqual([]);
  });

  test('finance finds a fan’s card payment by his e-mail, reads its history and cancels it at the provider', async () => {
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${served.baseUrl}${path}`, {
        ...init,
        headers: { ...fan.headers, 'content-type': 'application/json', ...(init.headers ?? {}) },
      });
    const ordered = await call('/api/v1/payment', {
      method: 'POST',
      body: JSON.stringify({
        coinItemId: tenCoins,
        userId: fan.id,
        payMethod: 'card',
        currency: 'KRW',
        language: 'ko',
      }),
    });
    expect(ordered.status).toBe(200);
    const { merchantUid } = (await ordered.json()) as { merchantUid: string };
    const approved = await fetch(`${served.baseUrl}/api/v1/payment/sandbox/${merchantUid}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    const credited = await call('/api/v1/coin-deposit', {
      method: 'POST',
      body: JSON.stringify({ coinItemId: tenCoins, userId: fan.id, paymentId: merchantUid }),
    });
    expect(credited.status).toBe(200);
    const balance = async () => ((await (await call('/api/v1/coin-deposit')).json()) as { point: number }).point;
    const before = await balance();

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, finance);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.locator('.RaSidebar-fixed').getByText(ko.resources.payments.name, { exact: true }).click();
    await page.getByLabel(ko.console.payments.search).fill(fan.email);
    // The search reaches the address after react-admin's debounce: a click on the row before it would be followed by
    // that navigation back to the list.
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(fan.email));
    await page.getByText(merchantUid).waitFor({ state: 'visible' });
    await screenshot(page, 'admin-finance-payments.png');
    await page.getByText(merchantUid).click();
    await page.getByText(`sandbox-${merchantUid}`).waitFor({ state: 'visible' });
    await page.getByText(ko.codes.paymentEventKind.STATUS).first().waitFor({ state: 'visible' });
    await screenshot(page, 'admin-finance-payment-show.png');
    await page.getByRole('button', { name: ko.console.payments.cancel }).click();
    const cancelDialog = page.getByRole('dialog', { name: ko.console.payments.cancel });
    await cancelDialog.getByText(ko.console.confirm.next.paymentCancel).waitFor({ state: 'visible' });
    await cancelDialog
      .getByText(aboveLimit(won(served.testApp.app.ctx.config.APPROVAL_ABOVE_WON)))
      .waitFor({ state: 'visible' });
    expect(await cancelDialog.textContent()).toContain(fan.email);
    expect(await cancelDialog.textContent()).toContain('10코인 (₩1,000)');
    await page.getByLabel(ko.console.actions.reason).fill('고객 요청으로 결제 취소');
    await page.getByRole('button', { name: '확인' }).click();
    await page.getByText(ko.console.payments.cancelled).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: ko.console.payments.cancel }).waitFor({ state: 'detached' });
    expect(await balance()).toBe(before - 10);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
    expect(serious.map((violation) => violation.id)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByText(`sandbox-${merchantUid}`).waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-finance-payment-show-360.png');
    // Below 900 px the list leaves the payment id out (it is on the payment's page).
    await page.goto(`${served.baseUrl}/admin/payments?filter=${encodeURIComponent(JSON.stringify({ q: fan.email }))}`);
    await page.locator('tr.RaDatagrid-row').first().waitFor({ state: 'visible' });
    expect(await page.getByText(merchantUid).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-finance-payments-360.png');
    expect(errors).toEqual([]);
  });

  test('finance rejects a bank deposit request after a confirmation naming the depositor and the amount', async () => {
    const member = await createAccount(served.testApp.app);
    await askBankDeposit(member, '입금거절', '01087654321');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, finance);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.goto(`${served.baseUrl}/admin/bank-transfers`);
    const row = page.locator('tr', { hasText: '입금거절' });
    await row.getByRole('button', { name: ko.console.actions.rejectDeposit }).click();
    const dialog = page.getByRole('dialog', { name: ko.console.actions.rejectDeposit });
    await dialog.getByText(ko.console.confirm.next.depositRejected).waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('입금거절');
    expect(await dialog.textContent()).toContain('10코인 (₩1,000)');
    // Nothing is sent before the reason is given and the confirmation confirmed.
    expect(await dialog.getByRole('button', { name: '확인' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: ko.console.actions.reason }).fill('중복 신청입니다');
    await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element.parentElement!).opacity)).toBe('1');
    await screenshot(page, 'admin-confirm-deposit-reject.png');
    await dialog.getByRole('button', { name: '확인' }).click();
    await row.waitFor({ state: 'detached' });
    const decided = await served.testApp.app.db
      .selectFrom('bank_transfers')
      .select(['status', 'note'])
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(decided).toEqual({ status: 'cancelled', note: '중복 신청입니다' });
    expect(errors).toEqual([]);
  });

  test('finance marks a bank deposit failed with a reason; the fan reads “failed, contact support”', async () => {
    const member = await createAccount(served.testApp.app);
    await askBankDeposit(member, '입금실패', '01087654321');

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, finance);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.goto(`${served.baseUrl}/admin/bank-transfers`);
    const row = page.locator('tr', { hasText: '입금실패' });
    await row.waitFor({ state: 'visible' });
    await row.getByRole('button', { name: ko.console.actions.failDeposit }).click();
    const dialog = page.getByRole('dialog', { name: ko.console.actions.failDeposit });
    await dialog.getByText(ko.console.confirm.next.depositFailed).waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('입금실패');
    expect(await dialog.textContent()).toContain('10코인 (₩1,000)');
    await dialog.getByRole('textbox', { name: ko.console.actions.reason }).fill('입금자명과 금액이 확인되지 않습니다');
    await screenshot(page, 'admin-finance-bank-transfer-fail.png');
    await dialog.getByRole('button', { name: '확인' }).click();
    await row.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${served.baseUrl}/admin/bank-transfers?filter=${encodeURIComponent('{"status":"failed"}')}`);
    await page.locator('tr', { hasText: '입금실패' }).waitFor({ state: 'visible' });
    await screenshot(page, 'admin-finance-bank-transfers-failed-360.png');
    expect(errors).toEqual([]);

    for (const width of [1280, 360]) {
      const web = await browser.newPage({ viewport: { width, height: 900 } });
      await storeSession(web, served.baseUrl, fanSession(member));
      await web.goto(`${served.baseUrl}/coin-history`);
      await web.getByRole('tab', { name: webKo.coinHistory.pending }).click();
      const pendingRow = web.getByTestId('pending-row').filter({ hasText: '입금실패' });
      await pendingRow.getByText(webKo.coinHistory.deposit.failed).waitFor({ state: 'visible' });
      await screenshot(web, `web-coin-history-deposit-failed-${width}.png`);
      await web.close();
    }
  });

  test('an operator flags a creator’s adult content: he leaves search at once, and returns once cleared', async () => {
    const name = `성인지정-${Date.now()}`;
    const creator = await createCreator(served.testApp.app, { name });
    const searched = async () =>
      (
        (await (await fetch(`${served.baseUrl}/api/v1/creators/page?name=${encodeURIComponent(name)}`)).json()) as {
          content: unknown[];
        }
      ).content.length;
    expect(await searched()).toBe(1);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, operator);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.goto(`${served.baseUrl}/admin/creators/${creator.creatorId}/show`);
    await page.getByText(name).first().waitFor({ state: 'visible' });
    // Each decision confirms its effect and takes the reason the creator is told.
    const decideAdult = async (action: string, reason: string) => {
      await page.getByRole('button', { name: action }).click();
      const dialog = page.getByRole('dialog', { name: action });
      await dialog.getByRole('textbox', { name: ko.console.creatorReview.adultReason }).fill(reason);
      await dialog.getByRole('button', { name: '확인' }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await decideAdult(ko.console.actions.flagAdult, '소개 영상에 노출 장면이 있습니다');
    await page.getByRole('button', { name: ko.console.actions.clearAdult }).waitFor({ state: 'visible' });
    expect(await searched()).toBe(0);
    await screenshot(page, 'admin-operator-creator-adult-flag.png');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByRole('button', { name: ko.console.actions.clearAdult }).waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-operator-creator-adult-flag-360.png');
    await decideAdult(ko.console.actions.clearAdult, '장면을 내린 영상으로 바꾸었습니다');
    await page.getByRole('button', { name: ko.console.actions.flagAdult }).waitFor({ state: 'visible' });
    expect(await searched()).toBe(1);
    expect(errors).toEqual([]);
  });

  test('an operator reviews an applicant’s products and lottery event; the grade change is a group apart', async () => {
    const app = served.testApp.app;
    const applicant = await createCreator(app, { name: '상품 심사 크리에이터', verified: false });
    await registerProduct(app, applicant, { type: 'BASIC', name: '생일 축하 노래', coinPrice: 1000 });
    await registerProduct(app, applicant, { type: 'LUCKY', name: '럭키 댄스' });
    await registerProduct(app, applicant, { type: 'CUSTOM', minimumCost: 3000 });
    // The event last: an ongoing event refuses new products.
    const today = kstDate(new Date());
    const inDays = (days: number) => kstDate(new Date(kstDayStart(today).getTime() + days * DAY_MS));
    const event = await app.inject({
      method: 'POST',
      url: '/api/v1/mission-products',
      headers: applicant.headers,
      payload: {
        creatorId: applicant.creatorId,
        type: 'EVENT',
        title: '사인 폴라로이드 추첨',
        description: '사인 폴라로이드 세 장',
        drawNumber: 3,
        applyStart: inDays(1),
        applyEnd: inDays(4),
        eventEnd: inDays(14),
        descriptionPictureId: await createFile(app.db, applicant.id, 'image'),
      },
    });
    expect(event.statusCode, event.body).toBe(200);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, operator);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.goto(`${served.baseUrl}/admin/creators/${applicant.creatorId}/show`);
    const products = page.getByRole('table', { name: ko.console.creatorReview.products });
    await products.getByRole('cell', { name: '생일 축하 노래' }).waitFor({ state: 'visible' });
    await products.getByRole('cell', { name: '1,000코인', exact: true }).waitFor({ state: 'visible' });
    await products.getByRole('cell', { name: '최소 3,000코인' }).waitFor({ state: 'visible' });
    const events = page.getByRole('table', { name: ko.console.creatorReview.events });
    await events.getByRole('cell', { name: '사인 폴라로이드 추첨' }).waitFor({ state: 'visible' });
    await events.getByText(`응모 ${inDays(1).replaceAll('-', '.')} ~ ${inDays(4).replaceAll('-', '.')} KST`).waitFor();
    const grade = page.getByRole('group', { name: ko.console.creatorReview.gradeChange });
    await grade.getByRole('button', { name: '골드로 변경 요청 (코인당 70원)' }).waitFor({ state: 'visible' });
    await page.getByText('현재 등급: 실버 (코인당 60원)').waitFor({ state: 'visible' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-operator-creator-review-1280.png');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await products.getByRole('cell', { name: '생일 축하 노래' }).waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-operator-creator-review-360.png');
    expect(errors).toEqual([]);
  });

  test('finance grants free coins to a member with a reason and a budget; his coin history shows the free coin event', async () => {
    const member = await createAccount(served.testApp.app);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, finance);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.goto(`${served.baseUrl}/admin/bonus-grants/create`);
    const fields = ko.resources['bonus-grants'].fields;
    await page.getByRole('combobox', { name: fields.coinItemId }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('textbox', { name: fields.reason }).fill('추석 감사 이벤트');
    await page.getByRole('spinbutton', { name: fields.budgetCoins }).fill('1000');
    // The member is found by his e-mail; the confirmation names him by nickname and e-mail.
    await page.getByRole('combobox', { name: fields.userIds }).fill(member.email);
    await page.getByRole('option', { name: member.email }).click();
    await screenshot(page, 'admin-finance-bonus-grant-create.png');
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'admin-finance-bonus-grant-create-360.png');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: '저장' }).click();
    // Nothing is granted before the confirmation, which names the member and the coins.
    const grantDialog = page.getByRole('dialog', { name: ko.console.confirm.bonusGrantTitle });
    // A substring: the nickname and the e-mail in brackets after "회원".
    await grantDialog.getByText(`(${member.email})`).waitFor({ state: 'visible' });
    const grantLimit = `${served.testApp.app.ctx.config.BONUS_GRANT_APPROVAL_ABOVE_COINS.toLocaleString('ko')}코인`;
    await grantDialog.getByText(aboveLimit(grantLimit)).waitFor({ state: 'visible' });
    await screenshot(page, 'admin-confirm-bonus-grant.png');
    await grantDialog.getByRole('button', { name: '확인' }).click();
    // Under the limit the grant runs at once, and says to whom and how much it gave.
    await page.getByText(/^회원 1명에게 모두 [\d,]+코인을 지급했습니다\.$/).waitFor({ state: 'visible' });
    await page.getByText('추석 감사 이벤트').waitFor({ state: 'visible' });
    await screenshot(page, 'admin-finance-bonus-grants.png');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
    expect(serious.map((violation) => violation.id)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByText('추석 감사 이벤트').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-finance-bonus-grants-360.png');
    await page.goto(`${served.baseUrl}/admin/bonus-grants/create`);
    await page.getByRole('textbox', { name: fields.reason }).waitFor({ state: 'visible' });
    await screenshot(page, 'admin-finance-bonus-grant-create-360.png');
    expect(errors).toEqual([]);

    const web = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await storeSession(web, served.baseUrl, fanSession(member));
    await web.goto(`${served.baseUrl}/coin-history`);
    await web.getByTestId('coin-history-row').getByText(webKo.coinHistory.earnFreeEvent).waitFor({ state: 'visible' });
    await screenshot(web, 'web-coin-history-free-coin-event.png');
  });

  test('an operator gives a popup its picture in the console, resumed after a cut; the web popup shows it', async () => {
    const drawn = await sharp({
      create: { width: 480, height: 240, channels: 3, background: { r: 255, g: 140, b: 60 } },
    })
      .png()
      .toBuffer();
    // A megabyte (bytes after the picture's end, as some editors leave): enough to be cut off in the middle. A file on
    // disk, so that picking it again is the same file to the upload's fingerprint.
    const pictureFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'fanmission-popup-')), 'summer.png');
    writeFileSync(pictureFile, Buffer.concat([drawn, Buffer.alloc(1024 * 1024 - drawn.length)]));
    const offsetOnServer = async () => {
      const row = await served.testApp.app.db
        .selectFrom('resumable_uploads')
        .select('id')
        .where('owner_user_id', '=', operator.id)
        .where('file_id', 'is', null)
        .executeTakeFirst();
      if (!row) return 0;
      const head = await served.testApp.app.inject({
        method: 'HEAD',
        url: `/api/admin/files/tus/${row.id}`,
        headers: { ...operator.headers, 'tus-resumable': '1.0.0' },
      });
      return Number(head.headers['upload-offset'] ?? 0);
    };
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, operator);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });

    // The first PATCH reaches the server with only the first half of its bytes, then the connection is cut, and the
    // network stays down until the page goes away.
    let cutAt = 0;
    await page.route('**/api/admin/files/tus**', async (route) => {
      const request = route.request();
      if (cutAt > 0) return route.abort('internetdisconnected');
      if (request.method() !== 'PATCH') return route.continue();
      const body = request.postDataBuffer()!;
      const sent = await served.testApp.app.inject({
        method: 'PATCH',
        url: new URL(request.url()).pathname,
        headers: {
          ...operator.headers,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: body.subarray(0, Math.floor(body.length / 2)),
      });
      expect(sent.statusCode, sent.body).toBe(204);
      cutAt = Number(sent.headers['upload-offset']);
      await route.abort('connectionreset');
    });
    await page.goto(`${served.baseUrl}/admin/popups/create`);
    await page.getByText(ko.console.popups.noImage).waitFor({ state: 'visible' });
    await page.getByLabel(ko.console.popups.upload).setInputFiles(pictureFile);
    await expect.poll(offsetOnServer, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await offsetOnServer()).toBe(cutAt);
    await page.goto('about:blank');
    await page.unrouteAll();

    // After the reload the same file picked again goes on where the server stands; the progress is seen while the
    // resumed PATCH is held a moment.
    const resumedFrom: number[] = [];
    let seriousWhileSending: string[] = [];
    await page.route('**/api/admin/files/tus/*', async (route) => {
      const request = route.request();
      if (request.method() === 'PATCH') {
        resumedFrom.push(Number(request.headers()['upload-offset']));
        await page.getByTestId('popup-image-progress').getByText(/남음/).waitFor();
        // The bar's own transition done (the request this handler holds is still in flight).
        await untilStill(page, { requestHeld: true });
        seriousWhileSending = await seriousA11yViolations(page);
        await screenshot(page, 'admin-operator-popup-upload-progress.png');
      }
      await route.continue();
    });
    await page.goto(`${served.baseUrl}/admin/popups/create`);
    await page.getByRole('textbox', { name: ko.resources.popups.fields.title }).fill('여름 맞이 사진 팝업');
    await page.getByText(ko.console.popups.noImage).waitFor({ state: 'visible' });
    await page.getByLabel(ko.console.popups.upload).setInputFiles(pictureFile);
    await page.getByTestId('popup-image-preview').waitFor({ state: 'visible' });
    // The picture just uploaded shows before the popup is saved (a signed URL: it is public once saved).
    expect(
      await page.getByTestId('popup-image-preview').evaluate(async (element) => {
        const image = element as HTMLImageElement;
        await image.decode();
        return image.naturalWidth;
      }),
    ).toBe(480);
    // Resumed where the server stood, not from zero; the progress read well.
    expect(resumedFrom).toEqual([cutAt]);
    expect(seriousWhileSending).toEqual([]);
    await page.unrouteAll();
    await page.getByRole('textbox', { name: ko.resources.popups.fields.linkLoggedOff }).fill('/creator-search');
    await page.getByRole('textbox', { name: ko.resources.popups.fields.linkTextLoggedOff }).fill('크리에이터 보기');
    // The live preview shows the popup as visitors will see it, the picture just uploaded in it.
    await expect.poll(() => page.getByTestId('popup-preview').getByText('크리에이터 보기').count()).toBe(1);
    expect(await page.getByTestId('popup-preview').locator('img').count()).toBe(1);
    await screenshot(page, 'admin-operator-popup-picture.png');
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 360, height: 800 });
    // The phone layout is react-admin's own (a media query in script): measured once it has rendered.
    await untilStill(page);
    await page.getByTestId('popup-preview').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-operator-popup-picture-360.png');
    await page.setViewportSize(wide);
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('여름 맞이 사진 팝업').waitFor({ state: 'visible' });
    const [created] = await served.testApp.app.db
      .selectFrom('popups')
      .select(['id', 'web_image_file_id'])
      .where('title', '=', '여름 맞이 사진 팝업')
      .execute();
    expect(created?.web_image_file_id).not.toBeNull();
    await page.goto(`${served.baseUrl}/admin/popups/${created!.id}`);
    await page.getByTestId('popup-image-preview').waitFor({ state: 'visible' });
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
    expect(serious.map((violation) => [violation.id, violation.nodes.map((node) => node.html)])).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByTestId('popup-image-preview').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-operator-popup-picture-360.png');
    // Another picture's upload at 360 px (not saved: the popup keeps its picture). Its connection is cut at half: the
    // client asks where the server stands and goes on at once; that PATCH is held a moment to see the progress.
    let narrowCutAt = 0;
    let narrowResumedFrom = 0;
    let narrowWhileSending = 0;
    await page.route('**/api/admin/files/tus/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      if (narrowCutAt === 0) {
        const body = request.postDataBuffer()!;
        const sent = await served.testApp.app.inject({
          method: 'PATCH',
          url: new URL(request.url()).pathname,
          headers: {
            ...operator.headers,
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
          },
          payload: body.subarray(0, Math.floor(body.length / 2)),
        });
        narrowCutAt = Number(sent.headers['upload-offset']);
        return route.abort('connectionreset');
      }
      narrowResumedFrom = Number(request.headers()['upload-offset']);
      await page.getByTestId('popup-image-progress').getByText('올리는 중 50%').waitFor();
      await untilStill(page, { requestHeld: true });
      narrowWhileSending = await page.evaluate(() => document.documentElement.scrollWidth);
      await screenshot(page, 'admin-operator-popup-upload-progress-360.png');
      await route.continue();
    });
    await page.getByLabel(ko.console.popups.upload).setInputFiles(pictureFile);
    await page.getByTestId('popup-image-progress').waitFor({ state: 'visible' });
    await page.getByTestId('popup-image-progress').waitFor({ state: 'detached' });
    await page.getByTestId('popup-image-preview').waitFor({ state: 'visible' });
    expect(narrowCutAt).toBeGreaterThan(0);
    expect(narrowResumedFrom).toBe(narrowCutAt);
    expect(narrowWhileSending).toBeGreaterThan(0);
    expect(narrowWhileSending).toBeLessThanOrEqual(360);
    await page.unrouteAll();
    // Words that are no picture, named and declared as one: its first bytes refuse it, said in the console's words.
    await page.getByLabel(ko.console.popups.upload).setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are words, not pixels.\n'.repeat(400)),
    });
    await page.getByTestId('popup-image-error').getByText(ko.console.popups.wrongType).waitFor();
    await screenshot(page, 'admin-operator-popup-upload-refused-360.png');
    expect(errors).toEqual([]);

    for (const width of [1280, 360]) {
      const visitor = await browser.newPage({ viewport: { width, height: 900 } });
      await visitor.goto(`${served.baseUrl}/`);
      const dialog = visitor.getByRole('dialog', { name: '여름 맞이 사진 팝업' });
      const image = dialog.getByRole('img', { name: '여름 맞이 사진 팝업' });
      await image.waitFor({ state: 'visible' });
      expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(480);
      await screenshot(visitor, `web-popup-picture-${width}.png`);
      await visitor.close();
    }
    await served.testApp.app.db.updateTable('popups').set({ active: false }).where('id', '=', created!.id).execute();
  });

  test('finance refuses one refund request with a reason the fan reads, and marks another paid', async () => {
    const app = served.testApp.app;
    // A bank deposit's refund goes to the account the fan gave (finance transfers it, then marks it paid); a card
    // charge's goes back through the provider.
    const requestRefund = async (holder: string, via: 'bank' | 'card' = 'bank') => {
      const member = await createAccount(app);
      await chargeCoins(app.db, {
        userId: member.id,
        coins: 100,
        at: new Date(Date.now() - 10 * 86_400_000),
        via,
        depositorName: holder,
      });
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/users/me/coins/partial-refund',
        headers: member.headers,
        payload: {
          bankAccount: { bankName: 'KB국민은행', bankAccountHolder: holder, bankAccountNumber: '12345678901' },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return { member, id: response.json<{ id: number }>().id };
    };
    const refused = await requestRefund('환불거절');
    const paid = await requestRefund('환불지급');
    // A charge the sandbox provider took (its own record of the paid checkout): refunded through it.
    const atProvider = await requestRefund('결제취소', 'card');
    const [part] = (
      await app.inject({ method: 'GET', url: `/api/admin/coin-refunds/${atProvider.id}`, headers: finance.headers })
    ).json<{ parts: { paymentId: string; amount: number }[] }>().parts;
    const charged = await app.db
      .selectFrom('payments')
      .select('amount')
      .where('id', '=', part!.paymentId)
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('sandbox_checkouts')
      .values({
        payment_id: part!.paymentId,
        status: 'paid',
        amount: charged.amount,
        currency: 'KRW',
        decided_at: new Date(),
      })
      .execute();

    const mine = async (member: TestAccount) =>
      (await app.inject({ method: 'GET', url: '/api/v1/users/me/coin-refunds', headers: member.headers })).json<
        ApiPage<{ id: number; status: string; refusalReason: string | null }>
      >().content[0];

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, finance);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.goto(`${served.baseUrl}/admin/coin-refunds?filter=${encodeURIComponent('{"status":"requested"}')}`);
    const row = (id: number) =>
      page.locator('tr', { has: page.locator('td.column-id', { hasText: new RegExp(`^${id}$`) }) });
    await row(refused.id).waitFor({ state: 'visible' });
    // Where each request's money goes, and only the action that matches it.
    await row(paid.id).getByText('12345678901').waitFor({ state: 'visible' });
    await row(atProvider.id)
      .getByText(/결제 수단으로 환불/)
      .waitFor({ state: 'visible' });
    expect(await row(atProvider.id).getByRole('button', { name: ko.console.actions.markPaid }).count()).toBe(0);
    expect(await row(paid.id).getByRole('button', { name: ko.console.actions.refundAtProvider }).count()).toBe(0);
    await screenshot(page, 'admin-finance-coin-refunds.png');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    // Below 900 px the destination is in short (the bank and the number's last digits): the row keeps readable words.
    await page.getByText('…8901').first().waitFor({ state: 'visible' });
    await page.getByText(ko.console.refunds.paymentShort, { exact: true }).first().waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-finance-coin-refunds-360.png');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await row(refused.id).waitFor({ state: 'visible' });

    await row(refused.id).getByRole('button', { name: ko.console.actions.refuseRefund }).click();
    const dialog = page.getByRole('dialog', { name: ko.console.actions.refuseRefund });
    await dialog
      .getByText(ko.console.confirm.next.refundRefused.replace('%{coins}', '100'))
      .waitFor({ state: 'visible' });
    const refusedMember = await app.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', refused.member.id)
      .executeTakeFirstOrThrow();
    expect(await dialog.textContent()).toContain(refusedMember.username);
    expect(await dialog.textContent()).toMatch(/코인 \(₩[\d,]+\)/);
    await dialog.getByRole('textbox', { name: ko.console.actions.refusalReason }).fill('예금주가 계좌와 다릅니다');
    await dialog.getByRole('button', { name: '확인' }).click();
    await row(refused.id).waitFor({ state: 'detached' });
    const listUrl = page.url();
    const paidMember = await app.db
      .selectFrom('users')
      .select(['username', 'email'])
      .where('id', '=', paid.member.id)
      .executeTakeFirstOrThrow();
    // The request's page: the member, the money, the account with its copy buttons, the charge, the approvals.
    await row(paid.id).locator('td.column-username').click();
    await page.waitForURL(new RegExp(`/coin-refunds/${paid.id}/show$`));
    const account = page.getByTestId('refund-account');
    await account.waitFor({ state: 'visible' });
    expect(await account.textContent()).toBe('KB국민은행12345678901환불지급');
    await page.getByRole('button', { name: '계좌번호 복사' }).waitFor({ state: 'visible' });
    await page.getByText(paidMember.email!).waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: ko.console.actions.refundAtProvider }).count()).toBe(0);
    await screenshot(page, 'admin-coin-refund-show.png');
    const openPaidDialog = async () => {
      await page.getByRole('button', { name: ko.console.actions.markPaid }).click();
      const paidDialog = page.getByRole('dialog', { name: ko.console.actions.markPaid });
      await paidDialog.getByText(ko.console.confirm.next.refundPaid).waitFor({ state: 'visible' });
      // Who, how much, and the account the money went to.
      await paidDialog.getByText(`${paidMember.username} (${paidMember.email})`).waitFor({ state: 'visible' });
      await paidDialog.getByText('KB국민은행 12345678901 환불지급').waitFor({ state: 'visible' });
      await expect
        .poll(() => paidDialog.evaluate((dialog) => getComputedStyle(dialog.parentElement!).opacity))
        .toBe('1');
      expect(await seriousA11yViolations(page)).toEqual([]);
      return paidDialog;
    };
    // At 360 px the page and its confirmation fit the phone (cancelled: nothing moves).
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await account.waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-coin-refund-show-360.png');
    const phoneDialog = await openPaidDialog();
    await screenshot(page, 'admin-confirm-refund-paid-360.png');
    await phoneDialog.getByRole('button', { name: '취소' }).click();
    await phoneDialog.waitFor({ state: 'detached' });
    expect(await mine(paid.member)).toMatchObject({ status: 'requested' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await account.waitFor({ state: 'visible' });
    const paidDialog = await openPaidDialog();
    await paidDialog
      .getByText(aboveLimit(won(served.testApp.app.ctx.config.APPROVAL_ABOVE_WON)))
      .waitFor({ state: 'visible' });
    await screenshot(page, 'admin-confirm-refund-paid.png');
    await paidDialog.getByRole('button', { name: '확인' }).click();
    await expect.poll(async () => (await mine(paid.member))?.status).toBe('paid');
    await page.goto(listUrl);
    await row(atProvider.id).waitFor({ state: 'visible' });
    expect(await row(paid.id).count()).toBe(0);
    await row(atProvider.id).getByText(new RegExp(ko.codes.paymentProvider.sandbox)).waitFor({ state: 'visible' });
    await row(atProvider.id).getByRole('button', { name: ko.console.actions.refundAtProvider }).click();
    const providerDialog = page.getByRole('dialog', { name: ko.console.actions.refundAtProvider });
    await providerDialog.getByText(ko.console.confirm.next.refundAtProvider).waitFor({ state: 'visible' });
    await providerDialog.getByRole('button', { name: '확인' }).click();
    await row(atProvider.id).waitFor({ state: 'detached' });
    const sandboxRefunds = await app.db
      .selectFrom('sandbox_refunds')
      .select('amount')
      .where('payment_id', '=', part!.paymentId)
      .execute();
    expect(sandboxRefunds).toEqual([{ amount: part!.amount }]);
    expect(await mine(atProvider.member)).toMatchObject({ id: atProvider.id, status: 'paid' });

    // A member spends his 100 coins; the sandbox provider then refunds the charge (its console): the sweeper finds the
    // refund, takes nothing (all spent) and records a shortfall of 100 coins, which the list shows, from the menu.
    const spender = await createAccount(app, { username: 'shortfall-member' });
    const spent = await chargeCoins(app.db, { userId: spender.id, coins: 100, at: new Date(Date.now() - 86_400_000) });
    const spentPayment = await app.db
      .selectFrom('payments')
      .select(['id', 'amount'])
      .where('user_id', '=', spender.id)
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('sandbox_checkouts')
      .values({
        payment_id: spentPayment.id,
        status: 'cancelled',
        amount: spentPayment.amount,
        currency: 'KRW',
        decided_at: new Date(),
      })
      .execute();
    await holdForMission(app.db, {
      userId: spender.id,
      missionId: 990_001,
      coins: 100,
      idempotencyKey: `e2e-spend:${spent.depositId}`,
      now: new Date(),
    });
    expect(await sweepProviderRefunds(app.ctx, paymentProvidersFor(app.ctx))).toBeGreaterThanOrEqual(1);
    await page.getByRole('menuitem', { name: ko.console.shortfalls.title }).click();
    await page.getByText(ko.console.shortfalls.intro).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/admin/payment-reversals/shortfalls');
    const shortfall = page.getByRole('row', { name: /shortfall-member/ });
    await shortfall.waitFor({ state: 'visible' });
    expect(await shortfall.getByRole('cell').last().textContent()).toBe('100');
    await screenshot(page, 'admin-finance-shortfalls.png');

    expect(await mine(refused.member)).toMatchObject({
      id: refused.id,
      status: 'refused',
      refusalReason: '예금주가 계좌와 다릅니다',
    });
    expect(await mine(paid.member)).toMatchObject({ id: paid.id, status: 'paid', refusalReason: null });
    // The refusal gave the refused member's 100 coins back; the paid one's stay out.
    const balance = async (member: TestAccount) =>
      (await app.inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: member.headers })).json<{
        point: number;
      }>().point;
    expect(await balance(refused.member)).toBe(100);
    expect(await balance(paid.member)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('a session the API no longer accepts goes back to the login page', async () => {
    const page = await browser.newPage();
    // The console's session is its HttpOnly cookie: one the API no longer accepts.
    await page.context().addCookies([
      {
        name: 'fm_console',
        value: 'not-a-token',
        domain: new URL(served.baseUrl).hostname,
        path: '/api/admin',
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    await page.goto(`${served.baseUrl}/admin/users`);
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole('button', { name: '로그인' }).waitFor({ state: 'visible' });
  });

  test('an operator approves a pending creator and hides a reported comment', async () => {
    const app = served.testApp.app;
    const applicant = await createCreator(app, { name: '심사 대기 크리에이터', verified: false });
    await app.db
      .updateTable('creators')
      .set({ review_status: 'PENDING' })
      .where('id', '=', applicant.creatorId)
      .execute();
    const publicProfile = () => fetch(`${served.baseUrl}/api/v1/creators/${applicant.creatorId}`);
    const creatorOwner = await createCreator(app, { username: 'console-comment-creator' });
    const product = await registerProduct(app, creatorOwner, { type: 'BASIC', name: 'Commented song' });
    const commented = await insertMission(app, product, { user_id: fan.id, status: 'COMPLETED' });
    const posted = await app.inject({
      method: 'POST',
      url: `/api/v1/missions/${commented.id}/comments`,
      headers: fan.headers,
      payload: { content: '광고 링크를 남기는 댓글' },
    });
    expect(posted.statusCode).toBe(200);
    const commentId = posted.json<{ id: number }>().id;
    const reporter = await createAccount(app, { password: 'reporter-pass1' });
    const report = await app.inject({
      method: 'POST',
      url: `/api/v1/missions/${commented.id}/comments/${commentId}/blocks`,
      headers: reporter.headers,
      payload: { reason: 'SPAM', detail: '같은 링크를 여러 미션에 남깁니다' },
    });
    expect(report.statusCode).toBe(200);
    const visibleComments = async () =>
      (
        (await (await fetch(`${served.baseUrl}/api/v1/missions/${commented.id}/comments/page`)).json()) as ApiPage<{
          id: number;
        }>
      ).content.map((comment) => comment.id);
    expect(await visibleComments()).toContain(commentId);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, operator);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });

    // The review queue opens on PENDING; approving asks first (the creator becomes public at once), then does.
    await page.goto(`${served.baseUrl}/admin/creators`);
    const applicantRow = page.locator('tr', { hasText: '심사 대기 크리에이터' });
    await applicantRow.waitFor({ state: 'visible' });
    await screenshot(page, 'admin-operator-creator-queue.png');
    await applicantRow.getByRole('button', { name: ko.console.actions.approve }).click();
    const approval = page.getByRole('dialog', { name: ko.console.actions.approve });
    await approval.getByText(/"심사 대기 크리에이터" 크리에이터를 승인합니다\./).waitFor({ state: 'visible' });
    await approval.getByRole('button', { name: '확인' }).click();
    await page.getByText('"심사 대기 크리에이터" 크리에이터를 승인했습니다.').waitFor({ state: 'visible' });
    await applicantRow.waitFor({ state: 'detached' });
    const approved = await app.db
      .selectFrom('creators')
      .select(['review_status', 'verified'])
      .where('id', '=', applicant.creatorId)
      .executeTakeFirstOrThrow();
    expect(approved).toEqual({ review_status: 'APPROVED', verified: true });
    expect((await publicProfile()).status).toBe(200);

    // The to-do block counts the reported comment and opens the comments waiting for a decision; its page shows
    // the report (who, why, his words) at 1280 and 360 px.
    await page.goto(`${served.baseUrl}/admin/`);
    await page
      .getByRole('region', { name: ko.console.toDo.title })
      .getByRole('link', { name: new RegExp(ko.console.toDo.queues.reportedComments) })
      .click();
    const commentRow = page.locator('tr', { hasText: '광고 링크를 남기는 댓글' });
    await commentRow.waitFor({ state: 'visible' });
    await commentRow.getByText('광고 링크를 남기는 댓글').click();
    await page.waitForURL(new RegExp(`/admin/mission-comments/${commentId}/show$`));
    const reportRow = page.locator('tr', { hasText: '같은 링크를 여러 미션에 남깁니다' });
    await reportRow.getByText('스팸·홍보').waitFor({ state: 'visible' });
    await screenshot(page, 'admin-operator-comment-reports.png');
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'admin-operator-comment-reports-360.png');
    await page.setViewportSize({ width: 1280, height: 900 });
    // Hiding it (with a reason) from the list removes it for everybody. The console keeps a list's filter in the
    // browser's storage: the URL names none, or the to-do link's "waiting" filter would come back, under which the
    // refetch after hiding drops the row.
    await page.goto(`${served.baseUrl}/admin/mission-comments?filter=%7B%7D`);
    await commentRow.waitFor({ state: 'visible' });
    await commentRow.getByRole('button', { name: ko.console.actions.hide }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('광고성 댓글');
    await page.getByRole('button', { name: '확인' }).click();
    await commentRow.getByRole('button', { name: ko.console.actions.unhide }).waitFor({ state: 'visible' });
    await screenshot(page, 'admin-operator-comment-hidden.png');
    expect(await visibleComments()).not.toContain(commentId);

    // The author is restricted from commenting for a week: his next comment is refused.
    await page.goto(`${served.baseUrl}/admin/comment-restrictions/create`);
    await page.getByLabel(ko.resources['comment-restrictions'].fields.userId).fill(String(fan.id));
    const until = new Date(Date.now() + 7 * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 16);
    await page.getByLabel(ko.resources['comment-restrictions'].fields.until).fill(until);
    await page.getByLabel(ko.resources['comment-restrictions'].fields.reason).fill('반복 광고');
    await page.getByRole('button', { name: '저장' }).click();
    await page.locator('tr', { hasText: '반복 광고' }).waitFor({ state: 'visible' });
    await screenshot(page, 'admin-operator-comment-restrictions.png');
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/missions/${commented.id}/comments`,
      headers: fan.headers,
      payload: { content: '또 광고' },
    });
    expect(refused.statusCode).toBe(403);

    // A comment coin event, created in the console, publishes its seed commitment.
    await page.goto(`${served.baseUrl}/admin/comment-events/create`);
    const eventFields = ko.resources['comment-events'].fields;
    await page.getByLabel(eventFields.title).fill('주말 댓글 이벤트');
    const localInput = (offsetDays: number) =>
      new Date(Date.now() + offsetDays * 86_400_000 - new Date().getTimezoneOffset() * 60_000)
        .toISOString()
        .slice(0, 16);
    await page.getByLabel(eventFields.startsAt).fill(localInput(1));
    await page.getByLabel(eventFields.endsAt).fill(localInput(3));
    await page.getByLabel(eventFields.winProbability).fill('10');
    await page.getByLabel(eventFields.coinsPerWin).fill('5');
    await page.getByLabel(eventFields.dailyBudget).fill('500');
    await page.getByRole('button', { name: '저장' }).click();
    const eventRow = page.locator('tr', { hasText: '주말 댓글 이벤트' });
    await eventRow.waitFor({ state: 'visible' });
    expect(await eventRow.textContent()).toMatch(/[0-9a-f]{64}/);
    await screenshot(page, 'admin-operator-comment-event-created.png');
    expect(errors).toEqual([]);
  }, 90_000);

  test('finance settles last month, approves the statement and marks it paid', async () => {
    const app = served.testApp.app;
    // An individual without a business registration: 3 % and 0.3 % are withheld (docs/rules/settlement.md).
    const payee = await createIncomeCreator(app, { businessType: 'NONE' });
    const now = new Date();
    const last = {
      year: now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear(),
      month: now.getUTCMonth() === 0 ? 12 : now.getUTCMonth(),
    };
    await releasedMission(app.db, {
      creatorId: payee.creatorId,
      coins: 600,
      at: new Date(Date.UTC(last.year, last.month - 1, 12)),
    });
    const run = await app.inject({
      method: 'POST',
      url: '/api/admin/settlement-runs',
      headers: finance.headers,
      payload: last,
    });
    expect(run.statusCode).toBe(200);
    const statementIds = run.json<{ statementIds: number[] }>().statementIds;
    const statement = await app.db
      .selectFrom('settlement_statements')
      .select(['id', 'to_receipt'])
      .where('id', 'in', statementIds)
      .where('creator_id', '=', payee.creatorId)
      .executeTakeFirstOrThrow();

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const errors = collectPageErrors(page);
    await openConsole(page, finance);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });

    // The statement's page: the missions it pays for, its PDF as the creator gets it, and its decisions.
    await page.goto(`${served.baseUrl}/admin/settlements/${statement.id}/show`);
    const lines = page
      .getByRole('region', { name: ko.resources.settlements.lines.replace('%{count}', '1') })
      .locator('tbody tr');
    await lines.first().waitFor({ state: 'visible' });
    expect(await lines.count()).toBe(1);
    expect(await lines.first().textContent()).toContain('600');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: ko.console.actions.statementPdf }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(new RegExp(`^fanmission-statement-\\d{4}-\\d{2}-${statement.id}\\.pdf$`));
    expect((await readFile(await savedDownload(pdf))).subarray(0, 5).toString()).toBe('%PDF-');
    // 600 coins × 60 = 36,000 won: 1,080 income tax (3 %) and 100 local income tax (0.3 %) withheld.
    await page.getByText('1,080 (3%)', { exact: true }).waitFor({ state: 'visible' });
    await page.getByText('100 (0.3%)', { exact: true }).waitFor({ state: 'visible' });
    expect(statement.to_receipt).toBe(34_820);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-finance-settlement-show.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const phone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openConsole(phone, finance);
    await phone.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await phone.goto(`${served.baseUrl}/admin/settlements/${statement.id}/show`);
    await phone.getByRole('button', { name: ko.console.actions.statementPdf }).waitFor({ state: 'visible' });
    await phone
      .getByRole('region', { name: ko.resources.settlements.lines.replace('%{count}', '1') })
      .locator('tbody tr')
      .first()
      .waitFor({ state: 'visible' });
    await screenshot(phone, 'admin-finance-settlement-show-360.png');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    await phone.close();

    await page.goto(`${served.baseUrl}/admin/settlements?filter=${encodeURIComponent(JSON.stringify(last))}`);
    const row = page
      .locator('tbody tr')
      .filter({ has: page.locator('td', { hasText: new RegExp(`^${statement.id}$`) }) })
      .first();
    await row.waitFor({ state: 'visible' });

    // Each decision is a request a second finance member approves (services/src/approvals); only an approved
    // statement offers the payment.
    expect(await row.getByRole('button', { name: ko.console.actions.markPaid }).count()).toBe(0);
    await row.getByRole('button', { name: ko.console.actions.approve }).click();
    const approveDialog = page.getByRole('dialog', { name: ko.console.actions.approve });
    await approveDialog.getByText(ko.console.confirm.approvalAlways).waitFor({ state: 'visible' });
    expect(await approveDialog.textContent()).toContain(`${new Intl.NumberFormat('ko').format(statement.to_receipt)}`);
    await screenshot(page, 'admin-confirm-statement-approve.png');
    await approveDialog.getByRole('button', { name: '확인' }).click();
    await page.getByText(ko.console.approvals.requested).waitFor({ state: 'visible' });
    await approvePendingOf(finance, 'STATEMENT_APPROVE');
    await page.reload();
    // The approval gone, looked for once the reloaded list shows the approved statement's payment.
    const markPaid = row.getByRole('button', { name: ko.console.actions.markPaid });
    await markPaid.waitFor({ state: 'visible' });
    await row.getByRole('button', { name: ko.console.actions.approve }).waitFor({ state: 'detached' });
    // The bank transfer file is a numbered batch's now (tests/e2e/admin-settlement-batches.test.ts).
    await markPaid.click();
    const payDialog = page.getByRole('dialog', { name: ko.console.actions.markPaid });
    await payDialog.getByText(ko.console.confirm.approvalAlways).waitFor({ state: 'visible' });
    expect(await payDialog.textContent()).toContain(`${new Intl.NumberFormat('ko').format(statement.to_receipt)}`);
    await page.getByLabel(ko.resources.settlements.fields.transferReference).fill('KB-20261122-01');
    await page.getByRole('button', { name: '확인' }).click();
    await page.getByText(ko.console.approvals.requested).waitFor({ state: 'visible' });
    await approvePendingOf(finance, 'STATEMENT_PAY');
    await expect
      .poll(
        async () =>
          (
            await app.db
              .selectFrom('settlement_statements')
              .select('status')
              .where('id', '=', statement.id)
              .executeTakeFirstOrThrow()
          ).status,
      )
      .toBe('PAID');
    await screenshot(page, 'admin-finance-settlement-paid.png');
    expect(errors).toEqual([]);
  }, 90_000);

  test('finance asks to change a creator’s payout account from his page: the form, then a confirmation of both accounts', async () => {
    const app = served.testApp.app;
    const payee = await createIncomeCreator(app);
    const before = await app.db
      .selectFrom('creators')
      .select(['name', 'bank_name', 'bank_account_number', 'bank_account_holder'])
      .where('id', '=', payee.creatorId)
      .executeTakeFirstOrThrow();
    const words = ko.console.payoutAccount;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, finance);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.goto(`${served.baseUrl}/admin/creators/${payee.creatorId}/show`);
    await page.getByRole('button', { name: words.change }).click();
    const form = page.getByRole('dialog', { name: words.change });
    // The form starts from the account as it is: its bank and holder, a new number to type.
    await form.getByText(`${before.bank_name} ${before.bank_account_number}`).waitFor({ state: 'visible' });
    await form.getByRole('textbox', { name: words.bankAccountNumber }).fill('12-34');
    await form.getByRole('button', { name: words.review }).click();
    await form.getByText(words.digitsOnly).waitFor({ state: 'visible' });
    await form.getByRole('combobox', { name: words.bankName }).click();
    await page.getByRole('option', { name: '카카오뱅크' }).click();
    await form.getByRole('textbox', { name: words.bankAccountNumber }).fill('3333098765432');
    await form.getByRole('textbox', { name: words.reason }).fill('고객센터 요청: 본인 확인 완료');
    await form.getByRole('button', { name: words.review }).click();

    const confirmation = page.getByRole('dialog', { name: words.confirmTitle });
    await confirmation.getByText(ko.console.confirm.approvalAlways).waitFor({ state: 'visible' });
    const text = await confirmation.textContent();
    expect(text).toContain(before.name);
    expect(text).toContain(`${before.bank_name} ${before.bank_account_number}`);
    expect(text).toContain(`카카오뱅크 3333098765432 · ${before.bank_account_holder}`);
    expect(text).toContain(words.next.replace('%{hours}', '72'));
    await expect
      .poll(() => confirmation.evaluate((dialog) => getComputedStyle(dialog.parentElement!).opacity))
      .toBe('1');
    await screenshot(page, 'admin-confirm-payout-account-1280.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'admin-confirm-payout-account-360.png');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Nothing changes before another finance member approves: the request opens.
    await confirmation.getByRole('button', { name: '확인' }).click();
    await page.getByText(ko.console.approvals.requested).waitFor({ state: 'visible' });
    await page.waitForURL(/\/admin\/approvals\/\d+\/show$/);
    const unchanged = await app.db
      .selectFrom('creators')
      .select('bank_account_number')
      .where('id', '=', payee.creatorId)
      .executeTakeFirstOrThrow();
    expect(unchanged.bank_account_number).toBe(before.bank_account_number);
    await approvePendingOf(finance, 'PAYOUT_ACCOUNT_CHANGE');
    const changed = await app.db
      .selectFrom('creators')
      .select(['bank_name', 'bank_account_number'])
      .where('id', '=', payee.creatorId)
      .executeTakeFirstOrThrow();
    expect(changed).toEqual({ bank_name: '카카오뱅크', bank_account_number: '3333098765432' });
    expect(errors).toEqual([]);
  });

  test('an operator confirms a grade of the monthly review (after the settlement run above); another grade waits', async () => {
    const app = served.testApp.app;
    const proposal = await app.db
      .selectFrom('grade_proposals')
      .select(['id', 'proposed_grade'])
      .where('status', '=', 'PROPOSED')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const chosen = proposal.proposed_grade === 'DIAMOND' ? 'GOLD' : 'DIAMOND';
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, operator);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.goto(`${served.baseUrl}/admin/grade-proposals`);
    const row = page
      .locator('tbody tr')
      .filter({ has: page.locator('td', { hasText: new RegExp(`^${proposal.id}$`) }) })
      .first();
    await row.waitFor({ state: 'visible' });
    expect(await row.getByText(ko.codes.gradeProposalStatus.PROPOSED, { exact: true }).count()).toBe(1);
    await screenshot(page, 'admin-operator-grade-proposals.png');
    // Another grade than the proposed one sets a payout rate: it is sent for a finance member's approval.
    await row.getByRole('button', { name: ko.codes.creatorGrade[chosen], exact: true }).click();
    await page.getByText(ko.console.approvals.requested).first().waitFor({ state: 'visible' });
    const asked = await app.db
      .selectFrom('staff_approval_requests')
      .select(['kind', 'status', 'params'])
      .where('kind', '=', 'GRADE_PROPOSAL_OVERRIDE')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(asked).toMatchObject({ status: 'PENDING', params: { proposalId: proposal.id, chosen } });
    const waiting = await app.db
      .selectFrom('grade_proposals')
      .select('status')
      .where('id', '=', proposal.id)
      .executeTakeFirstOrThrow();
    expect(waiting.status).toBe('PROPOSED');
    // The proposed grade itself is the review's rule: confirmed at once.
    await page.reload();
    await row.waitFor({ state: 'visible' });
    await row.getByRole('button', { name: ko.console.actions.confirmGrade, exact: true }).click();
    await row.waitFor({ state: 'detached' });
    const confirmed = await app.db
      .selectFrom('grade_proposals')
      .select(['status', 'confirmed_grade'])
      .where('id', '=', proposal.id)
      .executeTakeFirstOrThrow();
    expect(confirmed).toEqual({ status: 'CONFIRMED', confirmed_grade: proposal.proposed_grade });
    expect(errors).toEqual([]);
  }, 90_000);

  test('a statement issued right after a payout account change is held; finance releases it on its page; the creator’s page shows the history', async () => {
    const app = served.testApp.app;
    const payee = await createIncomeCreator(app);
    const now = new Date();
    const last = {
      year: now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear(),
      month: now.getUTCMonth() === 0 ? 12 : now.getUTCMonth(),
    };
    await releasedMission(app.db, {
      creatorId: payee.creatorId,
      coins: 700,
      at: new Date(Date.UTC(last.year, last.month - 1, 12)),
    });
    // The creator's new account, with his password, just before the run.
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/v1/creators/${payee.creatorId}`,
      headers: payee.headers,
      payload: {
        bankName: '카카오뱅크',
        bankAccountHolder: '홍길동',
        bankAccountNumber: '3333012345678',
        currentPassword: payee.password,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const run = await app.inject({
      method: 'POST',
      url: '/api/admin/settlement-runs',
      headers: finance.headers,
      payload: last,
    });
    expect(run.statusCode).toBe(200);
    const statement = await app.db
      .selectFrom('settlement_statements')
      .select(['id', 'payout_held'])
      .where('creator_id', '=', payee.creatorId)
      .executeTakeFirstOrThrow();
    expect(statement.payout_held).toBe(true);

    const held = ko.console.settlements.held;
    const listUrl = `${served.baseUrl}/admin/settlements?filter=${encodeURIComponent(JSON.stringify({ ...last, held: true }))}`;
    const rowOf = (page: Page) =>
      page
        .locator('tbody tr')
        .filter({ has: page.locator('td', { hasText: new RegExp(`^${statement.id}$`) }) })
        .first();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, finance);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.goto(listUrl);
    const row = rowOf(page);
    await row.getByText(held).waitFor({ state: 'visible' });
    expect(await row.getByRole('button', { name: ko.console.actions.approve }).count()).toBe(0);
    expect(await row.getByRole('button', { name: ko.console.actions.markPaid }).count()).toBe(0);
    await screenshot(page, 'admin-finance-settlement-held.png');

    await page.goto(`${served.baseUrl}/admin/settlements/${statement.id}/show`);
    await page.getByText('카카오뱅크 3333012345678 · 홍길동').first().waitFor({ state: 'visible' });
    await page.getByText(held).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-finance-settlement-held-show.png');

    const phone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openConsole(phone, finance);
    await phone.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await phone.goto(listUrl);
    // Below 900 px the list leaves the id out: the held row is the only one this filter shows.
    await phone.locator('tbody tr').getByText(held).waitFor({ state: 'visible' });
    await screenshot(phone, 'admin-finance-settlement-held-360.png');
    await phone.goto(`${served.baseUrl}/admin/settlements/${statement.id}/show`);
    await phone.getByText(held).waitFor({ state: 'visible' });
    await phone.waitForLoadState('networkidle');
    await screenshot(phone, 'admin-finance-settlement-held-show-360.png');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    await phone.close();

    await page.getByRole('button', { name: ko.console.actions.releaseHold }).click();
    await page.getByLabel(ko.resources.settlements.fields.holdReleaseNote).fill('등록된 연락처로 본인 확인 완료');
    await page.getByRole('button', { name: '확인' }).click();
    await page.getByText(ko.console.approvals.requested).waitFor({ state: 'visible' });
    await approvePendingOf(finance, 'STATEMENT_RELEASE');
    await page.reload();
    await expect
      .poll(
        async () =>
          (
            await app.db
              .selectFrom('settlement_statements')
              .select('hold_release_note')
              .where('id', '=', statement.id)
              .executeTakeFirstOrThrow()
          ).hold_release_note,
      )
      .toBe('등록된 연락처로 본인 확인 완료');
    await page.getByText(ko.console.settlements.released).waitFor({ state: 'visible' });
    await screenshot(page, 'admin-finance-settlement-released.png');
    expect(errors).toEqual([]);

    // Operators read the history on the creator's page, with the account numbers' last digits only.
    for (const [viewport, name] of [
      [{ width: 1280, height: 900 }, 'admin-operator-creator-payout-history.png'],
      [{ width: 360, height: 800 }, 'admin-operator-creator-payout-history-360.png'],
    ] as const) {
      const operatorPage = await browser.newPage({ viewport });
      const operatorErrors = collectPageErrors(operatorPage);
      await openConsole(operatorPage, operator);
      await operatorPage.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
      await operatorPage.goto(`${served.baseUrl}/admin/creators/${payee.creatorId}/show`);
      await operatorPage.getByText('카카오뱅크 ****5678 · 홍길동').waitFor({ state: 'visible' });
      await operatorPage.waitForLoadState('networkidle');
      await screenshot(operatorPage, name);
      expect(await operatorPage.getByText('3333012345678').count()).toBe(0);
      expect(operatorErrors).toEqual([]);
      await operatorPage.close();
    }
  }, 120_000);

  test('every screen renders for its role, in Korean and English, and at 768 px', async () => {
    const screens: [TestAccount, string[]][] = [
      [
        operator,
        [
          'users',
          `users/${fan.id}/show`,
          'missions',
          'mission-products',
          'creator-penalties',
          'faqs',
          'faqs/create',
          'popups',
          'popups/create',
          'tags',
          'staff',
          'staff/create',
          'audit-log',
          'ledger-verify-runs',
          'creators',
          'grade-proposals',
          'mission-comments',
          'comment-restrictions',
          'comment-restrictions/create',
          'comment-events',
          'payout-account-changes',
        ],
      ],
      [
        finance,
        [
          'bank-transfers',
          'coin-refunds',
          'coin-items',
          'coin-items/create',
          'settlements',
          'ledger',
          'payout-account-changes',
        ],
      ],
    ];
    for (const [account, paths] of screens) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors = collectPageErrors(page);
      await openConsole(page, account);
      await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
      for (const screen of paths) {
        await page.goto(`${served.baseUrl}/admin/${screen}`);
        await page.waitForLoadState('networkidle');
        await page.locator('#main-content').waitFor({ state: 'visible' });
        await screenshot(
          page,
          `admin-${account === operator ? 'operator' : 'finance'}-${screen.replace(/\//g, '-')}.png`,
        );
      }
      expect(errors).toEqual([]);
    }

    // English through the locale menu, and the narrow layout.
    const page = await browser.newPage({ viewport: { width: 768, height: 1000 } });
    await openConsole(page, operator);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page
      .getByRole('button', { name: /한국어|language|locale/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText(consoleEn.console.dashboard.sales).waitFor({ state: 'visible' });
    await untilStill(page);
    await screenshot(page, 'admin-operator-dashboard-en-768.png');
    await page.goto(`${served.baseUrl}/admin/missions`);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-operator-missions-en-768.png');
  }, 180_000);
  // Desktop-first, but usable at 768 px: the main screens of each role without serious or critical axe
  // violations (WCAG 2.2 AA) and without the page scrolling sideways: the wide lists show their essential columns
  // below 900 px and wrap long texts (admin-ui/src/resources/list-actions.tsx). Run the whole file: the journeys
  // above fill the lists (with `-t` they are empty and hide any overflow).
  test('the main console screens at 768 px: no serious or critical axe violations, no sideways scrolling (nor at 360 px)', async () => {
    const screens: [TestAccount, string[]][] = [
      [
        operator,
        ['', 'users', 'missions', `missions/${missionId}/show`, 'creators', 'grade-proposals', 'mission-comments'],
      ],
      [operator, ['block-objections', 'audit-log', 'faqs/create']],
      [
        finance,
        [
          'bank-transfers',
          'coin-refunds',
          'settlements',
          'ledger',
          'payment-reversals/shortfalls',
          'payout-account-changes',
        ],
      ],
    ];
    // The lists with the most columns, width-checked and photographed again in English (longer headers).
    const listsInEnglish = ['users', 'missions', 'grade-proposals', 'mission-comments', 'audit-log', 'coin-refunds'];
    listsInEnglish.push('settlements', 'payment-reversals/shortfalls');
    const problems: string[] = [];
    const widthAt768 = async (page: Page, screen: string, language: string) => {
      await untilStill(page); // the list's rows have drawn: measured with them
      const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      if (width[0]! > width[1]! + 1)
        problems.push(`/admin/${screen} (${language}): the page is ${width[0]}px wide at 768 px`);
      await screenshot(page, `admin-768-${language}-${screen.replaceAll('/', '-') || 'dashboard'}.png`);
    };
    for (const [account, paths] of screens) {
      const page = await browser.newPage({ viewport: { width: 768, height: 1000 } });
      const errors = collectPageErrors(page);
      await openConsole(page, account);
      await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
      for (const screen of paths) {
        await page.goto(`${served.baseUrl}/admin/${screen}`);
        await page.locator('#main-content').waitFor({ state: 'visible' });
        // Checked once the screen has drawn what it loaded (its rows, its charts), not on its loading state.
        await untilStill(page);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        for (const violation of results.violations) {
          if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
          const where = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
          problems.push(`/admin/${screen}: ${violation.id} (${violation.impact}) ${where.join(' | ')}`);
        }
        await widthAt768(page, screen, 'ko');
        // On a phone the wide tables scroll in their own box (admin-ui/src/app.tsx's layout overrides).
        await page.setViewportSize({ width: 360, height: 800 });
        // The phone layout is react-admin's own (a media query in script): measured once it has rendered.
        await untilStill(page);
        const phone = await page.evaluate(() => document.documentElement.scrollWidth);
        if (phone > 361) problems.push(`/admin/${screen} (ko): the page is ${phone}px wide at 360 px`);
        await page.setViewportSize({ width: 768, height: 1000 });
      }
      // English: react-admin keeps the chosen language in its store (admin-ui/src/auth.ts reads the same key).
      await page.evaluate(() => localStorage.setItem('RaStore.locale', '"en"'));
      for (const screen of paths.filter((path) => listsInEnglish.includes(path))) {
        await page.goto(`${served.baseUrl}/admin/${screen}`);
        await page.waitForLoadState('networkidle');
        await page.getByText('Dashboard', { exact: true }).first().waitFor({ state: 'visible' });
        await widthAt768(page, screen, 'en');
      }
      expect(errors).toEqual([]);
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
