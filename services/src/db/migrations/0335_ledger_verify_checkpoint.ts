import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// What the ledger's verification has replayed, so a daily run replays only the transactions appended since: each
// account's replayed balance and each lot's replayed remaining coins and escrow portions, each as of a transaction
// (`through`: every transaction of the log up to it replayed), and the mark every row has reached (the checkpoint).
// A full replay of the whole log rewrites them all; runs say which kind they were.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ledger_verify_checkpoint (
      only_row boolean primary key default true check (only_row),
      mark bigint not null,
      full_mark bigint not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table ledger_verified_balances (
      account text primary key,
      balance bigint not null,
      through bigint not null
    )`.execute(db);
  await sql`
    create table ledger_verified_lots (
      lot_id bigint primary key,
      remaining bigint not null,
      escrow_portions jsonb not null,
      through bigint not null
    )`.execute(db);
  await sql`
    alter table ledger_verify_runs
      add column mode text not null default 'FULL' check (mode in ('FULL', 'INCREMENTAL'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_verify_runs drop column mode`.execute(db);
  await sql`drop table ledger_verified_lots`.execute(db);
  await sql`drop table ledger_verified_balances`.execute(db);
  await sql`drop table ledger_verify_checkpoint`.execute(db);
}
