// @vitest-environment jsdom
// Settlement in batches on the console: finance reads a month's or a selection's totals and asks to approve or pay it
// as one request (one dialog for both), and the checker reads the batch's statements on the approval page (the bank
// transfer batches and their result files: ./transfer-batches.test.tsx).
import type { AdminApproval, StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { ListContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { ApprovalShow } from './approvals';
import { BatchButton, MonthNeededHint } from './settlement-batches';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });
const batch = consoleKo.console.settlements.batch;

const auth: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['ROLE_FINANCE'] as StaffRole[],
  getIdentity: async () => ({ id: 6 }),
};

const statements = [
  { id: 101, creatorId: 11, creatorName: '리뷰하는 소라', toReceipt: 36_000, withheld: 1_180 },
  { id: 102, creatorId: 12, creatorName: '춤추는 민지', toReceipt: 51_000, withheld: 0 },
];

const approval = (overrides: Partial<AdminApproval> = {}): AdminApproval => ({
  id: 77,
  kind: 'STATEMENT_BATCH_APPROVE',
  status: 'PENDING',
  role: 'ROLE_FINANCE',
  summary: { year: 2026, month: 10, count: 2, toReceipt: 87_000, withheld: 1_180 },
  params: { action: 'approve', year: 2026, month: 10, statements },
  reason: 'approve 2 statements of 2026-10',
  makerId: 5,
  makerEmail: 'finance1@fanmission.local',
  createdAt: '2026-11-02T01:00:00.000Z',
  expiresAt: '2026-11-09T01:00:00.000Z',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  decisionNote: null,
  result: null,
  history: [],
  ...overrides,
});

const provider = (record?: AdminApproval) =>
  ({
    getList: async () => ({ data: [{ id: 101 }], total: 2 }),
    getOne: async () => ({ data: record }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
  }) as unknown as DataProvider;

/** A component of the statement list, its year and month filter set to October 2026. */
const inList = (children: ReactNode) =>
  render(
    <ConsoleTestContext dataProvider={provider()} i18nProvider={i18nProvider} authProvider={auth}>
      <ListContextProvider value={{ filterValues: { year: 2026, month: 10 } } as never}>{children}</ListContextProvider>
    </ConsoleTestContext>,
  );

/** The API's answers by path, and the calls made. */
function stubApi(answers: Record<string, unknown>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
      const answer = answers[url] as { status?: number; json?: unknown } | undefined;
      if (answer && 'status' in answer && typeof answer.status === 'number' && 'json' in answer) {
        return new Response(JSON.stringify(answer.json), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      const status = url.includes('/preview') ? 200 : 202;
      return new Response(JSON.stringify(answers[url]), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('the checker reads the batch’s statements, totals and, once run, what was skipped', async () => {
  render(
    <ConsoleTestContext
      dataProvider={provider(
        approval({
          status: 'EXECUTED',
          result: { action: 'approve', done: [101], skipped: [{ statementId: 102, reason: 'HELD' }] },
        }),
      )}
      i18nProvider={i18nProvider}
      authProvider={auth}
    >
      <ApprovalShow resource="approvals" id={77} />
    </ConsoleTestContext>,
  );
  const details = await screen.findByTestId('batch-details', {}, { timeout: 10_000 });
  expect(screen.getByText('2026년 10월 정산서 2건 일괄 승인 (지급액 87,000원, 원천징수 1,180원)')).toBeTruthy();
  const rows = within(details).getAllByRole('row');
  expect(rows.map((row) => row.textContent)).toEqual([
    expect.stringContaining(batch.statementId),
    `101리뷰하는 소라 (#11)36,0001,180-`,
    `102춤추는 민지 (#12)51,0000${batch.skipReasons.HELD}`,
  ]);
  expect(within(details).getByText('처리됨 1건, 건너뜀 1건')).toBeTruthy();
});

const MONTH_PREVIEW = '/api/admin/settlements/batches/preview?action=approve&year=2026&month=10';
const monthTotals = { action: 'approve', year: 2026, month: 10, count: 2, toReceipt: 87_000, withheld: 1_180 };

test('finance reads the month’s count and totals, then asks to approve it as one request', async () => {
  const calls = stubApi({ [MONTH_PREVIEW]: monthTotals, '/api/admin/settlements/batches': approval() });
  inList(<BatchButton action="approve" />);
  await userEvent.click(await screen.findByRole('button', { name: batch.approveMonth }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('정산서 2건 · 지급액 87,000원 · 원천징수 1,180원');
  await userEvent.click(within(dialog).getByRole('button', { name: batch.ask }));
  await waitFor(() =>
    expect(calls).toEqual([
      { url: MONTH_PREVIEW, body: undefined },
      { url: '/api/admin/settlements/batches', body: { action: 'approve', year: 2026, month: 10 } },
    ]),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

/** A component of the statement list with rows 101 and 102 selected. */
const inSelection = (children: ReactNode) =>
  render(
    <ConsoleTestContext dataProvider={provider()} i18nProvider={i18nProvider} authProvider={auth}>
      <ListContextProvider
        value={{ filterValues: { year: 2026, month: 10 }, selectedIds: [101, 102], onUnselectItems: vi.fn() } as never}
      >
        {children}
      </ListContextProvider>
    </ConsoleTestContext>,
  );

test('finance marks the selected statements paid: the same dialog, their totals, the transfer, exactly those ids', async () => {
  const url = '/api/admin/settlements/batches/preview?action=pay&year=2026&month=10&statementIds=101%2C102';
  const calls = stubApi({
    [url]: { ...monthTotals, action: 'pay' },
    '/api/admin/settlements/batches': approval({ kind: 'STATEMENT_BATCH_PAY' }),
  });
  inSelection(<BatchButton action="pay" selected />);
  await userEvent.click(await screen.findByRole('button', { name: batch.paySelected }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog');
  within(dialog).getByText(/선택한 정산서 2건을/);
  await within(dialog).findByText('정산서 2건 · 지급액 87,000원 · 원천징수 1,180원');
  const send = within(dialog).getByRole<HTMLButtonElement>('button', { name: batch.ask });
  expect(send.disabled).toBe(true);
  await userEvent.type(within(dialog).getByLabelText(/이체 참조번호/), 'KB-SEL-1');
  await userEvent.click(send);
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls[1]).toMatchObject({
    url: '/api/admin/settlements/batches',
    body: { action: 'pay', year: 2026, month: 10, statementIds: [101, 102], transferReference: 'KB-SEL-1' },
  });
});

test('a selection the server refuses says which statement breaks which rule and cannot be sent', async () => {
  const url = '/api/admin/settlements/batches/preview?action=approve&year=2026&month=10&statementIds=101%2C102';
  stubApi({
    [url]: {
      status: 409,
      json: {
        code: 'SETTLEMENT_BATCH_NOT_ELIGIBLE',
        message: '선택한 정산서 가운데 1건은 일괄 처리에 넣을 수 없어 아무것도 요청하지 않았습니다.',
        subErrors: [{ field: 'statementIds', message: '정산서 #102: 보류되어 있습니다.', rejectedValue: 102 }],
      },
    },
  });
  inSelection(<BatchButton action="approve" selected />);
  await userEvent.click(await screen.findByRole('button', { name: batch.approveSelected }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('정산서 #102: 보류되어 있습니다.');
  expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: batch.ask }).disabled).toBe(true);
});

test('without a year and a month the month’s batches are greyed out and the list says what to enter', async () => {
  const inMonth = (filterValues: object) => (
    <ConsoleTestContext dataProvider={provider()} i18nProvider={i18nProvider} authProvider={auth}>
      <ListContextProvider value={{ filterValues, selectedIds: [] } as never}>
        <BatchButton action="approve" />
        <MonthNeededHint />
      </ListContextProvider>
    </ConsoleTestContext>
  );
  const view = render(inMonth({ year: 2026 }));
  await screen.findByText(batch.monthNeeded, {}, { timeout: 10_000 });
  expect(screen.getByRole<HTMLButtonElement>('button', { name: batch.approveMonth }).disabled).toBe(true);
  view.rerender(inMonth({ year: 2026, month: 10 }));
  await waitFor(() => expect(screen.queryByText(batch.monthNeeded)).toBeNull());
  expect(screen.getByRole<HTMLButtonElement>('button', { name: batch.approveMonth }).disabled).toBe(false);
});
