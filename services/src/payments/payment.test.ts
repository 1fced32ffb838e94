import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';

// POST /payment and GET /payment/imp-code with the default (sandbox) providers.
const testApp = useTestApp();
const inject = (options: InjectOptions) => testApp.current.app.inject(options);
const en = { 'accept-language': 'en' };

let fan: TestAccount;
let tenCoins: number;
let bonusItem: number;

beforeAll(async () => {
  fan = await createAccount(testApp.current.app);
  const items = await testApp.current.app.db
    .selectFrom('coin_items')
    .select(['id', 'item_type'])
    .orderBy('id')
    .execute();
  tenCoins = items.find((item) => item.item_type === 'CASH')!.id;
  bonusItem = items.find((item) => item.item_type === 'BONUS')!.id;
});

const createPayment = (account: TestAccount | null, payload: Record<string, unknown>, headers = {}) =>
  inject({
    method: 'POST',
    url: '/api/v1/payment',
    headers: { ...en, ...(account ? account.headers : {}), ...headers },
    payload,
  });

describe('GET /payment/imp-code', () => {
  it('answers the sandbox merchant code to a logged-in member', async () => {
    const response = await inject({ method: 'GET', url: '/api/v1/payment/imp-code', headers: fan.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ impCode: 'imp-sandbox', provider: 'sandbox', storeId: null, channelKey: null });
  });

  it('needs a login', async () => {
    expect((await inject({ method: 'GET', url: '/api/v1/payment/imp-code' })).statusCode).toBe(401);
  });
});

describe('POST /payment', () => {
  it('creates an order with what the checkout needs, kakaopay by default', async () => {
    const response = await createPayment(fan, { coinItemId: tenCoins, userId: fan.id });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      merchantUid: expect.stringMatching(/^pay_[0-9a-f]{32}$/),
      provider: 'sandbox',
      payMethod: 'kakaopay',
      currency: 'KRW',
      amount: 1000,
      name: '10 코인',
      point: 10,
      language: 'ko',
      buyerName: expect.any(String),
      buyerEmail: fan.email,
      pg: null,
      mRedirectUrl: null,
      storeId: null,
      providerPaymentId: null,
    });
    expect(body.checkoutUrl).toBe(`http://localhost:8080/api/v1/payment/sandbox/${body.merchantUid}`);
    const stored = await testApp.current.app.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', body.merchantUid)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: fan.id,
      amount: 1000,
      currency: 'KRW',
      status: 'ready',
      provider: 'sandbox',
    });
  });

  it('charges PayPal in USD cents of the item’s usdPrice', async () => {
    const response = await createPayment(fan, {
      coinItemId: tenCoins,
      userId: fan.id,
      payMethod: 'paypal',
      pg: 'paypal',
    });
    expect(response.json()).toMatchObject({ currency: 'USD', amount: 0.8, payMethod: 'paypal', pg: 'paypal' });
    const stored = await testApp.current.app.db
      .selectFrom('payments')
      .select(['amount', 'currency'])
      .where('id', '=', response.json().merchantUid)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ amount: 80, currency: 'USD' });
  });

  it('points bank deposits to their own route', async () => {
    const response = await createPayment(fan, { coinItemId: tenCoins, userId: fan.id, payMethod: 'withoutbankbook' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'USE_BANK_TRANSFER',
      message: 'Bank deposits are requested through POST /api/v1/payment/bank-transfer.',
    });
  });

  it('validates the body, the currency of the pay method and the redirect address', async () => {
    const invalid = await createPayment(fan, { coinItemId: 0, payMethod: 'bitcoin', mRedirectUrl: 'not a url' });
    expect(invalid.statusCode).toBe(400);
    expect((invalid.json().subErrors as Array<{ field: string }>).map((sub) => sub.field).sort()).toEqual([
      'coinItemId',
      'mRedirectUrl',
      'payMethod',
      'userId',
    ]);

    const wrongCurrency = await createPayment(fan, {
      coinItemId: tenCoins,
      userId: fan.id,
      payMethod: 'card',
      currency: 'USD',
    });
    expect(wrongCurrency.statusCode).toBe(400);
    expect(wrongCurrency.json().subErrors).toEqual([
      { field: 'currency', message: 'PayPal is paid in USD, every other method in KRW.', rejectedValue: 'USD' },
    ]);

    const elsewhere = await createPayment(fan, {
      coinItemId: tenCoins,
      userId: fan.id,
      mRedirectUrl: 'https://evil.example/steal',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().subErrors[0]).toMatchObject({ field: 'mRedirectUrl' });
  });

  it('refuses unknown items and the free-coin item', async () => {
    const unknown = await createPayment(fan, { coinItemId: 999_999, userId: fan.id });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such coin item.');
    const bonus = await createPayment(fan, { coinItemId: bonusItem, userId: fan.id });
    expect(bonus.statusCode).toBe(400);
    expect(bonus.json().subErrors[0]).toMatchObject({
      field: 'coinItemId',
      message: 'This coin item cannot be bought.',
    });
  });

  it('lets only the member charge their own account: 401, 403 for another user, creators and unverified', async () => {
    expect((await createPayment(null, { coinItemId: tenCoins, userId: fan.id })).statusCode).toBe(401);

    const other = await createAccount(testApp.current.app);
    const forOther = await createPayment(other, { coinItemId: tenCoins, userId: fan.id });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe('access denied');

    const creator = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    const refused = await createPayment(creator, { coinItemId: tenCoins, userId: creator.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CREATOR_CANNOT_CHARGE', message: 'creators cannot charge coins' });
    const korean = await createPayment(
      creator,
      { coinItemId: tenCoins, userId: creator.id },
      { 'accept-language': 'ko' },
    );
    expect(korean.json().message).toBe('크리에이터는 코인을 충전할 수 없습니다.');

    const unverified = await createAccount(testApp.current.app, { roles: ['ROLE_UNVERIFIED'] });
    expect((await createPayment(unverified, { coinItemId: tenCoins, userId: unverified.id })).statusCode).toBe(403);
  });

  it('returns the same order for a retry with the same Idempotency-Key, and 409 for other content', async () => {
    const body = { coinItemId: tenCoins, userId: fan.id };
    const key = { 'idempotency-key': `order-${Date.now()}` };
    const [first, second] = await Promise.all([createPayment(fan, body, key), createPayment(fan, body, key)]);
    expect(first.statusCode).toBe(200);
    expect(second.json().merchantUid).toBe(first.json().merchantUid);
    const third = await createPayment(fan, body, key);
    expect(third.json()).toEqual(first.json());

    const changed = await createPayment(fan, { ...body, payMethod: 'card' }, key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });

    // Another member's identical key is theirs alone.
    const other = await createAccount(testApp.current.app);
    const theirs = await createPayment(other, { ...body, userId: other.id }, key);
    expect(theirs.json().merchantUid).not.toBe(first.json().merchantUid);

    const withoutKey = await createPayment(fan, body);
    expect(withoutKey.json().merchantUid).not.toBe(first.json().merchantUid);
  });
});

describe('OpenAPI', () => {
  it('documents every coin and payment route with its responses', async () => {
    const document = (await inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const expected: Array<[string, string, string[]]> = [
      ['/api/v1/coin-items', 'get', ['200', '400', '401']],
      ['/api/v1/coin-deposit', 'get', ['200', '401']],
      ['/api/v1/coin-deposit', 'post', ['200', '400', '401', '403', '404', '409', '500', '502']],
      ['/api/v1/payment/imp-code', 'get', ['200', '401', '503']],
      ['/api/v1/payment', 'post', ['200', '400', '401', '403', '404', '409', '503']],
      ['/api/v1/payment/bank-transfer', 'post', ['200', '400', '401', '403', '404', '409']],
      ['/api/v1/payment/bank-transfer/page', 'get', ['200', '400', '401', '403']],
      ['/api/v1/payment/sandbox/{paymentId}', 'get', ['200', '401', '404', '414']],
      ['/api/v1/payment/sandbox/{paymentId}/approve', 'post', ['303', '401', '404', '414']],
      ['/api/v1/payment/sandbox/{paymentId}/decline', 'post', ['303', '401', '404', '414']],
      ['/api/admin/bank-transfers', 'get', ['200', '400', '401', '403']],
      ['/api/admin/bank-transfers/{id}', 'get', ['200', '400', '401', '403', '404', '414']],
      ['/api/admin/bank-transfers/{id}', 'put', ['200', '202', '400', '401', '403', '404', '409', '414']],
    ];
    for (const [path, method, statuses] of expected) {
      expect(Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort(), `${method} ${path}`).toEqual(
        statuses,
      );
    }
  });
});
