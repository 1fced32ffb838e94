import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { walletAccount } from './accounts';
import type { LedgerExecutor } from './engine';
import { LedgerError } from './errors';
import {
  grantBonus,
  holdForMission,
  luckyRoll,
  partialRefund,
  purchase,
  refundMission,
  releaseToCreator,
  settlementPayout,
  withdrawPurchase,
} from './operations';
import { expireLots } from './expire-lots';
import { balance } from './queries';
import { lotExpiry } from './rules';
import type { LedgerTables } from './table';
import type { LedgerEntry } from './transaction';
import { createMember, newKey, nextId, refusal } from '@fanmission/tests/support/ledger';

// TigerBeetle semantics: same key + same content → the first answer (success or refusal); different content → 409.
const database = useTestDatabase();
const db = () => database.current.db;
const NOW = new Date('2026-05-01T08:00:00Z');

const counts = async () => {
  const { rows } = await sql<{ transactions: number; postings: number }>`
    select (select count(*) from ledger_transactions)::int as transactions,
      (select count(*) from ledger_postings)::int as postings`.execute(db());
  return rows[0]!;
};

async function funded(coins: number) {
  const userId = await createMember(db());
  const paymentId = `pay-${nextId()}`;
  await purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins, paymentId });
  return { userId, paymentId };
}

async function heldMission(coins: number) {
  const { userId } = await funded(coins);
  const missionId = nextId();
  await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId, coins });
  return missionId;
}

/** Each money-moving operation, set up so that its first call succeeds; the call takes the key. */
const operations: Record<string, () => Promise<(key: string) => Promise<LedgerEntry>>> = {
  purchase: async () => {
    const userId = await createMember(db());
    const paymentId = `pay-${nextId()}`;
    return (key) => purchase(db(), { idempotencyKey: key, now: NOW, userId, coins: 10, paymentId });
  },
  grantBonus: async () => {
    const userId = await createMember(db());
    return (key) => grantBonus(db(), { idempotencyKey: key, now: NOW, userId, coins: 10, reason: 'EVENT' });
  },
  holdForMission: async () => {
    const { userId } = await funded(100);
    const missionId = nextId();
    return (key) => holdForMission(db(), { idempotencyKey: key, now: NOW, userId, missionId, coins: 10 });
  },
  releaseToCreator: async () => {
    const missionId = await heldMission(10);
    return (key) => releaseToCreator(db(), { idempotencyKey: key, now: NOW, missionId, creatorId: 7 });
  },
  refundMission: async () => {
    const missionId = await heldMission(10);
    return (key) => refundMission(db(), { idempotencyKey: key, now: NOW, missionId });
  },
  luckyRoll: async () => {
    const { userId } = await funded(100);
    const missionId = nextId();
    return (key) => luckyRoll(db(), { idempotencyKey: key, now: NOW, userId, missionId, coins: 10, outcome: 'LOSS' });
  },
  withdrawPurchase: async () => {
    const { userId, paymentId } = await funded(10);
    return (key) => withdrawPurchase(db(), { idempotencyKey: key, now: NOW, userId, paymentId });
  },
  partialRefund: async () => {
    const { userId } = await funded(100);
    return (key) => partialRefund(db(), { idempotencyKey: key, now: NOW, userId });
  },
  settlementPayout: async () => {
    const missionId = await heldMission(10);
    const creatorId = nextId();
    await releaseToCreator(db(), { idempotencyKey: newKey(), now: NOW, missionId, creatorId });
    return (key) => settlementPayout(db(), { idempotencyKey: key, now: NOW, creatorId, coins: 10 });
  },
};

describe.each(Object.entries(operations))('%s replayed', (_name, setUp) => {
  it('sequentially: returns the first entry and appends nothing', async () => {
    const call = await setUp();
    const key = newKey();
    const first = await call(key);
    const before = await counts();
    const later = new Date(NOW.getTime() + 60_000);
    expect(await call(key)).toEqual(first);
    expect(await call(key)).toEqual(first);
    expect(await counts()).toEqual(before);
    expect(first.occurredAt).toEqual(NOW);
    expect(later).not.toEqual(first.occurredAt);
  });

  it('concurrently: every caller gets the one entry', async () => {
    const call = await setUp();
    const key = newKey();
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(key)));
    expect(new Set(answers.map((answer) => answer.transactionId)).size).toBe(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect((await counts()).transactions).toBe(before.transactions + 1);
  });
});

describe('a key reused for different content', () => {
  it('is refused with IDEMPOTENCY_CONFLICT, showing both requests', async () => {
    const { userId } = await funded(100);
    const key = newKey();
    await holdForMission(db(), { idempotencyKey: key, now: NOW, userId, missionId: 1, coins: 10 });
    const details = await refusal(
      holdForMission(db(), { idempotencyKey: key, now: NOW, userId, missionId: 1, coins: 11 }),
      'IDEMPOTENCY_CONFLICT',
    );
    expect(details).toEqual({
      code: 'IDEMPOTENCY_CONFLICT',
      idempotencyKey: key,
      firstRequest: { command: 'HoldForMission', userId, missionId: 1, coins: 10 },
      request: { command: 'HoldForMission', userId, missionId: 1, coins: 11 },
    });
    // Another operation under the same key conflicts too; the clock is not part of the content.
    await refusal(partialRefund(db(), { idempotencyKey: key, now: NOW, userId }), 'IDEMPOTENCY_CONFLICT');
    await holdForMission(db(), { idempotencyKey: key, now: new Date(), userId, missionId: 1, coins: 10 });
    expect((await balance(db(), walletAccount(userId))).balance).toBe(90);
  });
});

describe('a key whose first attempt was refused', () => {
  it('keeps answering NOT_ENOUGH_COINS even after the wallet is topped up', async () => {
    const { userId } = await funded(5);
    const key = newKey();
    const hold = () => holdForMission(db(), { idempotencyKey: key, now: NOW, userId, missionId: 9, coins: 10 });
    const first = await refusal(hold(), 'NOT_ENOUGH_COINS');
    await purchase(db(), { idempotencyKey: newKey(), now: NOW, userId, coins: 100, paymentId: `pay-${nextId()}` });
    expect(await refusal(hold(), 'NOT_ENOUGH_COINS')).toEqual(first);
    const concurrent = await Promise.allSettled(Array.from({ length: 5 }, hold));
    for (const answer of concurrent) {
      expect(answer.status).toBe('rejected');
      expect((answer as PromiseRejectedResult).reason).toBeInstanceOf(LedgerError);
      expect(((answer as PromiseRejectedResult).reason as LedgerError).details).toEqual(first);
    }
    expect((await balance(db(), walletAccount(userId))).balance).toBe(105);
    // A new key is a new request.
    await holdForMission(db(), { idempotencyKey: newKey(), now: NOW, userId, missionId: 9, coins: 10 });
  });

  it('remembers any refusal, e.g. a withdrawal asked too late', async () => {
    const { userId, paymentId } = await funded(10);
    const key = newKey();
    const late = new Date(NOW.getTime() + 8 * 24 * 3600_000);
    const first = await refusal(
      withdrawPurchase(db(), { idempotencyKey: key, now: late, userId, paymentId }),
      'WITHDRAWAL_WINDOW_PASSED',
    );
    // Even asked again "in time", the key answers what it answered first.
    expect(
      await refusal(
        withdrawPurchase(db(), { idempotencyKey: key, now: NOW, userId, paymentId }),
        'WITHDRAWAL_WINDOW_PASSED',
      ),
    ).toEqual(first);
  });
});

describe('inside the caller’s transaction', () => {
  it('commits the entry with the caller’s own writes, or rolls both back (freeing the key)', async () => {
    const { userId } = await funded(50);
    const key = newKey();
    const hold = <DB extends LedgerTables>(executor: LedgerExecutor<DB>) =>
      holdForMission(executor, { idempotencyKey: key, now: NOW, userId, missionId: 77, coins: 20 });

    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await hold(trx);
          throw new Error('the caller failed after the hold');
        }),
    ).rejects.toThrow('the caller failed');
    expect((await balance(db(), walletAccount(userId))).balance).toBe(50);

    const entry = await db()
      .transaction()
      .execute(async (trx) => {
        const held = await hold(trx);
        expect(await hold(trx)).toEqual(held);
        return held;
      });
    expect(await hold(db())).toEqual(entry);
    expect((await balance(db(), walletAccount(userId))).balance).toBe(30);
  });
});

describe('expireLots replayed', () => {
  it('answers the first run’s entries and expires nothing twice', async () => {
    const { userId } = await funded(10);
    const key = newKey('expiry');
    const now = lotExpiry(NOW);
    const first = await expireLots(db(), { idempotencyKey: key, now });
    expect(first.some((entry) => entry.metadata.userId === userId)).toBe(true);
    const before = await counts();
    expect(await expireLots(db(), { idempotencyKey: key, now })).toEqual(first);
    expect(await counts()).toEqual(before);
    const details = await refusal(
      expireLots(db(), { idempotencyKey: key, now: new Date(now.getTime() - 1) }),
      'IDEMPOTENCY_CONFLICT',
    );
    expect(details.firstRequest).toEqual({ command: 'ExpireLots', asOf: now.toISOString() });
  });
});
