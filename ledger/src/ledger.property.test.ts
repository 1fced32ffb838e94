import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { isLedgerError } from './errors';
import { PLATFORM_REVENUE, houseShards } from './accounts';
import {
  compensateLuckyMission,
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
import type { LedgerEntry } from './transaction';
import { verify } from './verify';
import { createMembers, days, newKey } from '@fanmission/tests/support/ledger';

// Property: whatever mix of operations runs, concurrently, every transaction balances, nothing goes negative and a
// replay of the log matches the stored balances and lots. 20 runs × 500 operations = 10,000, with a fixed seed. The
// members are spread over the house accounts' shards; compensations and returned refunds, which debit platform revenue
// across its shards, race the rolls and refunds that credit them, and no shard ever goes below zero.
const database = useTestDatabase();
const db = () => database.current.db;

const RUNS = 20;
const OPERATIONS_PER_RUN = 500;
const CONCURRENCY = 10;
const MEMBERS = 24;
const MISSIONS = 40;
const CREATORS = 4;

type Op =
  | { kind: 'purchase'; member: number; coins: number }
  | { kind: 'bonus'; member: number; coins: number }
  | { kind: 'hold'; member: number; mission: number; coins: number }
  | { kind: 'lucky'; member: number; mission: number; coins: number; win: boolean }
  | { kind: 'release'; mission: number; creator: number }
  | { kind: 'refund'; mission: number }
  | { kind: 'withdraw'; member: number; pick: number }
  | { kind: 'partialRefund'; member: number }
  | { kind: 'compensate'; member: number; mission: number; coins: number; fromRevenue: number }
  | { kind: 'returnRefund'; member: number; pick: number }
  | { kind: 'payout'; creator: number; coins: number }
  | { kind: 'advance'; days: number }
  | { kind: 'expire' }
  | { kind: 'replay'; pick: number };

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const mission = fc.integer({ min: 0, max: MISSIONS - 1 });
const creator = fc.integer({ min: 0, max: CREATORS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({ kind: fc.constant('purchase'), member, coins: fc.integer({ min: 1, max: 500 }) }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('bonus'), member, coins: fc.integer({ min: 1, max: 100 }) }) },
  {
    weight: 18,
    arbitrary: fc.record({ kind: fc.constant('hold'), member, mission, coins: fc.integer({ min: 1, max: 200 }) }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('lucky'),
      member,
      mission,
      coins: fc.integer({ min: 1, max: 50 }),
      win: fc.boolean(),
    }),
  },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('release'), mission, creator }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('refund'), mission }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('withdraw'), member, pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('partialRefund'), member }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('compensate'),
      member,
      mission,
      coins: fc.integer({ min: 1, max: 300 }),
      fromRevenue: fc.integer({ min: 0, max: 300 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('returnRefund'), member, pick: fc.nat() }) },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('payout'), creator, coins: fc.integer({ min: 1, max: 300 }) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance'), days: fc.integer({ min: 1, max: 400 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('expire') }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('replay'), pick: fc.nat() }) },
);

describe('the ledger under random operations', () => {
  let members: number[] = [];
  let clock = new Date('2026-01-01T00:00:00Z');
  let missionBase = 0;
  const payments = new Map<number, string[]>();
  /** Each member's refund transactions (withdrawals and partial refunds) appended so far. */
  const refunds = new Map<number, number[]>();
  const answered: { call: () => Promise<unknown>; answer: unknown }[] = [];

  beforeAll(async () => {
    members = await createMembers(db(), MEMBERS);
  });

  /** Runs one operation; returns a replayable call when it produced an answer worth replaying. */
  function toCall(operation: Op, now: Date): (() => Promise<unknown>) | null {
    const key = newKey(operation.kind);
    const userId = 'member' in operation ? members[operation.member]! : 0;
    const missionId = 'mission' in operation ? missionBase + operation.mission + 1 : 0;
    const creatorId = 'creator' in operation ? operation.creator + 1 : 0;
    switch (operation.kind) {
      case 'purchase': {
        const paymentId = newKey('payment');
        payments.set(userId, [...(payments.get(userId) ?? []), paymentId]);
        return () => purchase(db(), { idempotencyKey: key, now, userId, coins: operation.coins, paymentId });
      }
      case 'bonus':
        return () => grantBonus(db(), { idempotencyKey: key, now, userId, coins: operation.coins, reason: 'EVENT' });
      case 'hold':
        return () => holdForMission(db(), { idempotencyKey: key, now, userId, missionId, coins: operation.coins });
      case 'lucky':
        return () =>
          luckyRoll(db(), {
            idempotencyKey: key,
            now,
            userId,
            missionId,
            coins: operation.coins,
            outcome: operation.win ? 'WIN' : 'LOSS',
          });
      case 'release':
        return () => releaseToCreator(db(), { idempotencyKey: key, now, missionId, creatorId });
      case 'refund':
        return () => refundMission(db(), { idempotencyKey: key, now, missionId });
      case 'withdraw': {
        const own = payments.get(userId) ?? [];
        if (own.length === 0) return null;
        const paymentId = own[operation.pick % own.length]!;
        return () => withdrawPurchase(db(), { idempotencyKey: key, now, userId, paymentId });
      }
      case 'partialRefund':
        return () => partialRefund(db(), { idempotencyKey: key, now, userId });
      case 'compensate':
        return () =>
          compensateLuckyMission(db(), {
            idempotencyKey: key,
            now,
            userId,
            missionId,
            coins: operation.coins,
            fromRevenue: operation.fromRevenue,
          });
      case 'returnRefund': {
        const own = refunds.get(userId) ?? [];
        if (own.length === 0) return null;
        const refundTransactionId = own[operation.pick % own.length]!;
        return () => returnRefund(db(), { idempotencyKey: key, now, userId, refundTransactionId });
      }
      case 'payout':
        return () => settlementPayout(db(), { idempotencyKey: key, now, creatorId, coins: operation.coins });
      case 'expire':
        return () => expireLots(db(), { idempotencyKey: key, now });
      case 'advance':
      case 'replay':
        return null;
    }
  }

  async function settle(call: () => Promise<unknown>): Promise<unknown> {
    try {
      return await call();
    } catch (error) {
      if (isLedgerError(error)) return { refused: error.details };
      throw error;
    }
  }

  async function runBatch(operations: Op[]): Promise<void> {
    const pending: Promise<void>[] = [];
    const now = clock;
    for (const operation of operations) {
      if (operation.kind === 'advance') {
        clock = new Date(clock.getTime() + days(operation.days));
        continue;
      }
      if (operation.kind === 'replay') {
        const earlier = answered.length > 0 ? answered[operation.pick % answered.length]! : undefined;
        if (earlier) pending.push(settle(earlier.call).then((answer) => void expect(answer).toEqual(earlier.answer)));
        continue;
      }
      const call = toCall(operation, now);
      if (!call) continue;
      pending.push(
        settle(call).then((answer) => {
          // A batch expiry run's answer grows while later runs of the same key are impossible; replay the rest.
          if (operation.kind !== 'expire') answered.push({ call, answer });
          const refund = answer as Partial<LedgerEntry>;
          if ((operation.kind === 'withdraw' || operation.kind === 'partialRefund') && refund.transactionId) {
            const userId = members[operation.member]!;
            refunds.set(userId, [...(refunds.get(userId) ?? []), refund.transactionId]);
          }
        }),
      );
    }
    await Promise.all(pending);
  }

  async function invariants() {
    const { rows } = await sql<{
      unbalanced: number;
      negative_accounts: number;
      negative_lots: number;
      total: unknown;
    }>`
      select
        (select count(*) from (select transaction_id from ledger_postings group by transaction_id
                               having sum(amount) <> 0 or count(*) < 2) as t)::int as unbalanced,
        (select count(*) from ledger_accounts where kind <> 'WORLD' and balance < 0)::int as negative_accounts,
        (select count(*) from ledger_lots where remaining < 0 or remaining > amount)::int as negative_lots,
        (select coalesce(sum(balance), 0) from ledger_accounts) as total`.execute(db());
    return { ...rows[0]!, total: Number(rows[0]!.total) };
  }

  /** Platform revenue as one (its shards summed) against the sum of every posting to any of its shards. */
  async function revenue() {
    const shards = houseShards(PLATFORM_REVENUE);
    const { rows } = await sql<{ stored: unknown; posted: unknown; used: number }>`
      select (select coalesce(sum(balance), 0) from ledger_accounts where account = any(${shards}::text[])) as stored,
        (select coalesce(sum(amount), 0) from ledger_postings where account = any(${shards}::text[])) as posted,
        (select count(*) from ledger_accounts where account = any(${shards}::text[]))::int as used`.execute(db());
    return { stored: Number(rows[0]!.stored), posted: Number(rows[0]!.posted), used: rows[0]!.used };
  }

  it('keeps every invariant over 10,000 operations', { timeout: 180_000 }, async () => {
    let operationsRun = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: OPERATIONS_PER_RUN, maxLength: OPERATIONS_PER_RUN }), async (ops) => {
        missionBase += MISSIONS;
        for (let start = 0; start < ops.length; start += CONCURRENCY) {
          await runBatch(ops.slice(start, start + CONCURRENCY));
        }
        operationsRun += ops.length;
        expect(await invariants()).toEqual({ unbalanced: 0, negative_accounts: 0, negative_lots: 0, total: 0 });
        const house = await revenue();
        expect(house.stored).toBe(house.posted);
        const report = await verify(db());
        expect(report.differences).toEqual([]);
      }),
      { numRuns: RUNS, seed: 20_260_401, endOnFailure: true },
    );
    expect(operationsRun).toBe(RUNS * OPERATIONS_PER_RUN);
    const { rows } = await sql<{ types: string[] }>`
      select array_agg(distinct type::text) as types from ledger_transactions`.execute(db());
    // The mix reached every transaction type.
    expect(rows[0]!.types).toHaveLength(12);
    // The members' rolls, fees and returns used most shards of platform revenue.
    expect((await revenue()).used).toBeGreaterThan(8);
    const replayed = answered.filter(({ answer }) => (answer as LedgerEntry).transactionId !== undefined);
    expect(replayed.length).toBeGreaterThan(1_000);
  });
});
