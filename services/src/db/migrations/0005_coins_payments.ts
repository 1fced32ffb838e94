import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The coin catalogue, payment orders with their providers, bank-deposit requests, and the coin deposits that tie a
// verified payment (or a confirmed bank deposit) to the ledger transaction that credited it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table coin_items (
      id bigint generated always as identity primary key,
      item_type text not null check (item_type in ('CASH', 'BONUS')),
      name text not null,
      point integer not null check (point > 0),
      price integer not null check (price >= 0),
      usd_price numeric(10, 2) not null check (usd_price >= 0),
      active boolean not null default true,
      sort_order integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  // 1 coin = 100 won. The catalogue the original client sold, plus the free-coin item of bonus events.
  await sql`
    insert into coin_items (item_type, name, point, price, usd_price, sort_order) values
      ('CASH', '10 코인', 10, 1000, 0.80, 1),
      ('CASH', '30 코인', 30, 3000, 2.40, 2),
      ('CASH', '50 코인', 50, 5000, 4.00, 3),
      ('CASH', '100 코인', 100, 10000, 8.00, 4),
      ('CASH', '300 코인', 300, 30000, 24.00, 5),
      ('CASH', '500 코인', 500, 50000, 40.00, 6),
      ('CASH', '1000 코인', 1000, 100000, 80.00, 7),
      ('BONUS', '무료 코인 이벤트', 10, 0, 0, 100)`.execute(db);

  // A payment order: created before the provider's checkout, settled only after the server verified it with the
  // provider. `amount` is in the currency's minor unit (won for KRW, cents for USD).
  await sql`
    create table payments (
      id text primary key,
      user_id bigint not null references users (id),
      coin_item_id bigint not null references coin_items (id),
      provider text not null check (provider in ('sandbox', 'portone', 'paypal')),
      pay_method text not null check (pay_method in ('kakaopay', 'card', 'paypal')),
      pg text,
      currency text not null check (currency in ('KRW', 'USD')),
      amount bigint not null check (amount > 0),
      language text not null default 'ko',
      redirect_url text,
      status text not null default 'ready' check (status in ('ready', 'pending', 'paid', 'failed', 'cancelled')),
      provider_payment_id text,
      failure_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      paid_at timestamptz
    )`.execute(db);
  await sql`create index payments_user on payments (user_id, created_at desc)`.execute(db);
  await sql`create unique index payments_provider_payment on payments (provider, provider_payment_id)`.execute(db);

  await sql`
    create table bank_transfers (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id),
      coin_item_id bigint not null references coin_items (id),
      depositor_name text not null,
      depositor_phone text not null,
      cash_receipt_number text,
      receipt_type text not null default 'PHONE' check (receipt_type in ('PHONE')),
      amount integer not null check (amount > 0),
      status text not null default 'ready' check (status in ('ready', 'paid', 'cancelled', 'failed')),
      decided_by bigint references users (id),
      decided_at timestamptz,
      note text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index bank_transfers_user_status on bank_transfers (user_id, status, created_at desc)`.execute(db);
  await sql`create index bank_transfers_status on bank_transfers (status, created_at)`.execute(db);

  // One credited deposit per payment or bank transfer, whatever the retries.
  await sql`
    create table coin_deposits (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id),
      coin_item_id bigint not null references coin_items (id),
      payment_id text unique references payments (id),
      bank_transfer_id bigint unique references bank_transfers (id),
      ledger_transaction_id bigint not null unique references ledger_transactions (id),
      created_at timestamptz not null default now(),
      constraint coin_deposits_one_source check ((payment_id is null) <> (bank_transfer_id is null))
    )`.execute(db);
  await sql`create index coin_deposits_user on coin_deposits (user_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['coin_deposits', 'bank_transfers', 'payments', 'coin_items']) {
    await db.schema.dropTable(table).execute();
  }
}
