// Browser journeys through the operator and finance console (issue 19) against the real API and PostgreSQL.
import type { MissionView, Page as ApiPage } from '@fanmission/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleEn } from '../../admin-ui/src/i18n/console-en';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot, useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { createCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';

const ko = consoleKo;

function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

describe('operator and finance console', () => {
  const served = useServedApp();
  const browser = useBrowser();
  let fan: TestAccount;
  let operator: TestAccount;
  let finance: TestAccount;
  let missionId: number;
  let tenCoins: number;

  beforeAll(async () => {
    const app = served.testApp.app;
    fan = await createAccount(app, { password: 'fan-password1' });
    operator = await createAccount(app, { roles: ['ROLE_OPERATOR'], password: 'operator-pass1', username: 'op' });
    finance = await createAccount(app, { roles: ['ROLE_FINANCE'], password: 'finance-pass1', username: 'fin' });
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
    await page.locator('.recharts-surface').first().waitFor({ state: 'visible' });
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(4);
    await page.locator('.recharts-line').first().waitFor({ state: 'visible' });
    await page.waitForTimeout(800); // chart animations
    await screenshot(page, 'admin-operator-dashboard.png');

    const menu = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed')).first();
    expect(await menu.getByText(ko.resources.missions.name, { exact: true }).isVisible()).toBe(true);
    expect(await menu.getByText(ko.resources['bank-transfers'].name, { exact: true }).count()).toBe(0);

    expect(await publicMissionIds()).toContain(missionId);
    await page.goto(`${served.baseUrl}/admin/missions/${missionId}/show`);
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
    await web.waitForLoadState('networkidle');
    expect(await web.locator(`a[href="/mission-detail/${missionId}"]`).count()).toBe(0);

    // The block is in the audit log.
    await page.goto(`${served.baseUrl}/admin/audit-log`);
    await page.getByText('PUT /api/admin/missions/:id').first().waitFor({ state: 'visible' });
    await screenshot(page, 'admin-audit-log.png');
    expect(errors).toEqual([]);
  });

  test('finance confirms a bank deposit once, and runs a clean ledger verify', async () => {
    const request = await fetch(`${served.baseUrl}/api/v1/payment/bank-transfer`, {
      method: 'POST',
      headers: { ...fan.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        coinItemId: tenCoins,
        userId: fan.id,
        depositorName: '김팬',
        depositorPhone: '01012345678',
        cashReceiptNumber: '',
        receiptType: 'PHONE',
      }),
    });
    expect(request.status).toBe(200);
    const balance = async () =>
      (
        (await (await fetch(`${served.baseUrl}/api/v1/coin-deposit`, { headers: fan.headers })).json()) as {
          point: number;
        }
      ).point;
    const before = await balance();

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await logIn(page, finance);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    const menu = page.locator('.RaSidebar-fixed');
    expect(await menu.getByText(ko.resources.missions.name, { exact: true }).count()).toBe(0);
    await menu.getByText(ko.resources['bank-transfers'].name, { exact: true }).click();
    await page.getByText('김팬').waitFor({ state: 'visible' });
    await screenshot(page, 'admin-finance-bank-transfers.png');
    await page.getByRole('button', { name: ko.console.actions.confirmDeposit }).first().click();
    await page.getByText('김팬').waitFor({ state: 'detached' });
    expect(await balance()).toBe(before + 10);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await balance()).toBe(before + 10);

    await menu.getByText(ko.resources['ledger-verify-runs'].name, { exact: true }).click();
    await page.getByRole('button', { name: ko.console.actions.runVerify }).click();
    await page.getByText(ko.console.ledger.verifyClean).waitFor({ state: 'visible', timeout: 20_000 });
    await screenshot(page, 'admin-finance-ledger-verify.png');

    await page.goto(`${served.baseUrl}/admin/ledger?account=wallet:${fan.id}`);
    await page.getByRole('textbox').fill(`wallet:${fan.id}`);
    await page.getByRole('button', { name: ko.console.actions.lookup }).click();
    await page.getByLabel('ledger balance').waitFor({ state: 'visible' });
    expect(await page.getByLabel('ledger balance').textContent()).toContain(String(before + 10));
    await screenshot(page, 'admin-finance-ledger-account.png');
    expect(errors).toEqual([]);
  });

  test('a session the API no longer accepts goes back to the login page', async () => {
    const page = await browser.newPage();
    await page.goto(`${served.baseUrl}/admin/login`);
    await page.evaluate((id) => {
      sessionStorage.setItem(
        'fanmission.console.session',
        JSON.stringify({ token: 'not-a-token', id, email: 'x@example.com', roles: ['ROLE_OPERATOR'] }),
      );
    }, operator.id);
    await page.goto(`${served.baseUrl}/admin/users`);
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole('button', { name: '로그인' }).waitFor({ state: 'visible' });
  });

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
          'comments',
          'comment-events',
        ],
      ],
      [finance, ['bank-transfers', 'coin-refunds', 'coin-items', 'coin-items/create', 'settlements', 'ledger']],
    ];
    for (const [account, paths] of screens) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors = collectPageErrors(page);
      await logIn(page, account);
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
    await logIn(page, operator);
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
    await page
      .getByRole('button', { name: /한국어|language|locale/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText(consoleEn.console.dashboard.sales).waitFor({ state: 'visible' });
    await page.waitForTimeout(800);
    await screenshot(page, 'admin-operator-dashboard-en-768.png');
    await page.goto(`${served.baseUrl}/admin/missions`);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-operator-missions-en-768.png');
  }, 180_000);
});
