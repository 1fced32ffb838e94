import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';

// The sandbox journey end to end: order → checkout page → approve → credit, with every way a credit must not happen.
const testApp = useTestApp();
const inject = (options: InjectOptions) => testApp.current.app.inject(options);
const en = { 'accept-language': 'en' };
const PUBLIC_URL = 'http://localhost:8080';

/** The seeded catalogue: 10 coins for 1,000 won ($0.80), 100 coins for 10,000 won ($8.00). */
async function cashItems() {
  const response = await inject({ method: 'GET', url: '/api/v1/coin-items?coinItemType=CASH' });
  expect(response.statusCode).toBe(200);
  return response.json() as Array<{ id: number; name: string; point: number; price: number; usdPrice: number }>;
}

async function order(fan: TestAccount, body: Record<string, unknown> = {}) {
  const [item] = await cashItems();
  const response = await inject({
    method: 'POST',
    url: '/api/v1/payment',
    headers: { ...fan.headers, ...en },
    payload: {
      coinItemId: item!.id,
      userId: fan.id,
      payMethod: 'kakaopay',
      currency: 'KRW',
      language: 'ko',
      mRedirectUrl: `${PUBLIC_URL}/coin-history`,
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { merchantUid: string; coinItemId: number; amount: number; checkoutUrl: string };
}

const checkoutPath = (checkoutUrl: string) => checkoutUrl.slice(PUBLIC_URL.length);
const approve = (paymentId: string) =>
  inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/${paymentId}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
const decline = (paymentId: string) => inject({ method: 'POST', url: `/api/v1/payment/sandbox/${paymentId}/decline` });
const deposit = (fan: TestAccount, body: { coinItemId: number; paymentId: string; userId?: number }) =>
  inject({
    method: 'POST',
    url: '/api/v1/coin-deposit',
    headers: { ...fan.headers, ...en },
    payload: { userId: fan.id, ...body },
  });
const balanceOf = async (fan: TestAccount) => {
  const response = await inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: fan.headers });
  expect(response.statusCode).toBe(200);
  return response.json() as { point: number; frozenPoint: number };
};
const depositCount = async () =>
  Number(
    (
      await testApp.current.app.db
        .selectFrom('coin_deposits')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('coin items', () => {
  it('lists the seeded CASH catalogue with KRW and USD prices, to visitors too', async () => {
    const items = await cashItems();
    expect(items.length).toBe(7);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      itemType: 'CASH',
      name: '10 코인',
      point: 10,
      price: 1000,
      usdPrice: 0.8,
    });
    expect(items.every((item) => item.price === item.point * 100)).toBe(true);
    const all = await inject({ method: 'GET', url: '/api/v1/coin-items' });
    expect(all.json()).toHaveLength(8);
  });

  it('rejects an unknown item type', async () => {
    const response = await inject({ method: 'GET', url: '/api/v1/coin-items?coinItemType=GOLD', headers: en });
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors[0]).toMatchObject({ field: 'coinItemType', rejectedValue: 'GOLD' });
  });
});

describe('the sandbox journey', () => {
  it('charges once: checkout page → approve → credit → retries return the same deposit', async () => {
    const fan = await createAccount(testApp.current.app);
    expect(await balanceOf(fan)).toEqual({ point: 0, frozenPoint: 0 });
    const payment = await order(fan);
    expect(payment).toMatchObject({ amount: 1000, coinItemId: expect.any(Number) });
    expect(payment.checkoutUrl).toBe(`${PUBLIC_URL}/api/v1/payment/sandbox/${payment.merchantUid}`);

    const page = await inject({ method: 'GET', url: checkoutPath(payment.checkoutUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('₩1,000');
    expect(page.body).toContain('10 코인');
    expect(page.body).toContain('결제 승인');
    expect(page.body).toContain(`action="/api/v1/payment/sandbox/${payment.merchantUid}/approve"`);

    // Not paid yet: nothing to credit.
    const early = await deposit(fan, { coinItemId: payment.coinItemId, paymentId: payment.merchantUid });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'PAYMENT_NOT_COMPLETED',
      message: 'The payment has not been completed.',
    });

    const approved = await approve(payment.merchantUid);
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`${PUBLIC_URL}/coin-history?paymentId=${payment.merchantUid}&status=paid`);
    const decided = await inject({ method: 'GET', url: checkoutPath(payment.checkoutUrl) });
    expect(decided.body).toContain('결제가 승인되었습니다.');
    expect(decided.body).not.toContain('/approve"');

    const first = await deposit(fan, { coinItemId: payment.coinItemId, paymentId: payment.merchantUid });
    expect(first.statusCode, first.body).toBe(200);
    const { id } = first.json() as { id: number };
    expect(await balanceOf(fan)).toEqual({ point: 10, frozenPoint: 0 });

    const retry = await deposit(fan, { coinItemId: payment.coinItemId, paymentId: payment.merchantUid });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ id });
    expect(await balanceOf(fan)).toEqual({ point: 10, frozenPoint: 0 });

    const stored = await testApp.current.app.db
      .selectFrom('payments')
      .select(['status', 'paid_at', 'provider_payment_id'])
      .where('id', '=', payment.merchantUid)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'paid', provider_payment_id: `sandbox-${payment.merchantUid}` });
    expect(stored.paid_at).toBeInstanceOf(Date);
  });

  it('credits once under 10 concurrent requests, all answering the same id', async () => {
    const fan = await createAccount(testApp.current.app);
    const payment = await order(fan);
    await approve(payment.merchantUid);
    const before = await depositCount();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        deposit(fan, { coinItemId: payment.coinItemId, paymentId: payment.merchantUid }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect(await depositCount()).toBe(before + 1);
    expect((await balanceOf(fan)).point).toBe(10);
  });

  it('never credits a declined payment', async () => {
    const fan = await createAccount(testApp.current.app);
    const payment = await order(fan);
    const declined = await decline(payment.merchantUid);
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toContain(`paymentId=${payment.merchantUid}&status=failed`);
    // The first decision stands.
    expect((await approve(payment.merchantUid)).headers.location).toContain('status=failed');

    const refused = await deposit(fan, { coinItemId: payment.coinItemId, paymentId: payment.merchantUid });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'The payment failed: declined at the sandbox checkout',
    });
    expect(await balanceOf(fan)).toEqual({ point: 0, frozenPoint: 0 });
  });

  it('refuses forged, foreign, other-item and tampered payments without crediting', async () => {
    const fan = await createAccount(testApp.current.app);
    const other = await createAccount(testApp.current.app);
    const items = await cashItems();
    const payment = await order(fan);
    await approve(payment.merchantUid);
    const before = await depositCount();

    const forged = await deposit(fan, { coinItemId: payment.coinItemId, paymentId: 'pay_made_up' });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND', message: 'No such payment.' });

    // Someone else's paid order, under their own user id.
    const foreign = await deposit(other, { coinItemId: payment.coinItemId, paymentId: payment.merchantUid });
    expect(foreign.statusCode).toBe(404);

    const otherItem = await deposit(fan, { coinItemId: items[3]!.id, paymentId: payment.merchantUid });
    expect(otherItem.statusCode).toBe(400);
    expect(otherItem.json()).toMatchObject({ code: 'PAYMENT_MISMATCH', subErrors: [{ field: 'coinItemId' }] });

    // The provider charged less than the order asked for.
    const cheap = await order(fan, { coinItemId: items[3]!.id });
    await approve(cheap.merchantUid);
    await testApp.current.app.db
      .updateTable('sandbox_checkouts')
      .set({ amount: 100 })
      .where('payment_id', '=', cheap.merchantUid)
      .execute();
    const tampered = await deposit(fan, { coinItemId: cheap.coinItemId, paymentId: cheap.merchantUid });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ code: 'PAYMENT_MISMATCH' });

    // ... or in another currency.
    const otherCurrency = await order(fan);
    await approve(otherCurrency.merchantUid);
    await testApp.current.app.db
      .updateTable('sandbox_checkouts')
      .set({ currency: 'USD' })
      .where('payment_id', '=', otherCurrency.merchantUid)
      .execute();
    const wrongCurrency = await deposit(fan, {
      coinItemId: otherCurrency.coinItemId,
      paymentId: otherCurrency.merchantUid,
    });
    expect(wrongCurrency.statusCode).toBe(400);
    expect(wrongCurrency.json()).toMatchObject({ code: 'PAYMENT_MISMATCH' });

    expect(await depositCount()).toBe(before);
    expect(await balanceOf(fan)).toEqual({ point: 0, frozenPoint: 0 });
    const failed = await testApp.current.app.db
      .selectFrom('payments')
      .select(['status', 'failure_reason'])
      .where('id', '=', cheap.merchantUid)
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');
    expect(failed.failure_reason).toContain('amount 100');
  });

  it('sends a PayPal order through the sandbox in USD and answers PAYPAL_NOT_COMPLETED before approval', async () => {
    const fan = await createAccount(testApp.current.app);
    const payment = await order(fan, { payMethod: 'paypal', currency: 'USD', language: 'en' });
    expect(payment.amount).toBe(0.8);
    const page = await inject({ method: 'GET', url: checkoutPath(payment.checkoutUrl) });
    expect(page.body).toContain('$0.80');
    expect(page.body).toContain('Approve');

    const early = await deposit(fan, { coinItemId: payment.coinItemId, paymentId: payment.merchantUid });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'PAYPAL_NOT_COMPLETED',
      message: 'PAYPAL_NOT_COMPLETED: the PayPal payment has not been completed.',
    });
    await approve(payment.merchantUid);
    expect((await deposit(fan, { coinItemId: payment.coinItemId, paymentId: payment.merchantUid })).statusCode).toBe(
      200,
    );
    expect((await balanceOf(fan)).point).toBe(10);
  });

  it('shows the checkout in the order’s language', async () => {
    const fan = await createAccount(testApp.current.app);
    const japanese = await order(fan, { language: 'jp' });
    const page = await inject({ method: 'GET', url: checkoutPath(japanese.checkoutUrl) });
    expect(page.body).toContain('<html lang="ja">');
    expect(page.body).toContain('決済を承認');
    expect(page.body).toContain('1,000');
  });

  it('answers 404 for the checkout of an unknown payment', async () => {
    expect((await inject({ method: 'GET', url: '/api/v1/payment/sandbox/pay_nope' })).statusCode).toBe(404);
    expect((await approve('pay_nope')).statusCode).toBe(404);
    expect((await decline('pay_nope')).statusCode).toBe(404);
  });
});

describe('coin deposit: who may and what is valid', () => {
  it('needs a login', async () => {
    expect((await inject({ method: 'GET', url: '/api/v1/coin-deposit' })).statusCode).toBe(401);
    const anonymous = await inject({
      method: 'POST',
      url: '/api/v1/coin-deposit',
      payload: { coinItemId: 1, userId: 1, paymentId: 'pay_x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('credits only the caller’s own account and refuses creators with the spec’s message', async () => {
    const fan = await createAccount(testApp.current.app);
    const other = await createAccount(testApp.current.app);
    const payment = await order(fan);
    await approve(payment.merchantUid);
    const forOther = await deposit(fan, {
      coinItemId: payment.coinItemId,
      paymentId: payment.merchantUid,
      userId: other.id,
    });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe('access denied');

    const creator = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    const refused = await deposit(creator, { coinItemId: payment.coinItemId, paymentId: payment.merchantUid });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CREATOR_CANNOT_CHARGE', message: 'creators cannot charge coins' });
    expect((await balanceOf(fan)).point).toBe(0);
  });

  it('validates the body', async () => {
    const fan = await createAccount(testApp.current.app);
    const response = await inject({
      method: 'POST',
      url: '/api/v1/coin-deposit',
      headers: { ...fan.headers, ...en },
      payload: { coinItemId: 'ten', userId: fan.id, paymentId: '', extra: true },
    });
    expect(response.statusCode).toBe(400);
    const fields = (response.json().subErrors as Array<{ field: string }>).map((sub) => sub.field).sort();
    expect(fields).toEqual(['coinItemId', 'extra', 'paymentId']);
    const missing = await inject({
      method: 'POST',
      url: '/api/v1/coin-deposit',
      headers: { ...fan.headers, ...en },
      payload: {},
    });
    expect(missing.json().subErrors.map((sub: { message: string }) => sub.message)).toContain(
      'This field is required.',
    );
  });

  it('shows coins frozen by a switch to a creator account apart from the spendable point', async () => {
    const fan = await createAccount(testApp.current.app);
    const payment = await order(fan);
    await approve(payment.merchantUid);
    await deposit(fan, { coinItemId: payment.coinItemId, paymentId: payment.merchantUid });
    await testApp.current.app.db
      .updateTable('users')
      .set({ coins_frozen_at: new Date() })
      .where('id', '=', fan.id)
      .execute();
    expect(await balanceOf(fan)).toEqual({ point: 0, frozenPoint: 10 });
  });
});
