import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// One destination per refund request, decided once when the coins are taken (services/src/coin-history/refund-parts.ts):
// - `coin_refunds.destination_kind`: ORIGINAL_METHOD when every charge it pays back can go back through its provider
//   (`destination_methods`: their pay methods; a withdrawn bank deposit goes back to the account it came from, as
//   `withoutbankbook`), BANK_ACCOUNT otherwise (the account the fan gave, in `bank_name` and the columns next to it,
//   which data retention may erase later).
// - `coin_refund_parts.via`: how each part is paid, stored instead of read from `payment_id` (a card charge's part of
//   a request paid to a bank account goes by bank transfer too, without an app refund: `request_id` null).
// Requests from before are given the destination their parts say: through the providers when every part carrying
// money has its provider refund recorded, else the fan's account for a partial refund, else the withdrawn charge's
// own method.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table coin_refunds
      add column destination_kind text check (destination_kind in ('BANK_ACCOUNT', 'ORIGINAL_METHOD')),
      add column destination_methods text[]`.execute(db);
  await sql`
    alter table coin_refund_parts
      add column via text check (via in ('PROVIDER', 'BANK_TRANSFER'))`.execute(db);
  await sql`
    update coin_refund_parts set via = case
      when payment_id is null or (request_id is null and amount > 0) then 'BANK_TRANSFER' else 'PROVIDER' end`.execute(
    db,
  );
  await sql`alter table coin_refund_parts alter column via set not null`.execute(db);
  await sql`
    update coin_refunds r set destination_kind = 'ORIGINAL_METHOD', destination_methods = through.methods
    from (
      select p.refund_id, array_agg(distinct pay.pay_method order by pay.pay_method) as methods
      from coin_refund_parts p
      join coin_refunds owner on owner.id = p.refund_id and owner.ledger_transaction_id = p.ledger_transaction_id
      left join payments pay on pay.id = p.payment_id
      group by p.refund_id
      having bool_and(pay.pay_method is not null and (p.request_id is not null or p.amount = 0))
    ) through
    where through.refund_id = r.id`.execute(db);
  await sql`
    update coin_refunds set destination_kind = 'BANK_ACCOUNT'
    where destination_kind is null and kind = 'PARTIAL_REFUND'`.execute(db);
  await sql`
    update coin_refunds r set destination_kind = 'ORIGINAL_METHOD',
      destination_methods = array[coalesce(
        (select pay.pay_method from coin_deposits d join payments pay on pay.id = d.payment_id
         where d.id = r.coin_deposit_id),
        'withoutbankbook')]
    where destination_kind is null`.execute(db);
  await sql`alter table coin_refunds alter column destination_kind set not null`.execute(db);
  await sql`
    alter table coin_refunds add constraint coin_refunds_destination_methods
      check ((destination_kind = 'ORIGINAL_METHOD') = (coalesce(cardinality(destination_methods), 0) > 0))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table coin_refund_parts drop column via`.execute(db);
  await sql`
    alter table coin_refunds drop constraint coin_refunds_destination_methods,
      drop column destination_methods, drop column destination_kind`.execute(db);
}
