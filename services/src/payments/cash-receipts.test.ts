import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { issueDueCashReceipts, type CashReceiptProvider } from './index';

// Cash receipts (현금영수증) of bank deposits (docs/rules/coins.md, receipts): asked for with the request, issued
// through the provider's cash-receipt API when finance confirms the deposit, retried when the provider fails.
const testApp = useTestApp();
const inject = (options: InjectOptions) => testApp.current.app.inject(options);

let finance: TestAccount;
let tenCoins: number;

beforeAll(async () => {
  finance = await createAccount(testApp.current.app, { roles: ['ROLE_FINANCE'] });
  const item = await testApp.current.app.db
    .selectFrom('coin_items')
    .select('id')
    .where('item_type', '=', 'CASH')
    .where('point', '=', 10)
    .executeTakeFirstOrThrow();
  tenCoins = item.id;
});

const request = (fan: TestAccount, receipt: Record<string, unknown>, language = 'en') =>
  inject({
    method: 'POST',
    url: '/api/v1/payment/bank-transfer',
    headers: { 'accept-language': language, ...fan.headers },
    payload: {
      coinItemId: tenCoins,
      userId: fan.id,
      depositorName: '홍길동',
      depositorPhone: '01012345678',
      ...receipt,
    },
  });
const requested = async (fan: TestAccount, receipt: Record<string, unknown>) => {
  const response = await request(fan, receipt);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: number }).id;
};
const confirm = (id: number) =>
  inject({
    method: 'PUT',
    url: `/api/admin/bank-transfers/${id}`,
    headers: finance.headers,
    payload: { status: 'paid' },
  });
const consoleRow = async (id: number) =>
  (await inject({ method: 'GET', url: `/api/admin/bank-transfers/${id}`, headers: finance.headers })).json();
const fanRows = async (fan: TestAccount, status: string) =>
  (
    await inject({
      method: 'GET',
      url: `/api/v1/payment/bank-transfer/page?userId=${fan.id}&status=${status}`,
      headers: fan.headers,
    })
  ).json().content as Array<{ id: number; cashReceipt: unknown }>;
const balanceOf = async (fan: TestAccount) =>
  (await inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: fan.headers })).json().point as number;
const receiptRows = (id: number) =>
  testApp.current.app.db.selectFrom('cash_receipts').selectAll().where('bank_transfer_id', '=', id).execute();

describe('a bank deposit’s cash receipt', () => {
  it('is asked for with a phone number (소득공제), issued when finance confirms, and its number shown', async () => {
    const fan = await createAccount(testApp.current.app);
    const id = await requested(fan, { receiptType: 'PHONE', cashReceiptNumber: '010-9876-5432' });
    const [waiting] = await fanRows(fan, 'ready');
    expect(waiting).toMatchObject({
      id,
      cashReceipt: { receiptType: 'PHONE', number: '01098765432', status: 'PENDING', approvalNumber: null },
    });
    expect(await receiptRows(id)).toEqual([]);

    const confirmed = await confirm(id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const issued = {
      receiptType: 'PHONE',
      number: '01098765432',
      status: 'ISSUED',
      approvalNumber: expect.stringMatching(/^\d{9}$/),
      issuedAt: expect.stringMatching(/^\d{4}-/),
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
    };
    expect(confirmed.json().cashReceipt).toEqual(issued);
    expect((await consoleRow(id)).cashReceipt).toEqual(issued);
    // The fan sees its state and approval number, not the provider's attempts.
    const [paid] = await fanRows(fan, 'paid');
    const { attempts: _attempts, lastError: _lastError, nextAttemptAt: _next, ...seen } = confirmed.json().cashReceipt;
    expect(paid!.cashReceipt).toEqual(seen);
    expect(Object.keys(seen)).toEqual(['receiptType', 'number', 'status', 'approvalNumber', 'issuedAt']);
    expect(await receiptRows(id)).toMatchObject([{ amount: 1000, receipt_type: 'PHONE', status: 'ISSUED' }]);
    expect(await balanceOf(fan)).toBe(10);
  });

  it('is asked for with a business registration number (지출증빙)', async () => {
    const fan = await createAccount(testApp.current.app);
    const id = await requested(fan, { receiptType: 'BUSINESS', cashReceiptNumber: '123-45-67890' });
    expect((await confirm(id)).json().cashReceipt).toMatchObject({
      receiptType: 'BUSINESS',
      number: '1234567890',
      status: 'ISSUED',
    });
  });

  it('is none when the fan asks for none: the confirmation writes no receipt', async () => {
    const fan = await createAccount(testApp.current.app);
    const id = await requested(fan, { receiptType: 'PHONE', cashReceiptNumber: '' });
    const confirmed = await confirm(id);
    expect(confirmed.json()).toMatchObject({ status: 'paid', cashReceiptNumber: null, cashReceipt: null });
    expect(await receiptRows(id)).toEqual([]);
  });

  it('is not issued for a cancelled request', async () => {
    const fan = await createAccount(testApp.current.app);
    const id = await requested(fan, { receiptType: 'PHONE', cashReceiptNumber: '01098765432' });
    const cancelled = await inject({
      method: 'PUT',
      url: `/api/admin/bank-transfers/${id}`,
      headers: finance.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await receiptRows(id)).toEqual([]);
  });

  it('never holds back the coins when the provider fails: the failure is shown to finance and retried', async () => {
    const fan = await createAccount(testApp.current.app);
    // The sandbox times out for numbers ending in 0408.
    const id = await requested(fan, { receiptType: 'PHONE', cashReceiptNumber: '01012340408' });
    const confirmed = await confirm(id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'paid',
      cashReceipt: {
        status: 'PENDING',
        approvalNumber: null,
        attempts: 1,
        lastError: 'the sandbox cash-receipt API timed out',
        nextAttemptAt: expect.stringMatching(/^\d{4}-/),
      },
    });
    expect(await balanceOf(fan)).toBe(10);

    // Not due yet: the background issuance leaves it.
    const app = testApp.current.app;
    const answering: CashReceiptProvider = { name: 'sandbox', issue: async () => ({ approvalNumber: '555000111' }) };
    await issueDueCashReceipts(app.ctx, answering);
    expect((await consoleRow(id)).cashReceipt).toMatchObject({ status: 'PENDING', attempts: 1 });

    // Its retry time passed, the provider answers.
    await app.db
      .updateTable('cash_receipts')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('bank_transfer_id', '=', id)
      .execute();
    expect(await issueDueCashReceipts(app.ctx, answering)).toBeGreaterThanOrEqual(1);
    expect((await consoleRow(id)).cashReceipt).toMatchObject({
      status: 'ISSUED',
      approvalNumber: '555000111',
      attempts: 2,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(await balanceOf(fan)).toBe(10);
  });

  it('is issued in the background for a deposit a second finance member confirmed through an approval request', async () => {
    const app = testApp.current.app;
    const [maker, checker] = [
      await createAccount(app, { roles: ['ROLE_FINANCE'] }),
      await createAccount(app, { roles: ['ROLE_FINANCE'] }),
    ];
    const fan = await createAccount(app);
    const item = await app.db
      .selectFrom('coin_items')
      .select('id')
      .where('item_type', '=', 'CASH')
      .where('point', '=', 1000)
      .executeTakeFirstOrThrow();
    const asked = await inject({
      method: 'POST',
      url: '/api/v1/payment/bank-transfer',
      headers: fan.headers,
      payload: {
        coinItemId: item.id,
        userId: fan.id,
        depositorName: '홍길동',
        depositorPhone: '01012345678',
        cashReceiptNumber: '123-45-67890',
        receiptType: 'BUSINESS',
      },
    });
    const id = (asked.json() as { id: number }).id;
    // 100,000 won: past the maker's allowance, so the confirmation waits for a checker.
    const waiting = await inject({
      method: 'PUT',
      url: `/api/admin/bank-transfers/${id}`,
      headers: maker.headers,
      payload: { status: 'paid' },
    });
    expect(waiting.statusCode, waiting.body).toBe(202);
    const approved = await inject({
      method: 'POST',
      url: `/api/admin/approvals/${(waiting.json() as { id: number }).id}/decision`,
      headers: checker.headers,
      payload: { decision: 'approve' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await consoleRow(id)).cashReceipt).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(await balanceOf(fan)).toBe(1000);

    const answering: CashReceiptProvider = { name: 'sandbox', issue: async () => ({ approvalNumber: '777000111' }) };
    await issueDueCashReceipts(app.ctx, answering);
    expect((await consoleRow(id)).cashReceipt).toMatchObject({
      receiptType: 'BUSINESS',
      number: '1234567890',
      status: 'ISSUED',
      approvalNumber: '777000111',
    });
  });

  it.each([
    ['ko', '소득공제용 현금영수증에는 휴대폰 번호를 입력해 주세요 (예: 010-1234-5678).'],
    ['en', 'An income-deduction cash receipt needs a mobile phone number (e.g. 010-1234-5678).'],
    ['ja', '所得控除用の現金領収書には携帯電話番号を入力してください（例: 010-1234-5678）。'],
  ])('refuses a phone number of the wrong form (400, %s) and writes nothing', async (language, message) => {
    const fan = await createAccount(testApp.current.app);
    const response = await request(fan, { receiptType: 'PHONE', cashReceiptNumber: '02-123-4567' }, language);
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors).toEqual([
      { field: 'cashReceiptNumber', message, rejectedValue: expect.anything() },
    ]);
    expect(await fanRows(fan, 'ready')).toEqual([]);
  });

  it.each([
    ['ko', '지출증빙용 현금영수증에는 10자리 사업자 등록번호를 입력해 주세요 (예: 123-45-67890).'],
    ['en', 'An expense-proof cash receipt needs a 10-digit business registration number (e.g. 123-45-67890).'],
    ['ja', '支出証憑用の現金領収書には10桁の事業者登録番号を入力してください（例: 123-45-67890）。'],
  ])('refuses a business number of the wrong form (400, %s) and writes nothing', async (language, message) => {
    const fan = await createAccount(testApp.current.app);
    const response = await request(fan, { receiptType: 'BUSINESS', cashReceiptNumber: '123-45-6789' }, language);
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors).toEqual([
      { field: 'cashReceiptNumber', message, rejectedValue: expect.anything() },
    ]);
    expect(await fanRows(fan, 'ready')).toEqual([]);
  });

  it('refuses an unknown receipt type (400)', async () => {
    const fan = await createAccount(testApp.current.app);
    const response = await request(fan, { receiptType: 'EMAIL', cashReceiptNumber: '01012345678' });
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors.map((sub: { field: string }) => sub.field)).toEqual(['receiptType']);
  });
});
