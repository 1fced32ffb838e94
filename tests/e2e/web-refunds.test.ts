// Web app refunds and coin lots over the real API: a fan charges through the sandbox, sees the charge can
// be withdrawn (unused, within 7 days) and withdraws it; has a bank deposit confirmed, spends some on a mission, asks
// a partial refund (held CASH coins minus 3 %) with his bank account after reading the preview, and follows the
// request under the pending tab: requested, refused by finance with a reason, corrected, paid. The `/my-coins` lots
// screen in ko/en/ja and at 360 px; a fan who charged by card only is told his partial refund goes back to the card
// and is asked no account. Screenshots land in tests/artifacts/screenshots/web-refunds-<screen>-<lang>.png.
import { formatNumber, type CoinRefund, type MissionProduct } from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import type { InjectOptions } from 'fastify';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { chargeCoins, DAY_MS, grantFreeCoins, plus } from '@fanmission/tests/support/coins';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { registerProduct } from '@fanmission/tests/support/missions';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { DESKTOP, fanSession, useWebPages } from '../support/browser';
import { expectAccessibleDialog } from '../support/web-a11y';

const LANGUAGES = ['ko', 'en', 'ja'] as const;
const ko = resources.ko.translation;
const PHONE = { width: 360, height: 780 };
/** A message with its `{{…}}` placeholders matching anything. */
const template = (message: string) =>
  new RegExp(message.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\w+\}\}/g, '.+'));

describe('web app: refunds and coin lots', () => {
  const served = useServedApp();
  const { openPage, screenshot } = useWebPages(served, 'web-refunds');
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);
  let creator: TestCreator;
  let product: MissionProduct;

  const inject = (options: InjectOptions) => served.testApp.app.inject(options);
  async function balanceOf(account: TestAccount): Promise<number> {
    const response = await inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: account.headers });
    return response.json<{ point: number }>().point;
  }

  beforeAll(async () => {
    creator = await createCreator(served.testApp.app, { name: `Rena ${suffix}`, url: `rena${suffix}` });
    product = await registerProduct(served.testApp.app, creator, { type: 'BASIC', name: 'Hello video', coinPrice: 30 });
  });

  /** Charges 100 coins through the sandbox checkout, from the coin history page. */
  async function chargeHundred(page: Page, expectedBalance: number) {
    await page.getByRole('button', { name: ko.coinHistory.charge }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^100코인/ }).click();
    await dialog.getByRole('checkbox', { name: ko.coinCharge.terms }).check();
    await dialog.getByRole('button', { name: ko.coinCharge.pay }).click();
    await page.waitForURL(/\/payment\/sandbox\//);
    await page.getByRole('button', { name: '결제 승인' }).click();
    await page.waitForURL(/\/coin-history/);
    const charged = ko.coinCharge.charged
      .replace('{{point}}', '100')
      .replace('{{balance}}', formatNumber(expectedBalance));
    await page.getByRole('alertdialog').getByText(charged).waitFor();
    await page.getByRole('button', { name: ko.common.ok }).click();
  }

  test('a fan withdraws a charge, charges again, spends, and asks a partial refund to his bank account', async () => {
    const fan = await createAccount(served.testApp.app, { username: `refund${suffix}` });
    const finance = await createAccount(served.testApp.app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const { page, errors } = await openPage('ko', fanSession(fan));
    await page.goto(url('/coin-history'));
    await page.getByText(ko.coinHistory.empty).waitFor();

    // 1. A charge, unused and fresh: it shows until when it can be withdrawn, and is withdrawn.
    await chargeHundred(page, 100);
    const rows = page.getByTestId('coin-history-row');
    const firstCharge = rows.filter({ hasText: '+100' });
    await firstCharge.getByTestId('charge-withdrawable').waitFor();
    await screenshot(page, 'withdrawable', 'ko');
    await firstCharge.getByRole('button', { name: ko.coinRefunds.withdraw }).click();
    const confirm = page.getByRole('dialog', { name: ko.coinRefunds.withdrawTitle });
    await confirm.getByText(/100코인이 지갑에서 빠지고 결제하신 10,000원이/).waitFor();
    await confirm.getByRole('button', { name: ko.coinRefunds.withdraw }).click();
    await page
      .getByRole('alertdialog')
      .getByText(/청약 철회를 요청했습니다/)
      .waitFor();
    await page.getByRole('button', { name: ko.common.ok }).click();
    await page.getByTestId('coin-balance').getByText(`${ko.coinHistory.balance}: 0`).waitFor();
    expect(await balanceOf(fan)).toBe(0);
    // The withdrawal is a REFUND row of -100; the charge says it was withdrawn and its refund is under way.
    await rows.filter({ hasText: '-100' }).getByText(ko.coinHistory.eventType.REFUND, { exact: true }).waitFor();
    // Its request under it: the won, the pay method it goes back to, requested.
    await rows
      .filter({ hasText: '-100' })
      .getByTestId('coin-history-refund')
      .getByText(/^10,000원 · .+로 환불 · 요청됨 \(\d{4}\.\d{2}\.\d{2}까지 지급\)$/)
      .waitFor();
    await firstCharge
      .getByTestId('charge-withdrawn')
      .getByText(/^철회됨 · \d{4}\.\d{2}\.\d{2}까지 결제 수단으로 환불됩니다$/)
      .waitFor();
    expect(await firstCharge.getByTestId('charge-not-withdrawable').count()).toBe(0);

    // 2. A bank deposit of 100 coins (finance confirmed it), 30 of them spent on a mission: that charge is used, so no
    // longer withdrawable. With a bank deposit among its charges, the partial refund goes to the fan's account.
    await chargeCoins(served.testApp.database.db, {
      userId: fan.id,
      coins: 100,
      at: new Date(),
      via: 'bank',
      depositorName: '김팬',
    });
    const request = await inject({
      method: 'POST',
      url: '/api/v1/missions',
      headers: fan.headers,
      payload: { missionProductId: product.id, private: false, toFriend: false, to: 'Minji', requestComment: 'Hi' },
    });
    expect(request.statusCode, request.body).toBe(200);
    await page.reload();
    // The mission's row names the creator.
    await rows.filter({ hasText: '-30' }).getByText(`기본 · Hello video · Rena ${suffix}`).waitFor();
    await expect.poll(() => page.getByTestId('charge-not-withdrawable').count()).toBe(1);
    expect(await page.getByTestId('charge-withdrawn').count()).toBe(1);
    expect(await page.getByTestId('charge-withdrawable').count()).toBe(0);

    // 3. The partial refund: the preview says what he gets (70 held, fee 2, 68 coins, 6,800 won); the account is
    // required, then the request goes.
    await page.getByRole('button', { name: ko.coinRefunds.partialRefund }).click();
    const refundDialog = page.getByRole('dialog', { name: ko.coinRefunds.partialTitle });
    const preview = refundDialog.getByTestId('refund-preview');
    await preview.getByText('70코인').waitFor();
    await preview.getByText('- 2코인').waitFor();
    await preview.getByText('68코인').waitFor();
    await preview.getByText('6,800원').waitFor();
    const submit = refundDialog.getByRole('button', { name: ko.coinRefunds.submit.replace('{{amount}}', '6,800') });
    await submit.click();
    await refundDialog.getByText(ko.coinRefunds.bankRequired).waitFor();
    await refundDialog.getByText(ko.coinRefunds.holderRequired).waitFor();
    await refundDialog.getByText(ko.coinRefunds.numberInvalid).waitFor();
    await refundDialog.getByRole('combobox', { name: ko.coinRefunds.bankName }).click();
    await page.getByRole('option', { name: '신한은행' }).click();
    await refundDialog.getByRole('textbox', { name: ko.coinRefunds.bankAccountHolder }).fill('김팬');
    await refundDialog.getByRole('textbox', { name: ko.coinRefunds.bankAccountNumber }).fill('110123456789');
    await refundDialog.getByTestId('partial-refund-destination').getByText(ko.coinRefunds.partialToAccount).waitFor();
    await screenshot(page, 'partial-refund', 'ko');
    // The same dialog on a phone: the reason and the account's fields fit 360 px.
    const phoneDialog = await openPage('ko', fanSession(fan), PHONE);
    await phoneDialog.page.goto(url('/coin-history'));
    await phoneDialog.page.getByRole('button', { name: ko.coinRefunds.partialRefund }).click();
    const accountDialog = phoneDialog.page.getByRole('dialog', { name: ko.coinRefunds.partialTitle });
    await accountDialog.getByText(ko.coinRefunds.partialToAccount).waitFor();
    await accountDialog.getByRole('combobox', { name: ko.coinRefunds.bankName }).waitFor();
    await screenshot(phoneDialog.page, 'partial-refund-account-360', 'ko');
    const accountBox = await accountDialog.boundingBox();
    expect(accountBox!.x + accountBox!.width).toBeLessThanOrEqual(PHONE.width);
    expect(phoneDialog.errors).toEqual([]);
    await phoneDialog.page.context().close();
    // Somebody else's account: the bank names its holder, and the refund is refused before any coin moves.
    await refundDialog.getByRole('textbox', { name: ko.coinRefunds.bankAccountHolder }).fill('김다름');
    await submit.click();
    await page
      .getByRole('alertdialog')
      .getByText(/예금주가 회원님 본인/)
      .waitFor();
    await page.getByRole('button', { name: ko.common.ok }).click();
    expect(await balanceOf(fan)).toBe(70);
    await refundDialog.getByRole('textbox', { name: ko.coinRefunds.bankAccountHolder }).fill('김팬');
    await submit.click();
    // Where the money goes, as finance reads it, and the day as the page writes days.
    await page
      .getByRole('alertdialog')
      .getByText(/^환불을 요청했습니다\. 신한은행 110-\*\*\*-789 김팬으로 \d{4}\.\d{2}\.\d{2}까지 입금됩니다\.$/)
      .waitFor();
    await screenshot(page, 'partial-refund-requested', 'ko');
    await page.getByRole('button', { name: ko.common.ok }).click();
    await page.getByTestId('coin-balance').getByText(`${ko.coinHistory.balance}: 0`).waitFor();
    expect(await balanceOf(fan)).toBe(0);
    // The history reads it as a partial refund with its fee, not as a charge withdrawn.
    await rows.filter({ hasText: '-70' }).getByText('부분 환불 (수수료 2코인)').waitFor();
    // Under it, what its request pays back, where to and how it stands.
    await rows
      .filter({ hasText: '-70' })
      .getByTestId('coin-history-refund')
      .getByText(/^6,800원 · 신한은행 110-\*\*\*-789 김팬 · 요청됨 \(\d{4}\.\d{2}\.\d{2}까지 지급\)$/)
      .waitFor();
    await screenshot(page, 'history-partial-refund', 'ko');
    const phone = await openPage('ko', fanSession(fan), PHONE);
    await phone.page.goto(url('/coin-history'));
    await phone.page
      .getByTestId('coin-history-row')
      .filter({ hasText: '-70' })
      .getByText('부분 환불 (수수료 2코인)')
      .waitFor();
    await phone.page.getByTestId('coin-history-refund').first().waitFor();
    await screenshot(phone.page, 'history-partial-refund-360', 'ko');
    await phone.page.getByRole('tab', { name: ko.coinHistory.pending }).click();
    await phone.page.getByTestId('refund-destination').first().getByText('신한은행 110-***-789 김팬').waitFor();
    await screenshot(phone.page, 'pending-360', 'ko');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();

    // 4. The pending tab: both requests, newest first, with their status.
    await page.getByRole('tab', { name: ko.coinHistory.pending }).click();
    const requests = page.getByTestId('refund-request-row');
    await requests.first().getByText(ko.coinRefunds.kind.PARTIAL_REFUND).waitFor();
    expect(await requests.count()).toBe(2);
    await requests.first().getByText('6,800원').waitFor();
    await requests.first().getByText('신한은행 110-***-789 김팬').waitFor();
    await requests
      .first()
      .getByTestId('refund-status')
      .getByText(/^요청됨/)
      .waitFor();
    await requests.nth(1).getByText(ko.coinRefunds.kind.WITHDRAWAL).waitFor();
    // The withdrawal goes back to the pay method it was charged with, named.
    const methods = [ko.coinCharge.card, ko.coinCharge.kakaopay, ko.coinCharge.phone, ko.coinCharge.paypal];
    await requests
      .nth(1)
      .getByText(new RegExp(`^(${methods.join('|')})로 환불$`))
      .waitFor();
    await screenshot(page, 'pending', 'ko');

    // 5. Finance refuses it with a reason; the fan reads it and corrects the account; finance pays.
    const mine = (await inject({ method: 'GET', url: '/api/v1/users/me/coin-refunds', headers: fan.headers })).json<{
      content: CoinRefund[];
    }>().content[0]!;
    const refused = await inject({
      method: 'PUT',
      url: `/api/admin/coin-refunds/${mine.id}`,
      headers: finance.headers,
      payload: { status: 'refused', refusalReason: '예금주가 계좌와 일치하지 않습니다.' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: ko.coinHistory.pending }).click();
    await requests.first().getByText('지급 거절: 예금주가 계좌와 일치하지 않습니다.').waitFor();
    // The refusal gave the 70 coins back; asking again with the corrected account takes them once more.
    await page.getByTestId('coin-balance').getByText(`${ko.coinHistory.balance}: 70`).waitFor();
    expect(await balanceOf(fan)).toBe(70);
    await screenshot(page, 'refused', 'ko');
    // The correction dialog on a phone in ko (this page), en and ja.
    for (const language of LANGUAGES) {
      const texts = resources[language].translation;
      const view = language === 'ko' ? { page, errors } : await openPage(language, fanSession(fan), PHONE);
      if (language !== 'ko') {
        await view.page.goto(url('/coin-history'));
        await view.page.getByRole('tab', { name: texts.coinHistory.pending }).click();
      }
      const refusedRequest = view.page.getByTestId('refund-request-row').first();
      await expectAccessibleDialog(view.page, {
        name: 'refund-correction',
        language,
        open: async () => {
          await refusedRequest.getByRole('button', { name: texts.coinRefunds.correctAccount }).click();
          await view.page.getByRole('dialog', { name: texts.coinRefunds.correctTitle }).waitFor();
        },
      });
      if (language !== 'ko') {
        expect(view.errors).toEqual([]);
        await view.page.context().close();
      }
    }
    await page.setViewportSize(DESKTOP);
    await requests.first().getByRole('button', { name: ko.coinRefunds.correctAccount }).click();
    const correct = page.getByRole('dialog', { name: ko.coinRefunds.correctTitle });
    await correct.getByRole('textbox', { name: ko.coinRefunds.bankAccountHolder }).fill('김팬');
    await correct.getByRole('textbox', { name: ko.coinRefunds.bankAccountNumber }).fill('110987654321');
    await correct.getByRole('button', { name: ko.coinRefunds.correctSubmit }).click();
    await page.getByRole('alertdialog').getByText(ko.coinRefunds.corrected).waitFor();
    await page.getByRole('button', { name: ko.common.ok }).click();
    await requests.first().getByText('신한은행 110-***-321 김팬').waitFor();
    await page.getByTestId('coin-balance').getByText(`${ko.coinHistory.balance}: 0`).waitFor();
    expect(await balanceOf(fan)).toBe(0);
    await requests
      .first()
      .getByTestId('refund-status')
      .getByText(/^요청됨/)
      .waitFor();

    // The ledger moved exactly: two charges in, 100 withdrawn, 30 held, 70 refunded (2 kept as the fee), returned on
    // the refusal and refunded again.
    expect((await verify(served.testApp.database.db)).differences).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  test('a card charge and a bank deposit: the dialog says the card goes back to the card, the deposit to his account', async () => {
    const fan = await createAccount(served.testApp.app, { username: `split${suffix}` });
    const db = served.testApp.database.db;
    await chargeCoins(db, { userId: fan.id, coins: 100, at: plus(new Date(), -10 * DAY_MS) });
    await chargeCoins(db, { userId: fan.id, coins: 10, at: plus(new Date(), -DAY_MS), via: 'bank' });
    for (const language of LANGUAGES) {
      const texts = resources[language].translation;
      const { page, errors } = await openPage(language, fanSession(fan));
      await page.goto(url('/coin-history'));
      await expectAccessibleDialog(page, {
        name: 'partial-refund-split',
        language,
        open: async () => {
          await page.getByRole('button', { name: texts.coinRefunds.partialRefund }).click();
          // 110 coins, fee 3 (all 3 on the card's 100 by the largest remainder): the deposit's 1,000 won to the account.
          const destination = page.getByTestId('partial-refund-destination');
          await destination.getByText(template(texts.coinRefunds.partialSplit)).waitFor();
          expect(await destination.innerText()).toContain('1,000');
          await page.getByRole('combobox', { name: texts.coinRefunds.bankName }).waitFor();
        },
      });
      if (language === 'ko') {
        await page.setViewportSize(DESKTOP);
        await page.getByRole('button', { name: texts.coinRefunds.partialRefund }).click();
        await page.getByTestId('partial-refund-destination').waitFor();
        await screenshot(page, 'partial-refund-split', 'ko');
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  test('my coins: the lots by expiry in ko, en and ja, and the refund screens at 360 px', async () => {
    const fan = await createAccount(served.testApp.app, { username: `lots${suffix}` });
    const db = served.testApp.database.db;
    const now = new Date();
    await chargeCoins(db, { userId: fan.id, coins: 300, at: plus(now, -30 * DAY_MS) });
    await chargeCoins(db, { userId: fan.id, coins: 100, at: plus(now, -DAY_MS) });
    await grantFreeCoins(db, { userId: fan.id, coins: 10, at: plus(now, -2 * DAY_MS) });
    for (const language of LANGUAGES) {
      const texts = resources[language].translation;
      const { page, errors } = await openPage(language, fanSession(fan));
      // Reached from the coin history (ko, en) and from my page (ja).
      await page.goto(url(language === 'ja' ? '/user-mypage' : '/coin-history'));
      await page.getByRole('link', { name: texts.coinRefunds.myCoins }).click();
      await page.waitForURL(/\/my-coins$/);
      const lots = page.getByTestId('coin-lot-row');
      await lots.nth(2).waitFor();
      // Earliest expiry first: the 300-coin charge, the free coins, the fresh charge (still withdrawable).
      expect(await lots.allInnerTexts()).toEqual([
        expect.stringContaining('300 / 300'),
        expect.stringContaining('10 / 10'),
        expect.stringContaining('100 / 100'),
      ]);
      await lots.nth(0).getByText(texts.coinRefunds.lotPartial).waitFor();
      await lots.nth(1).getByText(texts.coinRefunds.lotNotRefundable).waitFor();
      await lots.nth(2).getByText(template(texts.coinRefunds.lotWithdrawable)).waitFor();
      await page.getByTestId('lots-balance').getByText(`${texts.coinHistory.balance}: 410`).waitFor();
      await screenshot(page, 'my-coins', language);
      expect(errors).toEqual([]);
      await page.context().close();
    }

    // Card charges only: the partial refund goes back to the card, and the dialog asks no account.
    {
      const { page, errors } = await openPage('ko', fanSession(fan));
      await page.goto(url('/coin-history'));
      await page.getByRole('button', { name: ko.coinRefunds.partialRefund }).click();
      const dialog = page.getByRole('dialog', { name: ko.coinRefunds.partialTitle });
      await dialog
        .getByTestId('partial-refund-destination')
        .getByText(ko.coinRefunds.partialToPayment.replace('{{methods}}', ko.coinCharge.card))
        .waitFor();
      expect(await dialog.getByRole('combobox', { name: ko.coinRefunds.bankName }).count()).toBe(0);
      expect(await dialog.getByRole('textbox', { name: ko.coinRefunds.bankAccountNumber }).count()).toBe(0);
      await screenshot(page, 'partial-refund-to-payment', 'ko');
      expect(errors).toEqual([]);
      await page.context().close();
    }

    // At 360 px: the history with a withdrawable charge, the partial refund preview, the lots.
    for (const language of LANGUAGES) {
      const texts = resources[language].translation;
      const { page, errors } = await openPage(language, fanSession(fan), PHONE);
      await page.goto(url('/coin-history'));
      await page.getByTestId('charge-withdrawable').waitFor();
      await screenshot(page, 'history-360', language);
      await page.getByRole('button', { name: texts.coinRefunds.partialRefund }).click();
      // 400 CASH coins held: 12 coins fee, 388 coins, 38,800 won.
      await page
        .getByTestId('refund-preview')
        .getByText(texts.coinRefunds.won.replace('{{amount}}', '38,800'))
        .waitFor();
      await page
        .getByTestId('partial-refund-destination')
        .getByText(template(texts.coinRefunds.partialToPayment))
        .waitFor();
      expect(await page.getByRole('combobox', { name: texts.coinRefunds.bankName }).count()).toBe(0);
      await screenshot(page, 'partial-refund-360', language);
      // The dialog fits the phone's width. (The shared header itself is wider than 360 px in en/ja: not ours.)
      const box = await page.getByRole('dialog', { name: texts.coinRefunds.partialTitle }).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      await page.goto(url('/my-coins'));
      await page.getByTestId('coin-lot-row').nth(2).waitFor();
      await screenshot(page, 'my-coins-360', language);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 120_000);
});
