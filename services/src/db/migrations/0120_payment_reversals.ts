import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Provider refunds and chargebacks, and what an order buys:
// - `payments.point`: the coins the order buys, snapshotted when the order is created, so a catalogue change between
//   checkout and credit does not change what the fan gets (null for orders older than this migration: the catalogue).
// - A refund or chargeback made at the provider reverses the purchase: a PURCHASE_REVERSAL ledger transaction takes
//   the charge's unspent coins back; `payment_reversals` records each provider refund once (by its provider id), the
//   coins asked and taken, and the shortfall when the fan had already spent them (for the console and finance).
//   Refunds the app itself asked the provider for (a withdrawal) are recorded there too, with origin 'app', so the
//   provider's notice of them does not take the coins a second time.
// - `coin_refunds.currency` and `amount_minor`: what a refund pays back in the charge's own currency (won or cents).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter type ledger_transaction_type add value if not exists 'PURCHASE_REVERSAL'`.execute(db);
  await sql`alter table payments add column point integer check (point > 0)`.execute(db);
  // The sweeper asks about the refunds of paid orders of the last 30 days, least recently checked first.
  await sql`alter table payments add column refunds_checked_at timestamptz`.execute(db);
  await sql`create index payments_refund_checks on payments (refunds_checked_at nulls first, paid_at) where status = 'paid'`.execute(
    db,
  );
  await sql`
    create table payment_reversals (
      id bigserial primary key,
      payment_id text not null references payments (id),
      provider_refund_id text not null,
      origin text not null check (origin in ('provider', 'app')),
      kind text not null check (kind in ('REFUND', 'CHARGEBACK')),
      currency text not null,
      amount integer not null check (amount >= 0),
      coins_asked integer not null check (coins_asked >= 0),
      coins_taken integer not null check (coins_taken >= 0),
      shortfall_coins integer not null check (shortfall_coins >= 0),
      ledger_transaction_id bigint unique references ledger_transactions (id),
      created_at timestamptz not null default now(),
      unique (payment_id, provider_refund_id)
    )`.execute(db);
  await sql`create index payment_reversals_shortfall on payment_reversals (created_at) where shortfall_coins > 0`.execute(
    db,
  );
  await sql`alter table coin_refunds add column currency text not null default 'KRW'`.execute(db);
  await sql`alter table coin_refunds add column amount_minor integer`.execute(db);
  await sql`alter table coin_refunds add column provider_refund_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // An enum value cannot be dropped; PURCHASE_REVERSAL stays unused.
  await sql`alter table coin_refunds drop column provider_refund_id`.execute(db);
  await sql`alter table coin_refunds drop column amount_minor`.execute(db);
  await sql`alter table coin_refunds drop column currency`.execute(db);
  await sql`drop table payment_reversals`.execute(db);
  await sql`alter table payments drop column refunds_checked_at`.execute(db);
  await sql`alter table payments drop column point`.execute(db);
}
