// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { CoinLotsResponse, CoinRefund } from '@fanmission/contracts';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { useCoinLots } from './api/refunds';
import { PartialRefundDialog } from './components/partial-refund-dialog';

/** Answers each call with the next (status, body); records what was sent. */
function answer(...replies: Array<[number, unknown]>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: new URL(String(input), 'http://localhost').pathname, body: JSON.parse(String(init?.body)) });
      const [status, body] = replies.shift() ?? [500, { message: 'unexpected', status: 500 }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
});

const figures = { cashCoins: 100, feeCoins: 3, refundCoins: 97, refundAmount: 9_700, nonRefundableCoins: 0 };
const preview: CoinLotsResponse['partialRefund'] = { ...figures, destination: { kind: 'BANK_ACCOUNT' } };
const toCard: CoinLotsResponse['partialRefund'] = {
  ...figures,
  destination: { kind: 'ORIGINAL_METHOD', methods: ['card', 'kakaopay'] },
};

/** The request the server records for a refund back to the card. */
const backToCard: CoinRefund = {
  id: 7,
  kind: 'PARTIAL_REFUND',
  status: 'requested',
  coins: 100,
  feeCoins: 3,
  refundCoins: 97,
  amount: 9_700,
  currency: 'KRW',
  amountInCurrency: null,
  coinDepositId: null,
  requestedAt: '2026-03-10T03:00:00.000Z',
  dueOn: '2026-03-13',
  paidAt: null,
  bankAccount: null,
  destination: { kind: 'ORIGINAL_METHOD', methods: ['card', 'kakaopay'] },
  refusedAt: null,
  refusalReason: null,
  parts: [],
};

/** The dialog as the coin history opens it: over the coin lots' preview, read again when the server refuses. */
function DialogOverLots() {
  const lots = useCoinLots();
  return lots.data ? <PartialRefundDialog preview={lots.data.partialRefund} onClose={() => undefined} /> : null;
}

const split: CoinLotsResponse['partialRefund'] = {
  ...figures,
  destination: { kind: 'SPLIT', methods: ['card'], toAccountAmount: 1_000 },
};
const ACCOUNT = { bankName: 'KB국민은행', bankAccountHolder: '홍길동', bankAccountNumber: '12345678901' } as const;

describe('partial refund dialog', () => {
  test('card coins go back to the card and only the deposit’s won to the fan’s own account, said before he acts', async () => {
    const t = await useLanguage('ko');
    const splitRefund: CoinRefund = {
      ...backToCard,
      bankAccount: ACCOUNT,
      destination: { kind: 'SPLIT', methods: ['card'], account: ACCOUNT },
      parts: [
        {
          paymentId: 'p1',
          via: 'PROVIDER',
          provider: 'portone',
          coins: 90,
          feeCoins: 3,
          currency: 'KRW',
          amount: 8_700,
          refundedAt: null,
          providerRefundId: null,
        },
        {
          paymentId: null,
          via: 'BANK_TRANSFER',
          provider: null,
          coins: 10,
          feeCoins: 0,
          currency: 'KRW',
          amount: 1_000,
          refundedAt: null,
          providerRefundId: null,
        },
      ],
    };
    const calls = serve({ 'POST /api/v1/users/me/coins/partial-refund': () => json(splitRefund) });
    const user = userEvent.setup();
    renderAt('/', <Route path="/" element={<PartialRefundDialog preview={split} onClose={() => undefined} />} />);
    screen.getByText(t.coinRefunds.partialSplit.replace('{{methods}}', '신용카드').replace('{{amount}}', '1,000'));
    await user.click(screen.getByRole('combobox', { name: t.coinRefunds.bankName }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'KB국민은행' }));
    await user.type(screen.getByLabelText(t.coinRefunds.bankAccountHolder), '홍길동');
    await user.type(screen.getByLabelText(t.coinRefunds.bankAccountNumber), '12345678901');
    await user.click(screen.getByRole('button', { name: t.coinRefunds.submit.replace('{{amount}}', '9,700') }));
    await screen.findByText(
      '환불을 요청했습니다. 2026.03.13까지 결제 수단으로 환불되고, 1,000원은 KB국민은행 123-***-901 홍길동으로 입금됩니다.',
    );
    expect(calls.map((call) => call.body)).toEqual([{ bankAccount: ACCOUNT }]);
  });

  test('the bank account is checked before anything is sent; the server’s refusal is shown', async () => {
    const t = await useLanguage('en');
    const refusal = 'Your coins are frozen.';
    const calls = answer([409, { status: 409, message: refusal, code: 'CONFLICT' }]);
    const user = userEvent.setup();
    renderAt('/', <Route path="/" element={<PartialRefundDialog preview={preview} onClose={() => undefined} />} />);
    const submit = screen.getByRole('button', { name: t.coinRefunds.submit.replace('{{amount}}', '9,700') });
    // The money goes to the account: the dialog says why, and asks it.
    screen.getByText(t.coinRefunds.partialToAccount);
    await user.click(submit);
    await screen.findByText(t.coinRefunds.bankRequired);
    screen.getByText(t.coinRefunds.holderRequired);
    screen.getByText(t.coinRefunds.numberInvalid);
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: t.coinRefunds.bankName }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'KB Kookmin Bank' }));
    await user.type(screen.getByLabelText(t.coinRefunds.bankAccountHolder), 'Kim Fan');
    // A field's message goes once it is edited; the others stay until the next send.
    expect(screen.queryByText(t.coinRefunds.bankRequired)).toBeNull();
    expect(screen.queryByText(t.coinRefunds.holderRequired)).toBeNull();
    expect(screen.getByText(t.coinRefunds.numberInvalid)).toBeTruthy();
    // Copied with its hyphens, as banking apps show an account: sent as its digits.
    await user.type(screen.getByLabelText(t.coinRefunds.bankAccountNumber), '123-456-78901');
    await user.click(submit);
    await screen.findByText(refusal);
    expect(screen.queryByText(t.coinRefunds.bankRequired)).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: '/api/v1/users/me/coins/partial-refund',
      body: { bankAccount: { bankName: 'KB국민은행', bankAccountHolder: 'Kim Fan', bankAccountNumber: '12345678901' } },
    });
  });

  test('a refund back to the payment methods says so and asks no account', async () => {
    const t = await useLanguage('en');
    const calls = serve({ 'POST /api/v1/users/me/coins/partial-refund': () => json(backToCard) });
    const user = userEvent.setup();
    renderAt('/', <Route path="/" element={<PartialRefundDialog preview={toCard} onClose={() => undefined} />} />);
    screen.getByText(t.coinRefunds.partialToPayment.replace('{{methods}}', 'Card, KakaoPay'));
    expect(screen.queryByRole('combobox', { name: t.coinRefunds.bankName })).toBeNull();
    expect(screen.queryByLabelText(t.coinRefunds.bankAccountNumber)).toBeNull();
    expect(screen.queryByText(t.coinRefunds.partialToAccount)).toBeNull();

    await user.click(screen.getByRole('button', { name: t.coinRefunds.submit.replace('{{amount}}', '9,700') }));
    await screen.findByText('Refund requested. Refunded to your payment method by Mar 13, 2026.');
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/v1/users/me/coins/partial-refund', {}],
    ]);
  });

  test('when the coins changed so an account is needed, the server says so and the dialog asks it', async () => {
    const t = await useLanguage('en');
    const needed = 'Some of your coins were charged in a way that cannot be paid back to it.';
    const previews = [toCard, preview];
    const calls = serve({
      'GET /api/v1/users/me/coin-lots': () =>
        json({ lots: [], balance: 100, partialRefund: previews.shift() ?? preview } satisfies CoinLotsResponse),
      'POST /api/v1/users/me/coins/partial-refund': () =>
        json(
          {
            status: 400,
            message: needed,
            code: 'VALIDATION_FAILED',
            subErrors: [{ field: 'bankAccount', message: 'Enter the bank account to refund to.' }],
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderAt('/', <Route path="/" element={<DialogOverLots />} />);
    const submit = await screen.findByRole('button', { name: t.coinRefunds.submit.replace('{{amount}}', '9,700') });
    expect(screen.queryByLabelText(t.coinRefunds.bankAccountNumber)).toBeNull();
    await user.click(submit);
    await screen.findByText(needed);
    // The preview, read again, now sends the money to an account: the fields are there.
    await screen.findByText(t.coinRefunds.partialToAccount);
    screen.getByLabelText(t.coinRefunds.bankAccountNumber);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/v1/users/me/coin-lots',
      'POST /api/v1/users/me/coins/partial-refund',
      'GET /api/v1/users/me/coin-lots',
    ]);
  });
});
