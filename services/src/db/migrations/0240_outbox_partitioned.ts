import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The outbox becomes a table partitioned by UTC day of `recorded_at` (outbox_pYYYYMMDD, plus outbox_default for a row
// no day's partition takes), so that retention drops a day whole instead of deleting its rows one by one
// (services/src/retention/outbox-partitions.ts). A partitioned table's unique keys must hold the partition key:
// the primary key becomes (position, recorded_at) and `id` is no longer unique across the table. `position` stays
// unique because only its identity sequence writes it (generated always); event ids are random UUIDs made once per
// recorded event, and consumers apply an id once whatever (event_consumer_processed).
//
// This migration converts only an EMPTY outbox (a new database: instant). A populated one is converted online, step
// by step, each step its own short transaction, by `partitionOutbox` (services/src/retention/outbox-partitions.ts, run
// by the daily data maintenance job): Kysely's Migrator runs all pending migrations in one transaction, which would hold
// the outbox's lock while a big table is scanned.
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ partitioned: boolean; empty: boolean }>`
    select (select relkind = 'p' from pg_class where oid = 'outbox'::regclass) as partitioned,
      not exists (select 1 from outbox) as empty`.execute(db);
  if (rows[0]!.partitioned || !rows[0]!.empty) return;
  const { rows: sequence } = await sql<{ next: string }>`
    select (case when is_called then last_value + 1 else last_value end)::text as next
    from outbox_position_seq`.execute(db);
  await sql`drop table outbox`.execute(db);
  await sql`
    create table outbox (
      position bigint generated always as identity,
      id uuid not null,
      type text not null,
      aggregate_type text not null,
      aggregate_id text not null,
      payload jsonb not null,
      schema_version integer not null,
      occurred_at timestamptz not null,
      transaction_id xid8 not null default pg_current_xact_id(),
      recorded_at timestamptz not null default now(),
      sent_at timestamptz,
      trace_parent text,
      constraint outbox_pkey primary key (position, recorded_at)
    ) partition by range (recorded_at)`.execute(db);
  await sql`alter table outbox alter column position restart with ${sql.lit(Number(sequence[0]!.next))}`.execute(db);
  await sql`create index outbox_unsent on outbox (transaction_id, position) where sent_at is null`.execute(db);
  await sql`
    create index outbox_unsent_by_aggregate on outbox (aggregate_type, aggregate_id, transaction_id, position)
      where sent_at is null`.execute(db);
  await sql`create index outbox_read_order on outbox (transaction_id, position)`.execute(db);
  await sql`create index outbox_recorded_at on outbox (recorded_at)`.execute(db);
  await sql`
    create index outbox_traced_aggregates on outbox (aggregate_type, aggregate_id, position)
    where trace_parent is not null`.execute(db);
  await sql`create table outbox_default partition of outbox default`.execute(db);
  // Yesterday to three days ahead (UTC days); the daily maintenance job keeps creating the days ahead.
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  for (let offset = -1; offset <= 3; offset += 1) {
    const from = new Date(today.getTime() + offset * 86_400_000);
    const to = new Date(from.getTime() + 86_400_000);
    const name = `outbox_p${from.toISOString().slice(0, 10).replaceAll('-', '')}`;
    await sql`
      create table ${sql.table(name)} partition of outbox
        for values from (${sql.lit(from.toISOString())}) to (${sql.lit(to.toISOString())})`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The partitioned outbox stays (the rows and readers are the same); nothing to undo.
}
