import { randomUUID } from 'node:crypto';
import { balance, grantBonus, lots, purchase, walletAccount } from '@fanmission/ledger';
import { WorkflowFailedError } from '@temporalio/client';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { useTemporalTestEnvironment, withTestWorker } from '@fanmission/tests/harness/temporal';
import { createCoinExpiryActivities } from '@fanmission/services/coins';
import { koreaDate } from '@fanmission/contracts';
import { expireCoinLots } from '@fanmission/workflows/coins';

const env = await useTemporalTestEnvironment();
const database = useTestDatabase();

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const today = new Date();

async function createMember(): Promise<number> {
  const row = await database.current.db
    .insertInto('users')
    .values({
      username: `fan-${randomUUID()}`,
      provider: 'local',
      roles: ['ROLE_USER'],
      password_hash: 'not-a-real-hash',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function charge(userId: number, coins: number, at: Date) {
  return await purchase(database.current.db, {
    userId,
    coins,
    paymentId: `payment-${randomUUID()}`,
    idempotencyKey: `purchase-${randomUUID()}`,
    now: at,
  });
}

async function expiryTransactions(): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from ledger_transactions where type = 'EXPIRY'`.execute(database.current.db);
  return rows[0]!.count;
}

const runExpiry = (activities: object, input: { date?: string }) =>
  withTestWorker(env, { activities }, (taskQueue) =>
    env.client.workflow.execute(expireCoinLots, {
      taskQueue,
      workflowId: `coin-expiry-${randomUUID()}`,
      args: [input],
    }),
  );

describe('daily coin expiry workflow', () => {
  let fan: number;
  let otherFan: number;

  beforeAll(async () => {
    const db = database.current.db;
    fan = await createMember();
    otherFan = await createMember();
    // Lots seeded through the ledger with an old clock: 6 years ago (expired a year ago) and 4 years ago (valid).
    await charge(fan, 100, new Date(today.getTime() - 6 * YEAR_MS));
    await grantBonus(db, {
      userId: fan,
      coins: 10,
      reason: 'FREE_COIN_EVENT',
      idempotencyKey: `bonus-${randomUUID()}`,
      now: new Date(today.getTime() - 5.5 * YEAR_MS),
    });
    await charge(fan, 50, new Date(today.getTime() - 4 * YEAR_MS));
    await charge(otherFan, 30, new Date(today.getTime() - 7 * YEAR_MS));
  });

  it('expires every lot whose 5 years are over, and nothing else', async () => {
    const db = database.current.db;
    const activities = createCoinExpiryActivities({ db, now: () => new Date() });
    const date = koreaDate(today);

    const result = await runExpiry(activities, { date });

    expect(result).toMatchObject({ date, coins: 140 });
    expect(result.transactionIds).toHaveLength(2);
    expect(new Date(result.asOf).getTime()).toBeLessThanOrEqual(today.getTime());
    expect(await balance(db, walletAccount(fan))).toMatchObject({ balance: 50 });
    expect(await balance(db, walletAccount(otherFan))).toMatchObject({ balance: 0 });
    const left = await lots(db, fan, { now: new Date() });
    expect(left.map((lot) => [lot.source, lot.remaining])).toEqual([['CASH', 50]]);
  });

  it('is idempotent for the same day: a second run reports the same and moves nothing', async () => {
    const db = database.current.db;
    const activities = createCoinExpiryActivities({ db, now: () => new Date() });
    const date = koreaDate(today);
    const before = await expiryTransactions();

    const first = await runExpiry(activities, { date });
    const second = await runExpiry(activities, { date });

    expect(second).toEqual(first);
    expect(first.coins).toBe(140);
    expect(await expiryTransactions()).toBe(before);
    expect(await balance(db, walletAccount(fan))).toMatchObject({ balance: 50 });
  });

  it('expires nothing new on a later day until another lot’s time comes', async () => {
    const db = database.current.db;
    const tomorrow = koreaDate(new Date(today.getTime() + 24 * 60 * 60 * 1000));
    const activities = createCoinExpiryActivities({
      db,
      now: () => new Date(today.getTime() + 2 * 24 * 60 * 60 * 1000),
    });

    const result = await runExpiry(activities, { date: tomorrow });

    expect(result).toMatchObject({ date: tomorrow, coins: 0, transactionIds: [] });
    expect(await balance(db, walletAccount(fan))).toMatchObject({ balance: 50 });
  });

  it('without a date, expires as of today in Korea by the workflow clock', async () => {
    const db = database.current.db;
    // The shared test server's clock runs ahead of the wall clock by the time other suites skipped.
    const workflowNow = new Date(await env.currentTimeMs());
    const activities = createCoinExpiryActivities({
      db,
      now: () => new Date(workflowNow.getTime() + 24 * 60 * 60 * 1000),
    });

    const result = await runExpiry(activities, {});

    expect(result.date).toBe(koreaDate(workflowNow));
  });

  it('refuses a day that has not begun in Korea, without retrying', async () => {
    const activities = createCoinExpiryActivities({ db: database.current.db, now: () => new Date() });
    const nextWeek = koreaDate(new Date(today.getTime() + 7 * 24 * 60 * 60 * 1000));

    const failure = await runExpiry(activities, { date: nextWeek }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(WorkflowFailedError);
    expect(String((failure as WorkflowFailedError).cause?.cause)).toContain('has not begun in Korea yet');
  });
});
