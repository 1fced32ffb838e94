// @vitest-environment jsdom
// The payout account history on a creator's page, and a held statement on its page: the hold, the release with what
// finance checked, and the creator's history beside it.
import type { AdminPayoutAccountChange } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { SettlementShow } from './settlements';
import { CreatorPayoutHistory } from './payout-accounts';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const ko = consoleKo.resources['payout-account-changes'];

const change = (overrides: Partial<AdminPayoutAccountChange>): AdminPayoutAccountChange => ({
  id: 1,
  creatorId: 8,
  creatorName: '소라',
  actorId: 30,
  actorEmail: 'sora@example.com',
  actorRoles: ['ROLE_USER', 'ROLE_CREATOR'],
  byCreator: true,
  reason: null,
  from: {
    bankName: 'KB국민은행',
    bankAccountHolder: '김소라',
    bankAccountNumber: '****1111',
    payoutOverseas: false,
    payoutForeigner: false,
  },
  to: {
    bankName: '카카오뱅크',
    bankAccountHolder: '김소라',
    bankAccountNumber: '****5678',
    payoutOverseas: false,
    payoutForeigner: false,
  },
  destinationChanged: true,
  requestIp: '203.0.113.7',
  changedAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

const history = [
  change({
    id: 2,
    byCreator: false,
    actorEmail: 'finance@example.com',
    actorRoles: ['ROLE_FINANCE'],
    reason: '고객센터 요청 #1234',
    from: change({}).to,
    to: { ...change({}).from, payoutOverseas: true },
    changedAt: '2026-11-23T10:00:00.000Z',
  }),
  change({}),
];

const heldStatement = {
  id: 5,
  year: 2026,
  month: 10,
  creatorId: 8,
  creatorName: '소라',
  totalEarningCoin: 1000,
  income: 60000,
  // A business-registered creator's: nothing withheld.
  overseasFee: 0,
  taxWithheld: 0,
  taxRate: 0,
  localTaxWithheld: 0,
  localTaxRate: 0,
  toReceipt: 60000,
  status: 'ISSUED',
  transferReference: null,
  bankName: '카카오뱅크',
  bankAccountHolder: '김소라',
  bankAccountNumber: '3333012345678',
  held: true,
  holdAccountChangeId: 1,
  holdReleasedAt: null,
  holdReleaseNote: null,
};

function fakeDataProvider(statement: Record<string, unknown>) {
  const update = vi.fn(async (_resource: string, params: { id: unknown; data: Record<string, unknown> }) => ({
    data: { ...statement, held: false, holdReleaseNote: params.data['note'] ?? null, id: params.id },
  }));
  const getManyReference = vi.fn(async () => ({ data: history, total: history.length }));
  const provider = {
    getList: async () => ({ data: [], total: 0 }),
    getOne: async (resource: string, params: { id: unknown }) => ({
      data: resource === 'settlements' ? statement : { ...change({}), id: params.id },
    }),
    getMany: async (_resource: string, params: { ids: unknown[] }) => ({
      data: params.ids.map((id) => ({ ...change({}), id })),
    }),
    getManyReference,
    update,
    updateMany: async () => ({ data: [] }),
    create: async () => ({ data: { id: 0 } }),
    delete: async () => ({ data: { id: 0 } }),
    deleteMany: async () => ({ data: [] }),
  } as unknown as DataProvider;
  return { provider, update, getManyReference };
}

const financeAuth = staffAuth(['ROLE_FINANCE']);

afterEach(() => cleanup());

describe('CreatorPayoutHistory', () => {
  test('lists the creator’s changes newest first: who, the accounts before and after, the reason', async () => {
    const { provider, getManyReference } = fakeDataProvider(heldStatement);
    render(
      <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={financeAuth}>
        <RecordContextProvider value={{ id: 8 }}>
          <CreatorPayoutHistory label="resources.payout-account-changes.history" />
        </RecordContextProvider>
      </ConsoleTestContext>,
    );
    expect(await screen.findByText('고객센터 요청 #1234')).toBeTruthy();
    expect(getManyReference).toHaveBeenCalledWith(
      'payout-account-changes',
      expect.objectContaining({ target: 'creatorId', id: 8, sort: { field: 'id', order: 'DESC' } }),
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('finance@example.com')).toBeTruthy();
    expect(within(rows[0]!).getByText('KB국민은행 ****1111 · 김소라 (해외)')).toBeTruthy();
    expect(within(rows[1]!).getByText(ko.byCreator)).toBeTruthy();
    expect(within(rows[1]!).getByText('카카오뱅크 ****5678 · 김소라')).toBeTruthy();
  });
});

describe('SettlementShow', () => {
  /** The statement's page as the console's settlements resource opens it. */
  const showStatement = (provider: DataProvider) =>
    render(
      <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={financeAuth}>
        <SettlementShow resource="settlements" id={5} />
      </ConsoleTestContext>,
    );

  test('shows the hold and releases it with what finance checked', async () => {
    const { provider, update } = fakeDataProvider(heldStatement);
    showStatement(provider);
    expect(await screen.findByText(consoleKo.console.settlements.held)).toBeTruthy();
    expect(screen.getByText('카카오뱅크 3333012345678 · 김소라')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: consoleKo.console.actions.releaseHold }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: /확인|Confirm/ });
    expect(confirm.disabled).toBe(true);
    await userEvent.type(
      within(dialog).getByLabelText(consoleKo.resources.settlements.fields.holdReleaseNote),
      '등록된 번호로 본인 확인',
    );
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'settlements',
        expect.objectContaining({ id: 5, data: { action: 'release', note: '등록된 번호로 본인 확인' } }),
      ),
    );
  });

  test('offers no release for a statement that is not held', async () => {
    const { provider } = fakeDataProvider({ ...heldStatement, held: false, holdAccountChangeId: null });
    showStatement(provider);
    expect(await screen.findByText('카카오뱅크 3333012345678 · 김소라')).toBeTruthy();
    expect(screen.queryByRole('button', { name: consoleKo.console.actions.releaseHold })).toBeNull();
    expect(screen.queryByText(consoleKo.console.settlements.held)).toBeNull();
  });
});
