// @vitest-environment jsdom
// A refund row of the coin history says what its request pays back, where to and how it stands, as the pending tab's
// list does: the won (or each charge's own currency), the pay method or the account with its middle hidden, and
// requested / paid / refused.
import type { CoinHistoryRefund, CoinHistoryRowDto } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { HistoryTab } from './components/history-tab';

const refund = (fields: Partial<CoinHistoryRefund>): CoinHistoryRefund => ({
  id: 11,
  status: 'paid',
  amount: 54_400,
  dueOn: '2026-12-02',
  paidAt: '2026-11-29T01:00:00.000Z',
  refusalReason: null,
  destination: { kind: 'ORIGINAL_METHOD', methods: ['card'] },
  parts: [],
  ...fields,
});
const row = (id: number, refundOfRow: CoinHistoryRefund | null): CoinHistoryRowDto => ({
  id,
  eventType: 'REFUND',
  point: -560,
  created: '2026-11-28T03:00:00.000Z',
  transactionType: 'PARTIAL_REFUND',
  reason: null,
  mission: null,
  coinDeposit: null,
  coinItemType: null,
  feeCoins: 16,
  refund: refundOfRow,
});
const account = { bankName: '신한은행', bankAccountHolder: '칠번팬', bankAccountNumber: '110123456789' } as const;

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function serveHistory(rows: CoinHistoryRowDto[]) {
  serve({
    'GET /api/v1/users/me/coin-history/page': () =>
      json({ content: rows, totalElements: rows.length, totalPages: 1, number: 0, size: 10, last: true }),
    'GET /api/v1/users/me/coin-lots': () =>
      json({
        lots: [],
        balance: 0,
        partialRefund: {
          cashCoins: 0,
          feeCoins: 0,
          refundCoins: 0,
          refundAmount: 0,
          nonRefundableCoins: 0,
          destination: null,
        },
      }),
  });
}

const renderTab = () =>
  renderAt(
    '/coin-history',
    <Route
      path="/coin-history"
      element={<HistoryTab page={0} onPage={() => {}} filter={{ year: '', month: '' }} onFilter={() => {}} />}
    />,
  );

describe('a refund row of the coin history', () => {
  test('names the won, the pay method or the account, and the status (ko)', async () => {
    await useLanguage('ko');
    window.localStorage.setItem('UserId', '5');
    serveHistory([
      row(3, refund({})),
      row(2, refund({ status: 'requested', paidAt: null, destination: { kind: 'BANK_ACCOUNT', account } })),
      row(1, refund({ status: 'refused', paidAt: null, refusalReason: '예금주가 다릅니다', amount: 9_700 })),
      { ...row(0, null), transactionType: 'REFUND_RETURN', point: 100, feeCoins: null },
    ]);
    renderTab();
    const lines = await screen.findAllByTestId('coin-history-refund');
    expect(lines.map((line) => line.textContent)).toEqual([
      '54,400원 · 신용카드로 환불 · 지급 완료 (2026.11.29)',
      '54,400원 · 신한은행 110-***-789 칠번팬 · 요청됨 (2026.12.02까지 지급)',
      '9,700원 · 신용카드로 환불 · 지급 거절: 예금주가 다릅니다 (코인은 지갑으로 돌아왔습니다)',
    ]);
    // The row's own words stay: a partial refund with its fee.
    expect(screen.getAllByTestId('coin-history-row')[0]!.textContent).toContain('부분 환불 (수수료 16코인)');
  });

  test('a split request names both ways and each part’s money (en)', async () => {
    await useLanguage('en');
    window.localStorage.setItem('UserId', '5');
    const part = (via: 'PROVIDER' | 'BANK_TRANSFER', currency: string, amount: number) => ({
      paymentId: via === 'PROVIDER' ? 'p-1' : null,
      via,
      provider: via === 'PROVIDER' ? 'paypal' : null,
      coins: 10,
      feeCoins: 0,
      currency,
      amount,
      refundedAt: null,
      providerRefundId: null,
    });
    serveHistory([
      row(
        1,
        refund({
          status: 'requested',
          paidAt: null,
          amount: 2_900,
          destination: { kind: 'SPLIT', methods: ['paypal'], account },
          parts: [part('PROVIDER', 'USD', 72), part('BANK_TRANSFER', 'KRW', 2_000)],
        }),
      ),
    ]);
    renderTab();
    const [line] = await screen.findAllByTestId('coin-history-refund');
    expect(line!.textContent).toBe(
      '$0.72 to the payment, ₩2,000 to the account · PayPal + Shinhan Bank 110-***-789 칠번팬 · Requested (paid by Dec 2, 2026)',
    );
  });
});
