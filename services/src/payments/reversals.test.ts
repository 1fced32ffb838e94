import { PAYMENT_PROVIDERS } from '@fanmission/contracts';
import { holdForMission, verify } from '@fanmission/ledger';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import { tenCoinItemId } from '@fanmission/tests/support/coins';
import {
  PAYPAL_WEBHOOK_ID,
  PORTONE_WEBHOOK_SECRET as WEBHOOK_SECRET,
  LOCAL_PAYPAL as PAYPAL,
  LOCAL_PORTONE as PORTONE,
  localProviderConfig,
  signPortOneWebhook,
  startPayPalServer,
  startPortOneServer,
  type PayPalServer,
  type PortOneServer,
} from '@fanmission/tests/support/payment-providers';
import { paymentProvidersFor, sweepProviderRefunds } from '.';

// Refunds and chargebacks made at the provider take the charge's unspent coins back (once per provider
// refund, never a negative wallet, the shortfall recorded), a withdrawal of a reversed charge is refused, the sweeper
// notices a cancellation whose webhook was lost; PayPal's webhook is verified by PayPal's own API and credits once;
// the coins an order buys are snapshotted when it is created. Providers are the local servers speaking their APIs.

let portOne: PortOneServer;
let payPal: PayPalServer;
let testApp: TestApp;
let fan: TestAccount;
let tenCoins: number;
let missionIds = 900_000;

beforeAll(async () => {
  portOne = await startPortOneServer(PORTONE);
  payPal = await startPayPalServer(PAYPAL);
  testApp = await createTestApp({ config: testConfig(localProviderConfig({ portOne, payPal }, { webhooks: true })) });
  fan = await createAccount(testApp.app);
  tenCoins = await tenCoinItemId(testApp.app.db);
});

afterAll(async () => {
  await testApp?.app.close();
  await testApp?.database.drop();
  await portOne?.close();
  await payPal?.close();
});

const db = () => testApp.database.db;

async function order(payMethod: 'card' | 'paypal' = 'card') {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/payment',
    headers: fan.headers,
    payload: { coinItemId: tenCoins, userId: fan.id, payMethod, pg: payMethod },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { merchantUid: string; providerPaymentId: string | null; point: number };
}
const deposit = (paymentId: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/v1/coin-deposit',
    headers: fan.headers,
    payload: { coinItemId: tenCoins, userId: fan.id, paymentId },
  });
const depositIdOf = async (paymentId: string) =>
  (await db().selectFrom('coin_deposits').select('id').where('payment_id', '=', paymentId).executeTakeFirstOrThrow())
    .id;
const balance = async () =>
  (await testApp.app.inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: fan.headers })).json()
    .point as number;
const reversalsOf = (paymentId: string) =>
  db()
    .selectFrom('payment_reversals')
    .select(['origin', 'kind', 'currency', 'amount', 'coins_asked', 'coins_taken', 'shortfall_coins'])
    .where('payment_id', '=', paymentId)
    .orderBy('id')
    .execute();
const portOneWebhook = (type: string, paymentId: string) => {
  const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data: { paymentId } });
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/payment/webhooks/portone',
    headers: signPortOneWebhook(WEBHOOK_SECRET, body),
    payload: body,
  });
};
const payPalWebhook = (body: string, headers: Record<string, string>) =>
  testApp.app.inject({ method: 'POST', url: '/api/v1/payment/webhooks/paypal', headers, payload: body });
const withdraw = (depositId: number) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/v1/coin-deposits/${depositId}/withdrawal`,
    headers: fan.headers,
  });
/** The fan spends `coins` (held for a mission) so a later reversal finds them gone. */
const spend = (coins: number) =>
  holdForMission(db(), {
    userId: fan.id,
    missionId: (missionIds += 1),
    coins,
    idempotencyKey: `test-spend:${missionIds}`,
    now: new Date(),
  });

/** A PortOne card charge of 10 coins (1,000 won), paid and credited. */
async function paidCard(): Promise<string> {
  const { merchantUid } = await order('card');
  portOne.setPayment(merchantUid, { status: 'PAID', total: 1000 });
  expect((await deposit(merchantUid)).statusCode).toBe(200);
  return merchantUid;
}

describe('refunds made at PortOne', () => {
  it('a whole cancellation takes the 10 coins back once, and the charge can no longer be withdrawn', async () => {
    const paymentId = await paidCard();
    const depositId = await depositIdOf(paymentId);
    const before = await balance();
    portOne.cancelAtProvider(paymentId);
    const hook = await portOneWebhook('Transaction.Cancelled', paymentId);
    expect(hook.statusCode, hook.body).toBe(200);
    expect(await balance()).toBe(before - 10);
    // PortOne delivers again; the sweeper looks too: nothing more.
    expect((await portOneWebhook('Transaction.Cancelled', paymentId)).statusCode).toBe(200);
    await sweepProviderRefunds(testApp.app.ctx, paymentProvidersFor(testApp.app.ctx));
    expect(await balance()).toBe(before - 10);
    expect(await reversalsOf(paymentId)).toEqual([
      {
        origin: 'provider',
        kind: 'REFUND',
        currency: 'KRW',
        amount: 1000,
        coins_asked: 10,
        coins_taken: 10,
        shortfall_coins: 0,
      },
    ]);
    const again = await withdraw(depositId);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('PURCHASE_ALREADY_REFUNDED');
    expect((await verify(db())).differences).toEqual([]);
  });

  it('partial cancellations take their share, rounded up; what the fan spent is recorded as shortfall', async () => {
    const paymentId = await paidCard();
    const before = await balance();
    portOne.cancelAtProvider(paymentId, 250); // a quarter: 2.5 coins, rounded up
    expect((await portOneWebhook('Transaction.PartialCancelled', paymentId)).statusCode).toBe(200);
    expect(await balance()).toBe(before - 3);
    // The fan spends every coin of the wallet; PortOne cancels the rest.
    await spend(await balance());
    portOne.cancelAtProvider(paymentId);
    expect((await portOneWebhook('Transaction.Cancelled', paymentId)).statusCode).toBe(200);
    expect(await balance()).toBe(0);
    expect(await reversalsOf(paymentId)).toEqual([
      expect.objectContaining({ amount: 250, coins_asked: 3, coins_taken: 3, shortfall_coins: 0 }),
      expect.objectContaining({ amount: 750, coins_asked: 7, coins_taken: 0, shortfall_coins: 7 }),
    ]);
    expect((await verify(db())).differences).toEqual([]);
  });

  it('the sweeper notices a cancellation whose webhook never came', async () => {
    const paymentId = await paidCard();
    const before = await balance();
    portOne.cancelAtProvider(paymentId);
    // It checks the least recently checked paid orders first: mark the others checked.
    await sql`update payments set refunds_checked_at = now() where id <> ${paymentId}`.execute(db());
    expect(await sweepProviderRefunds(testApp.app.ctx, paymentProvidersFor(testApp.app.ctx))).toBe(1);
    expect(await balance()).toBe(before - 10);
    expect((await verify(db())).differences).toEqual([]);
  });

  it("orders of a provider this deployment does not configure are not asked about, and hold nobody's back", async () => {
    const providers = paymentProvidersFor(testApp.app.ctx);
    const unconfigured = PAYMENT_PROVIDERS.find((name) => providers.byName(name) === null);
    expect(unconfigured).toBeDefined();
    const paymentId = await paidCard();
    const before = await balance();
    portOne.cancelAtProvider(paymentId);
    await sql`update payments set refunds_checked_at = now() where id <> ${paymentId}`.execute(db());
    // More never-checked paid orders than a sweep's batch, older than this one, of a provider it cannot reach.
    await sql`
      insert into payments (id, user_id, coin_item_id, provider, pay_method, currency, amount, point, status,
                            provider_payment_id, paid_at)
      select 'unreachable-' || n, ${fan.id}, ${tenCoins}, ${unconfigured}, 'card', 'KRW', 1000, 10, 'paid',
             'unreachable-' || n, now() - interval '1 day'
      from generate_series(1, 60) n`.execute(db());
    try {
      expect(await sweepProviderRefunds(testApp.app.ctx, providers)).toBe(1);
      expect(await balance()).toBe(before - 10);
      const { rows } = await sql<{ checked: number }>`
        select count(*)::int as checked from payments
        where id like 'unreachable-%' and refunds_checked_at is not null`.execute(db());
      expect(rows[0]!.checked).toBe(0);
    } finally {
      await sql`delete from payments where id like 'unreachable-%'`.execute(db());
    }
  });
});

describe('the coins an order buys are snapshotted at order time', () => {
  it('a catalogue change between checkout and credit does not change the coins credited', async () => {
    const { merchantUid, point } = await order('card');
    expect(point).toBe(10);
    // 12 coins for the same 1,000 won: a 200-won discount keeps the catalogue's rate (coins × 100 won = price).
    await db().updateTable('coin_items').set({ point: 12, discount: 200 }).where('id', '=', tenCoins).execute();
    try {
      portOne.setPayment(merchantUid, { status: 'PAID', total: 1000 });
      const before = await balance();
      expect((await deposit(merchantUid)).statusCode).toBe(200);
      expect(await balance()).toBe(before + 10);
    } finally {
      await db().updateTable('coin_items').set({ point: 10, discount: 0 }).where('id', '=', tenCoins).execute();
    }
  });
});

describe('POST /api/v1/payment/webhooks/paypal', () => {
  const event = (eventType: string, resource: Record<string, unknown>) =>
    JSON.stringify({ id: `WH-${Math.random().toString(36).slice(2)}`, event_type: eventType, resource });

  it('credits a completed capture once, verified by PayPal; a refund at PayPal then takes the coins back', async () => {
    const before = await balance();
    const payment = await order('paypal');
    payPal.approve(payment.providerPaymentId!);
    // Captured elsewhere (the JS SDK); the browser never came back to POST /coin-deposit.
    payPal.complete(payment.providerPaymentId!, { status: 'COMPLETED' });
    const captured = event('PAYMENT.CAPTURE.COMPLETED', {
      id: `CAP-${payment.providerPaymentId}`,
      custom_id: payment.merchantUid,
      supplementary_data: { related_ids: { order_id: payment.providerPaymentId } },
    });
    const response = await payPalWebhook(captured, payPal.signWebhook(PAYPAL_WEBHOOK_ID, captured));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await balance()).toBe(before + 10);
    expect(payPal.verifications.at(-1)).toEqual({ webhookId: PAYPAL_WEBHOOK_ID, status: 'SUCCESS' });
    // Delivered again, and the browser comes back: still once.
    expect((await payPalWebhook(captured, payPal.signWebhook(PAYPAL_WEBHOOK_ID, captured))).statusCode).toBe(200);
    expect((await deposit(payment.merchantUid)).statusCode).toBe(200);
    expect(await balance()).toBe(before + 10);

    const refund = payPal.refundAtProvider(payment.providerPaymentId!, 40); // half of $0.80
    const refunded = event('PAYMENT.CAPTURE.REFUNDED', { id: refund.id, custom_id: payment.merchantUid });
    expect((await payPalWebhook(refunded, payPal.signWebhook(PAYPAL_WEBHOOK_ID, refunded))).statusCode).toBe(200);
    expect(await balance()).toBe(before + 5);
    expect(await reversalsOf(payment.merchantUid)).toEqual([
      expect.objectContaining({ currency: 'USD', amount: 40, coins_asked: 5, coins_taken: 5 }),
    ]);
    expect((await verify(db())).differences).toEqual([]);
  });

  it('a chargeback (capture REVERSED) takes the whole charge back', async () => {
    const payment = await order('paypal');
    payPal.approve(payment.providerPaymentId!);
    expect((await deposit(payment.merchantUid)).statusCode).toBe(200);
    const before = await balance();
    payPal.reverse(payment.providerPaymentId!);
    const reversed = event('PAYMENT.CAPTURE.REVERSED', {
      id: `CAP-${payment.providerPaymentId}`,
      custom_id: payment.merchantUid,
    });
    expect((await payPalWebhook(reversed, payPal.signWebhook(PAYPAL_WEBHOOK_ID, reversed))).statusCode).toBe(200);
    expect(await balance()).toBe(before - 10);
    expect(await reversalsOf(payment.merchantUid)).toEqual([
      expect.objectContaining({ kind: 'CHARGEBACK', currency: 'USD', amount: 80, coins_taken: 10 }),
    ]);
  });

  it('refuses what PayPal does not confirm with 401 (nothing credited), and malformed events with 400', async () => {
    const before = await balance();
    const payment = await order('paypal');
    payPal.approve(payment.providerPaymentId!);
    payPal.complete(payment.providerPaymentId!, { status: 'COMPLETED' });
    const captured = event('PAYMENT.CAPTURE.COMPLETED', { custom_id: payment.merchantUid });
    const signed = payPal.signWebhook(PAYPAL_WEBHOOK_ID, captured);
    const cases: Record<string, [string, Record<string, string>]> = {
      unsigned: [captured, { 'content-type': 'application/json' }],
      'another webhook': [captured, payPal.signWebhook('WH-SOMEONE-ELSE', captured)],
      'altered event': [captured.replace('COMPLETED', 'COMPLETED '), signed],
      'forged signature': [captured, { ...signed, 'paypal-transmission-sig': 'bm90IGEgc2lnbmF0dXJl' }],
    };
    for (const [name, [payload, headers]] of Object.entries(cases)) {
      expect((await payPalWebhook(payload, headers)).statusCode, name).toBe(401);
    }
    expect(await balance()).toBe(before);
    const noType = JSON.stringify({ id: 'WH-1', resource: {} });
    expect((await payPalWebhook(noType, payPal.signWebhook(PAYPAL_WEBHOOK_ID, noType))).statusCode).toBe(400);
    const notJson = await payPalWebhook('{not json', { 'content-type': 'application/json' });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('a withdrawn PayPal charge is refunded in USD, once', () => {
  it('records the charge’s own currency and amount, and PayPal’s notice of that refund takes nothing more', async () => {
    const payment = await order('paypal');
    payPal.approve(payment.providerPaymentId!);
    expect((await deposit(payment.merchantUid)).statusCode).toBe(200);
    const before = await balance();
    const withdrawal = await withdraw(await depositIdOf(payment.merchantUid));
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    expect(withdrawal.json()).toMatchObject({ kind: 'WITHDRAWAL', currency: 'USD', amountInCurrency: 80 });
    expect(await balance()).toBe(before - 10);
    // Finance refunds it at PayPal; PayPal tells us.
    const refund = payPal.refundAtProvider(payment.providerPaymentId!);
    const body = JSON.stringify({
      id: 'WH-withdrawal',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: { id: refund.id, custom_id: payment.merchantUid },
    });
    expect((await payPalWebhook(body, payPal.signWebhook(PAYPAL_WEBHOOK_ID, body))).statusCode).toBe(200);
    expect(await balance()).toBe(before - 10);
    const rows = await db()
      .selectFrom('payment_reversals')
      .select(['origin', 'provider_refund_id', 'coins_asked', 'shortfall_coins'])
      .where('payment_id', '=', payment.merchantUid)
      .execute();
    expect(rows).toEqual([{ origin: 'app', provider_refund_id: refund.id, coins_asked: 10, shortfall_coins: 0 }]);
    expect((await verify(db())).differences).toEqual([]);
  });
});
