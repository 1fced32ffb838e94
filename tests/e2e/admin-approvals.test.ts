// The maker-checker rule in the console, over the real API and PostgreSQL: finance member A grants free coins above
// the limit and sees the grant waiting among his requests; finance member B approves it from "waiting for my
// approval"; the fan's coin history shows the grant, and the audit log both steps. A bank deposit confirmed past the
// member's daily allowance waits too, and its checker reads what the bank statement must show. Screenshots in ko at
// 1280 and 360 px.
import type { AdminApproval, AdminAuditEntry } from '@fanmission/contracts';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { ko as webKo } from '../../web/src/shared/i18n/locales/ko';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot, useBrowser } from '../harness/browser';
import { openConsoleAs } from '@fanmission/tests/support/console';
import { useServedApp } from '../harness/served-app';
import { fanSession, sessionState } from '@fanmission/tests/support/browser';

const ko = consoleKo;
const ITEM = '승인 테스트 보너스';

describe('console: staff approvals', () => {
  // The console lists the whole platform's members and requests: an app no other file wrote to.
  const served = useServedApp({ own: true });
  const browser = useBrowser();
  let financeA: TestAccount;
  let financeB: TestAccount;
  let fan: TestAccount;

  beforeAll(async () => {
    const app = served.testApp.app;
    financeA = await createAccount(app, { roles: ['ROLE_FINANCE'], password: 'finance-a-pass1', username: 'fin-a' });
    financeB = await createAccount(app, { roles: ['ROLE_FINANCE'], password: 'finance-b-pass1', username: 'fin-b' });
    fan = await createAccount(app, { password: 'fan-password1' });
    await app.db
      .insertInto('coin_items')
      .values({ item_type: 'BONUS', name: ITEM, point: 1_500, price: 0, usd_price: '0', active: false })
      .execute();
  });

  function collectPageErrors(page: Page): Error[] {
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    return errors;
  }

  /** The console's dashboard as `account`, signed in by the account's stored session (the login form is not this file's subject). */
  async function openConsole(page: Page, account: TestAccount) {
    await openConsoleAs(page, served.baseUrl, account);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
  }

  const seriousA11yViolations = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
      .map((violation) => violation.id);

  test('finance A grants 1,500 coins: it waits; finance B approves it from his queue; the fan gets them once; both steps are audited', async () => {
    const app = served.testApp.app;
    const maker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const makerErrors = collectPageErrors(maker);
    await openConsole(maker, financeA);
    await maker.goto(`${served.baseUrl}/admin/bonus-grants/create`);
    const fields = ko.resources['bonus-grants'].fields;
    await maker.getByRole('combobox', { name: fields.coinItemId }).click();
    await maker.getByRole('option', { name: ITEM }).click();
    await maker.getByRole('textbox', { name: fields.reason }).fill('설 감사 이벤트');
    await maker.getByRole('spinbutton', { name: fields.budgetCoins }).fill('2000');
    // The member is found by his e-mail.
    await maker.getByRole('combobox', { name: fields.userIds }).fill(fan.email);
    await maker.getByRole('option', { name: fan.email }).click();
    await maker.getByRole('button', { name: '저장' }).click();
    // The confirmation says the grant may wait for a second finance member; confirmed, it does.
    const confirmation = maker.getByRole('dialog', { name: ko.console.confirm.bonusGrantTitle });
    // The confirmation names the limit the grant goes over.
    const limit = `${served.testApp.app.ctx.config.BONUS_GRANT_APPROVAL_ABOVE_COINS.toLocaleString('ko')}코인`;
    await confirmation
      .getByText(ko.console.confirm.approvalAboveLimitOf.replace('%{limit}', limit))
      .waitFor({ state: 'visible' });
    await confirmation.getByRole('button', { name: '확인' }).click();
    // The request opens: waiting, with what it will run; the maker cannot approve it.
    await maker.getByText(ko.console.approvals.requested).waitFor({ state: 'visible' });
    await maker.getByText(ko.console.approvals.own).waitFor({ state: 'visible' });
    await maker.getByText(ko.codes.approvalStatus.PENDING).first().waitFor({ state: 'visible' });
    expect(await maker.getByRole('button', { name: ko.console.approvals.approve, exact: true }).count()).toBe(0);
    await maker.getByRole('menuitem', { name: `${ko.console.approvals.mine} (1)` }).waitFor({ state: 'visible' });
    await maker.waitForLoadState('networkidle');
    await screenshot(maker, 'admin-approvals-maker-request.png');
    expect(await seriousA11yViolations(maker)).toEqual([]);
    const fanCoins = async () =>
      (await app.inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: fan.headers })).json<{ point: number }>()
        .point;
    expect(await fanCoins()).toBe(0);

    // Finance B: the menu counts the request waiting for him; he opens it from his queue and approves it.
    const checker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const checkerErrors = collectPageErrors(checker);
    await openConsole(checker, financeB);
    await checker.getByRole('menuitem', { name: `${ko.console.approvals.waiting} (1)` }).click();
    const row = checker.locator('tbody tr').filter({ hasText: ko.codes.approvalKind.BONUS_GRANT }).first();
    await row.waitFor({ state: 'visible' });
    await screenshot(checker, 'admin-approvals-waiting.png');
    expect(await seriousA11yViolations(checker)).toEqual([]);
    await row.click();
    await checker.getByText('설 감사 이벤트').first().waitFor({ state: 'visible' });
    await checker.getByRole('button', { name: ko.console.approvals.approve, exact: true }).click();
    await checker.getByRole('textbox', { name: ko.console.approvals.note }).fill('예산과 대상 확인');
    await checker.getByRole('button', { name: '확인' }).click();
    await checker.getByText(ko.console.approvals.approved).waitFor({ state: 'visible' });
    await checker.getByText(ko.codes.approvalStatus.EXECUTED).first().waitFor({ state: 'visible' });
    await checker.getByRole('menuitem', { name: `${ko.console.approvals.waiting} (0)` }).waitFor({ state: 'visible' });
    await checker.waitForLoadState('networkidle');
    await screenshot(checker, 'admin-approvals-approved.png');
    expect(await fanCoins()).toBe(1_500);

    // At 360 px: the queue and the request's page fit the screen.
    const phone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    const phoneErrors = collectPageErrors(phone);
    await openConsole(phone, financeB);
    await phone.goto(`${served.baseUrl}/admin/approvals?filter=${encodeURIComponent('{"view":"mine"}')}`);
    await phone.goto(`${served.baseUrl}/admin/approvals?filter=${encodeURIComponent('{}')}`);
    await phone.locator('tbody tr').first().waitFor({ state: 'visible' });
    await screenshot(phone, 'admin-approvals-list-360.png');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    const request = (
      await app.db
        .selectFrom('staff_approval_requests')
        .select('id')
        .where('maker_id', '=', financeA.id)
        .executeTakeFirstOrThrow()
    ).id;
    await phone.goto(`${served.baseUrl}/admin/approvals/${request}/show`);
    await phone.getByText('예산과 대상 확인').first().waitFor({ state: 'visible' });
    await phone.waitForLoadState('networkidle');
    await screenshot(phone, 'admin-approvals-show-360.png');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    // A long page title stops short of the language selector, which shows its icons only on a phone.
    await phone.goto(`${served.baseUrl}/admin/payout-account-changes`);
    await phone.locator('#react-admin-title').getByText(consoleKo.resources['payout-account-changes'].name).waitFor();
    const title = (await phone.locator('#react-admin-title').boundingBox())!;
    const language = (await phone.locator('header button[aria-controls="simple-menu"]').boundingBox())!;
    expect(title.x + title.width + 8).toBeLessThanOrEqual(language.x);
    expect(language.width).toBeLessThan(80);
    await screenshot(phone, 'admin-title-360.png');

    // The fan's coin history shows the free coin event, once.
    const web = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      storageState: sessionState(served.baseUrl, { lang: 'ko', ...fanSession(fan) }),
    });
    await web.goto(`${served.baseUrl}/coin-history`);
    await web.getByTestId('coin-history-row').getByText(webKo.coinHistory.earnFreeEvent).waitFor({ state: 'visible' });
    expect(await web.getByTestId('coin-history-row').count()).toBe(1);
    await screenshot(web, 'web-coin-history-approved-grant.png');

    // The audit log: A's request (202) and B's approval (200), in the console too.
    const log = await app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ resource: 'approvals' }))}`,
      headers: financeB.headers,
    });
    const approvals = log.json<AdminAuditEntry[]>();
    expect(approvals).toContainEqual(
      expect.objectContaining({ actorId: financeB.id, statusCode: 200, resourceId: String(request) }),
    );
    const grants = (
      await app.inject({
        method: 'GET',
        url: `/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ resource: 'bonus-grants' }))}`,
        headers: financeB.headers,
      })
    ).json<AdminAuditEntry[]>();
    expect(grants).toContainEqual(expect.objectContaining({ actorId: financeA.id, statusCode: 202 }));
    expect((grants.find((entry) => entry.statusCode === 202)!.after as AdminApproval).status).toBe('PENDING');
    await checker.goto(`${served.baseUrl}/admin/audit-log`);
    await checker.locator('tbody tr').first().waitFor({ state: 'visible' });
    await checker.waitForLoadState('networkidle');
    await screenshot(checker, 'admin-approvals-audit-log.png');
    expect([...makerErrors, ...checkerErrors, ...phoneErrors]).toEqual([]);
  }, 120_000);

  test('finance A confirms a 100,000-won bank deposit: it waits; finance B reads what the bank statement must show and approves', async () => {
    const app = served.testApp.app;
    const payer = await createAccount(app, { password: 'payer-password1' });
    const pack = await app.db
      .selectFrom('coin_items')
      .select('id')
      .where('item_type', '=', 'CASH')
      .where('point', '=', 1_000)
      .executeTakeFirstOrThrow();
    const asked = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/bank-transfer',
      headers: payer.headers,
      payload: {
        coinItemId: pack.id,
        userId: payer.id,
        depositorName: '김입금',
        depositorPhone: '01012345678',
        cashReceiptNumber: '01012345678',
        receiptType: 'PHONE',
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const payerCoins = async () =>
      (await app.inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: payer.headers })).json<{
        point: number;
      }>().point;

    const maker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(maker);
    await openConsole(maker, financeA);
    await maker.goto(`${served.baseUrl}/admin/bank-transfers`);
    await maker.getByText('김입금').waitFor({ state: 'visible' });
    await maker.getByRole('button', { name: ko.console.actions.confirmDeposit }).first().click();
    const confirmation = maker.getByRole('dialog', { name: ko.console.actions.confirmDeposit });
    await confirmation.getByText(/“김입금” 이름으로 100,000원이 입금된 것을/).waitFor({ state: 'visible' });
    await confirmation.getByRole('button', { name: '확인' }).click();
    await maker.getByText(ko.console.approvals.requested).waitFor({ state: 'visible' });
    expect(await payerCoins()).toBe(0);

    // Finance B opens it: one line names the depositor, the won and the time after which the credit must show.
    const request = await app.db
      .selectFrom('staff_approval_requests')
      .select('id')
      .where('kind', '=', 'BANK_DEPOSIT_CONFIRM')
      .where('maker_id', '=', financeA.id)
      .executeTakeFirstOrThrow();
    const line = /^무통장 입금 \d+: 입금자 “김입금”, 100,000원이 \d{4}\.\d{2}\.\d{2} \d{2}:\d{2} KST 이후/;
    for (const width of [1280, 360]) {
      const checker = await browser.newPage({ viewport: { width, height: 900 } });
      errors.push(...collectPageErrors(checker));
      await openConsole(checker, financeB);
      await checker.goto(`${served.baseUrl}/admin/approvals/${request.id}/show`);
      await checker.getByText(line).first().waitFor({ state: 'visible' });
      await checker.waitForLoadState('networkidle');
      await screenshot(checker, `admin-approvals-bank-deposit-${width}.png`);
      expect(await checker.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width + 1);
      if (width === 360) {
        await checker.getByRole('button', { name: ko.console.approvals.approve, exact: true }).click();
        await checker.getByRole('textbox', { name: ko.console.approvals.note }).fill('통장 거래내역 확인');
        await checker.getByRole('button', { name: '확인' }).click();
        await checker.getByText(ko.console.approvals.approved).waitFor({ state: 'visible' });
      }
    }
    expect(await payerCoins()).toBe(1_000);
    expect(errors).toEqual([]);
  }, 120_000);
});
