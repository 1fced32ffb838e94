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
      -- when the row was written (occurred_at is the domain's clock): what lag is measured from
      recorded_at timestamptz not null default now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`create index outbox_unsent on outbox (transaction_id, position) where sent_at is null`.execute(db);
  // A relay publishes an aggregate's event only once none of its earlier events is still unsent (held by another relay).
  await sql`
    create index outbox_unsent_by_aggregate on outbox (aggregate_type, aggregate_id, transaction_id, position)
      where sent_at is null`.execute(db);
  // The Postgres transport reads in (transaction_id, position) order from a consumer's checkpoint.
  await sql`create index outbox_read_order on outbox (transaction_id, position)`.execute(db);

  // Every ledger transaction becomes a `ledger.transaction.appended` event in the same DB transaction, whichever
  // operation (or future operation) appended it. An AFTER trigger fires at the end of ledger_append's statement, so
  // the postings written by the same statement are visible to it.
  await sql`
    create function ledger_transaction_to_outbox() returns trigger language plpgsql as $$
    begin
      insert into outbox (id, type, aggregate_type, aggregate_id, payload, schema_version, occurred_at)
      values (
        gen_random_uuid(), 'ledger.transaction.appended', 'ledger', new.id::text,
        jsonb_build_object(
          'transactionId', new.id,
          'transactionType', new.type,
          'idempotencyKey', new.idempotency_key,
          'occurredAt', to_char(new.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'postings', (
            select coalesce(jsonb_agg(jsonb_build_object('account', p.account, 'amount', p.amount)
                                      order by p.account collate "C"), '[]')
            from ledger_postings as p where p.transaction_id = new.id),
          'metadata', new.metadata),
        1, new.occurred_at);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger ledger_transactions_to_outbox after insert on ledger_transactions
      for each row execute function ledger_transaction_to_outbox()`.execute(db);

  // Consumers: the Postgres transport's position per consumer (Emmett's rule: (transaction_id, position) order), and
  // the ids of the events each consumer has applied, written in the transaction of the effect.
  await sql`
    create table event_consumer_checkpoints (
      consumer text primary key,
      transaction_id xid8 not null default '0',
      position bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table event_consumer_processed (
      consumer text not null,
      event_id uuid not null,
      processed_at timestamptz not null default now(),
      primary key (consumer, event_id)
    )`.execute(db);

  // Fan and creator notifications; the text is rendered in the reader's language from
  // `kind` and `params`. `actor_user_id` is whose profile picture is the thumbnail.
  await sql`
    create table notifications (
      id bigint generated always as identity primary key,
      user_id bigint not null,
      kind text not null,
      mission_id bigint,
      mission_comment_id bigint,
      actor_user_id bigint,
      params jsonb not null default '{}',
      event_id uuid not null,
      created_at timestamptz not null,
      unique (event_id, user_id)
    )`.execute(db);
  await sql`create index notifications_user_newest on notifications (user_id, created_at desc, id desc)`.execute(db);

  // Settlement feed: each MISSION_RELEASE, and per creator per Korea-time month ('YYYY-MM') the coins earned.
  await sql`
    create table settlement_feed_entries (
      ledger_transaction_id bigint primary key,
      creator_id bigint not null,
      month text not null check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      mission_id bigint,
      coins bigint not null check (coins > 0),
      occurred_at timestamptz not null
    )`.execute(db);
  await sql`create index settlement_feed_entries_creator_month on settlement_feed_entries (creator_id, month)`.execute(
    db,
  );
  await sql`
    create table settlement_feed (
      creator_id bigint not null,
      month text not null check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      coins bigint not null check (coins >= 0),
      missions integer not null check (missions >= 0),
      updated_at timestamptz not null default now(),
      primary key (creator_id, month)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'settlement_feed',
    'settlement_feed_entries',
    'notifications',
    'event_consumer_processed',
    'event_consumer_checkpoints',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop trigger ledger_transactions_to_outbox on ledger_transactions`.execute(db);
  await sql`drop function ledger_transaction_to_outbox()`.execute(db);
  await db.schema.dropTable('outbox').execute();
}
