import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { tenCoinItemId } from '@fanmission/tests/support/coins';

// Carrier (mobile phone) billing: ordered like any provider payment, paid at the provider's checkout (the sandbox
// here), verified server-side by its id and amount, credited once through the ledger; cancelled by finance or
// withdrawn by the fan only within the Korea-time month it was paid in (contracts' `phonePaymentCancellable`).
const clock = { now: new Date('2026-03-10T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const inject = (options: InjectOptions) => testApp.current.app.inject(options);
const db = () => testApp.current.database.db;
const en = { 'accept-language': 'en' };

let tenCoins: number;
let bonusItem: number;
let fan: TestAccount;
let otherFan: TestAccount;
let creator: TestAccount;
let operator: TestAccount;
let finance: TestAccount;

const order = (account: TestAccount | null, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  inject({
    method: 'POST',
    url: '/api/v1/payment',
    headers: { ...en, ...(account ? account.headers : {}), ...headers },
    payload: { coinItemId: tenCoins, userId: account?.id ?? 1, payMethod: 'phone', ...payload },
  });
const approve = (paymentId: string) =>
  inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/${paymentId}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
const deposit = (account: TestAccount, paymentId: string, headers: Record<string, string> = {}) =>
  inject({
    method: 'POST',
    url: '/api/v1/coin-deposit',
    headers: { ...en, ...account.headers, ...headers },
    payload: { coinItemId: tenCoins, userId: account.id, paymentId },
  });
const balance = async (account: TestAccount) =>
  (await inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: account.headers })).json<{ point: number }>()
    .point;
const cancel = (account: TestAccount, paymentId: string, language = 'en') =>
  inject({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/cancel`,
    headers: { ...account.headers, 'accept-language': language },
    payload: { reason: 'the fan asked' },
  });

/** A phone charge of 10 coins, approved at the checkout and credited; answers its payment id. */
async function paidByPhone(account: TestAccount): Promise<string> {
  const created = await order(account, {});
  expect(created.statusCode, created.body).toBe(200);
  const paymentId = created.json<{ merchantUid: string }>().merchantUid;
  expect((await approve(paymentId)).statusCode).toBe(303);
  const credited = await deposit(account, paymentId);
  expect(credited.statusCode, credited.body).toBe(200);
  return paymentId;
}

beforeAll(async () => {
  const { app } = testApp.current;
  tenCoins = await tenCoinItemId(db());
  bonusItem = (
    await db().selectFrom('coin_items').select('id').where('item_type', '=', 'BONUS').executeTakeFirstOrThrow()
  ).id;
  fan = await createAccount(app);
  otherFan = await createAccount(app);
  creator = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
  operator = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  finance = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
});

describe('POST /payment with payMethod phone', () => {
  it('orders a KRW phone payment at the card provider, whose checkout page says the month rule', async () => {
    const response = await order(fan, {});
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ merchantUid: string; checkoutUrl: string }>();
    expect(body).toMatchObject({ provider: 'sandbox', payMethod: 'phone', currency: 'KRW', amount: 1000, point: 10 });
    const page = await inject({ method: 'GET', url: `/api/v1/payment/sandbox/${body.merchantUid}` });
    expect(page.body).toContain('휴대폰 소액결제');
    expect(page.body).toContain('결제한 달 안에만 취소할 수 있습니다');
    // The method in words, not its code.
    expect(page.body).toContain('<dd>휴대폰 결제</dd>');
    expect(page.body).not.toContain('<dd>phone</dd>');
  });

  it('refuses each invalid field with its sub-error', async () => {
    const usd = await order(fan, { currency: 'USD' });
    expect(usd.statusCode).toBe(400);
    expect(usd.json()).toMatchObject({ subErrors: [{ field: 'currency' }] });
    const elsewhere = await order(fan, { mRedirectUrl: 'https://evil.example/coin-history' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ subErrors: [{ field: 'mRedirectUrl' }] });
    const bonus = await order(fan, { coinItemId: bonusItem });
    expect(bonus.statusCode).toBe(400);
    expect(bonus.json()).toMatchObject({ subErrors: [{ field: 'coinItemId' }] });
    const method = await order(fan, { payMethod: 'carrier' });
    expect(method.statusCode).toBe(400);
    expect(method.json()).toMatchObject({ subErrors: [{ field: 'payMethod' }] });
  });

  it('needs a login, the member himself, and a fan', async () => {
    expect((await order(null, {})).statusCode).toBe(401);
    expect((await order(fan, { userId: otherFan.id })).statusCode).toBe(403);
    const byCreator = await order(creator, {});
    expect(byCreator.statusCode).toBe(403);
    expect(byCreator.json()).toMatchObject({ code: 'CREATOR_CANNOT_CHARGE' });
  });

  it('answers a retry with the same Idempotency-Key with the same order', async () => {
    const key = { 'idempotency-key': 'phone-retry-1' };
    const first = await order(fan, {}, key);
    const again = await order(fan, {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().merchantUid).toBe(first.json().merchantUid);
  });
});

describe('crediting a phone payment', () => {
  it('verifies it at the provider and credits it once, however often the browser comes back', async () => {
    const before = await balance(fan);
    const paymentId = await paidByPhone(fan);
    const again = await deposit(fan, paymentId);
    expect(again.statusCode).toBe(200);
    expect(await balance(fan)).toBe(before + 10);
    const deposits = await db().selectFrom('coin_deposits').select('id').where('payment_id', '=', paymentId).execute();
    expect(deposits).toHaveLength(1);
    const transactions = await db()
      .selectFrom('ledger_transactions')
      .select('metadata')
      .where('type', '=', 'PURCHASE')
      .where(sql<string>`metadata ->> 'paymentId'`, '=', paymentId)
      .execute();
    expect(transactions).toHaveLength(1);
    expect(transactions[0]!.metadata).toMatchObject({ payMethod: 'phone' });
  });

  it('refuses a payment the provider charged another amount for, and credits nothing', async () => {
    const before = await balance(fan);
    const created = await order(fan, {});
    const paymentId = created.json<{ merchantUid: string }>().merchantUid;
    await approve(paymentId);
    await db().updateTable('sandbox_checkouts').set({ amount: 100 }).where('payment_id', '=', paymentId).execute();
    const refused = await deposit(fan, paymentId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_MISMATCH' });
    expect(await balance(fan)).toBe(before);
  });

  it('refuses an unpaid phone payment', async () => {
    const created = await order(fan, {});
    const refused = await deposit(fan, created.json<{ merchantUid: string }>().merchantUid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_NOT_COMPLETED' });
  });
});

describe('cancelling a phone payment', () => {
  it('lists phone payments apart in the console', async () => {
    const paymentId = await paidByPhone(otherFan);
    const filter = encodeURIComponent(JSON.stringify({ payMethod: 'phone', userId: otherFan.id }));
    const listed = await inject({
      method: 'GET',
      url: `/api/admin/payments?filter=${filter}`,
      headers: { ...operator.headers, ...en },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ id: string; payMethod: string }[]>()).toEqual([
      expect.objectContaining({ id: paymentId, payMethod: 'phone' }),
    ]);
    const card = encodeURIComponent(JSON.stringify({ payMethod: 'card', userId: otherFan.id }));
    const none = await inject({
      method: 'GET',
      url: `/api/admin/payments?filter=${card}`,
      headers: { ...operator.headers, ...en },
    });
    expect(none.json()).toEqual([]);
  });

  it('lets finance cancel it within the month it was paid in, and only finance', async () => {
    const buyer = await createAccount(testApp.current.app);
    clock.now = new Date('2026-03-30T03:00:00Z');
    const paymentId = await paidByPhone(buyer);
    expect((await cancel(operator, paymentId)).statusCode).toBe(403);
    clock.now = new Date('2026-03-31T14:00:00Z'); // 23:00 on 31 March, Korea time: still March
    try {
      const cancelled = await cancel(finance, paymentId);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({
        refundedAmount: 1000,
        reversals: [{ origin: 'app', kind: 'REFUND', amount: 1000, currency: 'KRW' }],
        refunds: [{ kind: 'WITHDRAWAL', status: 'paid', coins: 10 }],
      });
      const checkout = await db()
        .selectFrom('sandbox_checkouts')
        .select('status')
        .where('payment_id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(checkout.status).toBe('cancelled');
      expect(await balance(buyer)).toBe(0);
    } finally {
      clock.now = new Date('2026-03-10T03:00:00Z');
    }
  });

  it('refuses it once the month is over (the carrier has billed it), in the caller’s language', async () => {
    const buyer = await createAccount(testApp.current.app);
    clock.now = new Date('2026-03-30T03:00:00Z');
    const paymentId = await paidByPhone(buyer);
    clock.now = new Date('2026-03-31T15:00:00Z'); // 00:00 on 1 April, Korea time: within the 7 days, not the month
    try {
      const refused = await cancel(finance, paymentId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'PHONE_CANCEL_MONTH_PASSED',
        message: expect.stringContaining('within the month it was paid in (2026-03)'),
      });
      expect((await cancel(finance, paymentId, 'ko')).json().message).toContain('결제한 달(2026-03) 안에만');
      expect((await cancel(finance, paymentId, 'ja')).json().message).toContain('決済した月（2026-03）');
      // The fan's own withdrawal of the charge follows the same rule.
      const deposit = await db()
        .selectFrom('coin_deposits')
        .select('id')
        .where('payment_id', '=', paymentId)
        .executeTakeFirstOrThrow();
      const withdrawal = await inject({
        method: 'POST',
        url: `/api/v1/coin-deposits/${deposit.id}/withdrawal`,
        headers: { ...buyer.headers, ...en },
      });
      expect(withdrawal.json()).toMatchObject({ code: 'PHONE_CANCEL_MONTH_PASSED' });
      expect(await balance(buyer)).toBe(10);
      const row = await db()
        .selectFrom('payments')
        .select('status')
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('paid');
    } finally {
      clock.now = new Date('2026-03-10T03:00:00Z');
    }
  });
});
