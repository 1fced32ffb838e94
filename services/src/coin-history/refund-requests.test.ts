import type { CoinLotsResponse, CoinRefund, Page } from '@fanmission/contracts';
import { verify, walletAccount } from '@fanmission/ledger';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { chargeCoins, DAY_MS, plus, spendCoins, walletCoins as walletCoinsOf } from '@fanmission/tests/support/coins';

/*
 * The fan's side of refund requests: a partial refund names the bank account it is paid to, the fan lists
 * his requests with their status, finance may refuse one with a reason (the coins it took go back to the wallet by a
 * balanced REFUND_RETURN, once), and the fan then corrects the account, which takes the coins again.
 */

const clock = { now: new Date('2026-03-10T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const inject = (options: InjectOptions) => testApp.current.app.inject(options);
const db = () => testApp.current.database.db;

const ACCOUNT = { bankName: 'KB국민은행', bankAccountHolder: '홍길동', bankAccountNumber: '12345678901234' };

const partialRefund = (fan: TestAccount | undefined, payload: unknown, language = 'en') =>
  inject({
    method: 'POST',
    url: '/api/v1/users/me/coins/partial-refund',
    headers: { 'accept-language': language, ...(fan && fan.headers) },
    payload: payload as Record<string, unknown>,
  });

async function coinLots(fan: TestAccount): Promise<CoinLotsResponse> {
  const response = await inject({ method: 'GET', url: '/api/v1/users/me/coin-lots', headers: fan.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The fan's refund requests as stored, with the account columns. */
const refundRows = (userId: number) =>
  db()
    .selectFrom('coin_refunds')
    .select(['id', 'destination_kind', 'destination_methods', 'bank_name', 'bank_account_number'])
    .where('user_id', '=', userId)
    .execute();

const myRefunds = (fan: TestAccount | undefined, query = '') =>
  inject({ method: 'GET', url: `/api/v1/users/me/coin-refunds${query}`, headers: fan?.headers ?? {} });

const walletCoins = (userId: number) => walletCoinsOf(db(), userId);

describe('a partial refund to the fan’s bank account', () => {
  let fan: TestAccount;
  let finance: TestAccount;
  let refund: CoinRefund;

  beforeAll(async () => {
    const { app } = testApp.current;
    fan = await createAccount(app);
    finance = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  });

  it('refuses a missing or invalid account with field errors in ko, en and ja', async () => {
    // A bank deposit: no provider can take it back, so the request goes to the account the fan gives.
    await chargeCoins(db(), { userId: fan.id, coins: 500, at: plus(clock.now, -10 * DAY_MS), via: 'bank' });
    await spendCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -DAY_MS) });

    expect((await coinLots(fan)).partialRefund.destination).toEqual({ kind: 'BANK_ACCOUNT' });
    // Without the account it needs: 400 naming the field in the caller's language, and nothing refunded.
    const needed: Record<string, { message: string; subErrors: { field: string; message: string }[] }> = {};
    for (const language of ['ko', 'en', 'ja']) {
      const missing = await partialRefund(fan, {}, language);
      expect(missing.statusCode).toBe(400);
      needed[language] = missing.json();
      expect(needed[language]!.subErrors.map((error) => error.field)).toEqual(['bankAccount']);
    }
    expect(needed.ko).toMatchObject({
      message: expect.stringContaining('환불받을 계좌를 입력해 주세요.'),
      subErrors: [{ message: '환불받을 계좌를 입력해 주세요.' }],
    });
    expect(needed.en).toMatchObject({
      code: 'VALIDATION_FAILED',
      subErrors: [{ message: 'Enter the bank account to refund to.' }],
    });
    expect(needed.ja).toMatchObject({ subErrors: [{ message: '返金先の口座を入力してください。' }] });
    expect(await refundRows(fan.id)).toEqual([]);

    const invalid = { bankName: 'Nowhere Bank', bankAccountHolder: ' ', bankAccountNumber: '12-34' };
    const messages: Record<string, string[]> = {};
    for (const language of ['ko', 'en', 'ja']) {
      const response = await partialRefund(fan, { bankAccount: invalid }, language);
      expect(response.statusCode).toBe(400);
      const subErrors = response.json<{ subErrors: { field: string; message: string }[] }>().subErrors;
      expect(subErrors.map((error) => error.field).sort()).toEqual([
        'bankAccount.bankAccountHolder',
        'bankAccount.bankAccountNumber',
        'bankAccount.bankName',
      ]);
      messages[language] = subErrors.map((error) => error.message);
    }
    expect(messages.en).toContain('Choose a bank from the list.');
    expect(messages.ko).toContain('목록에 있는 은행을 선택해 주세요.');
    expect(messages.ja).toContain('リストから銀行を選択してください。');

    const unknownField = await partialRefund(fan, { bankAccount: ACCOUNT, extra: 1 });
    expect(unknownField.statusCode).toBe(400);
    expect((await partialRefund(undefined, { bankAccount: ACCOUNT })).statusCode).toBe(401);
    // Nothing moved.
    expect(await walletCoins(fan.id)).toBe(400);
  });

  it('moves exactly the held coins out of the wallet and records the account', async () => {
    const response = await partialRefund(fan, { bankAccount: ACCOUNT });
    expect(response.statusCode).toBe(200);
    refund = response.json<CoinRefund>();
    // 400 held CASH coins: 3 % is 12 coins, 388 coins (38,800 won) go back.
    expect(refund).toMatchObject({
      kind: 'PARTIAL_REFUND',
      status: 'requested',
      coins: 400,
      feeCoins: 12,
      refundCoins: 388,
      amount: 38_800,
      bankAccount: ACCOUNT,
      destination: { kind: 'BANK_ACCOUNT', account: ACCOUNT },
      refusedAt: null,
      refusalReason: null,
    });
    expect(refund.parts).toEqual([expect.objectContaining({ via: 'BANK_TRANSFER', currency: 'KRW', amount: 38_800 })]);
    expect(await walletCoins(fan.id)).toBe(0);
    const report = await verify(db());
    expect(report.differences).toEqual([]);
  });

  it('lists the fan’s own requests, newest first, and no one else’s', async () => {
    const response = await myRefunds(fan);
    expect(response.statusCode).toBe(200);
    const page = response.json<Page<CoinRefund>>();
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toEqual(refund);

    const other = await createAccount(testApp.current.app);
    expect((await myRefunds(other)).json<Page<CoinRefund>>().content).toEqual([]);
    expect((await myRefunds(undefined)).statusCode).toBe(401);
    const badPage = await myRefunds(fan, '?page=-1');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().subErrors[0].field).toBe('page');
  });

  it('lets finance refuse it with a reason the fan reads (coins back); the fan corrects his account', async () => {
    const url = `/api/admin/coin-refunds/${refund.id}`;
    const noReason = await inject({ method: 'PUT', url, headers: finance.headers, payload: { status: 'refused' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().subErrors[0].field).toBe('refusalReason');
    expect(
      (await inject({ method: 'PUT', url, headers: fan.headers, payload: { status: 'refused', refusalReason: 'x' } }))
        .statusCode,
    ).toBe(403);

    clock.now = plus(clock.now, DAY_MS);
    const refused = await inject({
      method: 'PUT',
      url,
      headers: finance.headers,
      payload: { status: 'refused', refusalReason: 'The holder does not match the account.' },
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', refusedAt: clock.now.toISOString() });
    // The 400 coins are back in the wallet, fee included, by one balanced transaction; refusing again (a double
    // click) returns nothing more.
    expect(await walletCoins(fan.id)).toBe(400);
    const again = await inject({
      method: 'PUT',
      url,
      headers: finance.headers,
      payload: { status: 'refused', refusalReason: 'The holder does not match the account.' },
    });
    expect(again.statusCode).toBe(200);
    expect(await walletCoins(fan.id)).toBe(400);
    const returns = await db()
      .selectFrom('ledger_transactions')
      .select(['id', 'metadata'])
      .where('type', '=', 'REFUND_RETURN')
      .execute();
    expect(returns).toHaveLength(1);
    expect(returns[0]!.metadata).toMatchObject({ userId: fan.id, refundId: refund.id, refundType: 'PARTIAL_REFUND' });
    expect((await verify(db())).differences).toEqual([]);
    // Refused cannot be marked paid before the account is corrected.
    const paidTooSoon = await inject({ method: 'PUT', url, headers: finance.headers, payload: { status: 'paid' } });
    expect(paidTooSoon.statusCode).toBe(409);

    const mine = (await myRefunds(fan)).json<Page<CoinRefund>>().content[0]!;
    expect(mine).toMatchObject({ status: 'refused', refusalReason: 'The holder does not match the account.' });

    const correct = (who: TestAccount | undefined, body: unknown, id = refund.id) =>
      inject({
        method: 'PUT',
        url: `/api/v1/users/me/coin-refunds/${id}/bank-account`,
        headers: { 'accept-language': 'en', ...(who?.headers ?? {}) },
        payload: body as Record<string, unknown>,
      });
    const stranger = await createAccount(testApp.current.app);
    expect((await correct(stranger, ACCOUNT)).statusCode).toBe(404);
    expect((await correct(fan, ACCOUNT, 999_999)).statusCode).toBe(404);
    expect((await correct(undefined, ACCOUNT)).statusCode).toBe(401);
    expect((await correct(fan, { ...ACCOUNT, bankAccountNumber: 'abc' })).statusCode).toBe(400);

    // Somebody else's account is refused before anything moves: the bank names its holder, not the fan.
    const strangers = await correct(fan, { ...ACCOUNT, bankAccountHolder: '김다름' });
    expect(strangers.statusCode).toBe(400);
    expect(strangers.json().subErrors[0].field).toBe('bankAccount.bankAccountHolder');
    expect(await walletCoins(fan.id)).toBe(400);

    const ownOtherAccount = { ...ACCOUNT, bankAccountNumber: '98765432101' };
    const corrected = await correct(fan, ownOtherAccount);
    expect(corrected.statusCode).toBe(200);
    // Asked again: the coins he holds now leave the wallet once more, same amounts.
    expect(corrected.json<CoinRefund>()).toMatchObject({
      status: 'requested',
      refusalReason: null,
      coins: 400,
      amount: 38_800,
      bankAccount: ownOtherAccount,
      destination: { kind: 'BANK_ACCOUNT', account: ownOtherAccount },
    });
    expect(await walletCoins(fan.id)).toBe(0);
    // Not refused any more: nothing to correct.
    const correctedAgain = await correct(fan, ACCOUNT);
    expect(correctedAgain.statusCode).toBe(409);
    expect(correctedAgain.json().message).toBe(
      'Only a refund request finance could not pay takes a corrected account.',
    );
    expect((await verify(db())).differences).toEqual([]);

    const paid = await inject({ method: 'PUT', url, headers: finance.headers, payload: { status: 'paid' } });
    expect(paid.statusCode).toBe(200);
    const refusePaid = await inject({
      method: 'PUT',
      url,
      headers: finance.headers,
      payload: { status: 'refused', refusalReason: 'late' },
    });
    expect(refusePaid.statusCode).toBe(409);
    expect((await myRefunds(fan)).json<Page<CoinRefund>>().content[0]).toMatchObject({ status: 'paid' });
    // The wallet never moved again.
    expect(await walletCoins(fan.id)).toBe(0);
  });

  it('gives a refused withdrawal’s coins back to the charge they came from, with its expiry', async () => {
    const other = await createAccount(testApp.current.app);
    const charge = await chargeCoins(db(), { userId: other.id, coins: 100, at: plus(clock.now, -DAY_MS) });
    const lotBefore = await db()
      .selectFrom('ledger_lots')
      .select(['id', 'remaining', 'expires_at'])
      .where('account', '=', walletAccount(other.id))
      .executeTakeFirstOrThrow();
    const withdrawn = await inject({
      method: 'POST',
      url: `/api/v1/coin-deposits/${charge.depositId}/withdrawal`,
      headers: other.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(await walletCoins(other.id)).toBe(0);
    const refused = await inject({
      method: 'PUT',
      url: `/api/admin/coin-refunds/${withdrawn.json<CoinRefund>().id}`,
      headers: finance.headers,
      payload: { status: 'refused', refusalReason: 'The card company refused the cancellation.' },
    });
    expect(refused.statusCode).toBe(200);
    expect(await walletCoins(other.id)).toBe(100);
    const lotAfter = await db()
      .selectFrom('ledger_lots')
      .select(['id', 'remaining', 'expires_at'])
      .where('account', '=', walletAccount(other.id))
      .executeTakeFirstOrThrow();
    expect(lotAfter).toEqual({ ...lotBefore, remaining: 100 });
    expect((await verify(db())).differences).toEqual([]);
  });

  it('takes no account for a withdrawal', async () => {
    const other = await createAccount(testApp.current.app);
    const charge = await chargeCoins(db(), { userId: other.id, coins: 100, at: plus(clock.now, -DAY_MS) });
    const withdrawn = await inject({
      method: 'POST',
      url: `/api/v1/coin-deposits/${charge.depositId}/withdrawal`,
      headers: other.headers,
    });
    expect(withdrawn.json<CoinRefund>()).toMatchObject({
      kind: 'WITHDRAWAL',
      bankAccount: null,
      destination: { kind: 'ORIGINAL_METHOD', methods: ['card'] },
      coins: 100,
    });
    expect(await walletCoins(other.id)).toBe(0);
    const response = await inject({
      method: 'PUT',
      url: `/api/v1/users/me/coin-refunds/${withdrawn.json<CoinRefund>().id}/bank-account`,
      headers: other.headers,
      payload: ACCOUNT,
    });
    expect(response.statusCode).toBe(409);
    expect((await verify(db())).differences).toEqual([]);
  });
});

describe('where a partial refund goes, known before the fan gives an account', () => {
  it('says a card-only refund goes back to the card, and takes it without an account', async () => {
    const fan = await createAccount(testApp.current.app);
    await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -10 * DAY_MS) });
    await chargeCoins(db(), { userId: fan.id, coins: 300, at: plus(clock.now, -2 * DAY_MS) });
    const preview = (await coinLots(fan)).partialRefund;
    expect(preview).toMatchObject({ cashCoins: 400, refundAmount: 38_800 });
    expect(preview.destination).toEqual({ kind: 'ORIGINAL_METHOD', methods: ['card'] });

    const response = await partialRefund(fan, {});
    expect(response.statusCode, response.body).toBe(200);
    const refund = response.json<CoinRefund>();
    expect(refund).toMatchObject({
      kind: 'PARTIAL_REFUND',
      coins: 400,
      amount: 38_800,
      bankAccount: null,
      destination: { kind: 'ORIGINAL_METHOD', methods: ['card'] },
    });
    expect(refund.parts.map((part) => part.via)).toEqual(['PROVIDER', 'PROVIDER']);
    expect(await walletCoins(fan.id)).toBe(0);
    // Nothing left to refund: the preview names no destination.
    expect((await coinLots(fan)).partialRefund).toMatchObject({ cashCoins: 0, destination: null });
  });

  it('keeps no account sent for a refund that goes back to the payment methods', async () => {
    const fan = await createAccount(testApp.current.app);
    await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -10 * DAY_MS) });
    const response = await partialRefund(fan, { bankAccount: ACCOUNT });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CoinRefund>()).toMatchObject({
      bankAccount: null,
      destination: { kind: 'ORIGINAL_METHOD', methods: ['card'] },
    });
    expect(await refundRows(fan.id)).toEqual([
      expect.objectContaining({ destination_kind: 'ORIGINAL_METHOD', bank_name: null, bank_account_number: null }),
    ]);
  });

  it('asks the account when a bank deposit came in after the preview; the same key then refunds once', async () => {
    const fan = await createAccount(testApp.current.app);
    await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -10 * DAY_MS) });
    expect((await coinLots(fan)).partialRefund.destination).toEqual({ kind: 'ORIGINAL_METHOD', methods: ['card'] });
    // Between the preview and the send, finance confirms a bank deposit: the request now goes to an account.
    await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(clock.now, -DAY_MS), via: 'bank' });
    const send = (payload: unknown) =>
      inject({
        method: 'POST',
        url: '/api/v1/users/me/coins/partial-refund',
        headers: { ...fan.headers, 'accept-language': 'ko', 'idempotency-key': 'dialog-1' },
        payload: payload as Record<string, unknown>,
      });
    const missing = await send({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().subErrors).toEqual([{ field: 'bankAccount', message: '환불받을 계좌를 입력해 주세요.' }]);
    // Nothing moved or was recorded; the preview, read again, asks the account.
    expect(await walletCoins(fan.id)).toBe(200);
    expect(await refundRows(fan.id)).toEqual([]);
    // The card's 100 coins still go back to the card; the deposit's 100, less their 3-coin share of the fee, to the
    // account.
    expect((await coinLots(fan)).partialRefund.destination).toEqual({
      kind: 'SPLIT',
      methods: ['card'],
      toAccountAmount: 9_700,
    });

    const sent = await send({ bankAccount: ACCOUNT });
    expect(sent.statusCode, sent.body).toBe(200);
    const refund = sent.json<CoinRefund>();
    expect(refund).toMatchObject({
      coins: 200,
      bankAccount: ACCOUNT,
      destination: { kind: 'SPLIT', methods: ['card'], account: ACCOUNT },
    });
    // A retry with the same key answers the recorded request, with or without the account.
    for (const payload of [{ bankAccount: ACCOUNT }, {}]) {
      const replay = await send(payload);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toEqual(refund);
    }
    expect(await refundRows(fan.id)).toHaveLength(1);
    expect(await walletCoins(fan.id)).toBe(0);
    expect((await verify(db())).differences).toEqual([]);
  });
});
