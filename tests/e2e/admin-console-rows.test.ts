// The console on a phone and the mission page: under 600 px a list's rows are cards of "label: value" lines (the
// request text reads in whole lines, the page never scrolls sideways), and a mission's page shows the fan's request
// attachment beside the request. Screenshots in ko at 1280 and 360 px.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot, useBrowser } from '../harness/browser';
import { untilStill } from '@fanmission/tests/support/browser';
import { storeConsoleSession } from '@fanmission/tests/support/console';
import { useServedApp } from '../harness/served-app';
import { createCreator } from '@fanmission/tests/support/creators';
import { createFile, insertMission, registerProduct } from '@fanmission/tests/support/missions';

const ko = consoleKo;
const REQUEST = '콩이 생일이라서 게임 BGM 깔고 축하 영상 부탁드려요. 첨부한 사진 속 케이크도 꼭 보여 주세요!';

const seriousA11yViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => violation.id);

describe('console rows on a phone and the mission’s request attachment', () => {
  const served = useServedApp();
  const browser = useBrowser();
  let operator: TestAccount;
  let fan: TestAccount;
  let missionId: number;

  beforeAll(async () => {
    const app = served.testApp.app;
    const suffix = Date.now().toString(36);
    operator = await createAccount(app, {
      roles: ['ROLE_OPERATOR'],
      password: 'operator-pass1',
      username: `rows-op-${suffix}`,
    });
    fan = await createAccount(app, { password: 'fan-password1', username: `rows-fan-${suffix}` });
    const creator = await createCreator(app, { username: `rows-creator-${suffix}` });
    const product = await registerProduct(app, creator, { type: 'CUSTOM', name: '무엇이든 맞춤 미션' });
    const photo = await createFile(app.db, fan.id, 'image');
    missionId = (
      await insertMission(app, product, {
        user_id: fan.id,
        status: 'REQUESTED',
        request_comment: REQUEST,
        request_file_id: photo,
      })
    ).id;
  });

  test('a list is cards at 360 px and a table at 1280 px; the mission page shows the request attachment', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    // Signed in by the operator's stored session (the login form is not this file's subject).
    await storeConsoleSession(page, served.baseUrl, operator);
    const list = `${served.baseUrl}/admin/missions?filter=${encodeURIComponent(JSON.stringify({ userId: fan.id }))}`;
    await page.goto(list);
    const card = page.locator('.ConsoleList-cards tbody tr').first();
    await card.waitFor({ state: 'visible' });
    // Each value has its label beside it and the card's width; no header row squeezes a column.
    await expect.poll(() => page.locator('.ConsoleList-cards thead').count()).toBe(0);
    const product = card.locator('td', { hasText: '무엇이든 맞춤 미션' });
    // Measured once the cards' layout has settled (the rows may draw before the card styles apply).
    await expect.poll(async () => (await product.boundingBox())?.width ?? 0).toBeGreaterThan(280);
    expect(await product.textContent()).toContain(ko.resources.missions.fields.productName);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'console-rows-missions-list-360.png');

    await page.goto(`${served.baseUrl}/admin/missions/${missionId}/show`);
    const attachment = page.getByRole('link', { name: 'upload.png' });
    await attachment.waitFor({ state: 'visible' });
    await page.getByText(REQUEST).waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'console-rows-mission-show-360.png');

    await page.goto(`${served.baseUrl}/admin/payout-account-changes`);
    await page.locator('#react-admin-title').getByText(ko.resources['payout-account-changes'].name).waitFor();
    // The title shows before the list's rows: the width is measured once the screen is still.
    await untilStill(page);
    await screenshot(page, 'console-rows-payout-account-changes-360.png');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    await page.goto(`${served.baseUrl}/admin/mission-comments`);
    await page.locator('#react-admin-title').getByText(ko.resources['mission-comments'].name).waitFor();
    // The title shows before the list's rows: the width is measured once the screen is still.
    await untilStill(page);
    await screenshot(page, 'console-rows-comments-360.png');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(list);
    await page.getByRole('columnheader', { name: ko.resources.missions.fields.productName }).waitFor();
    expect(await page.locator('.ConsoleList-cards').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'console-rows-missions-list-1280.png');
    await page.goto(`${served.baseUrl}/admin/missions/${missionId}/show`);
    await page.getByRole('link', { name: 'upload.png' }).waitFor({ state: 'visible' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'console-rows-mission-show-1280.png');
    await page.goto(`${served.baseUrl}/admin/payout-account-changes`);
    await page.locator('#react-admin-title').getByText(ko.resources['payout-account-changes'].name).waitFor();
    await screenshot(page, 'console-rows-payout-account-changes-1280.png');
    await page.goto(`${served.baseUrl}/admin/mission-comments`);
    await page.locator('#react-admin-title').getByText(ko.resources['mission-comments'].name).waitFor();
    await screenshot(page, 'console-rows-comments-1280.png');
    await page.close();
  }, 180_000);
});
