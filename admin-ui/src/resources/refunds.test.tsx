// @vitest-environment jsdom
// A refund request's page in the console: the member, the money and where it goes (an account's bank, number and
// holder, each copied with one click), the charges it pays back, the approvals asked to pay it; finance is offered only
// the action that matches the destination, and "지급 완료" names the member, the amount and the account first.
import type { AdminCoinRefundDetail, StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DataProvider } from 'react-admin';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { CoinRefundShow } from './money';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const ACCOUNT = { bankName: '신한은행', bankAccountNumber: '110123456789', bankAccountHolder: '김리뷰' } as const;

const toAccount: AdminCoinRefundDetail = {
  id: 12,
  kind: 'PARTIAL_REFUND',
  status: 'requested',
  coins: 290,
  feeCoins: 8,
  refundCoins: 282,
  amount: 28_200,
  currency: 'KRW',
  amountInCurrency: 28_200,
  coinDepositId: null,
  requestedAt: '2026-11-27T01:00:00.000Z',
  dueOn: '2026-12-02',
  paidAt: null,
  bankAccount: ACCOUNT,
  destination: { kind: 'BANK_ACCOUNT', account: ACCOUNT },
  refusedAt: null,
  refusalReason: null,
  parts: [
    {
      paymentId: null,
      via: 'BANK_TRANSFER',
      provider: null,
      coins: 290,
      feeCoins: 8,
      currency: 'KRW',
      amount: 28_200,
      refundedAt: null,
      providerRefundId: null,
    },
  ],
  userId: 7,
  username: '리뷰팬',
  email: 'fan@example.com',
  ledgerTransactionId: 44,
  payment: null,
  paidBy: null,
  note: null,
  accountVerifiedAs: 'DEPOSITOR_NAME',
  approvals: [
    {
      id: 5,
      kind: 'MANUAL_REFUND',
      status: 'PENDING',
      makerEmail: 'finance1@example.com',
      createdAt: '2026-11-27T02:00:00.000Z',
      reason: null,
      deciderEmail: null,
      decidedAt: null,
      decisionNote: null,
    },
  ],
};

const toCard: AdminCoinRefundDetail = {
  ...toAccount,
  id: 13,
  kind: 'WITHDRAWAL',
  coins: 100,
  feeCoins: 0,
  refundCoins: 100,
  amount: 10_000,
  bankAccount: null,
  destination: { kind: 'ORIGINAL_METHOD', methods: ['card'] },
  accountVerifiedAs: null,
  parts: [
    {
      ...toAccount.parts[0]!,
      paymentId: 'pay_card_1',
      via: 'PROVIDER',
      provider: 'portone',
      coins: 100,
      feeCoins: 0,
      amount: 10_000,
    },
  ],
  approvals: [],
};

/** A card charge back through PortOne and a bank deposit's coins to the member's own account. */
const split: AdminCoinRefundDetail = {
  ...toAccount,
  id: 14,
  destination: { kind: 'SPLIT', methods: ['card'], account: ACCOUNT },
  parts: [
    {
      paymentId: 'pay_card_1',
      via: 'PROVIDER',
      provider: 'portone',
      coins: 100,
      feeCoins: 3,
      currency: 'KRW',
      amount: 9_700,
      refundedAt: null,
      providerRefundId: null,
    },
    {
      paymentId: null,
      via: 'BANK_TRANSFER',
      provider: null,
      coins: 190,
      feeCoins: 5,
      currency: 'KRW',
      amount: 18_500,
      refundedAt: null,
      providerRefundId: null,
    },
  ],
  approvals: [],
};

const provider = (record: AdminCoinRefundDetail) =>
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

const showRefund = (record: AdminCoinRefundDetail, roles: StaffRole[] = ['ROLE_FINANCE']) =>
  render(
    <ConsoleTestContext dataProvider={provider(record)} i18nProvider={i18nProvider} authProvider={auth(roles)}>
      <CoinRefundShow resource="coin-refunds" id={record.id} />
    </ConsoleTestContext>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const actions = consoleKo.console.actions;

describe('CoinRefundShow', () => {
  test('shows the member, the money, the account with copy buttons, the charges and the approvals', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    showRefund(toAccount);
    const account = await screen.findByTestId('refund-account', {}, { timeout: 10_000 });
    expect(account.textContent).toBe('신한은행110123456789김리뷰');
    expect(screen.getByText('리뷰팬')).toBeTruthy();
    expect(screen.getByText('fan@example.com')).toBeTruthy();
    expect(screen.getByText('28,200')).toBeTruthy();
    expect(screen.getByText('예금주 조회로 회원 본인 명의 확인 (무통장 입금자명)')).toBeTruthy();
    expect(screen.getByText('finance1@example.com')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '계좌번호 복사' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('110123456789'));
    await userEvent.click(screen.getByRole('button', { name: '예금주 복사' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('김리뷰'));
    await userEvent.click(screen.getByRole('button', { name: '은행 복사' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('신한은행'));
  });

  test('offers "지급 완료" for an account, naming the member, the amount and the account before it runs', async () => {
    showRefund(toAccount);
    const markPaid = await screen.findByRole('button', { name: actions.markPaid }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: actions.refundAtProvider })).toBeNull();
    await userEvent.click(markPaid);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('리뷰팬 (fan@example.com)')).toBeTruthy();
    expect(within(dialog).getByText('282코인 (₩28,200)')).toBeTruthy();
    expect(within(dialog).getByText(consoleKo.console.confirm.account)).toBeTruthy();
    expect(within(dialog).getByText('신한은행 110123456789 김리뷰')).toBeTruthy();
  });

  test('offers only "결제대행사로 환불" for a request that goes back to the payment method', async () => {
    showRefund(toCard);
    expect(await screen.findByText('결제 수단으로 환불 (신용카드)', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: actions.refundAtProvider })).toBeTruthy();
    expect(screen.queryByRole('button', { name: actions.markPaid })).toBeNull();
    expect(screen.queryByTestId('refund-account')).toBeNull();
  });

  test('sends a split request’s card part through the provider first, then offers "지급 완료" for the rest', async () => {
    showRefund(split);
    expect(await screen.findByText('결제 수단으로 환불 (신용카드)', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('나머지 18,500원은 회원 본인 계좌로')).toBeTruthy();
    // The card charge among those paid back opens its payment.
    expect(screen.getByRole('link', { name: 'pay_card_1' }).getAttribute('href')).toContain(
      '/payments/pay_card_1/show',
    );
    expect(await screen.findByRole('button', { name: actions.refundAtProvider })).toBeTruthy();
    expect(screen.queryByRole('button', { name: actions.markPaid })).toBeNull();
    cleanup();

    const cardBack = split.parts.map((part) =>
      part.via === 'PROVIDER'
        ? { ...part, providerRefundId: 'cancel-1', refundedAt: '2026-11-27T03:00:00.000Z' }
        : part,
    );
    showRefund({ ...split, parts: cardBack });
    const markPaid = await screen.findByRole('button', { name: actions.markPaid }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: actions.refundAtProvider })).toBeNull();
    await userEvent.click(markPaid);
    const dialog = await screen.findByRole('dialog');
    // What goes to the account by hand: the card's part went back through its provider.
    expect(within(dialog).getByText('282코인 (₩18,500)')).toBeTruthy();
    expect(within(dialog).getByText('신한은행 110123456789 김리뷰')).toBeTruthy();
  });

  test('never offers "지급 완료" for an account nobody confirmed as the member’s own, and says why', async () => {
    showRefund({ ...toAccount, accountVerifiedAs: null });
    expect(await screen.findByRole('button', { name: actions.refuseRefund }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: actions.markPaid })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(consoleKo.console.refunds.accountUnverified);
  });

  test('offers operators no decision, and shows them the account as the server masks it', async () => {
    const masked = { ...ACCOUNT, bankAccountNumber: '****6789' };
    showRefund({ ...toAccount, bankAccount: masked, destination: { kind: 'BANK_ACCOUNT', account: masked } }, [
      'ROLE_OPERATOR',
    ]);
    const account = await screen.findByTestId('refund-account', {}, { timeout: 10_000 });
    expect(account.textContent).toContain('****6789');
    expect(screen.queryByRole('button', { name: actions.markPaid })).toBeNull();
    expect(screen.queryByRole('button', { name: actions.refuseRefund })).toBeNull();
  });
});
