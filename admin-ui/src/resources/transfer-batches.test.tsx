// @vitest-environment jsdom
// Bank transfer batches on the console: the file is downloadable only once the batch is released; the bank's result
// file is read against its batch and each differing line shows the expected value beside the file's; a statement
// shows the batch that holds it, or when and why its transfer failed.
import type { AdminSettlement, StaffRole, TransferBatch, TransferBatchResultOutcome } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { RecordContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { DownloadFileButton, ResultImportButton, StatementStatusField } from './transfer-batches';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });
const t = consoleKo.console.transferBatches;

const auth: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['ROLE_FINANCE'] as StaffRole[],
  getIdentity: async () => ({ id: 6 }),
};

const provider = {
  getList: async () => ({ data: [], total: 0 }),
  getOne: async () => ({ data: {} }),
  getMany: async () => ({ data: [] }),
  getManyReference: async () => ({ data: [], total: 0 }),
} as unknown as DataProvider;

const batch = (overrides: Partial<TransferBatch> = {}): TransferBatch => ({
  id: 7,
  year: 2026,
  month: 10,
  status: 'RELEASED',
  createdBy: { id: 5, name: 'finance1' },
  createdAt: '2026-11-02T01:00:00.000Z',
  releaseApprovalId: 40,
  releasedBy: { id: 6, name: 'finance2' },
  releasedAt: '2026-11-02T02:00:00.000Z',
  cancelledBy: null,
  cancelledAt: null,
  closedAt: null,
  count: 2,
  total: 87_000,
  fileSha256: 'a'.repeat(64),
  filename: 'fanmission-transfer-batch-7-2026-10.csv',
  paid: 0,
  failed: 0,
  ...overrides,
});

const withRecord = (record: object, children: ReactNode) =>
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth}>
      <RecordContextProvider value={record}>{children}</RecordContextProvider>
    </ConsoleTestContext>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('the file is downloadable only once the batch is released', async () => {
  const view = withRecord(batch({ status: 'CREATED', releasedBy: null, releasedAt: null }), <DownloadFileButton />);
  const waiting = await screen.findByRole<HTMLButtonElement>(
    'button',
    { name: t.downloadAfterRelease },
    { timeout: 10_000 },
  );
  expect(waiting.disabled).toBe(true);
  view.unmount();
  withRecord(batch(), <DownloadFileButton />);
  const ready = await screen.findByRole<HTMLButtonElement>('button', { name: t.download });
  expect(ready.disabled).toBe(false);
});

test('the result file is read against its batch: each differing line shows the expected value beside the file’s', async () => {
  const outcome: TransferBatchResultOutcome = {
    applied: false,
    rows: 3,
    paid: [101],
    failed: [],
    discrepancies: [
      {
        line: 3,
        statementId: 102,
        problem: 'ACCOUNT_DIFFERS',
        expectedAmount: 51_000,
        amount: 51_000,
        expectedBankAccountNumber: '1002102',
        bankAccountNumber: '999999999999',
      },
      {
        line: 4,
        statementId: 103,
        problem: 'AMOUNT_DIFFERS',
        expectedAmount: 48_000,
        amount: 480_000,
        expectedBankAccountNumber: '1002103',
        bankAccountNumber: '1002103',
      },
    ],
    batch: batch(),
  };
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      const applied = !url.endsWith('/preview');
      return new Response(JSON.stringify({ ...outcome, applied }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const view = withRecord(batch(), <ResultImportButton />);
  await userEvent.click(await screen.findByRole('button', { name: t.importResult }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog');
  const csv = '정산서번호,계좌번호,이체금액,처리결과\r\n101,1002101,36000,정상\r\n';
  await userEvent.upload(within(dialog).getByLabelText(t.chooseFile), new File([csv], 'result.csv'));
  await userEvent.type(within(dialog).getByLabelText(new RegExp(t.transferReference)), 'KB-BULK-10');
  await userEvent.click(within(dialog).getByRole('button', { name: t.read }));
  const shown = await within(dialog).findByTestId('transfer-result-outcome');
  const account = within(shown).getByText('계좌번호 다름').closest('tr')!;
  expect(account.textContent).toContain('1002102');
  expect(account.textContent).toContain('999999999999');
  const amount = within(shown).getByText('금액 다름').closest('tr')!;
  expect(amount.textContent).toContain('48,000');
  expect(amount.textContent).toContain('480,000');
  expect(calls[0]).toMatchObject({
    url: '/api/admin/settlement-transfer-batches/7/results/preview',
    body: { csv, transferReference: 'KB-BULK-10' },
  });
  await userEvent.click(within(dialog).getByRole('button', { name: t.record }));
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls[1]!.url).toBe('/api/admin/settlement-transfer-batches/7/results');
  // Recorded, the batch comes back closed: the dialog stays on what was recorded until it is closed.
  await within(dialog).findByText(/^반영했습니다/);
  view.rerender(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth}>
      <RecordContextProvider value={batch({ status: 'CLOSED', closedAt: '2026-11-03T01:00:00.000Z' })}>
        <ResultImportButton />
      </RecordContextProvider>
    </ConsoleTestContext>,
  );
  expect(within(screen.getByRole('dialog')).getByText(/^반영했습니다/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: t.importResult })).toBeNull();
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '닫기' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test('a statement shows the batch that holds it, or when and why its transfer failed', async () => {
  const statement = {
    id: 101,
    status: 'IN_TRANSFER',
    transferBatchId: 7,
    transferFailedAt: null,
    transferFailedReason: null,
  } as unknown as AdminSettlement;
  const view = withRecord(statement, <StatementStatusField />);
  expect((await screen.findByTestId('statement-in-transfer', {}, { timeout: 10_000 })).textContent).toBe(
    '이체 중 (배치 #7)',
  );
  view.unmount();
  withRecord(
    {
      ...statement,
      status: 'TRANSFER_FAILED',
      transferFailedAt: '2026-11-05T01:00:00.000Z',
      transferFailedReason: '계좌 해지',
    },
    <StatementStatusField />,
  );
  const failed = await screen.findByTestId('statement-transfer-failed');
  expect(failed.textContent).toMatch(/^이체 실패 \(.*2026.*11.*5.* · 계좌 해지\)$/);
});
