import { sql } from 'kysely';
import type { Db } from '@fanmission/services/db';
import { consumeOutboxBatch, pause, readCheckpoint, type EventConsumer } from '@fanmission/services/outbox';
import { EVENT_CONSUMERS } from '@fanmission/services/runtime';

/**
 * For tests: runs every registered consumer (or the ones given) through the Postgres transport until each has
 * applied every committed outbox event. Events of a transaction still open elsewhere on the server are waited for
 * (they cannot be read before it ends); after `timeoutMs` it throws.
 */
export async function drainOutbox(
  db: Db,
  options: { consumers?: readonly EventConsumer[]; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (const consumer of options.consumers ?? EVENT_CONSUMERS) {
    for (;;) {
      if ((await consumeOutboxBatch(db, consumer)) > 0) continue;
      if (!(await hasPending(db, consumer))) break;
      if (Date.now() > deadline) {
        throw new Error(`drainOutbox: events for ${consumer.name} stayed unreadable (a transaction left open?)`);
      }
      await pause(20);
    }
  }
}

async function hasPending(db: Db, consumer: EventConsumer): Promise<boolean> {
  const from = await readCheckpoint(db, consumer.name);
  const { rows } = await sql<{ pending: boolean }>`
    select exists (
      select 1 from outbox where (transaction_id, position) > (${from.transactionId}::xid8, ${from.position})
    ) as pending`.execute(db);
  return rows[0]!.pending;
}
