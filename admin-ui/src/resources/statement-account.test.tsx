// @vitest-environment jsdom
// An unpaid statement pays the account it copied at issue: its page says so, old → new with the numbers masked, only
// when that is not the creator's current account; and a held statement names its hold's reason.
import type { StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { type AuthProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18n-provider';
import { SettlementShow } from './settlements';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';
import { untilQueriesSettled } from '@fanmission/tests/support/query-clients';

vi.setConfig({ testTimeout: 60_000 });

const statement = {
  id: 61,
  year: 2026,
  month: 10,
  creatorId: 8,
  creatorName: '소라',
  status: 'ISSUED',
  totalEarningCoin: 1200,
  income: 72000,
  // An individual creator's: 3 % income tax and 0.3 % local income tax withheld (docs/rules/settlement.md).
  overseasFee: 0,
  taxWithheld: 2160,
  taxRate: 3,
  localTaxWithheld: 210,
  localTaxRate: 0.3,
  toReceipt: 69630,
  created: '2026-11-01T01:00:00.000Z',
  dueDate: '2026-11-10',
  approvedAt: null,
  paidAt: null,
  transferDate: null,
  transferReference: null,
  bankName: 'KB국민은행',
  bankAccountNumber: '100000001',
  bankAccountHolder: '김소라',
  held: false as boolean,
  holdReason: null as string | null,
  payToVerification: 'VERIFIED' as string | null,
  payToBankHolder: '김소라' as string | null,
  holdAccountChangeId: null,
  holdReleasedAt: null,
  holdReleaseNote: null,
};
const OLD = {
  bankName: 'KB국민은행',
  bankAccountNumber: '100000001',
  bankAccountHolder: '김소라',
  payoutOverseas: false,
};
const NEW = {
  bankName: '우리은행',
  bankAccountNumber: '200000002',
  bankAccountHolder: '김소라',
  payoutOverseas: false,
};
const change = (changedAt: string, to: typeof OLD = NEW) => ({ id: 3, creatorId: 8, changedAt, from: OLD, to });

const auth: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['ROLE_FINANCE'] satisfies StaffRole[],
};

function renderShow(record: typeof statement, changes: ReturnType<typeof change>[]) {
  const getList = vi.fn(async () => ({ data: changes, total: changes.length }));
  const provider = {
    getList,
    getOne: async () => ({ data: record }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth}>
      <SettlementShow resource="settlements" id={61} />
    </ConsoleTestContext>,
  );
  return getList;
}

afterEach(() => cleanup());

test('a change after the statement was issued: the page names the account it pays and the new one', async () => {
  const getList = renderShow(statement, [change('2026-11-03T05:00:00.000Z')]);
  expect(
    await screen.findByText(
      '지급 계좌가 크리에이터의 지금 계좌와 다릅니다: KB국민은행 ****0001 · 김소라 → 우리은행 ****0002 · 김소라 (2026.11.03 14:00 KST 변경). 이 정산서는 발행 때의 계좌로 지급됩니다.',
      {},
      { timeout: 10_000 },
    ),
  ).toBeTruthy();
  expect(getList).toHaveBeenCalledWith(
    'payout-account-changes',
    expect.objectContaining({ filter: { creatorId: 8 }, sort: { field: 'id', order: 'DESC' } }),
  );
});

test('no notice when the creator’s current account is the one the statement pays, nor for a paid statement', async () => {
  // A later change that kept the bank and the number (the place abroad, the holder's spelling): the same account.
  const same = renderShow(statement, [change('2026-11-03T05:00:00.000Z', { ...OLD, payoutOverseas: true })]);
  expect(await screen.findByText('2026.11.01 10:00 KST', {}, { timeout: 10_000 })).toBeTruthy();
  await waitFor(() => expect(same).toHaveBeenCalled());
  await untilQueriesSettled();
  expect(screen.queryByText(/지급 계좌가 크리에이터의 지금 계좌와 다릅니다/)).toBeNull();
  cleanup();
  const before = renderShow(statement, [change('2026-10-20T05:00:00.000Z', OLD)]);
  expect(await screen.findByText('2026.11.01 10:00 KST', {}, { timeout: 10_000 })).toBeTruthy();
  // The taxes withheld, each with its rate.
  expect(screen.getByText('2,160 (3%)')).toBeTruthy();
  expect(screen.getByText('210 (0.3%)')).toBeTruthy();
  await waitFor(() => expect(before).toHaveBeenCalled());
  await untilQueriesSettled();
  expect(screen.queryByText(/지급 계좌가 크리에이터의 지금 계좌와 다릅니다/)).toBeNull();
  cleanup();
  const paid = renderShow({ ...statement, status: 'PAID' }, [change('2026-11-03T05:00:00.000Z')]);
  expect(await screen.findByText('2026.11.01 10:00 KST', {}, { timeout: 10_000 })).toBeTruthy();
  expect(paid).not.toHaveBeenCalled();
  expect(screen.queryByText(/지급 계좌가 크리에이터의 지금 계좌와 다릅니다/)).toBeNull();
});

test('a held statement names its reason: the account’s holder the bank answered, and no approval or payment', async () => {
  renderShow(
    {
      ...statement,
      held: true,
      holdReason: 'ACCOUNT_MISMATCH',
      payToVerification: 'MISMATCH',
      payToBankHolder: '김다름',
    },
    [],
  );
  const notice = await screen.findByTestId('statement-hold-notice', {}, { timeout: 10_000 });
  expect(notice.textContent).toContain(
    '지급 계좌의 예금주(은행 확인: 김다름)가 크리에이터 본인이나 사업자 이름과 달라',
  );
  expect(screen.getByTestId('statement-hold').textContent).toBe('보류: 예금주 불일치');
  expect(screen.getByText('불일치 (은행 확인 예금주: 김다름)')).toBeTruthy();
  expect(screen.queryByRole('button', { name: '승인' })).toBeNull();
  expect(screen.queryByRole('button', { name: /보류 해제/ })).toBeNull();
});
