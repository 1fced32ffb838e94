// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
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

const preview = { cashCoins: 100, feeCoins: 3, refundCoins: 97, refundAmount: 9_700, nonRefundableCoins: 0 };

describe('partial refund dialog', () => {
  test('the bank account is checked before anything is sent; the server’s refusal is shown', async () => {
    const t = await useLanguage('en');
    const refusal = 'Your coins are frozen.';
    const calls = answer([409, { status: 409, message: refusal, code: 'CONFLICT' }]);
    const user = userEvent.setup();
    renderAt('/', <Route path="/" element={<PartialRefundDialog preview={preview} onClose={() => undefined} />} />);
    const submit = screen.getByRole('button', { name: t.coinRefunds.submit.replace('{{amount}}', '9,700') });
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
});
