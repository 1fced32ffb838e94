import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A refund request is paid back in the currencies the fan paid in, never converted through KRW.
// - `coin_refund_parts`: one row per charge whose coins a refund request took back (a withdrawal: its one charge; a
//   partial refund: every charge whose lot gave coins), with the coins, the share of the 3 % fee, and the money in the
//   charge's own currency (won, or cents for a PayPal charge). A part of a card or PayPal charge is refunded through
//   that provider (`request_id` names the app refund recorded in `payment_reversals`; `provider_refund_id` once the
//   provider answered); a part of a bank deposit is paid by bank transfer. Parts belong to one ledger refund
//   transaction: a refused request asked again has new parts.
// - `coin_refunds.provider_refund_claimed_at`: finance's "refund at provider" claims the request first, so two clicks
//   never ask a provider twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table coin_refund_parts (
      id bigserial primary key,
      refund_id bigint not null references coin_refunds (id),
      ledger_transaction_id bigint not null references ledger_transactions (id),
      payment_id text references payments (id),
      coins integer not null check (coins > 0),
      fee_coins integer not null check (fee_coins >= 0 and fee_coins <= coins),
      currency text not null,
      amount integer not null check (amount >= 0),
      request_id text,
      provider_refund_id text,
      refunded_at timestamptz,
      unique (ledger_transaction_id, payment_id)
    )`.execute(db);
  await sql`create index coin_refund_parts_refund on coin_refund_parts (refund_id, ledger_transaction_id)`.execute(db);
  await sql`create index coin_refund_parts_payment on coin_refund_parts (payment_id) where payment_id is not null`.execute(
    db,
  );
  await sql`alter table coin_refunds add column provider_refund_claimed_at timestamptz`.execute(db);
  await sql`alter table payment_reversals add column request_id text`.execute(db);
  await sql`update payment_reversals set request_id = substr(provider_refund_id, 9) where provider_refund_id like 'pending:%'`.execute(
    db,
  );
  await sql`
    create table sandbox_refunds (
      id text primary key,
      payment_id text not null,
      request_id text not null unique,
      amount integer not null check (amount > 0),
      currency text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sandbox_refunds_payment on sandbox_refunds (payment_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sandbox_refunds`.execute(db);
  await sql`alter table payment_reversals drop column request_id`.execute(db);
  await sql`alter table coin_refunds drop column provider_refund_claimed_at`.execute(db);
  await sql`drop table coin_refund_parts`.execute(db);
}
