// @vitest-environment jsdom
// Under a charge in the coin history: how it was paid and how much, with the provider's receipt (매출전표) link for a
// provider charge and the cash receipt's approval number for a bank deposit.
import type { CoinDepositPayment, CoinHistoryRowDto } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { ChargeReceipt } from './charge-receipt';

const charge = (payment: Partial<CoinDepositPayment>): CoinHistoryRowDto =>
  ({
    id: 1,
    eventType: 'EARN',
    point: 10,
    created: '2026-11-20T03:00:00.000Z',
    coinItemType: 'CASH',
    coinDeposit: {
      id: 11,
      payment: {
        payMethod: 'card',
        paymentId: 'p',
        bankTransferId: null,
        currency: 'KRW',
        amount: 1_000,
        receiptUrl: null,
        cashReceiptApprovalNumber: null,
        ...payment,
      },
      coinItem: { id: 2, name: '10 코인', point: 10, itemType: 'CASH' },
    },
  }) as unknown as CoinHistoryRowDto;

const slip = 'http://localhost/api/v1/payment/sandbox/p/receipt';
const won = { ko: '1,000원', en: '₩1,000', ja: '₩1,000' } as const;

describe.each(['ko', 'en', 'ja'] as const)('a charge’s receipt in the coin history (%s)', (language) => {
  afterEach(() => cleanupApp());

  test('a card charge shows its method and amount, and links its slip in a new tab', async () => {
    const t = await useLanguage(language);
    serve({});
    renderAt('/', <Route path="/" element={<ChargeReceipt row={charge({ receiptUrl: slip })} />} />);
    const line = screen.getByTestId('charge-receipt');
    expect(line.textContent).toContain(t.coinCharge.card);
    expect(line.textContent).toContain(won[language]);
    const label = t.coinHistory.receiptLabel
      .replace('{{method}}', t.coinCharge.card)
      .replace('{{amount}}', won[language]);
    const link = screen.getByRole('link', { name: label });
    expect(link.textContent).toBe(t.coinHistory.receipt);
    expect(link.getAttribute('href')).toBe(slip);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  test('a bank deposit shows its cash receipt’s approval number, and no slip link', async () => {
    const t = await useLanguage(language);
    serve({});
    const row = charge({
      payMethod: 'withoutbankbook',
      paymentId: null,
      bankTransferId: 4,
      cashReceiptApprovalNumber: '555000111',
    });
    renderAt('/', <Route path="/" element={<ChargeReceipt row={row} />} />);
    const line = screen.getByTestId('charge-receipt');
    expect(line.textContent).toContain(t.coinCharge.withoutbankbook);
    expect(line.textContent).toContain(t.coinHistory.cashReceiptApproval.replace('{{number}}', '555000111'));
    expect(screen.queryByRole('link')).toBeNull();
  });

  test('a charge without a receipt shows only its method and amount', async () => {
    await useLanguage(language);
    serve({});
    renderAt(
      '/',
      <Route path="/" element={<ChargeReceipt row={charge({ payMethod: 'paypal', currency: 'USD', amount: 80 })} />} />,
    );
    expect(screen.getByTestId('charge-receipt').textContent).toMatch(/^PayPal · (US)?\$0\.80$/);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
