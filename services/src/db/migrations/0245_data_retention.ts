import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Bounded growth (services/src/retention):
// - legal_retention_periods: the legal retention periods of the privacy terms, one row per kind of record, read by the
//   daily destruction (services/src/retention/legal.ts): 5 years for contract and payment records, 3 years for
//   complaint records, 1 year after withdrawal for membership data; destroyed within 5 days after the period ends.
// - data_maintenance_runs: one row per daily maintenance run, with what it removed per table and kind.
// - ledger_idempotency_keys_created_at: the keys expire by age. On a populated table the index is built
//   concurrently by the maintenance job instead (a build here would hold the ledger's writes for its whole length).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table legal_retention_periods (
      kind text primary key check (kind in ('payment', 'contract', 'complaint', 'membership')),
      period interval not null check (period > interval '0'),
      counted_from text not null,
      records text not null,
      rule text not null,
      destroy_within_days integer not null default 5 check (destroy_within_days between 1 and 5),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    insert into legal_retention_periods (kind, period, counted_from, records, rule) values
      ('payment', interval '5 years', 'the payment, bank transfer or refund request',
       'bank transfers: depositor name, phone and cash receipt number; coin refunds: bank, holder and account number',
       'contract and payment records are kept 5 years; the ledger (the books) is kept whole'),
      ('contract', interval '5 years', 'the application (its mission''s request)',
       'lottery event applications: name, phone and address',
       'contract and payment records are kept 5 years'),
      ('complaint', interval '3 years', 'the report or objection',
       'comment reports; objections to a login block',
       'complaint records are kept 3 years'),
      ('membership', interval '1 year', 'the withdrawal (users.deleted_at)',
       'a withdrawn member''s coin expiry warnings and upload records (the account row, erased at withdrawal, stays for the ledger)',
       'membership data is kept 1 year after withdrawal')`.execute(db);

  await sql`
    create table data_maintenance_runs (
      id bigint generated always as identity primary key,
      started_at timestamptz not null,
      finished_at timestamptz not null,
      as_of timestamptz not null,
      removed jsonb not null,
      error text
    )`.execute(db);
  await sql`create index data_maintenance_runs_newest on data_maintenance_runs (started_at desc)`.execute(db);

  const { rows } = await sql<{ empty: boolean }>`
    select not exists (select 1 from ledger_idempotency_keys) as empty`.execute(db);
  if (rows[0]!.empty) {
    await sql`
      create index ledger_idempotency_keys_created_at on ledger_idempotency_keys (created_at)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ledger_idempotency_keys_created_at`.execute(db);
  await sql`drop table data_maintenance_runs`.execute(db);
  await sql`drop table legal_retention_periods`.execute(db);
}
