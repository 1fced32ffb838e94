// @vitest-environment jsdom
// Under a charge in the coin history: a withdrawn one says so and where its refund stands; the withdrawal's
// confirmation names the money the charge took, in its own currency.
import type { CoinHistoryRowDto, CoinLot } from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { ChargeWithdrawal, paidAmount } from './charge-withdrawal';

const charge = (currency: 'KRW' | 'USD', amount: number): CoinHistoryRowDto =>
  ({
    id: 1,
    eventType: 'EARN',
    point: 30,
    created: '2026-11-20T03:00:00.000Z',
    coinItemType: 'CASH',
    coinDeposit: {
      id: 11,
      payment: {
        payMethod: currency === 'USD' ? 'paypal' : 'card',
        paymentId: 'p',
        bankTransferId: null,
        currency,
        amount,
        receiptUrl: null,
        cashReceiptApprovalNumber: null,
      },
      coinItem: { id: 2, name: '30 코인', point: 30, itemType: 'CASH' },
    },
  }) as unknown as CoinHistoryRowDto;

const lot = (fields: Partial<CoinLot>): CoinLot => ({
  id: 5,
  source: 'CASH',
  amount: 30,
  remaining: 30,
  createdAt: '2026-11-20T03:00:00.000Z',
  expiresAt: '2031-11-20T03:00:00.000Z',
  expired: false,
  coinDepositId: 11,
  withdrawalDeadline: '2026-11-27T03:00:00.000Z',
  withdrawableUntil: '2099-11-27T03:00:00.000Z',
  refundable: true,
  withdrawal: null,
  ...fields,
});

describe.each(['ko', 'en', 'ja'] as const)('a charge in the coin history (%s)', (language) => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test('a withdrawn charge says its refund is under way, then done; never "cannot be withdrawn"', async () => {
    const t = await useLanguage(language);
    serve({});
    const withdrawn = lot({ remaining: 0, withdrawableUntil: null, refundable: false });
    const view = renderAt(
      '/',
      <Route
        path="/"
        element={
          <ChargeWithdrawal
            row={charge('KRW', 3_000)}
            lot={{ ...withdrawn, withdrawal: { status: 'requested', dueOn: '2026-12-02' } }}
          />
        }
      />,
    );
    expect(screen.getByTestId('charge-withdrawn').textContent).toBe(
      t.coinRefunds.withdrawnStatus.requested.replace(
        '{{date}}',
        { ko: '2026.12.02', en: 'Dec 2, 2026', ja: '2026/12/02' }[language],
      ),
    );
    expect(screen.queryByText(t.coinRefunds.notWithdrawable)).toBeNull();
    view.unmount();
    renderAt(
      '/',
      <Route
        path="/"
        element={
          <ChargeWithdrawal
            row={charge('KRW', 3_000)}
            lot={{ ...withdrawn, withdrawal: { status: 'paid', dueOn: '2026-12-02' } }}
          />
        }
      />,
    );
    expect(screen.getByTestId('charge-withdrawn').textContent).toBe(t.coinRefunds.withdrawnStatus.paid);
  });

  test('the confirmation of a PayPal charge promises its dollars back, a card charge its won', async () => {
    const t = await useLanguage(language);
    serve({});
    renderAt('/', <Route path="/" element={<ChargeWithdrawal row={charge('USD', 240)} lot={lot({})} />} />);
    await userEvent.click(screen.getByRole('button', { name: t.coinRefunds.withdraw }));
    const dialog = await screen.findByRole('dialog', { name: t.coinRefunds.withdrawTitle });
    expect(within(dialog).getByText(/2\.40/).textContent).not.toMatch(/원|won|ウォン/);
    expect(paidAmount(charge('USD', 240), 30, language)).toMatch(/\$2\.40/);
    expect(paidAmount(charge('KRW', 3_000), 30, language)).toMatch(/3,000/);
    if (language === 'ko') expect(paidAmount(charge('KRW', 3_000), 30, 'ko')).toBe('3,000원');
  });
});
