import type { CoinRefund } from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import {
  chargebackAtSandbox,
  chargeCoins,
  DAY_MS,
  plus,
  recordSandboxCheckout,
  spendCoins,
  TEST_DEPOSITOR_NAME,
  walletCoins as walletCoinsOf,
} from '@fanmission/tests/support/coins';
import { identityNameHmac } from '../creators';
import { paymentProvidersFor, reconcileProviderRefunds, findPaymentOrder } from '../payments';

/*
 * Money leaves the way it came: a partial refund sends each card charge's part back through its provider, only the
 * coins of bank deposits (and of billed phone charges) to a bank account, and only to an account the bank's holder
 * look-up shows is the fan's own (his verified name, or the depositor name of the deposits it pays back).
 */

const clock = { now: new Date('2026-03-10T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const inject = (options: InjectOptions) => testApp.current.app.inject(options);
const db = () => testApp.current.database.db;

/** The depositor name of `chargeCoins`' bank deposits. */
const DEPOSITOR = TEST_DEPOSITOR_NAME;
const OWN_ACCOUNT = { bankName: '우리은행', bankAccountHolder: DEPOSITOR, bankAccountNumber: '1002123456789' };
/** Somebody else's account: the sandbox's bank answers the holder typed for it. */
const STRANGERS_ACCOUNT = { bankName: '우리은행', bankAccountHolder: '김다름', bankAccountNumber: '1002999888777' };
/** The sandbox's bank says this number is held by 김다름, whatever the fan types. */
const MISLABELLED_ACCOUNT = { bankName: '우리은행', bankAccountHolder: DEPOSITOR, bankAccountNumber: '1002000007777' };

const partialRefund = (fan: TestAccount, payload: unknown, language = 'en', key?: string) =>
  inject({
    method: 'POST',
    url: '/api/v1/users/me/coins/partial-refund',
    headers: { 'accept-language': language, ...fan.headers, ...(key && { 'idempotency-key': key }) },
    payload: payload as Record<string, unknown>,
  });

const walletCoins = (userId: number) => walletCoinsOf(db(), userId);

const refundCount = async (userId: number) =>
  (await db().selectFrom('coin_refunds').select('id').where('user_id', '=', userId).execute()).length;

/** A fan with 1,000 coins bought by card (paid at the sandbox provider) and one 10-coin bank deposit. */
/** Finance's "Refund at provider" of a request. */
const refundAtProvider = (finance: TestAccount, refundId: number) =>
  inject({
    method: 'POST',
    url: `/api/admin/coin-refunds/${refundId}/provider-refund`,
    headers: finance.headers,
    payload: { reason: 'partial refund' },
  });

async function cardAndDepositFan(): Promise<TestAccount> {
  const fan = await createAccount(testApp.current.app);
  const card = await chargeCoins(db(), { userId: fan.id, coins: 1000, at: plus(clock.now, -3 * DAY_MS) });
  await recordSandboxCheckout(db(), card.paymentId, clock.now);
  await chargeCoins(db(), { userId: fan.id, coins: 10, at: plus(clock.now, -DAY_MS), via: 'bank' });
  return fan;
}

describe('a partial refund of card coins and a bank deposit', () => {
  it('never sends the card charge to an account, and refuses somebody else’s account', async () => {
    const fan = await cardAndDepositFan();
    for (const [language, message] of [
      ['ko', '환불받을 계좌의 예금주가'],
      ['en', 'The bank says this account is not held by you'],
      ['ja', '口座名義'],
    ] as const) {
      for (const account of [STRANGERS_ACCOUNT, MISLABELLED_ACCOUNT]) {
        const response = await partialRefund(fan, { bankAccount: account }, language);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          subErrors: [{ field: 'bankAccount.bankAccountHolder', message: expect.stringContaining(message) }],
        });
      }
    }
    // Nothing moved, nothing recorded.
    expect(await walletCoins(fan.id)).toBe(1010);
    expect(await refundCount(fan.id)).toBe(0);
  });

  it('splits the request: the card part back to the card, the deposit’s part to the fan’s own account', async () => {
    const fan = await cardAndDepositFan();
    const preview = (await inject({ method: 'GET', url: '/api/v1/users/me/coin-lots', headers: fan.headers })).json()
      .partialRefund;
    expect(preview.destination).toEqual({ kind: 'SPLIT', methods: ['card'], toAccountAmount: 1_000 });

    const response = await partialRefund(fan, { bankAccount: OWN_ACCOUNT });
    expect(response.statusCode, response.body).toBe(200);
    const refund = response.json<CoinRefund>();
    // 1,010 coins, 3 % fee = 30 coins, shared pro rata: 30 on the card's 1,000, 0 on the deposit's 10.
    expect(refund).toMatchObject({
      coins: 1010,
      feeCoins: 30,
      amount: 98_000,
      destination: { kind: 'SPLIT', methods: ['card'], account: OWN_ACCOUNT },
    });
    const byVia = Object.fromEntries(refund.parts.map((part) => [part.via, part]));
    expect(byVia.PROVIDER).toMatchObject({ coins: 1000, feeCoins: 30, currency: 'KRW', amount: 97_000 });
    expect(byVia.BANK_TRANSFER).toMatchObject({ paymentId: null, coins: 10, feeCoins: 0, amount: 1_000 });
    expect(await walletCoins(fan.id)).toBe(0);
    expect((await verify(db())).differences).toEqual([]);
  });

  it('lets finance mark the account part paid only after the card part went back through its provider', async () => {
    const fan = await cardAndDepositFan();
    const finance = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const refund = (await partialRefund(fan, { bankAccount: OWN_ACCOUNT })).json<CoinRefund>();
    const url = `/api/admin/coin-refunds/${refund.id}`;
    const paidFirst = await inject({ method: 'PUT', url, headers: finance.headers, payload: { status: 'paid' } });
    expect(paidFirst.statusCode).toBe(409);
    expect(paidFirst.json().code).toBe('PROVIDER_PART_OPEN');

    const atProvider = await refundAtProvider(finance, refund.id);
    expect(atProvider.statusCode, atProvider.body).toBe(200);
    // The card part went back; the account's part is still to send.
    expect(atProvider.json()).toMatchObject({ status: 'requested' });

    const paid = await inject({ method: 'PUT', url, headers: finance.headers, payload: { status: 'paid' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid' });
  });
});

describe('the account a refund to a bank goes to', () => {
  it('is the fan’s when its holder is the name his identity check verified', async () => {
    const fan = await createAccount(testApp.current.app);
    await db()
      .updateTable('users')
      .set({ identity_name_hmac: identityNameHmac(testApp.current.config, '김본인') })
      .where('id', '=', fan.id)
      .execute();
    // Deposited under another name (a parent's): the account in his own verified name is his.
    await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -DAY_MS), via: 'bank' });
    const account = { bankName: 'KB국민은행', bankAccountHolder: '김 본인', bankAccountNumber: '12345678901234' };
    const response = await partialRefund(fan, { bankAccount: account });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ destination: { kind: 'BANK_ACCOUNT' }, amount: 9_700 });
  });

  it('cannot be looked up while the bank does not answer: 503, nothing moved', async () => {
    const fan = await createAccount(testApp.current.app);
    await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -DAY_MS), via: 'bank' });
    const response = await partialRefund(fan, {
      bankAccount: { ...OWN_ACCOUNT, bankAccountNumber: '1002000000408' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('BANK_LOOKUP_UNAVAILABLE');
    expect(await walletCoins(fan.id)).toBe(100);
    expect(await refundCount(fan.id)).toBe(0);
  });

  it('refuses billed phone coins of a member with no verified name and no deposit', async () => {
    const fan = await createAccount(testApp.current.app);
    const charge = await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -40 * DAY_MS) });
    await db().updateTable('payments').set({ pay_method: 'phone' }).where('id', '=', charge.paymentId).execute();
    const response = await partialRefund(fan, {
      bankAccount: { ...OWN_ACCOUNT, bankAccountHolder: '김본인' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors[0].field).toBe('bankAccount.bankAccountHolder');
    expect(await walletCoins(fan.id)).toBe(100);
  });
});

describe('a request written before accounts were checked', () => {
  it('cannot be marked paid; finance refuses it and the fan asks again with his own account', async () => {
    const fan = await createAccount(testApp.current.app);
    const finance = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -DAY_MS), via: 'bank' });
    const refund = (await partialRefund(fan, { bankAccount: OWN_ACCOUNT })).json<CoinRefund>();
    // As migration 0560 leaves the requests written before it: no record of whose account it is.
    await db()
      .updateTable('coin_refunds')
      .set({ bank_account_verified_as: null, bank_account_verified_at: null, bank_account_holder: '김다름' })
      .where('id', '=', refund.id)
      .execute();
    const url = `/api/admin/coin-refunds/${refund.id}`;
    const view = await inject({ method: 'GET', url, headers: finance.headers });
    expect(view.json()).toMatchObject({ accountVerifiedAs: null });
    const paid = await inject({ method: 'PUT', url, headers: finance.headers, payload: { status: 'paid' } });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('REFUND_ACCOUNT_UNVERIFIED');
    const refused = await inject({
      method: 'PUT',
      url,
      headers: finance.headers,
      payload: { status: 'refused', refusalReason: 'Give an account in your own name.' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await walletCoins(fan.id)).toBe(100);
    const again = await inject({
      method: 'PUT',
      url: `/api/v1/users/me/coin-refunds/${refund.id}/bank-account`,
      headers: fan.headers,
      payload: OWN_ACCOUNT,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await inject({ method: 'GET', url, headers: finance.headers })).json()).toMatchObject({
      status: 'requested',
      accountVerifiedAs: 'DEPOSITOR_NAME',
    });
    const paidNow = await inject({ method: 'PUT', url, headers: finance.headers, payload: { status: 'paid' } });
    expect(paidNow.statusCode, paidNow.body).toBe(200);
    expect((await verify(db())).differences).toEqual([]);
  });
});

describe('a chargeback of a card charge a pending partial refund holds coins of', () => {
  /** The payer's bank takes the charge back and the app reconciles it, as its webhook and sweeper do. */
  async function chargeBack(paymentId: string) {
    await chargebackAtSandbox(db(), paymentId, clock.now);
    const { ctx } = testApp.current.app;
    const payment = await findPaymentOrder(db(), paymentId);
    return await reconcileProviderRefunds(ctx, paymentProvidersFor(ctx), payment!);
  }
  const reversalsOf = (paymentId: string) =>
    db()
      .selectFrom('payment_reversals')
      .select(['origin', 'kind', 'amount', 'coins_asked', 'coins_taken', 'shortfall_coins'])
      .where('payment_id', '=', paymentId)
      .orderBy('id')
      .execute();
  const statusOf = async (refundId: number) =>
    (await db().selectFrom('coin_refunds').select('status').where('id', '=', refundId).executeTakeFirstOrThrow())
      .status;

  it('refuses the request, gives its coins back to the charge’s lot and takes them: no shortfall', async () => {
    const fan = await createAccount(testApp.current.app);
    const finance = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const card = await chargeCoins(db(), { userId: fan.id, coins: 1000, at: plus(clock.now, -3 * DAY_MS) });
    await recordSandboxCheckout(db(), card.paymentId, clock.now);
    await chargeCoins(db(), { userId: fan.id, coins: 10, at: plus(clock.now, -DAY_MS), via: 'bank' });
    const refund = (await partialRefund(fan, { bankAccount: OWN_ACCOUNT })).json<CoinRefund>();
    expect(refund.parts.find((part) => part.via === 'PROVIDER')).toMatchObject({ coins: 1000, amount: 97_000 });
    expect(await walletCoins(fan.id)).toBe(0);

    await chargeBack(card.paymentId);

    expect(await statusOf(refund.id)).toBe('refused');
    // The chargeback took the 1,000 coins of the card's lot the refusal gave back; the deposit's 10 stay his.
    expect(await reversalsOf(card.paymentId)).toEqual([
      {
        origin: 'provider',
        kind: 'CHARGEBACK',
        amount: 100_000,
        coins_asked: 1000,
        coins_taken: 1000,
        shortfall_coins: 0,
      },
    ]);
    expect(await walletCoins(fan.id)).toBe(10);
    expect((await verify(db())).differences).toEqual([]);
    // The fan reads why, in his language, and may ask again for the rest.
    for (const [language, text] of [
      ['ko', '카드사'],
      ['en', 'card company'],
      ['ja', 'カード会社'],
    ] as const) {
      const mine = await inject({
        method: 'GET',
        url: '/api/v1/users/me/coin-refunds',
        headers: { 'accept-language': language, ...fan.headers },
      });
      expect(mine.statusCode, mine.body).toBe(200);
      const listed = mine.json<{ content: CoinRefund[] }>().content.find((row) => row.id === refund.id);
      expect(listed).toMatchObject({ status: 'refused', refusalReason: expect.stringContaining(text) });
    }
    // Finance meets a closed request, not a provider that refuses.
    const atProvider = await refundAtProvider(finance, refund.id);
    expect(atProvider.statusCode, atProvider.body).toBe(409);
    // Reconciled again (a second webhook, the sweeper): nothing changes.
    expect(await chargeBack(card.paymentId)).toEqual([]);
    expect(await reversalsOf(card.paymentId)).toHaveLength(1);
    expect(await walletCoins(fan.id)).toBe(10);
    expect(await statusOf(refund.id)).toBe('refused');
    expect((await verify(db())).differences).toEqual([]);
  });

  it('finance’s refund at the provider before the chargeback’s notice came: 409, the request refused', async () => {
    const fan = await createAccount(testApp.current.app);
    const finance = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const card = await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -DAY_MS) });
    await recordSandboxCheckout(db(), card.paymentId, clock.now);
    await spendCoins(db(), { userId: fan.id, coins: 40, at: clock.now });
    const refund = (await partialRefund(fan, {})).json<CoinRefund>();
    // The payer's bank took the charge back; no webhook has told the app yet.
    await chargebackAtSandbox(db(), card.paymentId, clock.now);

    const atProvider = await refundAtProvider(finance, refund.id);
    expect(atProvider.statusCode, atProvider.body).toBe(409);
    expect(await statusOf(refund.id)).toBe('refused');
    // The 60 coins the request held came back to the charge's lot and were taken; the 40 he spent are the shortfall.
    expect(await reversalsOf(card.paymentId)).toEqual([
      {
        origin: 'provider',
        kind: 'CHARGEBACK',
        amount: 10_000,
        coins_asked: 100,
        coins_taken: 60,
        shortfall_coins: 40,
      },
    ]);
    expect(await walletCoins(fan.id)).toBe(0);
    expect((await verify(db())).differences).toEqual([]);
  });

  it('leaves a request whose refund at the provider is under way', async () => {
    const fan = await createAccount(testApp.current.app);
    const card = await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -DAY_MS) });
    await recordSandboxCheckout(db(), card.paymentId, clock.now);
    const refund = (await partialRefund(fan, {})).json<CoinRefund>();
    // Finance's "Refund at provider" holds the request (its claim), its call to the provider not answered yet.
    await db()
      .updateTable('coin_refunds')
      .set({ provider_refund_claimed_at: clock.now })
      .where('id', '=', refund.id)
      .execute();

    await chargeBack(card.paymentId);

    expect(await statusOf(refund.id)).toBe('requested');
    // The request's coins stay accounted for by its app refund: the chargeback asks none of them.
    expect(await reversalsOf(card.paymentId)).toEqual([
      { origin: 'app', kind: 'REFUND', amount: 9_700, coins_asked: 100, coins_taken: 100, shortfall_coins: 0 },
      { origin: 'provider', kind: 'CHARGEBACK', amount: 10_000, coins_asked: 0, coins_taken: 0, shortfall_coins: 0 },
    ]);
    expect(await walletCoins(fan.id)).toBe(0);
    expect((await verify(db())).differences).toEqual([]);
  });

  it('leaves a request whose parts are on other charges', async () => {
    const fan = await createAccount(testApp.current.app);
    const first = await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -2 * DAY_MS) });
    await recordSandboxCheckout(db(), first.paymentId, clock.now);
    const refund = (await partialRefund(fan, {})).json<CoinRefund>();
    const second = await chargeCoins(db(), { userId: fan.id, coins: 50, at: plus(clock.now, -DAY_MS) });
    await recordSandboxCheckout(db(), second.paymentId, clock.now);

    await chargeBack(second.paymentId);

    expect(await statusOf(refund.id)).toBe('requested');
    expect(await reversalsOf(second.paymentId)).toEqual([
      { origin: 'provider', kind: 'CHARGEBACK', amount: 5_000, coins_asked: 50, coins_taken: 50, shortfall_coins: 0 },
    ]);
    expect(await walletCoins(fan.id)).toBe(0);
    expect((await verify(db())).differences).toEqual([]);
  });
});
