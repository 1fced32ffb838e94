import { sql, type Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import type { Database } from '../db';
import { defineConsumer } from './consumer';
import { domainEvent, recordEvents } from './outbox';
import type { ParkedEvent } from './dead-letters';
import { startPostgresConsumers } from './postgres-consumers';
import { readCheckpoint } from './postgres-transport';

// A poison event used to stall its consumer for ever (its checkpoint never moved). Now, after
// `maxAttempts` failures it is parked in event_consumer_dead_letters (with the error), the consumer moves on to the
// events behind it, and the alert fires.

const database = useTestDatabase();
const NOW = new Date('2026-03-01T00:00:00Z');

const liked = (sequence: number) =>
  domainEvent('mission.liked', { missionId: sequence, creatorId: 999_999, userId: 1 }, NOW);

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('poison events', () => {
  it('parks an event that keeps failing after maxAttempts and applies the events behind it', async () => {
    const db = database.current.db;
    await sql`create table test_applied (sequence int)`.execute(db);
    const attempts = new Map<number, number>();
    const consumer = defineConsumer('poison-test', {
      'mission.liked': async (trx: Transaction<Database>, event) => {
        const sequence = event.payload.missionId;
        attempts.set(sequence, (attempts.get(sequence) ?? 0) + 1);
        // Event 2's payload cannot be handled, ever (an undecodable payload behaves the same).
        if (sequence === 2) throw new Error('cannot decode payload of event 2');
        await sql`insert into test_applied values (${sequence})`.execute(trx);
      },
    });
    const events = await recordEvents(db, [liked(1), liked(2), liked(3), liked(4)]);

    const parked: ParkedEvent[] = [];
    const running = startPostgresConsumers(db, [consumer], {
      pollIntervalMs: 5,
      maxAttempts: 3,
      onParked: (event) => parked.push(event),
    });
    try {
      await until('events 1, 3 and 4 applied', async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from test_applied`.execute(db);
        return rows[0]!.n === 3;
      });
    } finally {
      await running.stop();
    }

    const { rows: applied } = await sql<{ sequence: number }>`
      select sequence from test_applied order by sequence`.execute(db);
    expect(applied.map((row) => row.sequence)).toEqual([1, 3, 4]);
    // Once in the first batch (all four), then alone until parked: the third failure alone parks it.
    expect(attempts.get(2)).toBe(4);
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({
      consumer: 'poison-test',
      attempts: 3,
      error: 'cannot decode payload of event 2',
    });
    expect(parked[0]!.event.id).toBe(events[1]!.id);

    const letters = await db
      .selectFrom('event_consumer_dead_letters' as never)
      .selectAll()
      .execute();
    expect(letters).toEqual([
      expect.objectContaining({
        consumer: 'poison-test',
        event_id: events[1]!.id,
        event_type: 'mission.liked',
        attempts: 3,
        error: 'cannot decode payload of event 2',
        event: expect.objectContaining({ id: events[1]!.id, payload: { missionId: 2, creatorId: 999_999, userId: 1 } }),
      }),
    ]);
    // The checkpoint is past every event: nothing is pending, nothing is retried.
    const checkpoint = await readCheckpoint(db, 'poison-test');
    const { rows: pending } = await sql<{ n: number }>`
      select count(*)::int as n from outbox
      where (transaction_id, position) > (${checkpoint.transactionId}::xid8, ${checkpoint.position})`.execute(db);
    expect(pending[0]!.n).toBe(0);
  });
});
