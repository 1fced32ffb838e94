import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { walletAccount } from './accounts';
import { grantBonus, holdForMission, partialRefund, purchase, refundMission, withdrawPurchase } from './operations';
import { expireLots } from './expire-lots';
import { balance, lots } from './queries';
import { lotExpiry, partialRefundFee, withdrawalDeadline } from './rules';
import { after, createMember, days, newKey, nextId, refusal } from '@fanmission/tests/support/ledger';

// Lots: FIFO by expiry, refunds into the original lots, 5-year expiry, the 7-day withdrawal window, the 3 % fee.
const database = useTestDatabase();
const db = () => database.current.db;
const T0 = new Date('2026-01-10T00:00:00Z');

const buy = (userId: number, coins: number, now: Date, paymentId = `pay-${nextId()}`) =>
  purchase(db(), { idempotencyKey: newKey(), now, userId, coins, paymentId });
const hold = (userId: number, coins: number, now: Date, missionId = nextId()) =>
  holdForMission(db(), { idempotencyKey: newKey(), now, userId, missionId, coins }).then(() => missionId);
const remainingByExpiry = async (userId: number, now: Date) =>
  (await lots(db(), userId, { now, includeEmpty: true })).map((lot) => [lot.expiresAt.toISOString(), lot.remaining]);

describe('spending order', () => {
  it('spends the earliest-expiring lots first, whatever order they were credited in', async () => {
    const userId = await createMember(db());
    const later = after(T0, days(200));
    await buy(userId, 50, later);
    await buy(userId, 30, T0); // credited second, expires first
    await grantBonus(db(), { idempotencyKey: newKey(), now: after(T0, days(100)), userId, coins: 20, reason: 'EVENT' });

    await hold(userId, 40, later);
    expect(await remainingByExpiry(userId, later)).toEqual([
      ['2031-01-10T00:00:00.000Z', 0],
      ['2031-04-20T00:00:00.000Z', 10],
      ['2031-07-29T00:00:00.000Z', 50],
    ]);
  });

  it('never spends a lot past its expiry, even before the expiry run has swept it', async () => {
    const userId = await createMember(db());
    await buy(userId, 10, T0);
    await buy(userId, 10, after(T0, days(30)));
    const expiredFirst = lotExpiry(T0);
    const details = await refusal(
      holdForMission(db(), { idempotencyKey: newKey(), now: expiredFirst, userId, missionId: nextId(), coins: 11 }),
      'NOT_ENOUGH_COINS',
    );
    expect(details.available).toBe(10);
    await hold(userId, 10, expiredFirst);
    expect(await remainingByExpiry(userId, expiredFirst)).toEqual([
      [expiredFirst.toISOString(), 10],
      [lotExpiry(after(T0, days(30))).toISOString(), 0],
    ]);
  });
});

describe('refunds restore the consumed lots', () => {
  it('puts coins back into the very lots they came from, with their original expiry', async () => {
    const userId = await createMember(db());
    await buy(userId, 30, T0);
    await buy(userId, 30, after(T0, days(10)));
    const missionId = await hold(userId, 45, after(T0, days(20)));
    await buy(userId, 100, after(T0, days(40)));
    const before = await remainingByExpiry(userId, T0);
    expect(before.map(([, remaining]) => remaining)).toEqual([0, 15, 100]);

    await refundMission(db(), { idempotencyKey: newKey(), now: after(T0, days(50)), missionId });
    expect(await remainingByExpiry(userId, T0)).toEqual([
      [lotExpiry(T0).toISOString(), 30],
      [lotExpiry(after(T0, days(10))).toISOString(), 30],
      [lotExpiry(after(T0, days(40))).toISOString(), 100],
    ]);
    // The restored lots are again the first to be spent.
    await hold(userId, 31, after(T0, days(60)));
    expect((await remainingByExpiry(userId, T0)).map(([, remaining]) => remaining)).toEqual([0, 29, 100]);
  });

  it('refunds an escrow holding coins of two wallets into each wallet’s lots', async () => {
    const [a, b] = [await createMember(db()), await createMember(db())];
    await buy(a, 10, T0);
    await buy(b, 20, T0);
    const missionId = nextId();
    await hold(a, 7, T0, missionId);
    await hold(b, 20, T0, missionId);
    const entry = await refundMission(db(), { idempotencyKey: newKey(), now: T0, missionId });
    expect(entry.postings).toEqual([
      { account: `escrow:mission:${missionId}`, amount: -27 },
      { account: walletAccount(a), amount: 7 },
      { account: walletAccount(b), amount: 20 },
    ]);
    expect(entry.metadata.userId).toBeUndefined();
    expect((await balance(db(), walletAccount(a))).balance).toBe(10);
    expect((await balance(db(), walletAccount(b))).balance).toBe(20);
  });

  it('lets a refund bring back coins past their expiry, which the next expiry run takes', async () => {
    const userId = await createMember(db());
    await buy(userId, 10, T0);
    const missionId = await hold(userId, 10, after(T0, days(1)));
    const expiry = lotExpiry(T0);
    const firstRun = await expireLots(db(), { idempotencyKey: newKey('expiry'), now: expiry });
    expect(firstRun.some((entry) => entry.metadata.userId === userId)).toBe(false);

    await refundMission(db(), { idempotencyKey: newKey(), now: after(expiry, days(1)), missionId });
    expect(await balance(db(), walletAccount(userId), { now: after(expiry, days(1)) })).toMatchObject({
      balance: 10,
      spendable: 0,
    });
    const nextRun = await expireLots(db(), { idempotencyKey: newKey('expiry'), now: after(expiry, days(1)) });
    expect(nextRun.find((entry) => entry.metadata.userId === userId)?.postings).toContainEqual({
      account: walletAccount(userId),
      amount: -10,
    });
  });
});

describe('expiry', () => {
  it('keeps coins valid for exactly 5 years', async () => {
    const userId = await createMember(db());
    await buy(userId, 10, T0);
    const expiresAt = lotExpiry(T0);
    expect(expiresAt.toISOString()).toBe('2031-01-10T00:00:00.000Z');
    const justBefore = await expireLots(db(), { idempotencyKey: newKey('expiry'), now: after(expiresAt, -1) });
    expect(justBefore.some((entry) => entry.metadata.userId === userId)).toBe(false);
    const atExpiry = await expireLots(db(), { idempotencyKey: newKey('expiry'), now: expiresAt });
    expect(atExpiry.filter((entry) => entry.metadata.userId === userId)).toHaveLength(1);
    expect((await balance(db(), walletAccount(userId))).balance).toBe(0);
  });

  it('rolls 29 February over to 1 March', () => {
    expect(lotExpiry(new Date('2028-02-29T12:00:00Z')).toISOString()).toBe('2033-03-01T12:00:00.000Z');
  });
});

describe('withdrawal window', () => {
  it('is 7 × 24 hours from the charge, inclusive', async () => {
    expect(withdrawalDeadline(T0).toISOString()).toBe('2026-01-17T00:00:00.000Z');
    const userId = await createMember(db());
    const onTime = `pay-${nextId()}`;
    const late = `pay-${nextId()}`;
    await buy(userId, 10, T0, onTime);
    await buy(userId, 10, T0, late);
    await withdrawPurchase(db(), { idempotencyKey: newKey(), now: withdrawalDeadline(T0), userId, paymentId: onTime });
    await refusal(
      withdrawPurchase(db(), {
        idempotencyKey: newKey(),
        now: after(withdrawalDeadline(T0), 1),
        userId,
        paymentId: late,
      }),
      'WITHDRAWAL_WINDOW_PASSED',
    );
  });

  it('counts a charge as unused again once a refunded mission has put all its coins back', async () => {
    const userId = await createMember(db());
    const paymentId = `pay-${nextId()}`;
    await buy(userId, 10, T0, paymentId);
    const missionId = await hold(userId, 4, T0);
    await refusal(
      withdrawPurchase(db(), { idempotencyKey: newKey(), now: T0, userId, paymentId }),
      'PURCHASE_ALREADY_USED',
    );
    await refundMission(db(), { idempotencyKey: newKey(), now: T0, missionId });
    const entry = await withdrawPurchase(db(), { idempotencyKey: newKey(), now: T0, userId, paymentId });
    expect(entry.metadata.refundedCoins).toBe(10);
  });
});

describe('partial refund arithmetic', () => {
  it('charges 3 % rounded down to a whole coin', () => {
    expect(partialRefundFee(1_000)).toBe(30);
    expect(partialRefundFee(999)).toBe(29);
    expect(partialRefundFee(34)).toBe(1);
    expect(partialRefundFee(33)).toBe(0);
    expect(partialRefundFee(1)).toBe(0);
  });

  it('refunds only unexpired CASH coins still in the wallet: held, BONUS and expired coins stay', async () => {
    const userId = await createMember(db());
    await buy(userId, 500, T0);
    await buy(userId, 1_000, after(T0, days(400)));
    await grantBonus(db(), { idempotencyKey: newKey(), now: T0, userId, coins: 40, reason: 'EVENT' });
    await hold(userId, 200, after(T0, days(400))); // from the lot bought first
    const now = after(lotExpiry(T0), 1); // the first lot (300 left) and the bonus have expired
    const entry = await partialRefund(db(), { idempotencyKey: newKey(), now, userId });
    expect(entry.metadata).toMatchObject({ refundedCoins: 970, feeCoins: 30 });
    expect((await balance(db(), walletAccount(userId))).balance).toBe(340);
  });
});
