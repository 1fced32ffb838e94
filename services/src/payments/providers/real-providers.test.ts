import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import { buildApp } from '../../app';
import { EVENT_CONSUMERS } from '../../runtime';
import { createDevMailbox } from '../../mail';
import { findPayment } from '../repository';
import { payPalProvider } from './paypal';
import { portOneProvider } from './portone';
import { ProviderUnavailableError, decimalToMinorUnits } from './provider';
import { tenCoinItemId } from '@fanmission/tests/support/coins';
import {
  LOCAL_PAYPAL as PAYPAL,
  LOCAL_PORTONE as PORTONE,
  localProviderConfig,
  startPayPalServer,
  startPortOneServer,
  type PayPalServer,
  type PortOneServer,
} from '@fanmission/tests/support/payment-providers';

// PortOne and PayPal verified against local servers speaking their documented responses, through the real API.
const en = { 'accept-language': 'en' };

let portOne: PortOneServer;
let payPal: PayPalServer;
let testApp: TestApp;
let fan: TestAccount;
let tenCoins: number;

beforeAll(async () => {
  portOne = await startPortOneServer(PORTONE);
  payPal = await startPayPalServer(PAYPAL);
  testApp = await createTestApp({ config: testConfig(localProviderConfig({ portOne, payPal })) });
  fan = await createAccount(testApp.app);
  tenCoins = await tenCoinItemId(testApp.app.db);
});

afterAll(async () => {
  await testApp?.app.close();
  await testApp?.database.drop();
  await portOne?.close();
  await payPal?.close();
});

const inject = (options: InjectOptions) => testApp.app.inject(options);
const order = async (payMethod: 'card' | 'kakaopay' | 'paypal', headers: Record<string, string> = {}) => {
  const response = await inject({
    method: 'POST',
    url: '/api/v1/payment',
    headers: { ...fan.headers, ...en, ...headers },
    payload: {
      coinItemId: tenCoins,
      userId: fan.id,
      payMethod,
      pg: payMethod,
      mRedirectUrl: 'http://localhost:8080/coin-history',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    merchantUid: string;
    provider: string;
    checkoutUrl: string | null;
    providerPaymentId: string | null;
    storeId: string | null;
    channelKey: string | null;
    amount: number;
    currency: string;
  };
};
const deposit = (paymentId: string) =>
  inject({
    method: 'POST',
    url: '/api/v1/coin-deposit',
    headers: { ...fan.headers, ...en },
    payload: { coinItemId: tenCoins, userId: fan.id, paymentId },
  });
const balance = async () =>
  (await inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: fan.headers })).json().point as number;

describe('PortOne V2 (card, kakaopay in KRW)', () => {
  it('answers its store id as the merchant code, and the SDK parameters with the order', async () => {
    const code = await inject({ method: 'GET', url: '/api/v1/payment/imp-code', headers: fan.headers });
    expect(code.json()).toEqual({
      impCode: PORTONE.storeId,
      provider: 'portone',
      storeId: PORTONE.storeId,
      channelKey: 'channel-key-test',
    });
    const payment = await order('card');
    expect(payment).toMatchObject({
      provider: 'portone',
      checkoutUrl: null,
      storeId: PORTONE.storeId,
      channelKey: 'channel-key-test',
      amount: 1000,
      currency: 'KRW',
    });
  });

  it('credits a PAID payment of the right amount once, reading it with the API secret', async () => {
    const before = await balance();
    const payment = await order('kakaopay');
    portOne.setPayment(payment.merchantUid, { status: 'PAID', total: 1000 });
    const first = await deposit(payment.merchantUid);
    expect(first.statusCode, first.body).toBe(200);
    expect(await balance()).toBe(before + 10);
    const retry = await deposit(payment.merchantUid);
    expect(retry.json()).toEqual(first.json());
    expect(await balance()).toBe(before + 10);
    expect(portOne.requests).toContainEqual({
      method: 'GET',
      url: `/payments/${payment.merchantUid}?storeId=${PORTONE.storeId}`,
    });
    const stored = await findPayment(testApp.app.db, payment.merchantUid);
    expect(stored).toMatchObject({ status: 'paid', provider_payment_id: `tx-${payment.merchantUid}` });
  });

  it('takes the method the payer used from PortOne, not the one the client chose', async () => {
    const payment = await order('card');
    portOne.setPayment(payment.merchantUid, { status: 'PAID', total: 1000, method: { type: 'PaymentMethodMobile' } });
    expect((await deposit(payment.merchantUid)).statusCode).toBe(200);
    expect(await findPayment(testApp.app.db, payment.merchantUid)).toMatchObject({
      status: 'paid',
      pay_method: 'phone',
    });

    const card = await order('kakaopay');
    portOne.setPayment(card.merchantUid, { status: 'PAID', total: 1000, method: { type: 'PaymentMethodCard' } });
    expect((await deposit(card.merchantUid)).statusCode).toBe(200);
    expect(await findPayment(testApp.app.db, card.merchantUid)).toMatchObject({ pay_method: 'card' });
  });

  it('does not credit what PortOne has not seen, or holds as pending', async () => {
    const payment = await order('card');
    const unknown = await deposit(payment.merchantUid);
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ code: 'PAYMENT_NOT_COMPLETED' });
    for (const status of ['READY', 'PAY_PENDING', 'VIRTUAL_ACCOUNT_ISSUED'] as const) {
      portOne.setPayment(payment.merchantUid, { status, total: 1000 });
      expect((await deposit(payment.merchantUid)).statusCode, status).toBe(409);
    }
    expect((await findPayment(testApp.app.db, payment.merchantUid))?.status).toBe('pending');
  });

  it('answers a FAILED payment with the provider’s message', async () => {
    const before = await balance();
    const payment = await order('card');
    portOne.setPayment(payment.merchantUid, {
      status: 'FAILED',
      total: 1000,
      failure: { reason: 'PG declined', pgCode: 'C051', pgMessage: 'Card limit exceeded' },
    });
    const failed = await deposit(payment.merchantUid);
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: 'The payment failed: Card limit exceeded' });
    portOne.setPayment(payment.merchantUid, { status: 'CANCELLED', total: 1000 });
    expect((await deposit(payment.merchantUid)).json()).toMatchObject({ code: 'PAYMENT_FAILED' });
    expect(await balance()).toBe(before);
  });

  it('refuses a paid payment with the wrong amount, currency or id', async () => {
    const before = await balance();
    for (const state of [
      { status: 'PAID', total: 100 },
      { status: 'PAID', total: 1000, currency: 'USD' },
      { status: 'PAID', total: 1000, id: 'pay_someone_else' },
    ] as const) {
      const payment = await order('card');
      portOne.setPayment(payment.merchantUid, state);
      const refused = await deposit(payment.merchantUid);
      expect(refused.statusCode, JSON.stringify(state)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'PAYMENT_MISMATCH' });
      expect((await findPayment(testApp.app.db, payment.merchantUid))?.status).toBe('failed');
    }
    expect(await balance()).toBe(before);
  });

  it('cancels through the API, and a wrong secret is an unavailable provider, never a decision', async () => {
    const payment = await order('card');
    portOne.setPayment(payment.merchantUid, { status: 'PAID', total: 1000 });
    const row = (await findPayment(testApp.app.db, payment.merchantUid))!;
    const provider = portOneProvider({ baseUrl: portOne.url, ...PORTONE, timeoutMs: 5000 });
    await provider.cancel(row, { reason: 'withdrawal within 7 days' });
    expect(portOne.cancellations.at(-1)).toEqual({
      paymentId: payment.merchantUid,
      body: { reason: 'withdrawal within 7 days', storeId: PORTONE.storeId },
    });
    expect((await provider.verify(row)).status).toBe('cancelled');

    const wrongSecret = portOneProvider({ baseUrl: portOne.url, apiSecret: 'wrong', timeoutMs: 5000 });
    await expect(wrongSecret.verify(row)).rejects.toBeInstanceOf(ProviderUnavailableError);
    const unreachable = portOneProvider({ baseUrl: 'http://127.0.0.1:9', apiSecret: 'x', timeoutMs: 2000 });
    await expect(unreachable.verify(row)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('PayPal Orders v2 (USD)', () => {
  it('creates the order at PayPal: its approval link is the checkout, our id its custom_id', async () => {
    const payment = await order('paypal');
    expect(payment).toMatchObject({ provider: 'paypal', currency: 'USD', amount: 0.8 });
    const created = payPal.orderFor(payment.merchantUid);
    expect(payment.providerPaymentId).toBe(created.id);
    expect(payment.checkoutUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${created.id}`);
    expect(created.purchase_units[0]).toMatchObject({
      custom_id: payment.merchantUid,
      amount: { currency_code: 'USD', value: '0.80' },
    });
  });

  it('answers PAYPAL_NOT_COMPLETED before approval, then captures an approved order and credits once', async () => {
    const before = await balance();
    const payment = await order('paypal');
    const early = await deposit(payment.merchantUid);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      status: 409,
      code: 'PAYPAL_NOT_COMPLETED',
      message: 'PAYPAL_NOT_COMPLETED: the PayPal payment has not been completed.',
    });
    payPal.approve(payment.providerPaymentId!);
    const credited = await deposit(payment.merchantUid);
    expect(credited.statusCode, credited.body).toBe(200);
    expect(payPal.orderFor(payment.merchantUid).status).toBe('COMPLETED');
    expect(await balance()).toBe(before + 10);
    expect((await deposit(payment.merchantUid)).json()).toEqual(credited.json());
    expect(await balance()).toBe(before + 10);
  });

  it('adds the pending note when PayPal holds the capture as PENDING', async () => {
    const payment = await order('paypal');
    payPal.setCapture(payment.providerPaymentId!, { status: 'PENDING', reason: 'PENDING_REVIEW' });
    payPal.approve(payment.providerPaymentId!);
    const pending = await deposit(payment.merchantUid);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('PAYPAL_NOT_COMPLETED');
    expect(pending.json().message).toContain('Pending');
    expect(pending.json().message).toContain('1 to 2 business days');
    const korean = await inject({
      method: 'POST',
      url: '/api/v1/coin-deposit',
      headers: { ...fan.headers, 'accept-language': 'ko' },
      payload: { coinItemId: tenCoins, userId: fan.id, paymentId: payment.merchantUid },
    });
    expect(korean.json().message).toContain('영업일 기준 1~2일');
    // PayPal completes it later: the same request now credits.
    payPal.complete(payment.providerPaymentId!, { status: 'COMPLETED' });
    expect((await deposit(payment.merchantUid)).statusCode).toBe(200);
  });

  it('refuses declined captures and completed orders of another amount or currency', async () => {
    const before = await balance();
    const declined = await order('paypal');
    payPal.setCapture(declined.providerPaymentId!, { status: 'DECLINED', reason: 'DECLINED_BY_RISK_FRAUD_FILTERS' });
    payPal.approve(declined.providerPaymentId!);
    const refused = await deposit(declined.merchantUid);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'The payment failed: DECLINED_BY_RISK_FRAUD_FILTERS',
    });

    for (const amount of [
      { currency_code: 'USD', value: '0.50' },
      { currency_code: 'EUR', value: '0.80' },
    ]) {
      const payment = await order('paypal');
      payPal.complete(payment.providerPaymentId!, { status: 'COMPLETED', amount });
      const mismatch = await deposit(payment.merchantUid);
      expect(mismatch.statusCode, JSON.stringify(amount)).toBe(400);
      expect(mismatch.json()).toMatchObject({ code: 'PAYMENT_MISMATCH' });
    }
    expect(await balance()).toBe(before);
  });

  it('reuses its OAuth token, dedupes a replayed order by PayPal-Request-Id, and refunds captures', async () => {
    const key = { 'idempotency-key': 'paypal-order-1' };
    const first = await order('paypal', key);
    const replay = await order('paypal', key);
    expect(replay.providerPaymentId).toBe(first.providerPaymentId);
    expect(replay.checkoutUrl).toBe(first.checkoutUrl);
    expect(payPal.tokenRequests).toBe(1);

    payPal.complete(first.providerPaymentId!, { status: 'COMPLETED' });
    const row = (await findPayment(testApp.app.db, first.merchantUid))!;
    const provider = payPalProvider({
      baseUrl: payPal.url,
      ...PAYPAL,
      defaultReturnUrl: 'http://localhost:8080/coin-history',
      timeoutMs: 5000,
    });
    const refund = await provider.cancel(row, { reason: 'withdrawal within 7 days' });
    // The refund names our payment (invoice_id, custom_id): PayPal's refund webhook then finds it.
    expect(payPal.refunds).toEqual([
      {
        captureId: `CAP-${first.providerPaymentId}`,
        body: { note_to_payer: 'withdrawal within 7 days', invoice_id: row.id, custom_id: row.id },
      },
    ]);
    // Refunded in the charge's own currency and amount.
    expect(refund).toMatchObject({ kind: 'REFUND', amount: row.amount, currency: 'USD' });
    const wrongClient = payPalProvider({
      baseUrl: payPal.url,
      clientId: PAYPAL.clientId,
      clientSecret: 'wrong',
      defaultReturnUrl: 'http://localhost:8080/',
      timeoutMs: 5000,
    });
    await expect(wrongClient.verify(row)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('configuration', () => {
  const build = (overrides: Record<string, string>): Promise<FastifyInstance> => {
    const config = testConfig(overrides);
    return buildApp({
      config,
      eventConsumers: EVENT_CONSUMERS,
      db: testApp.app.db,
      logger: false,
      mailer: createDevMailbox({ from: config.MAIL_FROM }),
    });
  };

  it('serves no sandbox checkout when real providers are configured', async () => {
    const { id } = await testApp.app.db
      .insertInto('payments')
      .values({
        id: 'pay_sandbox_leftover',
        user_id: fan.id,
        coin_item_id: tenCoins,
        provider: 'sandbox',
        pay_method: 'card',
        currency: 'KRW',
        amount: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await inject({ method: 'GET', url: `/api/v1/payment/sandbox/${id}` })).statusCode).toBe(404);
    expect((await inject({ method: 'POST', url: `/api/v1/payment/sandbox/${id}/approve` })).statusCode).toBe(404);
    expect(await testApp.app.db.selectFrom('sandbox_checkouts').selectAll().execute()).toEqual([]);
  });

  it('answers "merchant code not obtained" when PortOne has no store id', async () => {
    const app = await build({ PAYMENT_CARD_PROVIDER: 'portone', PORTONE_API_SECRET: 'secret' });
    try {
      await app.ready();
      const member = await createAccount(app);
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/payment/imp-code',
        headers: { ...member.headers, ...en },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'MERCHANT_CODE_MISSING',
        message: 'The merchant code could not be obtained. Please reload the page.',
      });
    } finally {
      await app.close();
    }
  });

  it('stops start-up naming the missing secret of a selected provider', async () => {
    await expect(build({ PAYMENT_CARD_PROVIDER: 'portone' })).rejects.toThrow(
      'Invalid configuration: PORTONE_API_SECRET is required when the card provider is portone',
    );
    await expect(build({ PAYMENT_PAYPAL_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'id' })).rejects.toThrow(
      /PAYPAL_CLIENT_SECRET is required/,
    );
  });

  it('converts decimal prices to minor units exactly', () => {
    expect(decimalToMinorUnits('8.00')).toBe(800);
    expect(decimalToMinorUnits('0.8')).toBe(80);
    expect(decimalToMinorUnits('24')).toBe(2400);
    expect(decimalToMinorUnits('0.805')).toBeNull();
    expect(decimalToMinorUnits('-1.00')).toBeNull();
  });
});
