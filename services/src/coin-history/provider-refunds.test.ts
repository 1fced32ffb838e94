import type {
  AdminCoinRefund,
  AdminReversalShortfall,
  AdminStaffAllowance,
  CoinHistoryRowDto,
  CoinRefund,
  Notification,
  Page,
} from '@fanmission/contracts';
import { holdForMission, verify } from '@fanmission/ledger';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import { chargeCoins, TEST_DEPOSITOR_NAME, tenCoinItemId } from '@fanmission/tests/support/coins';
import {
  PAYPAL_WEBHOOK_ID,
  PORTONE_WEBHOOK_SECRET as WEBHOOK_SECRET,
  LOCAL_PAYPAL,
  LOCAL_PORTONE,
  localProviderConfig,
  signPortOneWebhook,
  startPayPalServer,
  startPortOneServer,
  type PayPalServer,
  type PortOneServer,
} from '@fanmission/tests/support/payment-providers';

// Finance refunds a request through the providers that took the money, each charge in its own currency and
// amount (PortOne in won, PayPal in USD cents), once however often it is asked; a partial refund is split into its
// charges in their own currencies, the fee shared; the provider's later notice of that refund takes no coins; refunds
// and chargebacks that found the coins spent are listed for finance. Providers are the local servers speaking their APIs.
const BANK_ACCOUNT = { bankName: '우리은행', bankAccountHolder: TEST_DEPOSITOR_NAME, bankAccountNumber: '1002123456' };

let portOne: PortOneServer;
let payPal: PayPalServer;
let testApp: TestApp;
let operator: TestAccount;
let finance: TestAccount;
let tenCoins: number;
let missionIds = 950_000;

beforeAll(async () => {
  portOne = await startPortOneServer(LOCAL_PORTONE);
  payPal = await startPayPalServer(LOCAL_PAYPAL);
  testApp = await createTestApp({ config: testConfig(localProviderConfig({ portOne, payPal }, { webhooks: true })) });
  operator = await createAccount(testApp.app, { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  finance = await createAccount(testApp.app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  tenCoins = await tenCoinItemId(db());
});

afterAll(async () => {
  await testApp?.app.close();
  await testApp?.database.drop();
  await portOne?.close();
  await payPal?.close();
});

const db = () => testApp.database.db;
const inject = (options: InjectOptions) => testApp.app.inject(options);

async function order(fan: TestAccount, payMethod: 'card' | 'paypal') {
  const response = await inject({
    method: 'POST',
    url: '/api/v1/payment',
    headers: fan.headers,
    payload: { coinItemId: tenCoins, userId: fan.id, payMethod, pg: payMethod },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ merchantUid: string; providerPaymentId: string | null }>();
}
const deposit = async (fan: TestAccount, paymentId: string) => {
  const response = await inject({
    method: 'POST',
    url: '/api/v1/coin-deposit',
    headers: fan.headers,
    payload: { coinItemId: tenCoins, userId: fan.id, paymentId },
  });
  expect(response.statusCode, response.body).toBe(200);
};
/** A PortOne card charge of 10 coins (1,000 won), paid and credited. */
async function paidCard(fan: TestAccount): Promise<string> {
  const { merchantUid } = await order(fan, 'card');
  portOne.setPayment(merchantUid, { status: 'PAID', total: 1000 });
  await deposit(fan, merchantUid);
  return merchantUid;
}
/** A PayPal charge of 10 coins ($0.80), captured and credited. */
async function paidPayPal(fan: TestAccount): Promise<{ merchantUid: string; providerPaymentId: string }> {
  const payment = await order(fan, 'paypal');
  payPal.approve(payment.providerPaymentId!);
  await deposit(fan, payment.merchantUid);
  return { merchantUid: payment.merchantUid, providerPaymentId: payment.providerPaymentId! };
}
const depositIdOf = async (paymentId: string) =>
  (await db().selectFrom('coin_deposits').select('id').where('payment_id', '=', paymentId).executeTakeFirstOrThrow())
    .id;
async function withdraw(fan: TestAccount, paymentId: string): Promise<CoinRefund> {
  const response = await inject({
    method: 'POST',
    url: `/api/v1/coin-deposits/${await depositIdOf(paymentId)}/withdrawal`,
    headers: fan.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const refundHeld = (fan: TestAccount) => refundHeldAt(testApp, fan);
async function refundHeldAt(app: TestApp, fan: TestAccount): Promise<CoinRefund> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/v1/users/me/coins/partial-refund',
    headers: fan.headers,
    payload: { bankAccount: BANK_ACCOUNT },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const refundAtProvider = (id: number, account: TestAccount = finance, payload: unknown = {}) =>
  inject({
    method: 'POST',
    url: `/api/admin/coin-refunds/${id}/provider-refund`,
    headers: account.headers,
    payload: payload as Record<string, unknown>,
  });
const balance = async (fan: TestAccount) =>
  (await inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: fan.headers })).json().point as number;
const portOneWebhook = (type: string, paymentId: string) => {
  const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data: { paymentId } });
  return inject({
    method: 'POST',
    url: '/api/v1/payment/webhooks/portone',
    headers: signPortOneWebhook(WEBHOOK_SECRET, body),
    payload: body,
  });
};
const payPalRefundedWebhook = (refundId: string, merchantUid: string) => {
  const body = JSON.stringify({
    id: `WH-${refundId}`,
    event_type: 'PAYMENT.CAPTURE.REFUNDED',
    resource: { id: refundId, custom_id: merchantUid },
  });
  return inject({
    method: 'POST',
    url: '/api/v1/payment/webhooks/paypal',
    headers: payPal.signWebhook(PAYPAL_WEBHOOK_ID, body),
    payload: body,
  });
};
/** The text of the fan's refund-paid notification in each language. */
async function refundPaidTexts(fan: TestAccount): Promise<Record<'ko' | 'en' | 'ja', string>> {
  const texts = { ko: '', en: '', ja: '' };
  for (const language of ['ko', 'en', 'ja'] as const) {
    const response = await inject({
      method: 'GET',
      url: '/api/v1/users/me/notifications/page?size=20',
      headers: { ...fan.headers, 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    const paid = response.json<Page<Notification>>().content.filter((n) => n.kind === 'COIN_REFUND_PAID');
    expect(paid).toHaveLength(1);
    texts[language] = paid[0]!.content;
  }
  return texts;
}
/** The fan's coin-history row of the refund request (the ledger transaction that took the coins). */
async function historyRefundOf(fan: TestAccount, refundId: number): Promise<CoinHistoryRowDto['refund']> {
  const response = await inject({ method: 'GET', url: '/api/v1/users/me/coin-history/page', headers: fan.headers });
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json<Page<CoinHistoryRowDto>>().content;
  const row = rows.find((candidate) => candidate.refund?.id === refundId);
  expect(row?.eventType).toBe('REFUND');
  return row!.refund;
}
const cancellationsOf = (paymentId: string) => portOne.cancellations.filter((c) => c.paymentId === paymentId);
const ledgerIsClean = async () => expect((await verify(db())).differences).toEqual([]);

describe('POST /api/admin/coin-refunds/{id}/provider-refund', () => {
  it('refunds a withdrawn card charge at PortOne in won, once; PortOne’s notice takes no coins again', async () => {
    const fan = await createAccount(testApp.app);
    const paymentId = await paidCard(fan);
    const request = await withdraw(fan, paymentId);
    expect(request.parts).toEqual([
      expect.objectContaining({ paymentId, via: 'PROVIDER', provider: 'portone', currency: 'KRW', amount: 1000 }),
    ]);
    const response = await refundAtProvider(request.id, finance, { reason: 'withdrawal within 7 days' });
    expect(response.statusCode, response.body).toBe(200);
    const refunded = response.json<AdminCoinRefund>();
    expect(refunded).toMatchObject({ status: 'paid', paidBy: finance.id });
    expect(refunded.parts[0]!.providerRefundId).toMatch(/^cancel-/);
    expect(cancellationsOf(paymentId)).toEqual([
      { paymentId, body: expect.objectContaining({ amount: 1000, reason: 'withdrawal within 7 days' }) },
    ]);
    // A second click, and PortOne's notice of its own cancellation: no second refund, no coins taken again.
    const again = await refundAtProvider(request.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<AdminCoinRefund>().parts).toEqual(refunded.parts);
    expect(cancellationsOf(paymentId)).toHaveLength(1);
    const before = await balance(fan);
    expect((await portOneWebhook('Transaction.Cancelled', paymentId)).statusCode).toBe(200);
    expect(await balance(fan)).toBe(before);
    const reversals = await db()
      .selectFrom('payment_reversals')
      .select(['origin', 'provider_refund_id', 'amount', 'coins_asked', 'shortfall_coins'])
      .where('payment_id', '=', paymentId)
      .execute();
    expect(reversals).toEqual([
      {
        origin: 'app',
        provider_refund_id: refunded.parts[0]!.providerRefundId,
        amount: 1000,
        coins_asked: 10,
        shortfall_coins: 0,
      },
    ]);
    // The fan is told the won and the payment method (the local PortOne pays by KakaoPay), and his history row says
    // how the refund stands.
    expect(await refundPaidTexts(fan)).toEqual({
      ko: '카카오페이로 1,000원 환불이 완료되었습니다.',
      en: 'Your refund of 1,000 won was paid to KakaoPay.',
      ja: 'カカオペイへ1,000ウォンの返金が完了しました。',
    });
    expect(await historyRefundOf(fan, request.id)).toMatchObject({
      status: 'paid',
      amount: 1000,
      paidAt: refunded.paidAt,
      destination: { kind: 'ORIGINAL_METHOD', methods: ['kakaopay'] },
      parts: [expect.objectContaining({ via: 'PROVIDER', currency: 'KRW', amount: 1000 })],
    });
    await ledgerIsClean();
  });

  it('refunds a withdrawn PayPal charge at PayPal in USD cents; PayPal’s webhook takes nothing more', async () => {
    const fan = await createAccount(testApp.app);
    const payment = await paidPayPal(fan);
    const request = await withdraw(fan, payment.merchantUid);
    expect(request).toMatchObject({ currency: 'USD', amountInCurrency: 80 });
    const response = await refundAtProvider(request.id);
    expect(response.statusCode, response.body).toBe(200);
    const part = response.json<AdminCoinRefund>().parts[0]!;
    expect(part).toMatchObject({ provider: 'paypal', currency: 'USD', amount: 80 });
    expect(part.providerRefundId).toBeTruthy();
    const before = await balance(fan);
    expect((await payPalRefundedWebhook(part.providerRefundId!, payment.merchantUid)).statusCode).toBe(200);
    expect(await balance(fan)).toBe(before);
    // Told in the charge's own currency, never re-priced in won.
    expect(await refundPaidTexts(fan)).toEqual({
      ko: 'PayPal로 US$0.80 환불이 완료되었습니다.',
      en: 'Your refund of $0.80 was paid to PayPal.',
      ja: 'PayPalへ$0.80の返金が完了しました。',
    });
    await ledgerIsClean();
  });

  it('splits a partial refund into its charges in their own currencies, the 3 % fee shared, and refunds each once', async () => {
    const fan = await createAccount(testApp.app);
    const payment = await paidPayPal(fan);
    const cards = [await paidCard(fan), await paidCard(fan), await paidCard(fan)];
    // 40 coins: a fee of 1 coin, taken from the oldest charge (PayPal): 9 of its 10 coins paid back, 72 of 80 cents.
    const request = await refundHeld(fan);
    expect(request).toMatchObject({
      coins: 40,
      feeCoins: 1,
      currency: 'KRW',
      amountInCurrency: null,
      // Every charge can go back through its provider: the whole request goes there, the account is not used.
      // (The local PortOne server reports its payments as KakaoPay.)
      destination: { kind: 'ORIGINAL_METHOD', methods: ['kakaopay', 'paypal'] },
    });
    expect(request.parts).toEqual([
      expect.objectContaining({ paymentId: payment.merchantUid, currency: 'USD', coins: 10, feeCoins: 1, amount: 72 }),
      ...cards.map((paymentId) =>
        expect.objectContaining({ paymentId, currency: 'KRW', coins: 10, feeCoins: 0, amount: 1000 }),
      ),
    ]);
    const response = await refundAtProvider(request.id);
    expect(response.statusCode, response.body).toBe(200);
    const refunded = response.json<AdminCoinRefund>();
    expect(refunded.status).toBe('paid');
    expect(refunded.parts.every((part) => part.providerRefundId !== null)).toBe(true);
    for (const paymentId of cards) {
      expect(cancellationsOf(paymentId)).toEqual([{ paymentId, body: expect.objectContaining({ amount: 1000 }) }]);
    }
    // The providers tell: nothing more is taken, and no shortfall is recorded.
    expect((await payPalRefundedWebhook(refunded.parts[0]!.providerRefundId!, payment.merchantUid)).statusCode).toBe(
      200,
    );
    for (const paymentId of cards) {
      expect((await portOneWebhook('Transaction.Cancelled', paymentId)).statusCode).toBe(200);
    }
    expect(await balance(fan)).toBe(0);
    const shortfalls = await db()
      .selectFrom('payment_reversals')
      .select('shortfall_coins')
      .where('payment_id', 'in', [payment.merchantUid, ...cards])
      .where('shortfall_coins', '>', 0)
      .execute();
    expect(shortfalls).toEqual([]);
    await ledgerIsClean();
  });

  it('finds a refund finance already made at PortOne’s console instead of making a second one', async () => {
    const fan = await createAccount(testApp.app);
    const paymentId = await paidCard(fan);
    const request = await withdraw(fan, paymentId);
    const byHand = portOne.cancelAtProvider(paymentId);
    const response = await refundAtProvider(request.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminCoinRefund>().parts[0]!.providerRefundId).toBe(byHand.id);
    expect(cancellationsOf(paymentId)).toEqual([]);
    await ledgerIsClean();
  });

  it('answers 502 and changes nothing when the provider refuses, and succeeds when asked again later', async () => {
    const fan = await createAccount(testApp.app);
    const paymentId = await paidCard(fan);
    const request = await withdraw(fan, paymentId);
    portOne.setPayment(paymentId, { status: 'FAILED', total: 1000 });
    const refused = await refundAtProvider(request.id);
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json().code).toBe('PROVIDER_UNAVAILABLE');
    const unchanged = (
      await inject({ method: 'GET', url: `/api/admin/coin-refunds/${request.id}`, headers: finance.headers })
    ).json<AdminCoinRefund>();
    expect(unchanged).toMatchObject({ status: 'requested', paidAt: null });
    expect(unchanged.parts[0]!.providerRefundId).toBeNull();
    portOne.setPayment(paymentId, { status: 'PAID', total: 1000 });
    const later = await refundAtProvider(request.id);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<AdminCoinRefund>().status).toBe('paid');
    expect(cancellationsOf(paymentId)).toHaveLength(1);
  });

  it('keeps a refund whose provider failed counted in its member’s daily allowance (money may have moved)', async () => {
    const member = await createAccount(testApp.app, { roles: ['ROLE_FINANCE'] });
    const moneyOut = async () =>
      (await inject({ method: 'GET', url: '/api/admin/approvals/allowance', headers: member.headers }))
        .json<AdminStaffAllowance>()
        .allowances.find((entry) => entry.allowance === 'MONEY_OUT_WON')!.used;
    const fan = await createAccount(testApp.app);
    const paymentId = await paidCard(fan);
    const request = await withdraw(fan, paymentId);
    portOne.setPayment(paymentId, { status: 'FAILED', total: 1000 });
    expect((await refundAtProvider(request.id, member)).statusCode).toBe(502);
    expect(await moneyOut()).toBe(request.amount);
    portOne.setPayment(paymentId, { status: 'PAID', total: 1000 });
  });

  it('refuses (409) a request with no provider charge, a refused one, and refusing one refunded at the provider', async () => {
    const fan = await createAccount(testApp.app);
    await chargeCoins(db(), { userId: fan.id, coins: 100, at: new Date(Date.now() - 86_400_000), via: 'bank' });
    const bankOnly = await refundHeld(fan);
    expect(bankOnly.parts).toEqual([
      expect.objectContaining({ via: 'BANK_TRANSFER', paymentId: null, currency: 'KRW', coins: 100, amount: 9700 }),
    ]);
    const noProvider = await refundAtProvider(bankOnly.id, finance, undefined);
    expect(noProvider.statusCode, noProvider.body).toBe(409);
    expect(noProvider.json().code).toBe('NOT_REFUNDABLE_AT_PROVIDER');

    const other = await createAccount(testApp.app);
    const refusedRequest = await withdraw(other, await paidCard(other));
    const refuse = await inject({
      method: 'PUT',
      url: `/api/admin/coin-refunds/${refusedRequest.id}`,
      headers: finance.headers,
      payload: { status: 'refused', refusalReason: 'checking' },
    });
    expect(refuse.statusCode, refuse.body).toBe(200);
    const afterRefusal = await refundAtProvider(refusedRequest.id);
    expect(afterRefusal.statusCode, afterRefusal.body).toBe(409);
    expect(afterRefusal.json().code).toBe('CONFLICT');

    const third = await createAccount(testApp.app);
    const paid = await withdraw(third, await paidCard(third));
    expect((await refundAtProvider(paid.id)).statusCode).toBe(200);
    const lateRefusal = await inject({
      method: 'PUT',
      url: `/api/admin/coin-refunds/${paid.id}`,
      headers: finance.headers,
      payload: { status: 'refused', refusalReason: 'too late' },
    });
    expect(lateRefusal.statusCode, lateRefusal.body).toBe(409);
  });

  it('a refused withdrawal gives its coins back, and a later refund at PortOne takes them as any other', async () => {
    const fan = await createAccount(testApp.app);
    const paymentId = await paidCard(fan);
    const request = await withdraw(fan, paymentId);
    const refuse = await inject({
      method: 'PUT',
      url: `/api/admin/coin-refunds/${request.id}`,
      headers: finance.headers,
      payload: { status: 'refused', refusalReason: 'account check' },
    });
    expect(refuse.statusCode, refuse.body).toBe(200);
    expect(await balance(fan)).toBe(10);
    portOne.cancelAtProvider(paymentId);
    expect((await portOneWebhook('Transaction.Cancelled', paymentId)).statusCode).toBe(200);
    expect(await balance(fan)).toBe(0);
    await ledgerIsClean();
  });

  it('is for finance only, never on their own request, and checks its input', async () => {
    const fan = await createAccount(testApp.app);
    const request = await withdraw(fan, await paidCard(fan));
    const visitor = await inject({ method: 'POST', url: `/api/admin/coin-refunds/${request.id}/provider-refund` });
    expect(visitor.statusCode).toBe(401);
    expect((await refundAtProvider(request.id, operator)).statusCode).toBe(403);
    expect((await refundAtProvider(request.id, fan)).statusCode).toBe(403);
    expect((await refundAtProvider(999_999)).statusCode).toBe(404);
    const badId = await inject({
      method: 'POST',
      url: '/api/admin/coin-refunds/abc/provider-refund',
      headers: finance.headers,
      payload: {},
    });
    expect(badId.statusCode).toBe(400);
    const longReason = await refundAtProvider(request.id, finance, { reason: 'x'.repeat(201) });
    expect(longReason.statusCode).toBe(400);
    expect(longReason.json()).toMatchObject({ code: 'VALIDATION_FAILED', subErrors: [{ field: 'reason' }] });
    // A finance account that is also the fan of the request.
    const own = await createAccount(testApp.app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const ownRequest = await withdraw(own, await paidCard(own));
    const ownResponse = await refundAtProvider(ownRequest.id, own);
    expect(ownResponse.statusCode).toBe(403);
    expect(ownResponse.json().code).toBe('OWN_ACCOUNT');
    expect(portOne.cancellations.filter((c) => c.paymentId === ownRequest.parts[0]!.paymentId)).toEqual([]);
  });
});

describe('one destination per refund request', () => {
  const markPaid = (id: number, language = 'en') =>
    inject({
      method: 'PUT',
      url: `/api/admin/coin-refunds/${id}`,
      headers: { ...finance.headers, 'accept-language': language },
      payload: { status: 'paid', note: 'sent' },
    });
  const adminView = async (id: number) =>
    (
      await inject({ method: 'GET', url: `/api/admin/coin-refunds/${id}`, headers: finance.headers })
    ).json<AdminCoinRefund>();

  it('splits a partial refund with a bank deposit: the card back through PortOne, the deposit to the fan’s account', async () => {
    const fan = await createAccount(testApp.app);
    const card = await paidCard(fan);
    await chargeCoins(db(), { userId: fan.id, coins: 100, at: new Date(Date.now() - 86_400_000), via: 'bank' });
    // 110 coins, a fee of 3 coins: the card's 10 coins never go to the account; PortOne takes them back.
    const request = await refundHeld(fan);
    expect(request.destination).toMatchObject({ kind: 'SPLIT', account: BANK_ACCOUNT });
    expect(request.parts).toEqual([
      expect.objectContaining({ via: 'PROVIDER', paymentId: card, currency: 'KRW', coins: 10 }),
      expect.objectContaining({ via: 'BANK_TRANSFER', paymentId: null, currency: 'KRW', coins: 100 }),
    ]);
    expect(request.parts.reduce((sum, part) => sum + part.amount, 0)).toBe(request.amount);
    expect(await adminView(request.id)).toMatchObject({
      destination: request.destination,
      accountVerifiedAs: 'DEPOSITOR_NAME',
    });
    const mine = (await inject({ method: 'GET', url: '/api/v1/users/me/coin-refunds', headers: fan.headers })).json<{
      content: CoinRefund[];
    }>();
    expect(mine.content[0]!.destination).toEqual(request.destination);

    // Marked paid by hand before the card went back: refused, in the caller's language, nothing changed.
    const messages: string[] = [];
    for (const language of ['ko', 'en', 'ja']) {
      const response = await markPaid(request.id, language);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('PROVIDER_PART_OPEN');
      messages.push(response.json().message);
    }
    expect(new Set(messages).size).toBe(3);
    expect(await adminView(request.id)).toMatchObject({ status: 'requested', paidAt: null });

    const refunded = await refundAtProvider(request.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    // The card part came back from PortOne; the account's part is still to send, so the request waits.
    expect(cancellationsOf(card)).toHaveLength(1);
    expect(refunded.json<AdminCoinRefund>()).toMatchObject({ status: 'requested' });

    // Until then the history row says it is requested, both ways it goes and the money of each.
    expect(await historyRefundOf(fan, request.id)).toMatchObject({
      status: 'requested',
      amount: request.amount,
      dueOn: request.dueOn,
      destination: request.destination,
      parts: [
        expect.objectContaining({ via: 'PROVIDER', amount: 1000 - 100 * request.parts[0]!.feeCoins }),
        expect.objectContaining({ via: 'BANK_TRANSFER' }),
      ],
    });

    const paid = await markPaid(request.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<AdminCoinRefund>().status).toBe('paid');
    const [cardPart, accountPart] = request.parts;
    const won = (amount: number) => amount.toLocaleString('en-US');
    expect(await refundPaidTexts(fan)).toEqual({
      ko: `카카오페이로 ${won(cardPart!.amount)}원, 우리은행 ****3456 계좌로 ${won(accountPart!.amount)}원 환불이 완료되었습니다.`,
      en: `Your refund was paid: ${won(cardPart!.amount)} won to KakaoPay and ${won(accountPart!.amount)} won to 우리은행 ****3456.`,
      ja: `カカオペイへ${won(cardPart!.amount)}ウォン、우리은행 ****3456の口座へ${won(accountPart!.amount)}ウォンの返金が完了しました。`,
    });
    await ledgerIsClean();
  });

  it('refuses marking paid a partial refund that goes back to the payment methods; the provider refunds it', async () => {
    const fan = await createAccount(testApp.app);
    const card = await paidCard(fan);
    const request = await refundHeld(fan);
    expect(request.destination).toEqual({ kind: 'ORIGINAL_METHOD', methods: ['kakaopay'] });
    const byHand = await markPaid(request.id, 'ja');
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json()).toMatchObject({
      code: 'NOT_PAYABLE_BY_HAND',
      message: 'この返金は会員の決済手段に戻すため、支払い完了にはできません。決済代行会社で返金してください。',
    });
    expect(await adminView(request.id)).toMatchObject({ status: 'requested', paidAt: null, paidBy: null, note: null });
    const refunded = await refundAtProvider(request.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<AdminCoinRefund>().status).toBe('paid');
    expect(cancellationsOf(card)).toHaveLength(1);
    await ledgerIsClean();
  });

  it('sends a withdrawn bank deposit back to the account it came from, by hand', async () => {
    const fan = await createAccount(testApp.app);
    const charge = await chargeCoins(db(), {
      userId: fan.id,
      coins: 100,
      at: new Date(Date.now() - 3_600_000),
      via: 'bank',
    });
    const response = await inject({
      method: 'POST',
      url: `/api/v1/coin-deposits/${charge.depositId}/withdrawal`,
      headers: fan.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const request = response.json<CoinRefund>();
    expect(request.destination).toEqual({ kind: 'ORIGINAL_METHOD', methods: ['withoutbankbook'] });
    const atProvider = await refundAtProvider(request.id);
    expect(atProvider.statusCode).toBe(409);
    expect(atProvider.json().code).toBe('NOT_REFUNDABLE_AT_PROVIDER');
    const paid = await markPaid(request.id);
    expect(paid.statusCode, paid.body).toBe(200);
    await ledgerIsClean();
  });
});

describe('GET /api/admin/payment-reversals/shortfalls', () => {
  it('lists refunds that found the coins spent, newest first, page by page', async () => {
    const fan = await createAccount(testApp.app);
    const paymentId = await paidCard(fan);
    await holdForMission(db(), {
      userId: fan.id,
      missionId: (missionIds += 1),
      coins: 10,
      idempotencyKey: `test-spend:${missionIds}`,
      now: new Date(),
    });
    portOne.cancelAtProvider(paymentId);
    expect((await portOneWebhook('Transaction.Cancelled', paymentId)).statusCode).toBe(200);
    for (const account of [finance, operator]) {
      const response = await inject({
        method: 'GET',
        url: '/api/admin/payment-reversals/shortfalls?limit=1',
        headers: account.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AdminReversalShortfall[]>()).toEqual([
        expect.objectContaining({
          paymentId,
          userId: fan.id,
          provider: 'portone',
          currency: 'KRW',
          amount: 1000,
          coinsAsked: 10,
          coinsTaken: 0,
          shortfallCoins: 10,
        }),
      ]);
    }
    const [first] = (
      await inject({ method: 'GET', url: '/api/admin/payment-reversals/shortfalls', headers: finance.headers })
    ).json<AdminReversalShortfall[]>();
    const older = await inject({
      method: 'GET',
      url: `/api/admin/payment-reversals/shortfalls?beforeId=${first!.id}`,
      headers: finance.headers,
    });
    expect(older.json<AdminReversalShortfall[]>().every((row) => row.id < first!.id)).toBe(true);
  });

  it('checks its query and is for staff only', async () => {
    const fan = await createAccount(testApp.app);
    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'beforeId=-1']) {
      const response = await inject({
        method: 'GET',
        url: `/api/admin/payment-reversals/shortfalls?${query}`,
        headers: { ...finance.headers, 'accept-language': 'en' },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().subErrors?.[0]?.field, query).toMatch(/limit|beforeId/);
      expect(response.json().subErrors[0].message, query).not.toMatch(/[가-힣]/);
    }
    expect((await inject({ method: 'GET', url: '/api/admin/payment-reversals/shortfalls' })).statusCode).toBe(401);
    const byFan = await inject({ method: 'GET', url: '/api/admin/payment-reversals/shortfalls', headers: fan.headers });
    expect(byFan.statusCode).toBe(403);
  });
});

describe('the sandbox provider refunds part of a checkout too (its test mode, as in development)', () => {
  let sandboxApp: TestApp;
  let sandboxFinance: TestAccount;
  const sandboxDb = () => sandboxApp.database.db;

  beforeAll(async () => {
    sandboxApp = await createTestApp();
    sandboxFinance = await createAccount(sandboxApp.app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  });
  afterAll(async () => {
    await sandboxApp?.app.close();
    await sandboxApp?.database.drop();
  });

  it('refunds part of a sandbox checkout, as the sandbox provider’s test mode records it', async () => {
    const fan = await createAccount(sandboxApp.app);
    const charge = await chargeCoins(sandboxDb(), {
      userId: fan.id,
      coins: 100,
      at: new Date(Date.now() - 86_400_000),
    });
    const payment = await sandboxDb()
      .selectFrom('payments')
      .select(['id', 'amount', 'currency'])
      .where('user_id', '=', fan.id)
      .executeTakeFirstOrThrow();
    // The sandbox's own record of the paid checkout (what its checkout page writes when the payer approves).
    await sandboxDb()
      .insertInto('sandbox_checkouts')
      .values({
        payment_id: payment.id,
        status: 'paid',
        amount: payment.amount,
        currency: 'KRW',
        decided_at: new Date(),
      })
      .execute();
    expect(charge.depositId).toBeGreaterThan(0);
    const request = await refundHeldAt(sandboxApp, fan);
    // 100 coins, fee 3: 97 coins of the charge's money go back.
    const expected = Math.floor((payment.amount * 97) / 100);
    expect(request.parts).toEqual([
      expect.objectContaining({ provider: 'sandbox', currency: 'KRW', amount: expected }),
    ]);
    const response = await sandboxApp.app.inject({
      method: 'POST',
      url: `/api/admin/coin-refunds/${request.id}/provider-refund`,
      headers: sandboxFinance.headers,
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    const sandboxRefunds = await sandboxDb()
      .selectFrom('sandbox_refunds')
      .select(['amount'])
      .where('payment_id', '=', payment.id)
      .execute();
    expect(sandboxRefunds).toEqual([{ amount: expected }]);
    const checkout = await sandboxDb()
      .selectFrom('sandbox_checkouts')
      .select('status')
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(checkout.status).toBe('paid');
    expect((await verify(sandboxDb())).differences).toEqual([]);
  });
});
