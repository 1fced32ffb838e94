// Web app coins over the real API: the coin history page (tabs, year/month filter, signed amounts with negatives in
// red, content texts, pending status labels, empty states) and the coin charge modal (items, pay methods, terms,
// depositor fields) with the sandbox checkout round trip (Approve → POST /coin-deposit → new balance; Decline → the
// failure message), a bank-deposit request under the pending tab, the request modal's not-enough-coins path to the
// charge modal, and a creator refused. Then card and KakaoPay through PortOne: a second app configured for PortOne
// against the local PortOne-speaking server (tests/support/payment-providers.ts), whose browser script stands in for
// cdn.portone.io, where the npm package `@portone/browser-sdk` loads its runtime from. Screenshots land in
// tests/artifacts/screenshots/web-coins-<screen>-<lang>.png.
import type { MissionProduct } from '@fanmission/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { registerProduct } from '@fanmission/tests/support/missions';
import { startPortOneServer, type PortOneServer } from '@fanmission/tests/support/payment-providers';
import { verify } from '@fanmission/ledger';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot as savePng } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { collectPageErrors, DESKTOP, fanSession, storeSession, useWebPages } from '../support/browser';
import { axeViolations } from '../support/web-a11y';

const LANGUAGES = ['ko', 'en', 'ja'] as const;
const ko = resources.ko.translation;
const en = resources.en.translation;

describe('web app: coin history and coin charge', () => {
  const served = useServedApp();
  const { openPage, screenshot, browser } = useWebPages(served, 'web-coins');
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);
  let creator: TestCreator;
  let product: MissionProduct;

  async function balanceOf(account: TestAccount): Promise<number> {
    const response = await served.testApp.app.inject({
      method: 'GET',
      url: '/api/v1/coin-deposit',
      headers: account.headers,
    });
    return response.json<{ point: number }>().point;
  }

  beforeAll(async () => {
    creator = await createCreator(served.testApp.app, { name: `Coco ${suffix}`, url: `coco${suffix}` });
    product = await registerProduct(served.testApp.app, creator, {
      type: 'BASIC',
      name: 'Birthday song',
      coinPrice: 30,
    });
  });

  test('a fan charges through the sandbox, spends, and sees it all in the balance and the history', async () => {
    const fan = await createAccount(served.testApp.app, { username: `fan${suffix}` });
    const { page, errors } = await openPage('ko', fanSession(fan));
    await page.goto(url('/coin-history'));
    await page.getByText(ko.coinHistory.empty).waitFor();
    await page.getByTestId('coin-balance').getByText(`${ko.coinHistory.balance}: 0`).waitFor();

    // The modal: nothing chosen → item and terms messages; kakaopay is the default.
    await page.getByRole('button', { name: ko.coinHistory.charge }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('radio', { name: ko.coinCharge.kakaopay }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: ko.coinCharge.pay }).click();
    await dialog.getByText(ko.coinCharge.selectItem).waitFor();
    await dialog.getByText(ko.coinCharge.agreeTerms).waitFor();
    await dialog.getByRole('button', { name: new RegExp(`^100코인`) }).click();
    await dialog.getByRole('checkbox', { name: ko.coinCharge.terms }).check();
    await screenshot(page, 'charge-modal', 'ko');

    // Decline at the sandbox: the failure message, no coins.
    await dialog.getByRole('button', { name: ko.coinCharge.pay }).click();
    await page.waitForURL(/\/payment\/sandbox\//);
    await screenshot(page, 'sandbox-checkout', 'ko');
    await page.getByRole('button', { name: '결제 거절' }).click();
    await page.waitForURL(/\/coin-history/);
    const declined = ko.coinCharge.declined.replace('{{reason}}', ko.coinCharge.declinedReason);
    await page.getByRole('alertdialog').getByText(declined).waitFor();
    await page.getByRole('button', { name: ko.common.ok }).click();
    expect(await balanceOf(fan)).toBe(0);

    // Approve: back in the app, the coins are credited and the new balance shown.
    await page.getByRole('button', { name: ko.coinHistory.charge }).click();
    await dialog.getByRole('button', { name: new RegExp(`^100코인`) }).click();
    await dialog.getByRole('checkbox', { name: ko.coinCharge.terms }).check();
    await dialog.getByRole('button', { name: ko.coinCharge.pay }).click();
    await page.waitForURL(/\/payment\/sandbox\//);
    await page.getByRole('button', { name: '결제 승인' }).click();
    await page.waitForURL(/\/coin-history/);
    const charged = ko.coinCharge.charged.replace('{{point}}', '100').replace('{{balance}}', '100');
    await page.getByRole('alertdialog').getByText(charged).waitFor();
    await screenshot(page, 'charged', 'ko');
    await page.getByRole('button', { name: ko.common.ok }).click();
    expect(new URL(page.url()).search).toBe('');
    expect(await balanceOf(fan)).toBe(100);
    await page.getByTestId('coin-balance').getByText(`${ko.coinHistory.balance}: 100`).waitFor();
    const rows = page.getByTestId('coin-history-row');
    await rows.filter({ hasText: '+100' }).filter({ hasText: ko.coinHistory.earnCharge }).waitFor();

    // A BASIC request of 30 coins: a USE row, negative and red. (The API's history rows carry no mission yet, so the
    // product's type and name cannot show; historyContent is unit-tested with one.)
    const request = await served.testApp.app.inject({
      method: 'POST',
      url: '/api/v1/missions',
      headers: fan.headers,
      payload: {
        missionProductId: product.id,
        private: false,
        toFriend: false,
        to: 'Minji',
        requestComment: 'Sing for me',
      },
    });
    expect(request.statusCode, request.body).toBe(200);
    await page.reload();
    await rows.filter({ hasText: '-30' }).waitFor();
    await screenshot(page, 'history', 'ko');
    const use = rows.filter({ hasText: '-30' });
    await use.getByText(ko.coinHistory.eventType.USE).waitFor();
    const color = await use.getByText('-30').evaluate((cell) => getComputedStyle(cell).color);
    const plainColor = await rows
      .filter({ hasText: '+100' })
      .getByText('+100')
      .evaluate((cell) => getComputedStyle(cell).color);
    expect(color).toMatch(/^rgb\((\d+), (\d+), (\d+)\)$/);
    const [red, green] = color.match(/\d+/g)!.map(Number);
    expect(red).toBeGreaterThan(150);
    expect(green).toBeLessThan(100);
    expect(plainColor).not.toBe(color);

    // The year filter sends createdYear, the month createdMonth; another year is empty.
    const year = new Date().getFullYear();
    await page.getByRole('combobox', { name: ko.coinHistory.year }).click();
    await page.getByRole('option', { name: ko.coinHistory.yearValue.replace('{{year}}', String(year - 1)) }).click();
    await page.getByText(ko.coinHistory.empty).waitFor();
    await page.getByRole('combobox', { name: ko.coinHistory.year }).click();
    await page.getByRole('option', { name: ko.coinHistory.yearValue.replace('{{year}}', String(year)) }).click();
    await rows.filter({ hasText: '-30' }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(errors).toEqual([]);
  });

  test('a bank-deposit request shows under the pending tab; the depositor fields are required', async () => {
    const fan = await createAccount(served.testApp.app, { username: `bank${suffix}` });
    const { page, errors } = await openPage('en', fanSession(fan));
    await page.goto(url('/coin-history'));
    await page.getByRole('tab', { name: en.coinHistory.pending }).click();
    await page.getByText(en.coinHistory.pendingEmpty).waitFor();

    await page.getByRole('button', { name: en.coinHistory.charge }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: en.coinCharge.withoutbankbook }).check();
    await dialog.getByRole('button', { name: /^30 coins/ }).click();
    await dialog.getByRole('checkbox', { name: en.coinCharge.terms }).check();
    await dialog.getByRole('button', { name: en.coinCharge.apply }).click();
    // The form's validation runs after the click returns: its messages are counted once they show.
    await expect.poll(() => dialog.getByText(en.coinCharge.required).count()).toBe(2);
    await dialog.getByRole('textbox', { name: en.coinCharge.depositorName }).fill('Kim Minji');
    await dialog.getByRole('textbox', { name: en.coinCharge.depositorPhone }).fill('010 1234 / 5678');
    await dialog.getByRole('button', { name: en.coinCharge.apply }).click();
    await dialog.getByText(en.coinCharge.numeric).waitFor();
    // Hyphens are how people write phone numbers: taken, the digits sent.
    await dialog.getByRole('textbox', { name: en.coinCharge.depositorPhone }).fill('010-1234-5678');
    await screenshot(page, 'charge-modal-bank', 'en');
    await dialog.getByRole('button', { name: en.coinCharge.apply }).click();
    // The request ends on where, how much and by when to pay.
    const done = page.getByRole('dialog', { name: en.bankDeposit.requestedTitle });
    await done.getByText('000000-00-000000').waitFor();
    await done.getByText('₩3,000').waitFor();
    await done.getByRole('button', { name: en.common.ok }).click();
    await page.getByRole('region', { name: en.bankDeposit.pendingTitle }).getByText('000000-00-000000').waitFor();

    const row = page.getByTestId('pending-row');
    await row.filter({ hasText: 'Kim Minji' }).filter({ hasText: en.coinHistory.deposit.ready }).waitFor();
    // Shown as people write it.
    await row.getByText('010-1234-5678').waitFor();
    expect(await balanceOf(fan)).toBe(0);
    // Switching tab resets the page and shows the history.
    await page.getByRole('tab', { name: en.coinHistory.history }).click();
    await page.getByText(en.coinHistory.empty).waitFor();
    expect(errors).toEqual([]);

    // In Korean, at 1280 and 360 px: the fan cancels the deposit he has not paid, after the warning.
    const korean = await openPage('ko', fanSession(fan));
    await korean.page.goto(url('/coin-history'));
    await korean.page.getByRole('tab', { name: ko.coinHistory.pending }).click();
    await korean.page.getByTestId('deposit-instructions').getByRole('button', { name: ko.bankDeposit.cancel }).click();
    const confirm = korean.page.getByRole('dialog', { name: ko.bankDeposit.cancelTitle });
    await confirm.waitFor();
    await screenshot(korean.page, 'pending-cancel', 'ko');
    await korean.page.setViewportSize({ width: 360, height: 780 });
    await screenshot(korean.page, 'pending-cancel', 'ko-360');
    await confirm.getByRole('button', { name: ko.bankDeposit.cancelConfirm }).click();
    await korean.page.getByRole('alertdialog').getByText(ko.bankDeposit.cancelled).waitFor();
    await korean.page.getByRole('alertdialog').getByRole('button', { name: ko.common.ok }).click();
    // Cancelled, it leaves the deposits still waiting.
    await korean.page.getByText(ko.coinHistory.pendingEmpty).waitFor();
    await screenshot(korean.page, 'pending-cancelled', 'ko-360');
    expect(korean.errors).toEqual([]);
  });

  test('a bank deposit asks for a cash receipt; the history links a card charge’s slip and shows the receipt number', async () => {
    const fan = await createAccount(served.testApp.app, { username: `receipt${suffix}` });
    const finance = await createAccount(served.testApp.app, { roles: ['ROLE_FINANCE'] });
    const { page, errors } = await openPage('ko', fanSession(fan));
    await page.goto(url('/coin-history'));
    await page.getByText(ko.coinHistory.empty).waitFor();

    // 소득공제 takes a mobile number: a landline is refused in the form, before anything is sent.
    await page.getByRole('button', { name: ko.coinHistory.charge }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: ko.coinCharge.withoutbankbook }).check();
    await dialog.getByRole('button', { name: /^30코인/ }).click();
    await dialog.getByRole('checkbox', { name: ko.coinCharge.terms }).check();
    await dialog.getByRole('textbox', { name: ko.coinCharge.depositorName }).fill('김민지');
    await dialog.getByRole('textbox', { name: ko.coinCharge.depositorPhone }).fill('010-1234-5678');
    expect(await dialog.getByRole('radio', { name: ko.coinCharge.cashReceiptNONE }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: ko.coinCharge.cashReceiptPHONE }).check();
    const number = dialog.getByRole('textbox', { name: ko.coinCharge.cashReceiptNumberPHONE });
    await number.fill('02-123-4567');
    await dialog.getByRole('button', { name: ko.coinCharge.apply }).click();
    const invalid = dialog.getByText(ko.coinCharge.cashReceiptPhoneInvalid);
    await invalid.waitFor();
    await invalid.scrollIntoViewIfNeeded();
    await screenshot(page, 'charge-modal-cash-receipt-error', 'ko');
    await number.fill('010-9876-5432');
    await dialog.getByText(ko.coinCharge.cashReceiptNote).scrollIntoViewIfNeeded();
    await screenshot(page, 'charge-modal-cash-receipt', 'ko');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 780 });
    await number.scrollIntoViewIfNeeded();
    await screenshot(page, 'charge-modal-cash-receipt', 'ko-360');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: ko.coinCharge.apply }).click();
    const done = page.getByRole('dialog', { name: ko.bankDeposit.requestedTitle });
    await done.getByRole('button', { name: ko.common.ok }).click();
    // The pending request names the receipt it asked for.
    const asked = ko.coinHistory.pendingCashReceipt
      .replace('{{type}}', ko.coinCharge.cashReceiptPHONE)
      .replace('{{number}}', '010-9876-5432');
    await page.getByTestId('pending-cash-receipt').getByText(asked).waitFor();
    await page.getByTestId('pending-cash-receipt').scrollIntoViewIfNeeded();
    await screenshot(page, 'pending-cash-receipt', 'ko');
    const transfer = await served.testApp.app.db
      .selectFrom('bank_transfers')
      .select(['id', 'cash_receipt_number', 'receipt_type'])
      .where('user_id', '=', fan.id)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ cash_receipt_number: '01098765432', receipt_type: 'PHONE' });

    // Finance confirms: the receipt is issued with its approval number.
    const confirmed = await served.testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/bank-transfers/${transfer.id}`,
      headers: finance.headers,
      payload: { status: 'paid' },
    });
    const approvalNumber = confirmed.json().cashReceipt.approvalNumber as string;
    expect(approvalNumber).toMatch(/^\d{9}$/);

    // A card charge through the sandbox: the web sends the card's pg, the payment keeps the slip's URL.
    await page.getByRole('tab', { name: ko.coinHistory.history }).click();
    await page.getByRole('button', { name: ko.coinHistory.charge }).click();
    await dialog.getByRole('radio', { name: ko.coinCharge.card }).check();
    await dialog.getByRole('button', { name: /^10코인/ }).click();
    await dialog.getByRole('checkbox', { name: ko.coinCharge.terms }).check();
    await dialog.getByRole('button', { name: ko.coinCharge.pay }).click();
    await page.waitForURL(/\/payment\/sandbox\//);
    await page.getByRole('button', { name: '결제 승인' }).click();
    await page.waitForURL(/\/coin-history/);
    await page.getByRole('alertdialog').getByRole('button', { name: ko.common.ok }).click();
    const card = await served.testApp.app.db
      .selectFrom('payments')
      .select(['id', 'pg', 'receipt_url'])
      .where('user_id', '=', fan.id)
      .executeTakeFirstOrThrow();
    expect(card.pg).toBe('html5_inicis');

    const receipts = page.getByTestId('charge-receipt');
    await receipts
      .filter({ hasText: ko.coinHistory.cashReceiptApproval.replace('{{number}}', approvalNumber) })
      .waitFor();
    const slip = receipts.filter({ hasText: ko.coinCharge.card }).getByRole('link', { name: /영수증/ });
    expect(await slip.getAttribute('href')).toBe(card.receipt_url);
    expect(await slip.textContent()).toBe(ko.coinHistory.receipt);
    await screenshot(page, 'history-receipts', 'ko');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'history-receipts', 'ko-360');
    expect(errors).toEqual([]);

    // The slip itself: the sandbox's printable page.
    await page.goto(card.receipt_url!);
    await page.getByText('매출전표').first().waitFor();
    await page.getByText('₩1,000').waitFor();
    await screenshot(page, 'card-slip', 'ko-360');
  });

  test('the request modal sends a fan without coins to the charge modal', async () => {
    const fan = await createAccount(served.testApp.app, { username: `poor${suffix}` });
    const { page, errors } = await openPage('en', fanSession(fan));
    await page.goto(url(`/coco${suffix}`));
    const song = page.getByRole('region', { name: 'Birthday song' });
    await song.getByRole('button', { name: /Birthday song/ }).click();
    await song.getByRole('button', { name: en.creatorPage.request }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: en.missionRequest.to }).fill('Minji');
    await dialog.getByRole('textbox', { name: en.missionRequest.detail }).fill('Sing for me');
    await dialog.getByRole('checkbox', { name: en.missionRequest.terms }).check();
    await dialog.getByRole('button', { name: en.missionRequest.submit }).click();
    await page.getByRole('alertdialog').getByText(en.missionRequest.notEnoughCoins).waitFor();
    await page.getByRole('button', { name: en.common.ok }).click();
    await page.getByRole('dialog', { name: en.coinCharge.title }).waitFor();
    await page.getByRole('button', { name: en.coinCharge.cancel }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  test('a creator is refused: "creators cannot charge coins"', async () => {
    // Creators never reach /coin-history (a verified-fan route) nor the request modal; the API refuses them too.
    const response = await served.testApp.app.inject({
      method: 'POST',
      url: '/api/v1/payment',
      headers: { ...creator.headers, 'accept-language': 'en' },
      payload: { coinItemId: 1, userId: creator.id },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(en.coinCharge.creatorsCannotCharge);
  });

  test.each(LANGUAGES)('screens in %s: history, pending, charge modal', async (language) => {
    const t = resources[language].translation;
    const fan = await createAccount(served.testApp.app, { username: `shot${language}${suffix}` });
    const { page, errors } = await openPage(language, fanSession(fan));
    await page.goto(url('/coin-history'));
    await page.getByText(t.coinHistory.empty).waitFor();
    await screenshot(page, 'history-empty', language);
    await page.getByRole('tab', { name: t.coinHistory.pending }).click();
    await page.getByText(t.coinHistory.pendingEmpty).waitFor();
    await screenshot(page, 'pending-empty', language);
    await page.getByRole('button', { name: t.coinHistory.charge }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: t.coinCharge.withoutbankbook }).check();
    await dialog.getByRole('button', { name: t.coinCharge.apply }).click();
    await dialog.getByText(t.coinCharge.selectItem).waitFor();
    await screenshot(page, 'charge-modal-errors', language);
    expect(errors).toEqual([]);
  });
  describe('card and KakaoPay through PortOne', () => {
    const PORTONE = { apiSecret: 'portone-secret-e2e', storeId: 'store-e2e-0001', channelKey: 'channel-key-e2e' };
    let portOne: PortOneServer;
    beforeAll(async () => {
      portOne = await startPortOneServer(PORTONE);
    });
    afterAll(async () => {
      await portOne.close();
    });
    // An app whose card provider is PortOne (the sandbox stays the default of `npm start` and of the app above).
    const portOneApp = useServedApp({
      configOverrides: () => ({
        PAYMENT_CARD_PROVIDER: 'portone',
        PORTONE_API_URL: portOne.url,
        PORTONE_API_SECRET: PORTONE.apiSecret,
        PORTONE_STORE_ID: PORTONE.storeId,
        PORTONE_CHANNEL_KEY: PORTONE.channelKey,
      }),
    });

    /** A page of the PortOne app; PortOne's CDN is answered by the local server's browser script. */
    async function openPortOnePage(language: string, fan: TestAccount): Promise<{ page: Page; errors: Error[] }> {
      const page = await browser.newPage({ viewport: DESKTOP });
      const errors = collectPageErrors(page);
      await page.route('https://cdn.portone.io/**', async (route) => {
        const script = await fetch(portOne.browserSdkUrl);
        await route.fulfill({ status: 200, contentType: 'application/javascript', body: await script.text() });
      });
      await storeSession(page, portOneApp.baseUrl, { lang: language, ...fanSession(fan) });
      return { page, errors };
    }

    async function portOneBalance(fan: TestAccount): Promise<number> {
      const response = await portOneApp.testApp.app.inject({
        method: 'GET',
        url: '/api/v1/coin-deposit',
        headers: fan.headers,
      });
      return response.json<{ point: number }>().point;
    }

    // ko gives up once at the checkout first; en pays by KakaoPay (PortOne's EASY_PAY), ko and ja by card.
    test.each([
      { language: 'ko', payMethod: 'card', cancelFirst: true },
      { language: 'en', payMethod: 'kakaopay', cancelFirst: false },
      { language: 'ja', payMethod: 'card', cancelFirst: false },
    ] as const)(
      'a fan pays by $payMethod at PortOne’s checkout; the server verifies it at PortOne and credits ($language)',
      async ({ language, payMethod, cancelFirst }) => {
        const t = resources[language].translation;
        const fan = await createAccount(portOneApp.testApp.app, { username: `po${language}${suffix}` });
        const { page, errors } = await openPortOnePage(language, fan);
        await page.goto(`${portOneApp.baseUrl}/coin-history`);
        await page.getByText(t.coinHistory.empty).waitFor();
        const item = new RegExp(`^${t.coinCharge.itemLabel.replace('{{point}}', '100')}`);
        const chooseAndPay = async () => {
          await page.getByRole('button', { name: t.coinHistory.charge }).click();
          const dialog = page.getByRole('dialog', { name: t.coinCharge.title });
          await dialog.getByRole('radio', { name: t.coinCharge[payMethod] }).check();
          await dialog.getByRole('button', { name: item }).click();
          await dialog.getByRole('checkbox', { name: t.coinCharge.terms }).check();
          return dialog;
        };

        const checkout = page.frameLocator('iframe[title="PortOne"]');
        if (cancelFirst) {
          // The payer gives up at the checkout: PortOne's failure message, no coins.
          const dialog = await chooseAndPay();
          await dialog.getByRole('button', { name: t.coinCharge.pay }).click();
          await checkout.getByRole('button', { name: '결제 취소' }).click();
          const declined = t.coinCharge.declined.replace('{{reason}}', '[결제포기] 사용자가 결제를 취소하였습니다');
          await page.getByRole('alertdialog').getByText(declined).waitFor();
          await page.getByRole('button', { name: t.common.ok }).click();
          expect(await portOneBalance(fan)).toBe(0);
        }

        const dialog = await chooseAndPay();
        await screenshot(page, `charge-modal-${payMethod}`, language);
        await dialog.getByRole('button', { name: t.coinCharge.pay }).click();
        await checkout.getByTestId('amount').getByText('10,000 KRW').waitFor();
        // Not `screenshot`: a page with a cross-origin frame attached after its load never reports network idle.
        await savePng(page, `web-coins-portone-checkout-${language}.png`);
        await checkout.getByRole('button', { name: '결제하기' }).click();
        const charged = t.coinCharge.charged.replace('{{point}}', '100').replace('{{balance}}', '100');
        await page.getByRole('alertdialog').getByText(charged).waitFor();
        await page.getByRole('button', { name: t.common.ok }).click();
        await page.getByTestId('coin-balance').getByText(`${t.coinHistory.balance}: 100`).waitFor();
        expect(await portOneBalance(fan)).toBe(100);

        // What the page asked PortOne: our order id, the store and channel of GET /payment/imp-code, the price.
        const sent = portOne.checkoutRequests.at(-1)!;
        expect(sent).toMatchObject({
          storeId: PORTONE.storeId,
          channelKey: PORTONE.channelKey,
          totalAmount: 10000,
          currency: 'KRW',
          payMethod: payMethod === 'card' ? 'CARD' : 'EASY_PAY',
          ...(payMethod === 'kakaopay' && { easyPay: { easyPayProvider: 'KAKAOPAY' } }),
        });
        expect(String(sent.paymentId)).toMatch(/^pay_/);
        // The server asked PortOne's REST API itself before crediting.
        expect(portOne.requests).toContainEqual({
          method: 'GET',
          url: `/payments/${String(sent.paymentId)}?storeId=${PORTONE.storeId}`,
        });
        expect(errors).toEqual([]);
        const report = await verify(portOneApp.testApp.database.db);
        expect(report.differences).toEqual([]);
      },
      60_000,
    );
  });
});
