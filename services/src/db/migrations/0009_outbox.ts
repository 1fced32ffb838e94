import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The transactional outbox: every transaction that changes domain state appends its events here. `position` orders
// rows for readers, but a transaction that commits late can carry a smaller position, so readers only take rows whose
// writing transaction (`transaction_id`) is older than their snapshot's xmin.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table outbox (
      position bigint generated always as identity primary key,
      id uuid not null unique,
      type text not null,
      aggregate_type text not null,
      aggregate_id text not null,
      payload jsonb not null,
      schema_version integer not null,
      occurred_at timestamptz not null,
      transaction_id xid8 not null default pg_current_xact_id(),
      sent_at timestamptz
    )`.execute(db);
  await sql`create index outbox_unsent on outbox (position) where sent_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
