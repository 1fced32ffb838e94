import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import {
  PLATFORM_REVENUE,
  WORLD_BONUS,
  WORLD_CASH_IN,
  WORLD_CASH_OUT,
  WORLD_EXPIRED,
  houseShard,
  earningsAccount,
  escrowAccount,
  settledAccount,
  walletAccount,
} from './accounts';
import {
  grantBonus,
  holdForMission,
  luckyRoll,
  partialRefund,
  purchase,
  refundMission,
  releaseToCreator,
  returnRefund,
  settlementPayout,
  withdrawPurchase,
} from './operations';
import { expireLots } from './expire-lots';
import { balance, coinHistory, history, lots } from './queries';
import { verify } from './verify';
import { after, createMember, days, newKey, nextId, refusal } from '@fanmission/tests/support/ledger';

// Repository level: every public operation and every refusal against a real database.
const database = useTestDatabase();
const db = () => database.current.db;
const NOW = new Date('2026-03-02T10:00:00Z');

async function memberWith(coins: number, at = NOW) {
  const userId = await createMember(db());
  const paymentId = `pay-${nextId()}`;
  if (coins > 0) await purchase(db(), { idempotencyKey: newKey(), now: at, userId, coins, paymentId });
  return { userId, paymentId, wallet: walletAccount(userId) };
}

const walletBalance = async (userId: number) => (await balance(db(), walletAccount(userId))).balance;

describe('purchase', () => {
  it('credits a CASH lot valid for 5 years and records the payment', async () => {
    const userId = await createMember(db());
    const entry = await purchase(db(), {
      idempotencyKey: newKey(),
      now: NOW,
      userId,
      coins: 100,
      paymentId: 'imp_0001',
      payMethod: 'card',
      coinItemId: 3,
    });
    expect(entry).toMatchObject({
      type: 'PURCHASE',
      occurredAt: NOW,
      postings: [
        { account: walletAccount(userId), amount: 100 },
        { account: houseShard(WORLD_CASH_IN, userId), amount: -100 },
      ],
      metadata: { userId, paymentId: 'imp_0001', payMethod: 'card', coinItemId: 3, coinItemType: 'CASH' },
    });
    expect(await walletBalance(userId)).toBe(100);
    expect(await lots(db(), userId, { now: NOW })).toEqual([
      expect.objectContaining({
        source: 'CASH',
        amount: 100,
        remaining: 100,
        expiresAt: new Date('2031-03-02T10:00:00Z'),
        paymentId: 'imp_0001',
        withdrawableUntil: new Date('2026-03-09T10:00:00Z'),
      }),
    ]);
  });

  it('refuses a creator: creators cannot charge coins', async () => {
    const userId = await createMember(db(), { creator: true });
    const details = await refusal(
      purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 10, paymentId: `p-${nextId()}` }),
      'CREATOR_CANNOT_CHARGE',
    );
    expect(details).toEqual({ code: 'CREATOR_CANNOT_CHARGE', userId });
    expect(await walletBalance(userId)).toBe(0);
  });

  it('refuses an unknown user', async () => {
    await refusal(
      purchase(db(), { idempotencyKey: newKey(), now: NOW, userId: 987_654, coins: 10, paymentId: 'p-x' }),
      'UNKNOWN_USER',
    );
  });

  it('credits a payment once, whatever the idempotency key', async () => {
    const { userId, paymentId } = await memberWith(50);
    const details = await refusal(
      purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 50, paymentId }),
      'PAYMENT_ALREADY_CREDITED',
    );
    expect(details.paymentId).toBe(paymentId);
    expect(await walletBalance(userId)).toBe(50);
  });

  it('rejects malformed commands before touching the database', async () => {
    const userId = await createMember(db());
    for (const coins of [0, -5, 1.5, Number.NaN]) {
      const details = await refusal(
        purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins, paymentId: 'p' }),
        'INVALID_COMMAND',
      );
      expect(details.field).toBe('coins');
    }
    await refusal(
      purchase(db(), { idempotencyKey: '', now: NOW, userId, coins: 1, paymentId: 'p' }),
      'INVALID_COMMAND',
    );
  });
});

describe('grantBonus', () => {
  it('credits a BONUS lot from the bonus issuance account', async () => {
    const userId = await createMember(db());
    const entry = await grantBonus(db(), {
      idempotencyKey: newKey(),
      now: NOW,
      userId,
      coins: 30,
      reason: 'FREE_COIN_EVENT',
    });
    expect(entry.postings).toEqual([
      { account: walletAccount(userId), amount: 30 },
      { account: houseShard(WORLD_BONUS, userId), amount: -30 },
    ]);
    expect(entry.metadata).toMatchObject({ reason: 'FREE_COIN_EVENT', coinItemType: 'BONUS' });
    expect(await lots(db(), userId, { now: NOW })).toEqual([
      expect.objectContaining({ source: 'BONUS', remaining: 30, withdrawableUntil: null }),
    ]);
  });

  it('refuses a creator account', async () => {
    const userId = await createMember(db(), { coinsFrozenAt: NOW });
    await refusal(
      grantBonus(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 5, reason: 'COMMENT_EVENT' }),
      'CREATOR_CANNOT_CHARGE',
    );
  });
});

describe('holdForMission', () => {
  it('moves coins from the wallet into the mission escrow', async () => {
    const { userId, wallet } = await memberWith(100);
    const missionId = nextId();
    const entry = await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 40 });
    expect(entry).toMatchObject({
      type: 'MISSION_HOLD',
      postings: [
        { account: escrowAccount(missionId), amount: 40 },
        { account: wallet, amount: -40 },
      ],
      metadata: { userId, missionId },
    });
    expect(await walletBalance(userId)).toBe(60);
    expect((await balance(db(), escrowAccount(missionId))).balance).toBe(40);
  });

  it("refuses when the wallet is short: 'not enough coins, please charge'", async () => {
    const { userId, wallet } = await memberWith(10);
    const promise = holdForMission(db(), {
      idempotencyKey: newKey(),
      now: NOW,
      userId,
      missionId: nextId(),
      coins: 11,
    });
    await expect(promise).rejects.toThrow('not enough coins, please charge');
    const details = await refusal(
      holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 11 }),
      'NOT_ENOUGH_COINS',
    );
    expect(details).toEqual({ code: 'NOT_ENOUGH_COINS', account: wallet, requested: 11, available: 10 });
    expect(await walletBalance(userId)).toBe(10);
  });

  it('refuses a member who switched to a creator account: his coins are frozen', async () => {
    const { userId } = await memberWith(100);
    const frozenAt = after(NOW, days(1));
    await db().updateTable('users').set({ coins_frozen_at: frozenAt }).where('id', '=', userId).execute();
    const details = await refusal(
      holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 }),
      'COINS_FROZEN',
    );
    expect(details).toEqual({ code: 'COINS_FROZEN', userId, frozenAt: frozenAt.toISOString() });
    expect(await walletBalance(userId)).toBe(100);
  });
});

describe('releaseToCreator', () => {
  it('pays everything the escrow holds to the creator earnings', async () => {
    const { userId } = await memberWith(100);
    const missionId = nextId();
    const creatorId = nextId();
    await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 70 });
    const entry = await releaseToCreator(db(), { idempotencyKey: newKey(), now: NOW, missionId, creatorId });
    expect(entry.postings).toEqual([
      { account: earningsAccount(creatorId), amount: 70 },
      { account: escrowAccount(missionId), amount: -70 },
    ]);
    expect(entry.metadata).toEqual({ missionId, creatorId });
    expect((await balance(db(), earningsAccount(creatorId))).balance).toBe(70);
  });

  it('refuses an empty escrow (never held, or already released or refunded)', async () => {
    const missionId = nextId();
    const details = await refusal(
      releaseToCreator(db(), { idempotencyKey: newKey(), now: NOW, missionId, creatorId: 1 }),
      'ESCROW_EMPTY',
    );
    expect(details).toEqual({ code: 'ESCROW_EMPTY', missionId });
  });
});

describe('refundMission', () => {
  it('returns the held coins to the wallet', async () => {
    const { userId, wallet } = await memberWith(100);
    const missionId = nextId();
    await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 25 });
    const entry = await refundMission(db(), { idempotencyKey: newKey(), now: NOW, missionId, reason: 'REJECTED' });
    expect(entry).toMatchObject({
      type: 'MISSION_REFUND',
      postings: [
        { account: escrowAccount(missionId), amount: -25 },
        { account: wallet, amount: 25 },
      ],
      metadata: { missionId, reason: 'REJECTED', userId },
    });
    expect(await walletBalance(userId)).toBe(100);
    await refusal(refundMission(db(), { idempotencyKey: newKey(), now: NOW, missionId }), 'ESCROW_EMPTY');
  });
});

describe('luckyRoll', () => {
  it('holds a winning roll in the lucky mission escrow', async () => {
    const { userId, wallet } = await memberWith(100);
    const missionId = nextId();
    const entry = await luckyRoll(db(), {
      idempotencyKey: newKey(),
      now: NOW,
      userId,
      missionId,
      coins: 20,
      outcome: 'WIN',
    });
    expect(entry).toMatchObject({
      type: 'LUCKY_ROLL',
      postings: [
        { account: escrowAccount(missionId), amount: 20 },
        { account: wallet, amount: -20 },
      ],
      metadata: { outcome: 'WIN', missionId },
    });
    // A won lucky mission is then released or refunded like any other.
    const refund = await refundMission(db(), { idempotencyKey: newKey(), now: NOW, missionId });
    expect(refund.postings).toContainEqual({ account: wallet, amount: 20 });
  });

  it('books a losing roll as platform revenue', async () => {
    const { userId, wallet } = await memberWith(100);
    const revenueBefore = (await balance(db(), PLATFORM_REVENUE)).balance;
    const entry = await luckyRoll(db(), {
      idempotencyKey: newKey(),
      now: NOW,
      userId,
      missionId: nextId(),
      coins: 20,
      outcome: 'LOSS',
    });
    expect(entry.postings).toEqual([
      { account: houseShard(PLATFORM_REVENUE, userId), amount: 20 },
      { account: wallet, amount: -20 },
    ]);
    expect((await balance(db(), PLATFORM_REVENUE)).balance).toBe(revenueBefore + 20);
  });

  it('refuses a roll the wallet cannot pay, and a frozen wallet', async () => {
    const { userId } = await memberWith(5);
    const roll = { now: NOW, userId, missionId: nextId(), coins: 6, outcome: 'LOSS' as const };
    await refusal(luckyRoll(db(), { ...roll, idempotencyKey: newKey() }), 'NOT_ENOUGH_COINS');
    const frozen = await createMember(db(), { coinsFrozenAt: NOW });
    await refusal(luckyRoll(db(), { ...roll, userId: frozen, idempotencyKey: newKey() }), 'COINS_FROZEN');
  });
});

describe('expireLots', () => {
  it('expires what is left of lots past their 5 years, one EXPIRY per wallet', async () => {
    const first = await memberWith(100);
    const second = await memberWith(0);
    await grantBonus(db(), { idempotencyKey: newKey(), now: NOW, userId: second.userId, coins: 8, reason: 'EVENT' });
    await holdForMission(db(), {
      idempotencyKey: newKey(),
      now: NOW,
      userId: first.userId,
      missionId: nextId(),
      coins: 30,
    });
    const later = new Date('2031-03-02T10:00:00Z');
    const entries = await expireLots(db(), { idempotencyKey: newKey('expiry'), now: later });
    const mine = entries.filter((entry) => [first.userId, second.userId].includes(entry.metadata.userId!));
    expect(mine.map((entry) => entry.postings)).toEqual([
      [
        { account: first.wallet, amount: -70 },
        { account: houseShard(WORLD_EXPIRED, first.userId), amount: 70 },
      ],
      [
        { account: second.wallet, amount: -8 },
        { account: houseShard(WORLD_EXPIRED, second.userId), amount: 8 },
      ],
    ]);
    expect(mine.every((entry) => entry.type === 'EXPIRY' && entry.metadata.asOf === later.toISOString())).toBe(true);
    expect(await walletBalance(first.userId)).toBe(0);
    expect(await lots(db(), first.userId, { now: later })).toEqual([]);
  });
});

describe('withdrawPurchase', () => {
  it('takes an unused charge back in full within 7 days', async () => {
    const { userId, paymentId, wallet } = await memberWith(100);
    const entry = await withdrawPurchase(db(), {
      idempotencyKey: newKey(),
      now: after(NOW, days(7)),
      userId,
      paymentId,
    });
    expect(entry).toMatchObject({
      type: 'PURCHASE_WITHDRAWAL',
      postings: [
        { account: wallet, amount: -100 },
        { account: houseShard(WORLD_CASH_OUT, userId), amount: 100 },
      ],
      metadata: { paymentId, refundedCoins: 100 },
    });
    expect(await walletBalance(userId)).toBe(0);
    const again = await refusal(
      withdrawPurchase(db(), { idempotencyKey: newKey(), now: NOW, userId, paymentId }),
      'PURCHASE_ALREADY_REFUNDED',
    );
    expect(again.purchaseTransactionId).toBeGreaterThan(0);
  });

  it('refuses after 7 days, after use, and for somebody else’s payment', async () => {
    const { userId, paymentId } = await memberWith(100);
    const late = await refusal(
      withdrawPurchase(db(), { idempotencyKey: newKey(), now: after(NOW, days(7) + 1), userId, paymentId }),
      'WITHDRAWAL_WINDOW_PASSED',
    );
    expect(late).toEqual({
      code: 'WITHDRAWAL_WINDOW_PASSED',
      paymentId,
      purchasedAt: NOW.toISOString(),
      deadline: after(NOW, days(7)).toISOString(),
    });
    await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 });
    const used = await refusal(
      withdrawPurchase(db(), { idempotencyKey: newKey(), now: NOW, userId, paymentId }),
      'PURCHASE_ALREADY_USED',
    );
    expect(used).toEqual({ code: 'PURCHASE_ALREADY_USED', paymentId, purchased: 100, remaining: 99 });
    const stranger = await createMember(db());
    await refusal(
      withdrawPurchase(db(), { idempotencyKey: newKey(), now: NOW, userId: stranger, paymentId }),
      'PURCHASE_NOT_FOUND',
    );
  });
});

describe('partialRefund', () => {
  it('refunds held CASH coins minus 3 % (fee to platform revenue) and keeps BONUS coins', async () => {
    const { userId, wallet } = await memberWith(1_000);
    await grantBonus(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 50, reason: 'EVENT' });
    const entry = await partialRefund(db(), { idempotencyKey: newKey(), now: after(NOW, days(30)), userId });
    expect(entry).toMatchObject({
      type: 'PARTIAL_REFUND',
      postings: [
        { account: houseShard(PLATFORM_REVENUE, userId), amount: 30 },
        { account: wallet, amount: -1_000 },
        { account: houseShard(WORLD_CASH_OUT, userId), amount: 970 },
      ],
      metadata: { refundedCoins: 970, feeCoins: 30 },
    });
    expect(await walletBalance(userId)).toBe(50);
  });

  it('says why when nothing is refundable', async () => {
    const onlyBonus = await createMember(db());
    await grantBonus(db(), { idempotencyKey: newKey(), now: NOW, userId: onlyBonus, coins: 50, reason: 'EVENT' });
    expect(
      await refusal(
        partialRefund(db(), { idempotencyKey: newKey(), now: NOW, userId: onlyBonus }),
        'NOTHING_REFUNDABLE',
      ),
    ).toEqual({ code: 'NOTHING_REFUNDABLE', userId: onlyBonus, reason: 'ONLY_NON_REFUNDABLE_COINS', bonusCoins: 50 });
    const empty = await createMember(db());
    expect(
      await refusal(partialRefund(db(), { idempotencyKey: newKey(), now: NOW, userId: empty }), 'NOTHING_REFUNDABLE'),
    ).toEqual({ code: 'NOTHING_REFUNDABLE', userId: empty, reason: 'NO_COINS', bonusCoins: 0 });
  });
});

describe('returnRefund', () => {
  it('reverses a refused partial refund into its lots, once, and refuses what is no refund of this wallet', async () => {
    const { userId, wallet } = await memberWith(1_000);
    const lotsBefore = await lots(db(), userId, { now: NOW });
    const refund = await partialRefund(db(), { idempotencyKey: newKey(), now: after(NOW, days(30)), userId });
    expect(await walletBalance(userId)).toBe(0);
    const key = newKey();
    const input = { idempotencyKey: key, now: after(NOW, days(31)), userId, refundTransactionId: refund.transactionId };
    const returned = await returnRefund(db(), input);
    expect(returned).toMatchObject({
      type: 'REFUND_RETURN',
      postings: [
        { account: houseShard(PLATFORM_REVENUE, userId), amount: -30 },
        { account: wallet, amount: 1_000 },
        { account: houseShard(WORLD_CASH_OUT, userId), amount: -970 },
      ],
      metadata: { userId, refundTransactionId: refund.transactionId, refundType: 'PARTIAL_REFUND' },
    });
    expect(await walletBalance(userId)).toBe(1_000);
    // The same lot, its expiry kept.
    expect(await lots(db(), userId, { now: NOW })).toEqual(lotsBefore);
    // A replay answers the same transaction; another key finds it returned already.
    expect(await returnRefund(db(), input)).toEqual(returned);
    expect(
      await refusal(returnRefund(db(), { ...input, idempotencyKey: newKey() }), 'REFUND_NOT_RETURNABLE'),
    ).toMatchObject({ reason: 'ALREADY_RETURNED' });
    const stranger = await createMember(db());
    expect(
      await refusal(
        returnRefund(db(), { ...input, idempotencyKey: newKey(), userId: stranger }),
        'REFUND_NOT_RETURNABLE',
      ),
    ).toMatchObject({ reason: 'ANOTHER_WALLET' });
    const purchaseId = (await history(db(), { account: wallet, page: 0, size: 10 })).content.at(-1)!.transactionId;
    expect(
      await refusal(
        returnRefund(db(), { ...input, idempotencyKey: newKey(), refundTransactionId: purchaseId }),
        'REFUND_NOT_RETURNABLE',
      ),
    ).toMatchObject({ reason: 'NOT_A_REFUND' });
    expect(
      await refusal(
        returnRefund(db(), { ...input, idempotencyKey: newKey(), refundTransactionId: 987_654_321 }),
        'REFUND_NOT_RETURNABLE',
      ),
    ).toMatchObject({ reason: 'NOT_FOUND' });
    expect((await verify(db())).differences).toEqual([]);
  });
});

describe('settlementPayout', () => {
  it('moves earnings to the settled account, never more than earned', async () => {
    const { userId } = await memberWith(600);
    const missionId = nextId();
    const creatorId = nextId();
    await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 600 });
    await releaseToCreator(db(), { idempotencyKey: newKey(), now: NOW, missionId, creatorId });
    const entry = await settlementPayout(db(), {
      idempotencyKey: newKey(),
      now: NOW,
      creatorId,
      coins: 500,
      statementId: '2026-03',
    });
    expect(entry.postings).toEqual([
      { account: earningsAccount(creatorId), amount: -500 },
      { account: settledAccount(creatorId), amount: 500 },
    ]);
    expect(entry.metadata).toEqual({ creatorId, statementId: '2026-03' });
    const details = await refusal(
      settlementPayout(db(), { idempotencyKey: newKey(), now: NOW, creatorId, coins: 101 }),
      'NOT_ENOUGH_EARNINGS',
    );
    expect(details).toEqual({ code: 'NOT_ENOUGH_EARNINGS', creatorId, requested: 101, available: 100 });
  });
});

describe('queries', () => {
  it('pages an account history newest first and derives the fan coin history from it', async () => {
    const { userId, paymentId } = await memberWith(100);
    const missionId = nextId();
    await holdForMission(db(), { idempotencyKey: newKey(), now: after(NOW, 1), userId, missionId, coins: 30 });
    await refundMission(db(), { idempotencyKey: newKey(), now: after(NOW, 2), missionId, reason: 'REJECTED' });
    await grantBonus(db(), { idempotencyKey: newKey(), now: after(NOW, 3), userId, coins: 5, reason: 'EVENT' });

    const first = await history(db(), { account: walletAccount(userId), page: 0, size: 3 });
    expect(first).toMatchObject({ totalElements: 4, totalPages: 2, number: 0, size: 3, last: false });
    expect(first.content.map((entry) => entry.type)).toEqual(['BONUS_GRANT', 'MISSION_REFUND', 'MISSION_HOLD']);
    const second = await history(db(), { account: walletAccount(userId), page: 1, size: 3 });
    expect(second.content.map((entry) => entry.type)).toEqual(['PURCHASE']);
    expect(second.last).toBe(true);

    const rows = await coinHistory(db(), { userId, page: 0, size: 12 });
    expect(
      rows.content.map(({ eventType, point, missionId: m, paymentId: p, coinItemType, reason }) => ({
        eventType,
        point,
        m,
        p,
        coinItemType,
        reason,
      })),
    ).toEqual([
      { eventType: 'EARN', point: 5, m: undefined, p: undefined, coinItemType: 'BONUS', reason: 'EVENT' },
      { eventType: 'REFUND', point: 30, m: missionId, p: undefined, coinItemType: undefined, reason: 'REJECTED' },
      { eventType: 'USE', point: -30, m: missionId, p: undefined, coinItemType: undefined, reason: undefined },
      { eventType: 'EARN', point: 100, m: undefined, p: paymentId, coinItemType: 'CASH', reason: undefined },
    ]);
  });

  it('reports spendable coins apart from expired ones not yet swept', async () => {
    const { wallet } = await memberWith(40);
    const later = new Date('2031-03-02T10:00:00Z');
    expect(await balance(db(), wallet, { now: NOW })).toEqual({ account: wallet, balance: 40, spendable: 40 });
    expect(await balance(db(), wallet, { now: later })).toEqual({ account: wallet, balance: 40, spendable: 0 });
    expect(await balance(db(), 'wallet:0')).toEqual({ account: 'wallet:0', balance: 0, spendable: 0 });
  });

  it('leaves a ledger that verifies clean', async () => {
    const report = await verify(db());
    expect(report.differences).toEqual([]);
    expect(report.transactions).toBeGreaterThan(20);
  });
});
