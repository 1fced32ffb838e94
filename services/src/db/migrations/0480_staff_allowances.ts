import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// - staff_allowance_uses: what each staff member did alone (without a second member's approval) that counts towards
//   his daily allowances: free coins granted, money paid back or cancelled, bank deposits confirmed. The sum of a
//   member's rows of the last 24 hours, read and added to under a lock on that member, decides whether his next
//   action runs alone or waits for approval. A use whose action then refused is released (released_at), never
//   deleted.
// - coin_items.discount: the won a CASH item is priced below the catalogue's rate (coins × 100 won), its own field;
//   a CASH item's price and discount make exactly that rate. Items already priced below it get the difference as
//   their discount; the rule holds for every row written from now on (not valid: an item priced above the rate keeps
//   its price until it is next changed, when it must keep the rate).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_allowance_uses (
      id bigint generated always as identity primary key,
      staff_id bigint not null references users (id) on delete cascade,
      allowance text not null check (allowance in ('FREE_COINS', 'MONEY_OUT_WON', 'MONEY_IN_WON')),
      amount integer not null check (amount > 0),
      action text not null,
      reference text not null,
      at timestamptz not null,
      released_at timestamptz
    )`.execute(db);
  await sql`create index staff_allowance_uses_window on staff_allowance_uses (staff_id, allowance, at)`.execute(db);

  await sql`alter table coin_items add column discount integer not null default 0 check (discount >= 0)`.execute(db);
  await sql`
    update coin_items set discount = point * 100 - price
    where item_type = 'CASH' and price < point * 100`.execute(db);
  await sql`
    alter table coin_items add constraint coin_items_cash_rate
      check (item_type <> 'CASH' or price + discount = point * 100) not valid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table coin_items drop constraint coin_items_cash_rate`.execute(db);
  await sql`alter table coin_items drop column discount`.execute(db);
  await sql`drop table staff_allowance_uses`.execute(db);
}
