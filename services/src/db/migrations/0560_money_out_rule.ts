import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Money leaves the way it came (docs/rules/money-out.md):
// - coin_refunds.destination_kind SPLIT: a request whose provider charges go back through their providers
//   (`destination_methods`) and whose other coins (bank deposits, billed phone charges) go to the fan's account.
// - coin_refunds.bank_account_verified_as / _at: how the bank's holder look-up showed the account is the fan's own
//   (IDENTITY_NAME: the name his identity check verified; DEPOSITOR_NAME: the depositor name of a deposit it pays
//   back) and when. Requests written before have none: finance cannot mark them paid by hand, only refuse them, and
//   the fan asks again with his own account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table coin_refunds drop constraint coin_refunds_destination_kind_check`.execute(db);
  await sql`alter table coin_refunds drop constraint coin_refunds_destination_methods`.execute(db);
  await sql`
    alter table coin_refunds
      add constraint coin_refunds_destination_kind_check
        check (destination_kind in ('BANK_ACCOUNT', 'ORIGINAL_METHOD', 'SPLIT')),
      add constraint coin_refunds_destination_methods
        check ((destination_kind in ('ORIGINAL_METHOD', 'SPLIT')) = (coalesce(cardinality(destination_methods), 0) > 0)),
      add column bank_account_verified_as text check (bank_account_verified_as in ('IDENTITY_NAME', 'DEPOSITOR_NAME')),
      add column bank_account_verified_at timestamptz,
      add constraint coin_refunds_bank_account_verified
        check ((bank_account_verified_as is null) = (bank_account_verified_at is null))`.execute(db);
  await sql`
    update coin_refunds r set destination_kind = 'SPLIT', destination_methods = both_ways.methods
    from (
      select p.refund_id,
        array_agg(distinct pay.pay_method order by pay.pay_method) filter (where p.via = 'PROVIDER' and p.amount > 0)
          as methods,
        bool_or(p.via = 'BANK_TRANSFER' and p.amount > 0) as to_account
      from coin_refund_parts p
      join coin_refunds owner on owner.id = p.refund_id and owner.ledger_transaction_id = p.ledger_transaction_id
      left join payments pay on pay.id = p.payment_id
      group by p.refund_id
    ) both_ways
    where both_ways.refund_id = r.id and r.destination_kind = 'BANK_ACCOUNT' and both_ways.to_account
      and both_ways.methods is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A split request reads as one to the fan's account again (its parts keep how each charge goes).
  await sql`
    update coin_refunds set destination_kind = 'BANK_ACCOUNT', destination_methods = null
    where destination_kind = 'SPLIT'`.execute(db);
  await sql`
    alter table coin_refunds
      drop constraint coin_refunds_bank_account_verified,
      drop column bank_account_verified_at,
      drop column bank_account_verified_as,
      drop constraint coin_refunds_destination_methods,
      drop constraint coin_refunds_destination_kind_check`.execute(db);
  await sql`
    alter table coin_refunds
      add constraint coin_refunds_destination_kind_check check (destination_kind in ('BANK_ACCOUNT', 'ORIGINAL_METHOD')),
      add constraint coin_refunds_destination_methods
        check ((destination_kind = 'ORIGINAL_METHOD') = (coalesce(cardinality(destination_methods), 0) > 0))`.execute(
    db,
  );
}
