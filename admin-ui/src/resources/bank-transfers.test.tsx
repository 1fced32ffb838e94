// @vitest-environment jsdom
// Finance marks a ready bank deposit failed with a reason: the fan then reads "failed, contact support".
import type { StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { BankTransferList } from './money';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const transfer = {
  id: 4,
  userId: 7,
  username: '팬하나',
  email: 'fan@example.com',
  coinItem: { id: 1, name: '10 코인', point: 10, price: 1000 },
  amount: 1000,
  depositorName: '김팬',
  depositorPhone: '01012345678',
  cashReceiptNumber: null,
  receiptType: 'PHONE',
  cashReceipt: null,
  status: 'ready',
  note: null,
  decidedBy: null,
  decidedAt: null,
  coinDepositId: null,
  created: '2026-11-20T01:00:00.000Z',
};

const auth = staffAuth;

function renderList(roles: StaffRole[], rows: object[] = [transfer]) {
  const update = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: { ...transfer, ...params.data },
  }));
  const provider = {
    getList: async () => ({ data: rows, total: rows.length }),
    getOne: async () => ({ data: transfer }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    update,
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth(roles)}>
      <ResourceContextProvider value="bank-transfers">
        <BankTransferList />
      </ResourceContextProvider>
    </ConsoleTestContext>,
  );
  return update;
}

afterEach(() => cleanup());

test('finance marks a ready deposit failed, with the reason it asks for first', async () => {
  const update = renderList(['ROLE_FINANCE']);
  await userEvent.click(
    await screen.findByRole('button', { name: consoleKo.console.actions.failDeposit }, { timeout: 10_000 }),
  );
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: /확인|Confirm/ });
  expect(confirm.disabled).toBe(true);
  await userEvent.type(within(dialog).getByLabelText(consoleKo.console.actions.reason), '입금 확인 불가');
  await userEvent.click(confirm);
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith(
      'bank-transfers',
      expect.objectContaining({ id: 4, data: expect.objectContaining({ status: 'failed', note: '입금 확인 불가' }) }),
    ),
  );
});

test('operators are offered no decision on a deposit', async () => {
  renderList(['ROLE_OPERATOR']);
  expect(await screen.findByText('김팬', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.queryByRole('button', { name: consoleKo.console.actions.failDeposit })).toBeNull();
});

test('confirming a deposit names the member, the coins and the won first; nothing is sent before its confirmation', async () => {
  const update = renderList(['ROLE_FINANCE']);
  await userEvent.click(
    await screen.findByRole('button', { name: consoleKo.console.actions.confirmDeposit }, { timeout: 10_000 }),
  );
  const dialog = await screen.findByRole('dialog', { name: consoleKo.console.actions.confirmDeposit });
  expect(within(dialog).getByText('팬하나 (김팬)')).toBeTruthy();
  expect(within(dialog).getByText('10코인 (₩1,000)')).toBeTruthy();
  // What the bank statement must show before anyone confirms: the amount, the depositor's name, after the request.
  expect(
    within(dialog).getByText(/^통장 거래내역에 2026\.11\.20 10:00 KST 이후 “김팬” 이름으로 1,000원이 입금된 것을/),
  ).toBeTruthy();
  expect(update).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: /확인|Confirm/ }));
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith(
      'bank-transfers',
      expect.objectContaining({ id: 4, data: expect.objectContaining({ status: 'paid' }) }),
    ),
  );
});

test('a deposit’s cash receipt shows its number, then its approval number or the provider’s failure', async () => {
  const receipt = { receiptType: 'PHONE', number: '01098765432', approvalNumber: null, issuedAt: null };
  renderList(
    ['ROLE_FINANCE'],
    [
      {
        ...transfer,
        id: 5,
        cashReceipt: { ...receipt, status: 'PENDING', attempts: 0, lastError: null, nextAttemptAt: null },
      },
      {
        ...transfer,
        id: 6,
        status: 'paid',
        cashReceipt: {
          ...receipt,
          receiptType: 'BUSINESS',
          number: '1234567890',
          status: 'PENDING',
          attempts: 2,
          lastError: 'timed out',
          nextAttemptAt: '2026-11-20T02:00:00.000Z',
        },
      },
      {
        ...transfer,
        id: 7,
        status: 'paid',
        cashReceipt: {
          ...receipt,
          status: 'ISSUED',
          approvalNumber: '555000111',
          attempts: 1,
          lastError: null,
          nextAttemptAt: null,
        },
      },
    ],
  );
  expect(await screen.findByText(/입금 확인 후 발급/, {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText(/지출증빙 1234567890/)).toBeTruthy();
  expect(screen.getByText(/발급 실패 2회: timed out \(다음 시도 2026.11.20 11:00 KST\)/)).toBeTruthy();
  expect(screen.getByText(/승인번호 555000111/)).toBeTruthy();
  expect(screen.getAllByText(/소득공제 01098765432/)).toHaveLength(2);
});
