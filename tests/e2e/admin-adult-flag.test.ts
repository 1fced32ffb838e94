// The console's adult flag and money approvals, over the real API and PostgreSQL: an operator flags a creator adult
// from the creator's own group on his page, through a confirmation naming the 19+ gate and a required reason; the
// creator's request to clear it waits in its own queue with 해제 승인 / 해제 거절; a finance checker's approval page
// names the members and coins of a grant. Screenshots in ko at 1280 and 360 px.
import type { AdminApproval } from '@fanmission/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot, useBrowser } from '../harness/browser';
import { storeConsoleSession } from '@fanmission/tests/support/console';
import { useServedApp } from '../harness/served-app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';

const ko = consoleKo;
const ITEM = '성인 지정 테스트 보너스';

describe('console: the adult flag and the subject of a money approval', () => {
  const served = useServedApp({ own: true });
  const browser = useBrowser();
  let operator: TestAccount;
  let financeA: TestAccount;
  let financeB: TestAccount;
  let fan: TestAccount;
  let creator: TestCreator;

  beforeAll(async () => {
    const app = served.testApp.app;
    operator = await createAccount(app, { roles: ['ROLE_OPERATOR'], password: 'operator-pass1', username: 'op-adult' });
    financeA = await createAccount(app, { roles: ['ROLE_FINANCE'], password: 'finance-a-pass1', username: 'fin-a' });
    financeB = await createAccount(app, { roles: ['ROLE_FINANCE'], password: 'finance-b-pass1', username: 'fin-b' });
    fan = await createAccount(app, { password: 'fan-password1', username: '칠번팬' });
    creator = await createCreator(app, { name: '게임왕' });
    await app.db
      .insertInto('coin_items')
      .values({ item_type: 'BONUS', name: ITEM, point: 1_500, price: 0, usd_price: '0', active: false })
      .execute();
  });

  /** Signs `account` in to the console by its stored session (the login form is not this file's subject). */
  const signIn = (page: Page, account: TestAccount) => storeConsoleSession(page, served.baseUrl, account);

  test('flagging asks for the consequences and a reason; the clearance has its own queue', async () => {
    const words = ko.console.creatorReview;
    // At 360 px the dialog is only looked at; at 1280 px it is confirmed.
    for (const width of [360, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signIn(page, operator);
      await page.goto(`${served.baseUrl}/admin/creators/${creator.creatorId}/show`);
      const group = page.getByRole('region', { name: words.adultGroup });
      await group.getByRole('button', { name: ko.console.actions.flagAdult }).click();
      const dialog = page.getByRole('dialog', { name: ko.console.actions.flagAdult });
      await dialog.getByText(words.flagAdultConfirm.replace('%{name}', '게임왕')).waitFor({ state: 'visible' });
      const confirm = dialog.getByRole('button', { name: '확인' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: words.adultReason }).fill('소개 영상에 노출 장면이 있습니다');
      await screenshot(page, `console-adult-flag-confirm-ko-${width}`);
      if (width === 1280) {
        await confirm.click();
        await group.getByText(/소개 영상에 노출 장면이 있습니다/).waitFor({ state: 'visible' });
        await screenshot(page, `console-adult-flag-group-ko-${width}`);
      }
      await page.close();
    }
    // The creator asks to clear it: the request waits in the clearance queue.
    await served.testApp.app.db
      .updateTable('creators')
      .set({ adult_clear_requested_at: new Date() })
      .where('id', '=', creator.creatorId)
      .execute();
    for (const width of [1280, 360]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signIn(page, operator);
      await page.goto(`${served.baseUrl}/admin/adult-clearances`);
      const row = page.getByRole('row').filter({ hasText: '게임왕' });
      await row.getByRole('button', { name: ko.console.actions.acceptAdultClear }).waitFor({ state: 'visible' });
      expect(await row.getByRole('button', { name: ko.console.actions.approve, exact: true }).count()).toBe(0);
      await screenshot(page, `console-adult-clearances-ko-${width}`);
      await page.goto(`${served.baseUrl}/admin/creators/${creator.creatorId}/show`);
      await page
        .getByRole('region', { name: words.adultGroup })
        .getByRole('button', { name: ko.console.actions.declineAdultClear })
        .waitFor({ state: 'visible' });
      await screenshot(page, `console-adult-creator-ko-${width}`);
      await page.close();
    }
  });

  test('the checker’s approval page names who gets the coins and how many', async () => {
    const app = served.testApp.app;
    const asked = await app.inject({
      method: 'POST',
      url: '/api/admin/bonus-grants',
      headers: { ...financeA.headers, 'idempotency-key': 'adult-e2e-grant' },
      payload: {
        coinItemId: (
          await app.db.selectFrom('coin_items').select('id').where('name', '=', ITEM).executeTakeFirstOrThrow()
        ).id,
        reason: '추석 감사 이벤트',
        budgetCoins: 2_000,
        recipients: { userIds: [fan.id] },
      },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json<AdminApproval>();
    for (const width of [1280, 360]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signIn(page, financeB);
      await page.goto(`${served.baseUrl}/admin/approvals/${request.id}/show`);
      const subject = page.getByRole('region', { name: ko.console.approvals.subject.title });
      await subject.getByText(`칠번팬 (${fan.email.toLowerCase()})`).waitFor({ state: 'visible' });
      await subject.getByText('1,500코인').waitFor({ state: 'visible' });
      await screenshot(page, `console-approval-subject-ko-${width}`);
      await page.close();
    }
  });
});
