import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The W3C traceparent of the request or job that recorded an event, while tracing is on (null otherwise): a
// consumer's effect continues that trace, and the console finds a mission's trace from its first traced event.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox add column trace_parent text`.execute(db);
  await sql`
    create index outbox_traced_aggregates on outbox (aggregate_type, aggregate_id, position)
    where trace_parent is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_traced_aggregates`.execute(db);
  await sql`alter table outbox drop column trace_parent`.execute(db);
}
