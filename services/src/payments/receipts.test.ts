import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { tenCoinItemId } from '@fanmission/tests/support/coins';

// Charge receipts (docs/rules/coins.md, receipts): a paid card, KakaoPay, phone or PayPal charge keeps its provider's
// receipt URL (PortOne's receiptUrl; the sandbox's printable slip here), and the coin history shows each charge's
// method, amount paid and receipt; a bank deposit's cash receipt by its approval number.
const testApp = useTestApp();
const inject = (options: InjectOptions) => testApp.current.app.inject(options);

let tenCoins: number;
let finance: TestAccount;

beforeAll(async () => {
  tenCoins = await tenCoinItemId(testApp.current.app.db);
  finance = await createAccount(testApp.current.app, { roles: ['ROLE_FINANCE'] });
});

/** A charge of 10 coins by `payMethod`, approved at the sandbox checkout and credited; answers its payment id. */
async function paid(fan: TestAccount, payMethod: string, language = 'ko'): Promise<string> {
  const created = await inject({
    method: 'POST',
    url: '/api/v1/payment',
    headers: fan.headers,
    payload: { coinItemId: tenCoins, userId: fan.id, payMethod, pg: payMethod, language },
  });
  expect(created.statusCode, created.body).toBe(200);
  const paymentId = created.json().merchantUid as string;
  await inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/${paymentId}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  const credited = await inject({
    method: 'POST',
    url: '/api/v1/coin-deposit',
    headers: fan.headers,
    payload: { coinItemId: tenCoins, userId: fan.id, paymentId },
  });
  expect(credited.statusCode, credited.body).toBe(200);
  return paymentId;
}
const chargesOf = async (fan: TestAccount) => {
  const page = await inject({ method: 'GET', url: '/api/v1/users/me/coin-history/page', headers: fan.headers });
  expect(page.statusCode).toBe(200);
  return (page.json().content as Array<{ eventType: string; coinDeposit: { payment: Record<string, unknown> } }>)
    .filter((row) => row.eventType === 'EARN')
    .map((row) => row.coinDeposit.payment);
};
const receiptPage = (paymentId: string) =>
  inject({ method: 'GET', url: `/api/v1/payment/sandbox/${paymentId}/receipt` });

describe('a provider charge’s receipt (매출전표)', () => {
  it('is stored as the provider answered it, with the pg, and linked from the coin history', async () => {
    const fan = await createAccount(testApp.current.app);
    const paymentId = await paid(fan, 'card');
    const row = await testApp.current.app.db
      .selectFrom('payments')
      .select(['receipt_url', 'pg'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(row.pg).toBe('card');
    expect(row.receipt_url).toMatch(new RegExp(`/api/v1/payment/sandbox/${paymentId}/receipt$`));
    expect(await chargesOf(fan)).toEqual([
      {
        payMethod: 'card',
        paymentId,
        bankTransferId: null,
        currency: 'KRW',
        amount: 1000,
        receiptUrl: row.receipt_url,
        cashReceiptApprovalNumber: null,
      },
    ]);
  });

  it.each(['kakaopay', 'phone', 'paypal'])('is linked for a %s charge too', async (payMethod) => {
    const fan = await createAccount(testApp.current.app);
    const paymentId = await paid(fan, payMethod);
    const [charge] = await chargesOf(fan);
    expect(charge).toMatchObject({ payMethod, receiptUrl: expect.stringContaining(`/${paymentId}/receipt`) });
  });

  it('is a printable page: merchant, date, method, amount in won, approval number, masked card', async () => {
    const fan = await createAccount(testApp.current.app);
    const paymentId = await paid(fan, 'card');
    const page = await receiptPage(paymentId);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const html = page.body;
    for (const text of ['매출전표', '(주)팬미션', '신용카드', '₩1,000', '승인번호', '카드 번호']) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/5365-\*{4}-\*{4}-\d{4}/);
    expect(html).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d KST/);
    // The same payment, the same slip.
    expect((await receiptPage(paymentId)).body).toBe(html);
  });

  it('is in the order’s language and names no card for a KakaoPay charge', async () => {
    const fan = await createAccount(testApp.current.app);
    const html = (await receiptPage(await paid(fan, 'kakaopay', 'en'))).body;
    expect(html).toContain('Sales slip');
    expect(html).toContain('KakaoPay');
    expect(html).not.toContain('Card no.');
  });

  it('is not served for an unpaid or unknown payment, as if the page did not exist (404)', async () => {
    const fan = await createAccount(testApp.current.app);
    const created = await inject({
      method: 'POST',
      url: '/api/v1/payment',
      headers: fan.headers,
      payload: { coinItemId: tenCoins, userId: fan.id, payMethod: 'card' },
    });
    const unpaid = await receiptPage(created.json().merchantUid);
    const unknown = await receiptPage('no-such-payment');
    expect([unpaid.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(unpaid.json()).toEqual(unknown.json());
  });
});

describe('a bank deposit in the coin history', () => {
  it('shows its cash receipt’s approval number once issued', async () => {
    const fan = await createAccount(testApp.current.app);
    const requested = await inject({
      method: 'POST',
      url: '/api/v1/payment/bank-transfer',
      headers: fan.headers,
      payload: {
        coinItemId: tenCoins,
        userId: fan.id,
        depositorName: '홍길동',
        depositorPhone: '01012345678',
        cashReceiptNumber: '010-1234-5678',
        receiptType: 'PHONE',
      },
    });
    const id = requested.json().id as number;
    const confirmed = await inject({
      method: 'PUT',
      url: `/api/admin/bank-transfers/${id}`,
      headers: finance.headers,
      payload: { status: 'paid' },
    });
    const approvalNumber = confirmed.json().cashReceipt.approvalNumber as string;
    expect(approvalNumber).toMatch(/^\d{9}$/);
    expect(await chargesOf(fan)).toEqual([
      {
        payMethod: 'withoutbankbook',
        paymentId: null,
        bankTransferId: id,
        currency: 'KRW',
        amount: 1000,
        receiptUrl: null,
        cashReceiptApprovalNumber: approvalNumber,
      },
    ]);
  });
});
