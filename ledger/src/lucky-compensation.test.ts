import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { PLATFORM_REVENUE, WORLD_BONUS, earningsAccount, houseShard, walletAccount } from './accounts';
import { compensateLuckyMission, holdForMission, luckyRoll, purchase, releaseToCreator } from './operations';
import { balance, coinHistory, lots } from './queries';
import { verify } from './verify';
import { createMember, newKey, nextId, refusal } from '@fanmission/tests/support/ledger';

// A won LUCKY mission whose perform deadline passed: the fan's rolls come back beyond the refunded escrow.
const database = useTestDatabase();
const db = () => database.current.db;
const NOW = new Date('2026-03-02T10:00:00Z');

async function fanWithLostRolls(coins: number, lostRolls: number, price: number) {
  const userId = await createMember(db());
  await purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins, paymentId: `pay-${nextId()}` });
  const missionId = nextId();
  for (let roll = 0; roll < lostRolls; roll += 1) {
    await luckyRoll(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: price, outcome: 'LOSS' });
  }
  return { userId, missionId };
}

describe('compensateLuckyMission', () => {
  it('pays the losing rolls back from platform revenue as a BONUS lot', async () => {
    const { userId, missionId } = await fanWithLostRolls(100, 4, 10);
    const revenueBefore = (await balance(db(), PLATFORM_REVENUE)).balance;

    const entry = await compensateLuckyMission(db(), {
      idempotencyKey: `lucky-compensation:${missionId}`,
      now: NOW,
      userId,
      missionId,
      coins: 40,
      fromRevenue: 40,
    });

    expect(entry).toMatchObject({
      type: 'LUCKY_COMPENSATION',
      postings: [
        { account: houseShard(PLATFORM_REVENUE, userId), amount: -40 },
        { account: walletAccount(userId), amount: 40 },
      ],
      metadata: { userId, missionId, reason: 'LUCKY_COMPENSATION', coinItemType: 'BONUS' },
    });
    expect((await balance(db(), PLATFORM_REVENUE)).balance).toBe(revenueBefore - 40);
    expect((await balance(db(), walletAccount(userId))).balance).toBe(100);
    const bonus = (await lots(db(), userId, { now: NOW })).filter((lot) => lot.source === 'BONUS');
    expect(bonus.map((lot) => lot.remaining)).toEqual([40]);
    const [row] = (await coinHistory(db(), { userId, page: 0, size: 1 })).content;
    expect(row).toMatchObject({ eventType: 'REFUND', point: 40, transactionType: 'LUCKY_COMPENSATION' });
  });

  it('issues what exceeds the losing rolls (10 coins per ticket) from bonus issuance, and is idempotent', async () => {
    const { userId, missionId } = await fanWithLostRolls(10, 2, 1);
    const bonusBefore = (await balance(db(), WORLD_BONUS)).balance;
    const input = { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 29, fromRevenue: 2 };

    const first = await compensateLuckyMission(db(), input);
    const retry = await compensateLuckyMission(db(), input);

    expect(retry).toEqual(first);
    expect(first.postings).toContainEqual({ account: houseShard(WORLD_BONUS, userId), amount: -27 });
    expect((await balance(db(), WORLD_BONUS)).balance).toBe(bonusBefore - 27);
    expect((await balance(db(), walletAccount(userId))).balance).toBe(8 + 29);
  });

  /** A creator whose earnings hold `coins` (a fan's mission released to him). */
  async function creatorEarning(coins: number) {
    const creatorId = await createMember(db(), { creator: true });
    const payer = await createMember(db());
    await purchase(db(), { idempotencyKey: newKey(), now: NOW, userId: payer, coins, paymentId: `pay-${nextId()}` });
    const missionId = nextId();
    await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId: payer, missionId, coins });
    await releaseToCreator(db(), { idempotencyKey: newKey(), now: NOW, missionId, creatorId });
    return creatorId;
  }

  it('takes the bonus out of the creator earnings, only as far as they reach', async () => {
    const { userId, missionId } = await fanWithLostRolls(10, 2, 1);
    const creatorId = await creatorEarning(5);
    const bonusIssuedBefore = (await balance(db(), WORLD_BONUS)).balance;

    const entry = await compensateLuckyMission(db(), {
      idempotencyKey: newKey(),
      now: NOW,
      userId,
      missionId,
      coins: 2,
      fromRevenue: 2,
      creatorId,
      bonusCoins: 18,
    });

    // The creator holds 5 coins of earnings: the fan gets his 2 coins back plus those 5, nothing is issued.
    expect(entry.postings).toEqual([
      { account: earningsAccount(creatorId), amount: -5 },
      { account: houseShard(PLATFORM_REVENUE, userId), amount: -2 },
      { account: walletAccount(userId), amount: 7 },
    ]);
    expect(entry.metadata).toMatchObject({ creatorId, bonusFromCreator: 5 });
    expect((await balance(db(), WORLD_BONUS)).balance).toBe(bonusIssuedBefore);
    expect((await balance(db(), earningsAccount(creatorId))).balance).toBe(0);
    expect((await balance(db(), walletAccount(userId))).balance).toBe(10 - 2 + 7);
  });

  it('with no losing rolls and a creator with no earnings there is nothing to compensate', async () => {
    const userId = await createMember(db());
    const creatorId = await createMember(db(), { creator: true });
    const missionId = nextId();
    const input = {
      idempotencyKey: newKey(),
      now: NOW,
      userId,
      missionId,
      coins: 0,
      fromRevenue: 0,
      creatorId,
      bonusCoins: 7,
    };
    await refusal(compensateLuckyMission(db(), input), 'NOTHING_TO_COMPENSATE');
  });

  it('refuses an unknown member and malformed amounts', async () => {
    const missionId = nextId();
    await refusal(
      compensateLuckyMission(db(), {
        idempotencyKey: newKey(),
        now: NOW,
        userId: 9_999_999,
        missionId,
        coins: 5,
        fromRevenue: 0,
      }),
      'UNKNOWN_USER',
    );
    await refusal(
      compensateLuckyMission(db(), {
        idempotencyKey: newKey(),
        now: NOW,
        userId: 1,
        missionId,
        coins: 0,
        fromRevenue: 0,
      }),
      'INVALID_COMMAND',
    );
    await refusal(
      compensateLuckyMission(db(), {
        idempotencyKey: newKey(),
        now: NOW,
        userId: 1,
        missionId,
        coins: 5,
        fromRevenue: -1,
      }),
      'INVALID_COMMAND',
    );
  });

  it('leaves a ledger that verifies clean', async () => {
    expect((await verify(db())).differences).toEqual([]);
  });
});
