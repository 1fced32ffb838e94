import { DAY_MS } from '@fanmission/contracts';
import { purchase } from '@fanmission/ledger';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { createMember, newKey, nextId } from '@fanmission/tests/support/ledger';
import { IDEMPOTENCY_KEY_DAYS, NOTIFICATION_MONTHS, ensureLedgerKeyIndex, monthsBefore, pruneWindows } from './windows';

// Notifications are kept 6 months; ledger and mission-action idempotency keys 90 days, the window no caller retries
// beyond (services/src/retention/windows.ts). Money stays idempotent inside the window.

const database = useTestDatabase();
const NOW = new Date('2026-09-01T00:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

const count = async (query: ReturnType<typeof sql>) =>
  (await sql<{ n: number }>`select count(*)::int as n from (${query}) as rows`.execute(database.current.db)).rows[0]!.n;

describe('pruneWindows', () => {
  it('deletes notifications older than 6 months, in batches from the oldest', async () => {
    const db = database.current.db;
    const userId = await createMember(db);
    const cutoff = monthsBefore(NOW, NOTIFICATION_MONTHS);
    expect(cutoff.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    // 7 older than 6 months, then 3 younger, in id order as they are written.
    const ages = [400, 300, 250, 200, 190, 185, 184.5, 180, 30, 1].map((days) => daysAgo(days));
    for (const createdAt of ages) {
      await sql`insert into notifications (user_id, kind, event_id, created_at)
        values (${userId}, 'mission.liked', gen_random_uuid(), ${createdAt})`.execute(db);
    }
    const pruned = await pruneWindows(db, { now: NOW, batchSize: 3 });
    expect(pruned.notifications).toBe(7);
    const { rows } = await sql<{ created_at: Date }>`select created_at from notifications order by id`.execute(db);
    expect(rows.map((row) => row.created_at.getTime())).toEqual(ages.slice(7).map((at) => at.getTime()));
  });

  it('keeps a ledger key for 90 days: a retry inside the window is answered from the key; older keys go', async () => {
    const db = database.current.db;
    const userId = await createMember(db);
    const insideKey = newKey('inside');
    const insideRequest = { userId, coins: 30, paymentId: `pay-${nextId()}` };
    const first = await purchase(db, {
      idempotencyKey: insideKey,
      now: daysAgo(IDEMPOTENCY_KEY_DAYS - 1),
      ...insideRequest,
    });
    const outsideKey = newKey('outside');
    await purchase(db, {
      idempotencyKey: outsideKey,
      now: daysAgo(IDEMPOTENCY_KEY_DAYS + 1),
      userId,
      coins: 10,
      paymentId: `pay-${nextId()}`,
    });
    const pruned = await pruneWindows(db, { now: NOW, batchSize: 1 });
    expect(pruned.ledgerIdempotencyKeys).toBe(1);
    expect(await count(sql`select 1 from ledger_idempotency_keys where idempotency_key = ${outsideKey}`)).toBe(0);

    // The retried purchase (same key, same request) answers the first transaction and moves no coin again.
    const transactionsBefore = await count(sql`select 1 from ledger_transactions`);
    const retried = await purchase(db, {
      idempotencyKey: insideKey,
      now: daysAgo(IDEMPOTENCY_KEY_DAYS - 1),
      ...insideRequest,
    });
    expect(retried.transactionId).toBe(first.transactionId);
    expect(await count(sql`select 1 from ledger_transactions`)).toBe(transactionsBefore);
  });

  it('builds the key index concurrently when a populated database was migrated without it', async () => {
    const db = database.current.db;
    await sql`drop index ledger_idempotency_keys_created_at`.execute(db);
    expect(await ensureLedgerKeyIndex(db)).toBe(true);
    expect(await ensureLedgerKeyIndex(db)).toBe(false);
  });
});
