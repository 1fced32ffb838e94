import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Free-coin events (services/src/coins/bonus-grants.ts): a grant of a BONUS coin item by finance, with its reason and
// budget, unique per author and Idempotency-Key (a retry finds it); one row per member granted, unique per grant, with
// the ledger's BONUS_GRANT that credited him (its key is the grant's and the member's: granted once).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bonus_grants (
      id bigint generated always as identity primary key,
      coin_item_id bigint not null references coin_items (id),
      coins_each integer not null check (coins_each > 0),
      reason text not null,
      budget_coins integer not null check (budget_coins > 0),
      recipients jsonb not null,
      created_by bigint not null references users (id),
      idempotency_key text not null,
      created_at timestamptz not null default now(),
      unique (created_by, idempotency_key)
    )`.execute(db);
  await sql`
    create table bonus_grant_recipients (
      grant_id bigint not null references bonus_grants (id),
      user_id bigint not null references users (id),
      coins integer not null check (coins > 0),
      ledger_transaction_id bigint not null references ledger_transactions (id),
      primary key (grant_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table bonus_grant_recipients`.execute(db);
  await sql`drop table bonus_grants`.execute(db);
}
