// A creator who declared a business reads on his payout account page that it counts once checked (3.3 % withheld
// until then); finance reads the declaration and the verified registration on the creator's console page and asks to
// verify it. Screenshots in ko at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { ko as webKo } from '../../web/src/shared/i18n/locales/ko';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot, useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { creatorSession, sessionState } from '@fanmission/tests/support/browser';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';

describe('business registration on the payout account screens', () => {
  const served = useServedApp({ own: true });
  const browser = useBrowser();
  let finance: TestAccount;
  let creator: TestCreator;

  beforeAll(async () => {
    const app = served.testApp.app;
    finance = await createAccount(app, { roles: ['ROLE_FINANCE'], password: 'finance-biz-pass1', username: 'fin-biz' });
    creator = await createCreator(app, { name: '별빛' });
    await app.db
      .updateTable('creators')
      .set({
        business_type: 'CORPORATION',
        business_name: '별빛',
        business_registration_number: '2208162517',
        bank_name: '카카오뱅크',
        bank_account_holder: '(주)별빛',
        bank_account_number: '3333012345678',
      })
      .where('id', '=', creator.creatorId)
      .execute();
  });

  async function consoleLogIn(page: Page) {
    await page.goto(`${served.baseUrl}/admin/`);
    await page.locator('input[name="username"]').fill(finance.email);
    await page.locator('input[name="password"]').fill(finance.password);
    await page.getByRole('button', { name: '로그인' }).click();
    await page.getByText(consoleKo.console.dashboard.sales).waitFor({ state: 'visible' });
  }

  test('the creator’s payout account page says a declared business waits for its check', async () => {
    for (const width of [1280, 360]) {
      const page = await browser.newPage({
        viewport: { width, height: 900 },
        storageState: sessionState(served.baseUrl, creatorSession(creator)),
      });
      await page.goto(`${served.baseUrl}/bank-account-change`);
      await page.getByText(webKo.creatorStudio.bank.business.pending).waitFor({ state: 'visible' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `web-business-registration-${width}-ko.png`);
      await page.close();
    }
  });

  test('finance reads the declaration and the verified registration, and asks to verify it', async () => {
    const t = consoleKo.console.businessRegistration;
    for (const width of [1280, 360]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await consoleLogIn(page);
      await page.goto(`${served.baseUrl}/admin/creators/${creator.creatorId}/show`);
      await page.getByText(t.notVerified).waitFor({ state: 'visible' });
      await page.getByText(`${t.types.CORPORATION} 2208162517`).waitFor({ state: 'visible' });
      await page.getByRole('button', { name: t.ask }).scrollIntoViewIfNeeded();
      await screenshot(page, `admin-business-registration-${width}-ko.png`);
      if (width === 1280) {
        await page.getByRole('button', { name: t.ask }).click();
        await page.getByLabel(t.reason).fill('사업자등록증 사본 확인');
        await screenshot(page, `admin-business-registration-ask-${width}-ko.png`);
        await page.getByRole('button', { name: '확인' }).click();
        await page.waitForURL(/\/admin\/approvals\/\d+\/show/);
      }
      await page.close();
    }
    const requests = await served.testApp.app.db
      .selectFrom('staff_approval_requests')
      .select(['kind', 'status'])
      .where('kind', '=', 'CREATOR_BUSINESS_VERIFICATION')
      .execute();
    expect(requests).toEqual([{ kind: 'CREATOR_BUSINESS_VERIFICATION', status: 'PENDING' }]);
  });
});
