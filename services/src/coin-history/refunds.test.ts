import type { CoinLotsResponse, CoinRefund } from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import {
  chargeCoins,
  DAY_MS,
  freeCoinsDeposit,
  grantFreeCoins,
  plus,
  spendCoins,
} from '@fanmission/tests/support/coins';

const BANK_ACCOUNT = { bankName: '신한은행', bankAccountHolder: '김팬', bankAccountNumber: '110123456789' };
const start = new Date('2026-03-10T03:00:00Z'); // a Tuesday, 12:00 in Korea
const clock = { now: start };
const testApp = useTestApp({ now: () => clock.now });
const db = () => testApp.current.database.db;

beforeEach(() => {
  clock.now = start;
});

const withdraw = (fan: TestAccount | undefined, depositId: number, language = 'en') =>
  testApp.current.app.inject({
    method: 'POST',
    url: `/api/v1/coin-deposits/${depositId}/withdrawal`,
    headers: { 'accept-language': language, ...(fan && fan.headers) },
  });

const refundHeld = (fan: TestAccount | undefined, idempotencyKey?: string, language = 'en') =>
  testApp.current.app.inject({
    method: 'POST',
    url: '/api/v1/users/me/coins/partial-refund',
    headers: {
      'accept-language': language,
      ...(fan && fan.headers),
      ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
    },
    payload: { bankAccount: BANK_ACCOUNT },
  });

async function lotsOf(fan: TestAccount): Promise<CoinLotsResponse> {
  const response = await testApp.current.app.inject({
    method: 'GET',
    url: '/api/v1/users/me/coin-lots',
    headers: fan.headers,
  });
  return response.json<CoinLotsResponse>();
}

async function ledgerTransactions(fan: TestAccount, type: string): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from ledger_transactions
    where type = ${type}::ledger_transaction_type and (metadata ->> 'userId')::bigint = ${fan.id}`.execute(db());
  return rows[0]!.count;
}

const newFan = () => createAccount(testApp.current.app);

describe('withdrawing a charge', () => {
  it('takes back an unused charge within 7 days and records a refund request due in 3 business days', async () => {
    const fan = await newFan();
    const charge = await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(start, -6 * DAY_MS) });

    const response = await withdraw(fan, charge.depositId);
    expect(response.statusCode).toBe(200);
    const refund = response.json<CoinRefund>();
    expect(refund).toMatchObject({
      kind: 'WITHDRAWAL',
      status: 'requested',
      coins: 100,
      feeCoins: 0,
      refundCoins: 100,
      amount: 10_000,
      coinDepositId: charge.depositId,
      requestedAt: start.toISOString(),
      // Tuesday → Wednesday, Thursday, Friday.
      dueOn: '2026-03-13',
      paidAt: null,
    });
    expect((await lotsOf(fan)).balance).toBe(0);
    // The charge's lot, used up, says it was withdrawn and when its refund is due.
    const emptied = await testApp.current.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/coin-lots?includeEmpty=true',
      headers: fan.headers,
    });
    expect(emptied.json<CoinLotsResponse>().lots).toEqual([
      expect.objectContaining({
        coinDepositId: charge.depositId,
        remaining: 0,
        withdrawal: { status: 'requested', dueOn: '2026-03-13' },
      }),
    ]);

    // Asked again: the same answer, and no second movement.
    clock.now = plus(start, 60_000);
    const again = await withdraw(fan, charge.depositId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(refund);
    expect(await ledgerTransactions(fan, 'PURCHASE_WITHDRAWAL')).toBe(1);
  });

  it('refuses once the 7 days have passed, naming the deadline', async () => {
    const fan = await newFan();
    const charge = await chargeCoins(db(), { userId: fan.id, coins: 50, at: new Date('2026-03-01T01:00:00Z') });
    clock.now = new Date('2026-03-08T01:00:01Z');

    const response = await withdraw(fan, charge.depositId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 409,
      code: 'WITHDRAWAL_WINDOW_PASSED',
      message:
        'A charge can be withdrawn only within 7 days of it (until 2026.03.08 10:00 KST). ' +
        'You can ask for a partial refund instead: held coins minus 3%.',
    });
    const korean = await withdraw(fan, charge.depositId, 'ko');
    expect(korean.json().message).toContain('7일 이내(2026.03.08 10:00 KST까지)');
    expect((await withdraw(fan, charge.depositId, 'ja')).json().message).toContain('7日以内');
    expect(await ledgerTransactions(fan, 'PURCHASE_WITHDRAWAL')).toBe(0);
  });

  it('refuses a charge whose coins were used, until a refund makes it whole again', async () => {
    const fan = await newFan();
    const charge = await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(start, -DAY_MS) });
    await spendCoins(db(), { userId: fan.id, coins: 10, at: plus(start, -DAY_MS / 2) });

    const response = await withdraw(fan, charge.depositId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PURCHASE_ALREADY_USED' });
    expect(response.json().message).toContain('only a partial refund');
  });

  it('never refunds free coins', async () => {
    const fan = await newFan();
    const depositId = await freeCoinsDeposit(db(), { userId: fan.id, at: plus(start, -DAY_MS) });

    const response = await withdraw(fan, depositId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'NOT_REFUNDABLE',
      message: 'Supported, free and received coins are not refundable.',
    });
  });

  it('does not reveal another member’s charge, nor withdraw it', async () => {
    const owner = await newFan();
    const stranger = await newFan();
    const charge = await chargeCoins(db(), { userId: owner.id, coins: 10, at: plus(start, -DAY_MS) });

    expect((await withdraw(stranger, charge.depositId)).statusCode).toBe(404);
    expect((await withdraw(stranger, 999_999)).statusCode).toBe(404);
    expect((await withdraw(undefined, charge.depositId)).statusCode).toBe(401);
    expect((await lotsOf(owner)).balance).toBe(10);
  });

  it('refuses a second withdrawal once the charge was refunded otherwise', async () => {
    const fan = await newFan();
    const charge = await chargeCoins(db(), { userId: fan.id, coins: 30, at: plus(start, -DAY_MS) });
    expect((await refundHeld(fan, 'all-of-it')).statusCode).toBe(200);

    const response = await withdraw(fan, charge.depositId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PURCHASE_ALREADY_REFUNDED' });
  });

  it('refuses the frozen coins of a member who switched to a creator account', async () => {
    const fan = await newFan();
    const charge = await chargeCoins(db(), { userId: fan.id, coins: 10, at: plus(start, -DAY_MS) });
    await db().updateTable('users').set({ coins_frozen_at: start }).where('id', '=', fan.id).execute();

    const withdrawal = await withdraw(fan, charge.depositId);
    expect(withdrawal.statusCode).toBe(409);
    expect(withdrawal.json()).toMatchObject({ code: 'COINS_FROZEN' });
    const partial = await refundHeld(fan, 'frozen');
    expect(partial.statusCode).toBe(409);
    expect(partial.json().message).toBe(
      'Coins of an account switched to a creator account can no longer be used or refunded.',
    );
  });

  it('withdraws once under concurrent double requests', async () => {
    const fan = await newFan();
    const charge = await chargeCoins(db(), { userId: fan.id, coins: 300, at: plus(start, -DAY_MS) });

    const responses = await Promise.all(Array.from({ length: 5 }, () => withdraw(fan, charge.depositId)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.json<CoinRefund>().id)).size).toBe(1);
    expect(await ledgerTransactions(fan, 'PURCHASE_WITHDRAWAL')).toBe(1);
    const requests = await db().selectFrom('coin_refunds').selectAll().where('user_id', '=', fan.id).execute();
    expect(requests).toHaveLength(1);
  });
});

describe('partial refund', () => {
  it('refunds held CASH coins minus 3 % and keeps free coins', async () => {
    const fan = await newFan();
    await chargeCoins(db(), { userId: fan.id, coins: 1000, at: plus(start, -30 * DAY_MS) });
    await grantFreeCoins(db(), { userId: fan.id, coins: 10, at: plus(start, -DAY_MS) });

    const response = await refundHeld(fan, 'refund-1');
    expect(response.statusCode).toBe(200);
    const refund = response.json<CoinRefund>();
    expect(refund).toMatchObject({
      kind: 'PARTIAL_REFUND',
      status: 'requested',
      coins: 1000,
      feeCoins: 30,
      refundCoins: 970,
      amount: 97_000,
      coinDepositId: null,
      dueOn: '2026-03-13',
    });
    const after = await lotsOf(fan);
    expect(after.balance).toBe(10);
    expect(after.lots.map((lot) => [lot.source, lot.remaining])).toEqual([['BONUS', 10]]);

    // The same key: the first answer, no second movement.
    const replay = await refundHeld(fan, 'refund-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(refund);
    expect(await ledgerTransactions(fan, 'PARTIAL_REFUND')).toBe(1);

    // A new request: only free coins are left, which are never refunded.
    const onlyFree = await refundHeld(fan, 'refund-2');
    expect(onlyFree.statusCode).toBe(409);
    expect(onlyFree.json()).toMatchObject({
      code: 'NOTHING_REFUNDABLE',
      message: 'Your 10 coins are supported, free or received coins, which are not refundable.',
    });
  });

  it('refunds what is left of a used charge, rounding the fee in the member’s favour', async () => {
    const fan = await newFan();
    await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(start, -DAY_MS) });
    await spendCoins(db(), { userId: fan.id, coins: 40, at: plus(start, -DAY_MS / 2) });

    const refund = (await refundHeld(fan)).json<CoinRefund>();
    // 3 % of 60 is 1.8 coins: the fee is 1, 59 coins (5,900 won) go back.
    expect(refund).toMatchObject({ coins: 60, feeCoins: 1, refundCoins: 59, amount: 5_900 });
  });

  it('says so when there is nothing to refund', async () => {
    const fan = await newFan();
    const response = await refundHeld(fan, undefined, 'ko');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'NOTHING_REFUNDABLE',
      message: '환불할 수 있는 충전 코인이 없습니다.',
    });
    expect((await refundHeld(undefined)).statusCode).toBe(401);
  });

  it('refunds once under concurrent requests, with or without a shared key', async () => {
    const sameKey = await newFan();
    await chargeCoins(db(), { userId: sameKey.id, coins: 500, at: plus(start, -10 * DAY_MS) });
    const shared = await Promise.all(Array.from({ length: 4 }, () => refundHeld(sameKey, 'double-click')));
    expect(shared.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(shared.map((response) => response.json<CoinRefund>().id)).size).toBe(1);
    expect(await ledgerTransactions(sameKey, 'PARTIAL_REFUND')).toBe(1);

    const ownKeys = await newFan();
    await chargeCoins(db(), { userId: ownKeys.id, coins: 500, at: plus(start, -10 * DAY_MS) });
    const separate = await Promise.all(['a', 'b', 'c', 'd'].map((key) => refundHeld(ownKeys, key)));
    expect(separate.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await ledgerTransactions(ownKeys, 'PARTIAL_REFUND')).toBe(1);

    const noKey = await newFan();
    await chargeCoins(db(), { userId: noKey.id, coins: 500, at: plus(start, -10 * DAY_MS) });
    const keyless = await Promise.all(Array.from({ length: 4 }, () => refundHeld(noKey)));
    expect(keyless.filter((response) => response.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await ledgerTransactions(noKey, 'PARTIAL_REFUND')).toBe(1);
  });

  it('leaves the ledger consistent', async () => {
    const report = await verify(db());
    expect(report.differences).toEqual([]);
    expect(report.transactions).toBeGreaterThan(0);
  });
});
