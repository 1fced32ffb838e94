import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import {
  PLATFORM_REVENUE,
  earningsAccount,
  escrowAccount,
  houseShards,
  settledAccount,
  walletAccount,
} from './accounts';
import { isLedgerError, type LedgerErrorCode } from './errors';
import {
  compensateLuckyMission,
  holdForMission,
  luckyRoll,
  purchase,
  refundMission,
  releaseToCreator,
  settlementPayout,
} from './operations';
import { balance } from './queries';
import type { LedgerEntry } from './transaction';
import { verify } from './verify';
import { createMember, newKey, nextId } from '@fanmission/tests/support/ledger';

// Many requests at once against the same accounts, through the public API and a pool of 20 connections: given the
// pool (optimistic first, locks after conflicts), and inside callers' own transactions (locks from the start).
const database = useTestDatabase();
const db = () => database.current.db;
const NOW = new Date('2026-07-01T12:00:00Z');

type Call = (executor: ReturnType<typeof db>) => Promise<unknown>;
const paths: [string, (call: Call) => Promise<unknown>][] = [
  ['given the pool', (call) => call(db())],
  ['inside callers’ transactions', (call) => db().transaction().execute(call)],
];

/** Every outcome must be a success or a typed refusal: a deadlock or any other database error fails the test. */
async function outcomes(calls: Promise<unknown>[]): Promise<(LedgerErrorCode | 'OK')[]> {
  const settled = await Promise.allSettled(calls);
  return settled.map((result) => {
    if (result.status === 'fulfilled') return 'OK';
    if (isLedgerError(result.reason)) return result.reason.code;
    throw result.reason;
  });
}

const tally = (codes: string[]) => codes.reduce<Record<string, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

async function funded(coins: number) {
  const userId = await createMember(db());
  await purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins, paymentId: `pay-${nextId()}` });
  return userId;
}

describe.each(paths)('a spend sees enough coins or fails, %s', (_path, run) => {
  it('lets exactly 100 of 200 parallel 1-coin holds through a 100-coin wallet', async () => {
    const userId = await funded(100);
    const results = await outcomes(
      Array.from({ length: 200 }, () =>
        run((executor) =>
          holdForMission(executor, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 1 }),
        ),
      ),
    );
    expect(tally(results)).toEqual({ OK: 100, NOT_ENOUGH_COINS: 100 });
    expect((await balance(db(), walletAccount(userId))).balance).toBe(0);
    expect((await verify(db())).differences).toEqual([]);
  });

  it('credits a payment once when several keys race for it', async () => {
    const userId = await createMember(db());
    const paymentId = `pay-${nextId()}`;
    const results = await outcomes(
      Array.from({ length: 8 }, () =>
        run((executor) => purchase(executor, { idempotencyKey: newKey(), now: NOW, userId, coins: 10, paymentId })),
      ),
    );
    expect(results.filter((code) => code === 'OK')).toHaveLength(1);
    expect((await balance(db(), walletAccount(userId))).balance).toBe(10);
  });

  it('lets a release and a refund of one escrow race: one wins, the other finds it empty', async () => {
    for (let round = 0; round < 10; round += 1) {
      const userId = await funded(5);
      const missionId = nextId();
      await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId, coins: 5 });
      const results = await outcomes([
        run((executor) => releaseToCreator(executor, { idempotencyKey: newKey(), now: NOW, missionId, creatorId: 1 })),
        run((executor) => refundMission(executor, { idempotencyKey: newKey(), now: NOW, missionId })),
      ]);
      expect(results.sort()).toEqual(['ESCROW_EMPTY', 'OK']);
    }
  });
});

describe.each(paths)('locks in one order, %s', (_path, run) => {
  it('never deadlocks when operations cross the same wallets and escrows in opposite directions', async () => {
    const [a, b] = [await funded(10_000), await funded(10_000)];
    const [x, y] = [nextId(), nextId()];
    const creatorId = nextId();
    const op = (step: number): Call => {
      const now = NOW;
      const idempotencyKey = newKey(`step${step}`);
      const other = step % 16 < 8;
      switch (step % 8) {
        // Holds go wallet → escrow; both escrows hold lots of both wallets, so each refund credits a pair of
        // wallets, whose held lots come in either order.
        case 0:
          return (e) => holdForMission(e, { idempotencyKey, now, userId: a, missionId: x, coins: 3 });
        case 1:
          return (e) => holdForMission(e, { idempotencyKey, now, userId: b, missionId: y, coins: 3 });
        case 2:
          return (e) => holdForMission(e, { idempotencyKey, now, userId: b, missionId: x, coins: 2 });
        case 3:
          return (e) => holdForMission(e, { idempotencyKey, now, userId: a, missionId: y, coins: 2 });
        case 4:
          return (e) => refundMission(e, { idempotencyKey, now, missionId: x });
        case 5:
          return (e) => refundMission(e, { idempotencyKey, now, missionId: y });
        case 6:
          return (e) => releaseToCreator(e, { idempotencyKey, now, missionId: other ? x : y, creatorId });
        default:
          return (e) =>
            luckyRoll(e, { idempotencyKey, now, userId: other ? a : b, missionId: x, coins: 1, outcome: 'WIN' });
      }
    };
    const results = await outcomes(Array.from({ length: 400 }, (_, step) => run(op(step))));
    // Holds and rolls always have the coins; a refund or release may find its escrow emptied by another.
    results.forEach((code, step) => {
      expect(code).toBe([4, 5, 6].includes(step % 8) && code === 'ESCROW_EMPTY' ? 'ESCROW_EMPTY' : 'OK');
    });

    const payouts = await outcomes(
      Array.from({ length: 20 }, () =>
        run((e) => settlementPayout(e, { idempotencyKey: newKey(), now: NOW, creatorId, coins: 1 })),
      ),
    );
    expect(payouts.every((code) => code === 'OK' || code === 'NOT_ENOUGH_EARNINGS')).toBe(true);

    const accounts = [a, b].map(walletAccount).concat(escrowAccount(x), escrowAccount(y));
    accounts.push(earningsAccount(creatorId), settledAccount(creatorId));
    const totals = await Promise.all(accounts.map(async (account) => (await balance(db(), account)).balance));
    expect(totals.reduce((sum, coins) => sum + coins, 0)).toBe(20_000);
    expect((await verify(db())).differences).toEqual([]);
  });
});

describe.each(paths)('platform revenue in shards, %s', (_path, run) => {
  it('lets compensations racing losing rolls take only what the shards hold, never a shard below zero', async () => {
    // 32 fans: two on every shard of platform revenue. Each rolls and loses 20 times while 16 compensations, each
    // asking for more than the rolls pay in, take from all shards at once.
    const fans = await Promise.all(Array.from({ length: 32 }, () => funded(200)));
    const revenueBefore = (await balance(db(), PLATFORM_REVENUE)).balance;
    const rolls = fans.flatMap((userId) =>
      Array.from({ length: 20 }, () =>
        run((e) =>
          luckyRoll(e, { idempotencyKey: newKey(), now: NOW, userId, missionId: nextId(), coins: 5, outcome: 'LOSS' }),
        ),
      ),
    );
    const compensations = fans.slice(0, 16).map((userId) =>
      run((e) =>
        compensateLuckyMission(e, {
          idempotencyKey: newKey(),
          now: NOW,
          userId,
          missionId: nextId(),
          coins: 300,
          fromRevenue: 300,
        }),
      ),
    );
    const [rolled, compensated] = await Promise.all([outcomes(rolls), Promise.allSettled(compensations)]);
    expect(tally(rolled)).toEqual({ OK: 640 });
    const entries = compensated.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value as LedgerEntry;
    });

    const shards = houseShards(PLATFORM_REVENUE);
    const fromRevenue = entries
      .flatMap((entry) => entry.postings)
      .filter((posting) => shards.includes(posting.account))
      .reduce((sum, posting) => sum - posting.amount, 0);
    // Every compensation is paid in full: from revenue as far as it reached, the rest issued.
    for (const entry of entries) {
      const credited = entry.postings.filter((posting) => posting.amount > 0);
      expect(credited).toEqual([{ account: expect.stringMatching(/^wallet:/), amount: 300 }]);
    }
    // Each shard's own row (a house account's name reads as the sum of its shards).
    const { rows } = await sql<{ balance: string }>`
      select balance from ledger_accounts where account = any(${shards}::text[])`.execute(db());
    const shardBalances = rows.map((row) => Number(row.balance));
    expect(shardBalances.every((coins) => coins >= 0)).toBe(true);
    expect((await balance(db(), PLATFORM_REVENUE)).balance).toBe(revenueBefore + 32 * 20 * 5 - fromRevenue);
    expect(shardBalances.reduce((sum, coins) => sum + coins, 0)).toBe(revenueBefore + 32 * 20 * 5 - fromRevenue);
    // The rolls paid in 3,200 coins; the compensations asked for 4,800: revenue ran dry at some point.
    expect(fromRevenue).toBeGreaterThan(0);
    expect((await verify(db())).differences).toEqual([]);
  });
});
