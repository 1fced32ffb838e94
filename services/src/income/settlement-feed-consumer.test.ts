import { holdForMission, purchase, refundMission, releaseToCreator } from '@fanmission/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import type { Db } from '../db';
import { drainOutbox } from '@fanmission/tests/support/outbox';

const testApp = useTestApp();
const db = (): Db => testApp.current.app.db;
let fan: TestAccount;
let missionId = 100;

beforeAll(async () => {
  fan = await createAccount(testApp.current.app);
  await purchase(db(), {
    userId: fan.id,
    coins: 1_000,
    paymentId: 'pay-1',
    idempotencyKey: 'buy',
    now: new Date('2026-01-01T00:00:00Z'),
  });
});

/** Holds a mission's coins, then releases them to the creator (or refunds them) at the given instant. */
async function mission(creatorId: number, coins: number, at: string, end: 'release' | 'refund' = 'release') {
  missionId += 1;
  const now = new Date(at);
  await holdForMission(db(), { userId: fan.id, missionId, coins, idempotencyKey: `hold-${missionId}`, now });
  if (end === 'release') {
    await releaseToCreator(db(), { missionId, creatorId, idempotencyKey: `release-${missionId}`, now });
  } else {
    await refundMission(db(), { missionId, idempotencyKey: `refund-${missionId}`, now });
  }
}

describe('settlement feed consumer', () => {
  it('sums each creator’s released coins per Korea-time month, once per release', async () => {
    await mission(7, 100, '2026-01-31T14:59:59Z'); // 23:59:59 KST on 31 January
    await mission(7, 30, '2026-01-31T15:00:00Z'); // 00:00 KST on 1 February
    await mission(7, 20, '2026-02-27T10:00:00Z');
    await mission(8, 55, '2026-02-01T00:00:00Z');
    await mission(7, 40, '2026-02-10T00:00:00Z', 'refund');
    await drainOutbox(db());
    await drainOutbox(db());

    const months = await db()
      .selectFrom('settlement_feed')
      .select(['creator_id', 'month', 'coins', 'missions'])
      .orderBy('creator_id')
      .orderBy('month')
      .execute();
    expect(months).toEqual([
      { creator_id: 7, month: '2026-01', coins: 100, missions: 1 },
      { creator_id: 7, month: '2026-02', coins: 50, missions: 2 },
      { creator_id: 8, month: '2026-02', coins: 55, missions: 1 },
    ]);
    const entries = await db()
      .selectFrom('settlement_feed_entries')
      .select(['creator_id', 'month', 'mission_id', 'coins'])
      .orderBy('ledger_transaction_id')
      .execute();
    expect(entries).toEqual([
      { creator_id: 7, month: '2026-01', mission_id: 101, coins: 100 },
      { creator_id: 7, month: '2026-02', mission_id: 102, coins: 30 },
      { creator_id: 7, month: '2026-02', mission_id: 103, coins: 20 },
      { creator_id: 8, month: '2026-02', mission_id: 104, coins: 55 },
    ]);
  });
});
