import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import { tenCoinItemId } from '@fanmission/tests/support/coins';
import { processCounterValue } from '@fanmission/tests/support/metrics';
import {
  PORTONE_WEBHOOK_SECRET as WEBHOOK_SECRET,
  LOCAL_PORTONE as PORTONE,
  localProviderConfig,
  signPortOneWebhook,
  startPortOneServer,
  type PortOneServer,
} from '@fanmission/tests/support/payment-providers';
import { paymentProvidersFor, sweepUnsettledPayments } from '.';

// M6: a paid payment is credited even if the browser never returns (webhook, sweeper), exactly once however the
// browser's POST /coin-deposit races them. PortOne is the local server speaking its documented API.

let portOne: PortOneServer;
let testApp: TestApp;
let fan: TestAccount;
let tenCoins: number;

beforeAll(async () => {
  portOne = await startPortOneServer(PORTONE);
  testApp = await createTestApp({
    config: testConfig(localProviderConfig({ portOne }, { webhooks: true })),
  });
  fan = await createAccount(testApp.app);
  tenCoins = await tenCoinItemId(testApp.app.db);
});

afterAll(async () => {
  await testApp?.app.close();
  await testApp?.database.drop();
  await portOne?.close();
});

async function order(): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/payment',
    headers: fan.headers,
    payload: { coinItemId: tenCoins, userId: fan.id, payMethod: 'card', pg: 'card' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { merchantUid: string }).merchantUid;
}

/** The checkout happened a while ago (past the sweeper's grace for a browser on its way back). */
const age = (paymentId: string, minutes = 5) =>
  sql`update payments set created_at = now() - make_interval(mins => ${minutes}) where id = ${paymentId}`.execute(
    testApp.database.db,
  );
const deposit = (paymentId: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/v1/coin-deposit',
    headers: fan.headers,
    payload: { coinItemId: tenCoins, userId: fan.id, paymentId },
  });
const depositsOf = async (paymentId: string) =>
  testApp.database.db.selectFrom('coin_deposits').select('id').where('payment_id', '=', paymentId).execute();
const balance = async () =>
  (await testApp.app.inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: fan.headers })).json()
    .point as number;
const sweep = () => sweepUnsettledPayments(testApp.app.ctx, paymentProvidersFor(testApp.app.ctx));
const webhook = (body: string, headers: Record<string, string>) =>
  testApp.app.inject({ method: 'POST', url: '/api/v1/payment/webhooks/portone', headers, payload: body });

describe('the payment sweeper', () => {
  it('credits a paid order whose browser never came back, once; leaves unpaid and fresh orders alone', async () => {
    const before = await balance();
    const paid = await order();
    const unpaid = await order();
    const fresh = await order();
    portOne.setPayment(paid, { status: 'PAID', total: 1000 });
    portOne.setPayment(unpaid, { status: 'READY', total: 1000 });
    portOne.setPayment(fresh, { status: 'PAID', total: 1000 });
    await age(paid);
    await age(unpaid);

    const repairs = () =>
      processCounterValue('fanmission_reconciler_repairs_total', {
        reconciler: 'payment-sweeper',
        repair: 'payment_credited',
      });
    const repairsBefore = await repairs();
    expect(await sweep()).toBe(1);
    expect(await repairs()).toBe(repairsBefore + 1);
    expect(await depositsOf(paid)).toHaveLength(1);
    expect(await depositsOf(unpaid)).toHaveLength(0);
    // A fresh order is the browser's to credit (it is on its way back from the checkout).
    expect(await depositsOf(fresh)).toHaveLength(0);
    expect(await balance()).toBe(before + 10);
    const row = await testApp.database.db
      .selectFrom('payments')
      .select(['status', 'provider_payment_id'])
      .where('id', '=', paid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'paid', provider_payment_id: `tx-${paid}` });

    // The browser comes back after all: the same deposit; the next sweep finds nothing.
    const late = await deposit(paid);
    expect(late.statusCode).toBe(200);
    expect(late.json().id).toBe((await depositsOf(paid))[0]!.id);
    expect(await sweep()).toBe(0);
    expect(await balance()).toBe(before + 10);
    await deposit(fresh);
  });

  it('races the browser’s POST /coin-deposit and a webhook: exactly one deposit, coins credited once', async () => {
    const before = await balance();
    const paymentId = await order();
    portOne.setPayment(paymentId, { status: 'PAID', total: 1000 });
    await age(paymentId);
    const body = JSON.stringify({ type: 'Transaction.Paid', timestamp: new Date().toISOString(), data: { paymentId } });
    const [swept, first, second, hook] = await Promise.all([
      sweep(),
      deposit(paymentId),
      deposit(paymentId),
      webhook(body, signPortOneWebhook(WEBHOOK_SECRET, body)),
    ]);
    expect(swept).toBeLessThanOrEqual(1);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(hook.statusCode).toBe(200);
    const deposits = await depositsOf(paymentId);
    expect(deposits).toHaveLength(1);
    expect(first.json().id).toBe(deposits[0]!.id);
    expect(second.json().id).toBe(deposits[0]!.id);
    expect(await balance()).toBe(before + 10);
  });
});

describe('POST /api/v1/payment/webhooks/portone', () => {
  it('credits the paid payment a signed webhook names, verified with PortOne, without the browser', async () => {
    const before = await balance();
    const paymentId = await order();
    portOne.setPayment(paymentId, { status: 'PAID', total: 1000 });
    const body = JSON.stringify({
      type: 'Transaction.Paid',
      timestamp: new Date().toISOString(),
      data: { paymentId, storeId: PORTONE.storeId, transactionId: `tx-${paymentId}` },
    });
    const response = await webhook(body, signPortOneWebhook(WEBHOOK_SECRET, body));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await depositsOf(paymentId)).toHaveLength(1);
    expect(await balance()).toBe(before + 10);
    // PortOne delivers again (at least once): nothing more.
    expect((await webhook(body, signPortOneWebhook(WEBHOOK_SECRET, body))).statusCode).toBe(200);
    expect(await balance()).toBe(before + 10);
    // The console's history of the payment: its status change and both deliveries.
    const events = await testApp.database.db
      .selectFrom('payment_events')
      .select(['kind', 'status', 'detail'])
      .where('payment_id', '=', paymentId)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { kind: 'WEBHOOK', status: null, detail: 'portone Transaction.Paid' },
      { kind: 'STATUS', status: 'paid', detail: null },
      { kind: 'WEBHOOK', status: null, detail: 'portone Transaction.Paid' },
    ]);
  });

  it('believes nothing the webhook says: a "paid" webhook for an order PortOne has as unpaid credits nothing', async () => {
    const paymentId = await order();
    portOne.setPayment(paymentId, { status: 'READY', total: 1000 });
    const body = JSON.stringify({ type: 'Transaction.Paid', data: { paymentId } });
    expect((await webhook(body, signPortOneWebhook(WEBHOOK_SECRET, body))).statusCode).toBe(200);
    expect(await depositsOf(paymentId)).toHaveLength(0);
    // Unknown payments are acknowledged too (nothing to say to PortOne).
    const unknown = JSON.stringify({ type: 'Transaction.Paid', data: { paymentId: 'not-ours' } });
    expect((await webhook(unknown, signPortOneWebhook(WEBHOOK_SECRET, unknown))).statusCode).toBe(200);
  });

  it('refuses unsigned, forged, altered and stale webhooks with 401, and malformed ones with 400', async () => {
    const paymentId = await order();
    portOne.setPayment(paymentId, { status: 'PAID', total: 1000 });
    const body = JSON.stringify({ type: 'Transaction.Paid', data: { paymentId } });
    const signed = signPortOneWebhook(WEBHOOK_SECRET, body);
    const forgedSecret = `whsec_${Buffer.from('not-the-secret').toString('base64')}`;
    const cases: Record<string, [string, Record<string, string>]> = {
      unsigned: [body, { 'content-type': 'application/json' }],
      'another secret': [body, signPortOneWebhook(forgedSecret, body)],
      'altered body': [body.replace('Paid', 'Paid '), signed],
      stale: [body, signPortOneWebhook(WEBHOOK_SECRET, body, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
    };
    const refused = () =>
      processCounterValue('fanmission_payment_webhooks_total', { provider: 'portone', outcome: 'bad_signature' });
    const refusedBefore = await refused();
    for (const [name, [payload, headers]] of Object.entries(cases)) {
      expect((await webhook(payload, headers)).statusCode, name).toBe(401);
    }
    expect(await refused()).toBe(refusedBefore + Object.keys(cases).length);
    expect(await depositsOf(paymentId)).toHaveLength(0);
    const notJson = await webhook('{not json', signPortOneWebhook(WEBHOOK_SECRET, '{not json'));
    expect(notJson.statusCode).toBe(400);
    const noType = JSON.stringify({ data: { paymentId } });
    expect((await webhook(noType, signPortOneWebhook(WEBHOOK_SECRET, noType))).statusCode).toBe(400);
  });
});
