// @vitest-environment jsdom
// A payment's page in the console: what happened to it, and finance's cancel at the provider with a reason (operators
// read only; a payment refunded already offers no cancel).
import type { AdminPaymentDetail, StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DataProvider } from 'react-admin';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { PaymentShow } from './payments';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const payment: AdminPaymentDetail = {
  id: 'pay_1',
  userId: 7,
  username: '팬하나',
  email: 'fan@example.com',
  coinItem: { id: 1, name: '10 코인' },
  coins: 10,
  provider: 'portone',
  payMethod: 'card',
  currency: 'KRW',
  amount: 1000,
  status: 'paid',
  providerPaymentId: 'tx-1',
  failureReason: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  paidAt: '2026-11-20T01:01:00.000Z',
  refundedAmount: 0,
  events: [
    { kind: 'CREATED', status: null, detail: null, at: '2026-11-20T01:00:00.000Z' },
    { kind: 'WEBHOOK', status: null, detail: 'portone Transaction.Paid', at: '2026-11-20T01:01:00.000Z' },
    { kind: 'STATUS', status: 'paid', detail: null, at: '2026-11-20T01:01:00.000Z' },
  ],
  deposit: { id: 3, ledgerTransactionId: 44, coins: 10 },
  reversals: [],
  refunds: [],
};

const provider = (record: AdminPaymentDetail) =>
  ({
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: record }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    update: async () => ({ data: record }),
    updateMany: async () => ({ data: [] }),
    create: async () => ({ data: { id: 0 } }),
    delete: async () => ({ data: { id: 0 } }),
    deleteMany: async () => ({ data: [] }),
  }) as unknown as DataProvider;

const auth = staffAuth;

const showPayment = (record: AdminPaymentDetail, roles: StaffRole[]) =>
  render(
    <ConsoleTestContext dataProvider={provider(record)} i18nProvider={i18nProvider} authProvider={auth(roles)}>
      <PaymentShow resource="payments" id={record.id} />
    </ConsoleTestContext>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const words = consoleKo.console.payments;

describe('PaymentShow', () => {
  test('shows the history and lets finance cancel at the provider with a reason', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ ...payment, refundedAmount: 1000 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    showPayment(payment, ['ROLE_FINANCE']);
    expect(await screen.findByText('tx-1', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('웹훅 수신')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: words.cancel }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: /확인|Confirm/ });
    expect(confirm.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(consoleKo.console.actions.reason), '고객 요청 #42');
    await userEvent.click(confirm);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/payments/pay_1/cancel');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ reason: '고객 요청 #42' });
  });

  test('offers operators no cancel, and nobody a cancel of a refunded payment', async () => {
    showPayment(payment, ['ROLE_OPERATOR']);
    expect(await screen.findByText('tx-1', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: words.cancel })).toBeNull();
    cleanup();
    showPayment({ ...payment, refundedAmount: 1000 }, ['ROLE_FINANCE']);
    expect(await screen.findByText('tx-1', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: words.cancel })).toBeNull();
  });
});
