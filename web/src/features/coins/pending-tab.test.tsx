// @vitest-environment jsdom
// The pending tab says where, how much and by when to pay each bank deposit not paid yet (as the fan was told when he
// asked); a paid one, or one asked before the instructions were kept, shows only its row. A deposit still to pay can
// be taken back, after a confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { BANK_DEPOSIT_INSTRUCTIONS as instructions } from '@fanmission/tests/support/web/bank-deposit';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { PendingTab } from './components/pending-tab';

const row = (id: number, status: string, withInstructions: boolean) => ({
  id,
  depositorName: '홍길동',
  depositorPhone: '01012345678',
  coinItem: { id: 7, name: '1000 코인', point: 1000, price: 100_000 },
  status,
  created: '2026-11-27T01:30:00.000Z',
  instructions: withInstructions ? instructions : null,
});

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the pending tab', () => {
  test('names the account, the amount and the deadline of each deposit still to pay (ko)', async () => {
    const t = await useLanguage('ko');
    window.localStorage.setItem('UserId', '5');
    serve({
      'GET /api/v1/payment/bank-transfer/page': () =>
        json({
          content: [row(3, 'ready', true), row(2, 'failed', true), row(1, 'ready', false)],
          totalElements: 3,
          totalPages: 1,
          number: 0,
          size: 12,
          last: true,
        }),
    });
    renderAt('/coin-history', <Route path="/coin-history" element={<PendingTab page={0} onPage={() => {}} />} />);
    await screen.findAllByTestId('pending-row');
    const boxes = screen.getAllByRole('region', { name: t.bankDeposit.pendingTitle });
    expect(boxes).toHaveLength(1);
    const value = (term: string) => within(boxes[0]!).getByText(term).nextElementSibling?.textContent;
    expect(value(t.bankDeposit.bank)).toBe('KB국민은행');
    expect(value(t.bankDeposit.accountNumber)).toBe('000000-00-000000');
    expect(value(t.bankDeposit.holder)).toBe('(주)팬미션');
    expect(value(t.bankDeposit.amount)).toBe('100,000원');
    expect(value(t.bankDeposit.due)).toBe('2026.11.30 10:30 (한국 시간)까지');
  });

  test('takes back a deposit still to pay after a confirmation; it leaves the tab', async () => {
    const t = await useLanguage('ko');
    window.localStorage.setItem('UserId', '5');
    let cancelled = false;
    const calls = serve({
      'GET /api/v1/payment/bank-transfer/page': () =>
        json({
          content: cancelled ? [] : [row(3, 'ready', true)],
          totalElements: cancelled ? 0 : 1,
          totalPages: cancelled ? 0 : 1,
          number: 0,
          size: 12,
          last: true,
        }),
      'POST /api/v1/payment/bank-transfer/3/cancel': () => {
        cancelled = true;
        return json({ ...row(3, 'cancelled', true) });
      },
    });
    const user = userEvent.setup();
    renderAt('/coin-history', <Route path="/coin-history" element={<PendingTab page={0} onPage={() => {}} />} />);
    await user.click(await screen.findByRole('button', { name: t.bankDeposit.cancel }));
    const dialog = await screen.findByRole('dialog', { name: t.bankDeposit.cancelTitle });
    expect(dialog.textContent).toContain(t.bankDeposit.cancelText.replace('{{amount}}', '100,000'));
    // Kept: nothing sent.
    await user.click(within(dialog).getByRole('button', { name: t.bankDeposit.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: t.bankDeposit.cancel }));
    await user.click(
      within(await screen.findByRole('dialog', { name: t.bankDeposit.cancelTitle })).getByRole('button', {
        name: t.bankDeposit.cancelConfirm,
      }),
    );
    expect(await screen.findByText(t.bankDeposit.cancelled)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: t.bankDeposit.pendingTitle })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/v1/payment/bank-transfer/3/cancel',
    ]);
  });
});
