// @vitest-environment jsdom
// A bank-deposit request ends on where, how much and by when to pay, as the server answered it (the receiving account,
// the exact amount in won, the deadline in Korea time); closing it shows the pending tab. In ko, en and ja.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { BANK_DEPOSIT_INSTRUCTIONS as instructions } from '@fanmission/tests/support/web/bank-deposit';
import { currentUser } from '@fanmission/tests/support/web/current-user';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { CoinChargeDialog } from './coin-charge-dialog';

const items = [{ id: 7, name: '1000 코인', point: 1000, price: 100_000, usdPrice: 80, itemType: 'CASH' }];

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('a bank-deposit request', () => {
  test.each([
    ['ko', '100,000원', '2026.11.30 10:30 (한국 시간)까지'],
    ['en', '₩100,000', 'Nov 30, 2026, 10:30 AM KST'],
    ['ja', '100,000ウォン', '2026/11/30 10:30（韓国時間）まで'],
  ] as const)('names the account, the amount and the deadline (%s)', async (language, amount, due) => {
    const t = await useLanguage(language);
    window.localStorage.setItem('UserId', '5');
    const calls = serve({
      'GET /api/v1/coin-items': () => json(items),
      'POST /api/v1/payment/bank-transfer': () => json({ id: 41, instructions }),
    });
    const closed: string[] = [];
    renderAt(
      '/coin-history',
      <Route
        path="/coin-history"
        element={
          <CoinChargeDialog onClose={() => closed.push('close')} onBankRequested={() => closed.push('pending tab')} />
        }
      />,
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: new RegExp(`^${t.coinCharge.itemLabel.replace('{{point}}', '1,000')}`),
      }),
    );
    await user.click(screen.getByRole('radio', { name: t.coinCharge.withoutbankbook }));
    await user.type(screen.getByRole('textbox', { name: t.coinCharge.depositorName }), '홍길동');
    // Typed with hyphens, as phone numbers are written: sent as its digits.
    await user.type(screen.getByRole('textbox', { name: t.coinCharge.depositorPhone }), '010-1234-5678');
    await user.click(screen.getByRole('checkbox', { name: t.coinCharge.terms }));
    await user.click(screen.getByRole('button', { name: t.coinCharge.apply }));

    const done = await screen.findByRole('dialog', { name: t.bankDeposit.requestedTitle });
    const value = (term: string) => within(done).getByText(term).nextElementSibling?.textContent;
    expect(value(t.bankDeposit.bank)).toBe('KB국민은행');
    expect(value(t.bankDeposit.accountNumber)).toBe('000000-00-000000');
    expect(value(t.bankDeposit.holder)).toBe('(주)팬미션');
    expect(value(t.bankDeposit.amount)).toBe(amount);
    expect(value(t.bankDeposit.due)).toBe(due);
    expect(within(done).getByText(t.bankDeposit.exactAmount)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      coinItemId: 7,
      depositorName: '홍길동',
      depositorPhone: '01012345678',
    });
    expect(closed).toEqual([]);
    await user.click(within(done).getByRole('button', { name: t.common.ok }));
    expect(closed).toEqual(['pending tab', 'close']);
  });

  test('소득공제 takes the depositor’s number just typed, written 010-5555-7777; a number already written stays', async () => {
    const t = await useLanguage('ko');
    window.localStorage.setItem('UserId', '5');
    serve({ 'GET /api/v1/coin-items': () => json(items) });
    renderAt('/coin-history', <Route path="/coin-history" element={<CoinChargeDialog onClose={() => undefined} />} />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: new RegExp(`^${t.coinCharge.itemLabel.replace('{{point}}', '1,000')}`) });
    await user.click(screen.getByRole('radio', { name: t.coinCharge.withoutbankbook }));
    await user.type(screen.getByRole('textbox', { name: t.coinCharge.depositorPhone }), '01055557777');
    await user.click(screen.getByRole('radio', { name: t.coinCharge.cashReceiptPHONE }));
    const number = screen.getByRole('textbox', { name: t.coinCharge.cashReceiptNumberPHONE }) as HTMLInputElement;
    expect(number.value).toBe('010-5555-7777');
    await user.clear(number);
    await user.type(number, '010-1111-2222');
    await user.click(screen.getByRole('radio', { name: t.coinCharge.cashReceiptNONE }));
    await user.click(screen.getByRole('radio', { name: t.coinCharge.cashReceiptPHONE }));
    expect((screen.getByRole('textbox', { name: t.coinCharge.cashReceiptNumberPHONE }) as HTMLInputElement).value).toBe(
      '010-1111-2222',
    );
  });

  test('the depositor’s phone starts as the profile’s number, written 010-5555-7777, and 소득공제 takes it', async () => {
    const t = await useLanguage('ko');
    window.localStorage.setItem('UserId', '5');
    serve({
      'GET /api/v1/coin-items': () => json(items),
      'GET /api/v1/users/me': () => json(currentUser({ id: 5, phone: '01055557777' })),
    });
    renderAt('/coin-history', <Route path="/coin-history" element={<CoinChargeDialog onClose={() => undefined} />} />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: new RegExp(`^${t.coinCharge.itemLabel.replace('{{point}}', '1,000')}`) });
    await user.click(screen.getByRole('radio', { name: t.coinCharge.withoutbankbook }));
    const phone = screen.getByRole('textbox', { name: t.coinCharge.depositorPhone }) as HTMLInputElement;
    await waitFor(() => expect(phone.value).toBe('010-5555-7777'));
    await user.click(screen.getByRole('radio', { name: t.coinCharge.cashReceiptPHONE }));
    expect((screen.getByRole('textbox', { name: t.coinCharge.cashReceiptNumberPHONE }) as HTMLInputElement).value).toBe(
      '010-5555-7777',
    );
  });
});
