// @vitest-environment jsdom
// A list row whose action already waits in an approval request says so ("승인 대기 #11 · finance1 · 11.27 11:00") and
// links to the request instead of offering the action again; asking again is told the request was already waiting.
import type { AdminApproval, AdminCoinRefund } from '@fanmission/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification, ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { CoinRefundList } from './money';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const ACCOUNT = { bankName: '신한은행', bankAccountNumber: '110123456789', bankAccountHolder: '김리뷰' } as const;
const refund = (id: number, username: string) =>
  ({
    id,
    kind: 'WITHDRAWAL',
    status: 'requested',
    coins: 100,
    feeCoins: 0,
    refundCoins: 100,
    amount: 10_000,
    currency: 'KRW',
    amountInCurrency: 10_000,
    coinDepositId: null,
    requestedAt: '2026-11-27T01:00:00.000Z',
    dueOn: '2026-12-02',
    paidAt: null,
    bankAccount: ACCOUNT,
    destination: { kind: 'BANK_ACCOUNT', account: ACCOUNT },
    refusedAt: null,
    refusalReason: null,
    parts: [],
    userId: id,
    username,
    accountVerifiedAs: 'DEPOSITOR_NAME',
  }) as unknown as AdminCoinRefund;

const approval = (id: number, refundId: number, existing?: boolean): AdminApproval => ({
  id,
  kind: 'MANUAL_REFUND',
  status: 'PENDING',
  role: 'ROLE_FINANCE',
  summary: { refundId },
  params: { refundId, note: null },
  reason: null,
  makerId: 3,
  makerEmail: 'finance1@example.com',
  createdAt: '2026-11-27T02:00:00.000Z',
  expiresAt: '2026-11-29T02:00:00.000Z',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  decisionNote: null,
  result: null,
  history: [],
  ...(existing !== undefined && { existing }),
});

const waiting = refund(12, '기다리는팬');
const open = refund(15, '새팬');

function renderRefunds(update = vi.fn()) {
  const provider = {
    getList: async (resource: string) =>
      resource === 'approvals' ? { data: [approval(11, 12)], total: 1 } : { data: [waiting, open], total: 2 },
    getOne: async () => ({ data: open }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    update,
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={staffAuth(['ROLE_FINANCE'])}>
      <ResourceContextProvider value="coin-refunds">
        <CoinRefundList />
      </ResourceContextProvider>
      <Notification />
    </ConsoleTestContext>,
  );
}

afterEach(() => cleanup());

test('a refund whose payment waits for approval shows the request instead of its buttons', async () => {
  renderRefunds();
  const chip = await screen.findByRole('link', { name: '승인 대기 #11 · finance1 · 11.27 11:00' }, { timeout: 10_000 });
  expect(chip.getAttribute('href')).toBe('/approvals/11/show');
  const waitingRow = chip.closest('tr')!;
  expect(within(waitingRow).queryByRole('button', { name: consoleKo.console.actions.markPaid })).toBeNull();
  const openRow = screen.getByText('새팬').closest('tr')!;
  expect(await within(openRow).findByRole('button', { name: consoleKo.console.actions.markPaid })).toBeTruthy();
});

test('asking again for a request already waiting says so, naming it, instead of "sent"', async () => {
  const update = vi.fn(async () => ({ data: { ...open, pendingApproval: approval(8, 15, true) } }));
  renderRefunds(update);
  const openRow = (await screen.findByText('새팬', {}, { timeout: 10_000 })).closest('tr')!;
  await userEvent.click(await within(openRow).findByRole('button', { name: consoleKo.console.actions.markPaid }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: '확인' }));
  expect(await screen.findByText('이미 같은 요청이 승인 대기 중입니다 (#8 · finance1 · 11.27 11:00).')).toBeTruthy();
  expect(screen.queryByText(consoleKo.console.approvals.requested)).toBeNull();
  expect(update).toHaveBeenCalledOnce();
});
