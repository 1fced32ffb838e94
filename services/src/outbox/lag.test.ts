import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { relayLag } from './lag';
import { postgresConsumerLag } from './postgres-transport';

// The health check's backlog queries on a big outbox: started on a database whose consumers had millions of events
// pending, the count ran into the statement timeout and /health reported the pipeline DOWN. The counts stop at a
// limit and the oldest pending event is read from the index, so neither scans the table.

const database = useTestDatabase();

describe('event pipeline lag on a big backlog', () => {
  it('counts pending and unsent events up to the limit and reads the oldest from the index, without a scan', async () => {
    const db = database.current.db;
    await sql`
      insert into outbox (id, type, aggregate_type, aggregate_id, payload, schema_version, occurred_at)
      select gen_random_uuid(), 'mission.liked', 'mission', g::text,
        jsonb_build_object('missionId', g, 'creatorId', 1, 'userId', 1), 1, now()
      from generate_series(1, 3000) as g`.execute(db);
    // The first event in the consumer's order is an hour old.
    await sql`update outbox set recorded_at = now() - interval '1 hour'
      where position = (select min(position) from outbox)`.execute(db);

    const lag = await postgresConsumerLag(db, 'lag-test', { limit: 1_000 });
    expect(lag.pendingEvents).toBe(1_000);
    expect(lag.oldestPendingSeconds).toBeGreaterThanOrEqual(3_600);
    expect(lag.oldestPendingSeconds).toBeLessThan(3_700);
    const all = await postgresConsumerLag(db, 'lag-test', { limit: 5_000 });
    expect(all.pendingEvents).toBe(3_000);

    const relay = await relayLag(db, { limit: 1_000 });
    expect(relay.unsentEvents).toBe(1_000);
    expect(relay.oldestUnsentSeconds).toBeGreaterThanOrEqual(3_600);

    // Neither query reads more rows than it needs: the scans under them stop at the limit (and at one row for the
    // oldest), where a count over the table, or a sort for the oldest, reads every pending row.
    await sql`analyze outbox`.execute(db);
    const rowsRead = async (query: ReturnType<typeof sql>) => {
      const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (analyze, format json) ${query}`.execute(db);
      let read = 0;
      const visit = (node: Record<string, unknown>) => {
        if (String(node['Node Type']).includes('Scan'))
          read += Number(node['Actual Rows']) * Number(node['Actual Loops']);
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
      };
      visit((rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
      return read;
    };
    expect(
      await rowsRead(sql`select count(*) from (
        select 1 from outbox where (transaction_id, position) > ('0'::xid8, 0) limit 1000) as pending`),
    ).toBeLessThanOrEqual(1_001);
    expect(
      await rowsRead(sql`select recorded_at from outbox where (transaction_id, position) > ('0'::xid8, 0)
        order by transaction_id, position limit 1`),
    ).toBeLessThanOrEqual(2);
    expect(
      await rowsRead(
        sql`select recorded_at from outbox where sent_at is null order by transaction_id, position limit 1`,
      ),
    ).toBeLessThanOrEqual(2);
  });
});
