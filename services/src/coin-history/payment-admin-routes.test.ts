import type { AdminPayment, AdminPaymentDetail } from '@fanmission/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { spendCoins, tenCoinItemId } from '@fanmission/tests/support/coins';

// The console's payments resource: finance and operators find a payment by its id, the provider's id, the member's
// e-mail or username, and see its history; finance cancels a paid charge at its provider (the sandbox here) through
// the fan's withdrawal path, once however often it is asked, while its coins are unused.
const clock = { now: new Date('2026-03-10T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const inject = (options: InjectOptions) => testApp.current.app.inject(options);
const db = () => testApp.current.database.db;
const en = { 'accept-language': 'en' };
const filter = (value: unknown) => `filter=${encodeURIComponent(JSON.stringify(value))}`;

let tenCoins: number;
let fan: TestAccount;
let otherFan: TestAccount;
let operator: TestAccount;
let finance: TestAccount;

async function order(account: TestAccount, payMethod: 'card' | 'kakaopay' = 'card'): Promise<string> {
  const response = await inject({
    method: 'POST',
    url: '/api/v1/payment',
    headers: account.headers,
    payload: { coinItemId: tenCoins, userId: account.id, payMethod, currency: 'KRW', language: 'ko' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ merchantUid: string }>().merchantUid;
}

/** A sandbox charge of 10 coins, approved at the checkout and credited. */
async function paid(account: TestAccount, payMethod: 'card' | 'kakaopay' = 'card'): Promise<string> {
  const paymentId = await order(account, payMethod);
  const approved = await inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/${paymentId}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(approved.statusCode).toBe(303);
  const credited = await inject({
    method: 'POST',
    url: '/api/v1/coin-deposit',
    headers: account.headers,
    payload: { coinItemId: tenCoins, userId: account.id, paymentId },
  });
  expect(credited.statusCode, credited.body).toBe(200);
  return paymentId;
}

const list = (account: TestAccount, query = '') =>
  inject({ method: 'GET', url: `/api/admin/payments?${query}`, headers: { ...account.headers, ...en } });
const cancel = (account: TestAccount, paymentId: string, payload: unknown = { reason: 'customer asked, ticket 42' }) =>
  inject({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/cancel`,
    headers: { ...account.headers, ...en },
    payload: payload as Record<string, unknown>,
  });
const balance = async (account: TestAccount) =>
  (await inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: account.headers })).json<{ point: number }>()
    .point;

describe('payments in the console', () => {
  let first: string;
  let second: string;
  let unpaid: string;
  let othersPayment: string;

  beforeAll(async () => {
    const { app } = testApp.current;
    tenCoins = await tenCoinItemId(db());
    fan = await createAccount(app);
    otherFan = await createAccount(app);
    operator = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
    finance = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    first = await paid(fan);
    clock.now = new Date('2026-03-10T04:00:00Z');
    second = await paid(fan, 'kakaopay');
    clock.now = new Date('2026-03-10T05:00:00Z');
    unpaid = await order(fan);
    othersPayment = await paid(otherFan);
  });

  it('lists payments newest first and finds one by its id, the provider’s id, e-mail or username', async () => {
    const all = await list(operator, filter({ userId: fan.id }));
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-range']).toBe('payments 0-2/3');
    expect(all.json<AdminPayment[]>().map((row) => row.id)).toEqual([unpaid, second, first]);
    expect(all.json<AdminPayment[]>()[1]).toMatchObject({
      userId: fan.id,
      email: fan.email,
      coins: 10,
      provider: 'sandbox',
      payMethod: 'kakaopay',
      currency: 'KRW',
      amount: 1000,
      status: 'paid',
      providerPaymentId: `sandbox-${second}`,
      refundedAmount: 0,
    });

    const ids = async (query: string) => (await list(finance, query)).json<AdminPayment[]>().map((row) => row.id);
    expect(await ids(filter({ q: first }))).toEqual([first]);
    expect(await ids(filter({ q: `sandbox-${second}` }))).toEqual([second]);
    expect(await ids(filter({ q: fan.email.toUpperCase() }))).toEqual([unpaid, second, first]);
    const username = (await list(finance, filter({ q: otherFan.email }))).json<AdminPayment[]>()[0]!.username;
    expect(await ids(filter({ q: username }))).toContain(othersPayment);
    expect(await ids(filter({ userId: fan.id, status: 'paid', payMethod: 'card' }))).toEqual([first]);
    expect(await ids(filter({ userId: fan.id, provider: 'portone' }))).toEqual([]);
    const at = new Date(all.json<AdminPayment[]>()[1]!.createdAt);
    const to = new Date(at.getTime() + 1).toISOString();
    expect(await ids(filter({ userId: fan.id, from: at.toISOString(), to }))).toEqual([second]);
    expect(await ids(`${filter({ userId: fan.id })}&sort=${encodeURIComponent('["createdAt","ASC"]')}`)).toEqual([
      first,
      second,
      unpaid,
    ]);
  });

  it('shows one payment with its status changes, its deposit and no refund yet', async () => {
    const response = await inject({ method: 'GET', url: `/api/admin/payments/${first}`, headers: operator.headers });
    expect(response.statusCode).toBe(200);
    const detail = response.json<AdminPaymentDetail>();
    expect(detail.events.map((event) => [event.kind, event.status])).toEqual([
      ['CREATED', null],
      ['STATUS', 'paid'],
    ]);
    expect(detail.deposit).toMatchObject({ coins: 10 });
    expect(detail.reversals).toEqual([]);
    expect(detail.refunds).toEqual([]);
    const missing = await inject({ method: 'GET', url: '/api/admin/payments/no-such-order', headers: finance.headers });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a bad filter, a window too deep and a cancel without a reason, naming the field', async () => {
    const badStatus = await list(finance, filter({ status: 'refunded' }));
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().subErrors[0].field).toContain('status');
    const unknownField = await list(finance, filter({ amount: 1000 }));
    expect(unknownField.statusCode).toBe(400);
    const badDate = await list(finance, filter({ from: 'yesterday' }));
    expect(badDate.statusCode).toBe(400);
    const badSort = await list(finance, `sort=${encodeURIComponent('["amount","ASC"]')}`);
    expect(badSort.statusCode).toBe(400);
    const deep = await list(finance, 'range=[10001,10010]');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(
      'A list pages through its first 10,000 rows only: narrow it with a search or a filter.',
    );
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(201) }]) {
      const refused = await cancel(finance, first, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().subErrors.map((error: { field: string }) => error.field)).toEqual(['reason']);
    }
    const ko = await inject({
      method: 'POST',
      url: `/api/admin/payments/${first}/cancel`,
      headers: finance.headers,
      payload: {},
    });
    expect(ko.json().subErrors[0].message).toMatch(/[가-힣]/);
  });

  it('lets operators read but not cancel, and is closed to members and strangers', async () => {
    const byOperator = await cancel(operator, first);
    expect(byOperator.statusCode).toBe(403);
    expect(byOperator.json().message).toBe('access denied');
    for (const url of ['/api/admin/payments', `/api/admin/payments/${first}`]) {
      expect((await inject({ method: 'GET', url, headers: fan.headers })).statusCode).toBe(403);
      expect((await inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await cancel(fan, first)).statusCode).toBe(403);
    expect(
      (await inject({ method: 'POST', url: `/api/admin/payments/${first}/cancel`, payload: { reason: 'x' } }))
        .statusCode,
    ).toBe(401);
    const ownAccount = await paid(finance);
    const own = await cancel(finance, ownAccount);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_ACCOUNT');
    expect(await balance(fan)).toBe(20);
  });

  it('cancels a paid charge at the sandbox once, taking its unused coins back, audited', async () => {
    const before = await balance(fan);
    const cancelled = await cancel(finance, first);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const detail = cancelled.json<AdminPaymentDetail>();
    expect(detail.refundedAmount).toBe(1000);
    expect(detail.reversals).toMatchObject([{ origin: 'app', kind: 'REFUND', amount: 1000, currency: 'KRW' }]);
    expect(detail.refunds).toMatchObject([{ kind: 'WITHDRAWAL', status: 'paid', coins: 10 }]);
    expect(await balance(fan)).toBe(before - 10);

    const again = await cancel(finance, first);
    expect(again.statusCode).toBe(200);
    expect(again.json<AdminPaymentDetail>().reversals).toHaveLength(1);
    expect(await balance(fan)).toBe(before - 10);
    const refunds = await db().selectFrom('sandbox_refunds').selectAll().where('payment_id', '=', first).execute();
    expect(refunds).toHaveLength(1);

    const audit = await db()
      .selectFrom('admin_audit_log')
      .select(['actor_id', 'resource', 'resource_id', 'status_code'])
      .where('resource', '=', 'payments')
      .orderBy('id')
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { actor_id: finance.id, resource: 'payments', resource_id: first, status_code: 200 },
        { actor_id: operator.id, resource: 'payments', resource_id: first, status_code: 403 },
      ]),
    );
  });

  it('refuses to cancel a charge whose coins were spent, or an order never paid', async () => {
    await spendCoins(db(), { userId: otherFan.id, coins: 5, at: clock.now });
    const used = await cancel(finance, othersPayment);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({
      code: 'PURCHASE_ALREADY_USED',
      message: 'Coins of this payment have been used: it cannot be cancelled.',
    });
    const notPaid = await cancel(finance, unpaid);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().code).toBe('PAYMENT_NOT_CANCELLABLE');
    expect((await cancel(finance, 'no-such-order')).statusCode).toBe(404);
  });
});
