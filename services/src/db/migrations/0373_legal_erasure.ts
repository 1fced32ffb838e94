import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The legal retention pass (services/src/retention/legal.ts) erases personal data past its period from the records
// that are otherwise never changed: the console's audit log, the payout account history and the settlement
// statements. Their triggers still refuse every change but exactly that erasure, made in a transaction that declares
// it (set_config('fanmission.legal_erasure', 'on', true)):
// - admin_audit_log: its before and after snapshots, with personal fields (e-mail, phone, names, holders, addresses,
//   cash receipt numbers) as '-', and when that happened; nothing else, and never a delete;
// - payout_account_changes: the holders as '-', the account numbers as their last four digits, the request address
//   removed;
// - settlement_statements: the holder as '-' and the number as its last four digits; the amounts never.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function legal_erasure_declared() returns boolean language sql stable as $$
      select coalesce(current_setting('fanmission.legal_erasure', true), '') = 'on'
    $$`.execute(db);
  await sql`
    create function legal_erased_account_number(value text) returns text language sql immutable as $$
      select case when value is null or value like '****%' then value else '****' || right(value, 4) end
    $$`.execute(db);
  await sql`
    create function audit_personal_data_erased(value jsonb) returns jsonb language plpgsql immutable as $$
    begin
      if jsonb_typeof(value) = 'object' then
        return coalesce((select jsonb_object_agg(key, case
            when key in ('email', 'phone', 'depositorName', 'depositorPhone', 'cashReceiptNumber', 'bankAccountHolder',
                         'address', 'addressDetail', 'recipientName', 'name') and jsonb_typeof(field) = 'string'
              then to_jsonb('-'::text)
            else audit_personal_data_erased(field) end)
          from jsonb_each(value) as entry(key, field)), '{}'::jsonb);
      elsif jsonb_typeof(value) = 'array' then
        return coalesce((select jsonb_agg(audit_personal_data_erased(item)) from jsonb_array_elements(value) as a(item)),
          '[]'::jsonb);
      end if;
      return value;
    end $$`.execute(db);

  await sql`alter table admin_audit_log add column personal_data_erased_at timestamptz`.execute(db);
  await sql`drop trigger admin_audit_log_no_change on admin_audit_log`.execute(db);
  await sql`
    create trigger admin_audit_log_no_change before delete or truncate on admin_audit_log
      for each statement execute function admin_audit_log_append_only()`.execute(db);
  await sql`
    create function admin_audit_log_only_erasure() returns trigger language plpgsql as $$
    begin
      if legal_erasure_declared() and old.personal_data_erased_at is null and new.personal_data_erased_at is not null
         and (new.id, new.actor_id, new.actor_roles, new.action, new.resource, new.resource_id, new.status_code,
              new.request_id, new.created_at)
             is not distinct from
             (old.id, old.actor_id, old.actor_roles, old.action, old.resource, old.resource_id, old.status_code,
              old.request_id, old.created_at)
         and new.before is not distinct from audit_personal_data_erased(old.before)
         and new.after is not distinct from audit_personal_data_erased(old.after) then
        return new;
      end if;
      raise exception 'admin_audit_log is append-only';
    end $$`.execute(db);
  await sql`
    create trigger admin_audit_log_only_erasure before update on admin_audit_log
      for each row execute function admin_audit_log_only_erasure()`.execute(db);

  await sql`drop trigger payout_account_changes_no_change on payout_account_changes`.execute(db);
  await sql`
    create trigger payout_account_changes_no_change before delete or truncate on payout_account_changes
      for each statement execute function payout_account_changes_append_only()`.execute(db);
  await sql`
    create function payout_account_changes_only_erasure() returns trigger language plpgsql as $$
    begin
      if legal_erasure_declared()
         and (to_jsonb(new) - array['from_bank_account_holder', 'from_bank_account_number', 'to_bank_account_holder',
               'to_bank_account_number', 'request_ip'])
             = (to_jsonb(old) - array['from_bank_account_holder', 'from_bank_account_number', 'to_bank_account_holder',
               'to_bank_account_number', 'request_ip'])
         and new.from_bank_account_holder is not distinct from (case when old.from_bank_account_holder is null then null
               else '-' end)
         and new.to_bank_account_holder = '-'
         and new.from_bank_account_number is not distinct from legal_erased_account_number(old.from_bank_account_number)
         and new.to_bank_account_number = legal_erased_account_number(old.to_bank_account_number)
         and new.request_ip is null then
        return new;
      end if;
      raise exception 'payout_account_changes is append-only';
    end $$`.execute(db);
  await sql`
    create trigger payout_account_changes_only_erasure before update on payout_account_changes
      for each row execute function payout_account_changes_only_erasure()`.execute(db);

  // The statement's own immutability check runs on the row as it would be without the erasure.
  await sql`
    create function settlement_statements_erasure() returns trigger language plpgsql as $$
    begin
      if (new.bank_account_holder, new.bank_account_number)
         is not distinct from (old.bank_account_holder, old.bank_account_number) then
        return new;
      end if;
      if legal_erasure_declared()
         and new.bank_account_holder is not distinct from (case when old.bank_account_holder is null then null
               else '-' end)
         and new.bank_account_number is not distinct from legal_erased_account_number(old.bank_account_number)
         and (to_jsonb(new) - array['bank_account_holder', 'bank_account_number'])
             = (to_jsonb(old) - array['bank_account_holder', 'bank_account_number']) then
        return new;
      end if;
      raise exception 'settlement statement % is immutable', old.id using errcode = 'check_violation';
    end $$`.execute(db);
  await sql`
    create or replace function settlement_statements_immutable() returns trigger language plpgsql as $$
    begin
      if (new.creator_id, new.year, new.month, new.grade, new.month_coins, new.carried_coins, new.total_earning_coin,
          new.gross, new.income, new.pg_fee, new.pg_fee_rate, new.fatkat_fee, new.fatkat_fee_rate, new.overseas_fee,
          new.overseas_fee_rate, new.tax_withheld, new.tax_rate, new.to_receipt, new.overseas, new.foreigner,
          new.bank_name, new.due_date, new.ledger_transaction_id, new.created_at)
         is distinct from
         (old.creator_id, old.year, old.month, old.grade, old.month_coins, old.carried_coins, old.total_earning_coin,
          old.gross, old.income, old.pg_fee, old.pg_fee_rate, old.fatkat_fee, old.fatkat_fee_rate, old.overseas_fee,
          old.overseas_fee_rate, old.tax_withheld, old.tax_rate, old.to_receipt, old.overseas, old.foreigner,
          old.bank_name, old.due_date, old.ledger_transaction_id, old.created_at)
         or tg_op = 'DELETE'
         or (old.status = 'CARRIED_OVER' and new.status <> 'CARRIED_OVER') then
        raise exception 'settlement statement % is immutable', old.id using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger settlement_statements_erasure before update of bank_account_holder, bank_account_number
      on settlement_statements for each row execute function settlement_statements_erasure()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger settlement_statements_erasure on settlement_statements`.execute(db);
  await sql`drop function settlement_statements_erasure()`.execute(db);
  await sql`
    create or replace function settlement_statements_immutable() returns trigger language plpgsql as $$
    begin
      if (new.creator_id, new.year, new.month, new.grade, new.month_coins, new.carried_coins, new.total_earning_coin,
          new.gross, new.income, new.pg_fee, new.pg_fee_rate, new.fatkat_fee, new.fatkat_fee_rate, new.overseas_fee,
          new.overseas_fee_rate, new.tax_withheld, new.tax_rate, new.to_receipt, new.overseas, new.foreigner,
          new.bank_name, new.bank_account_holder, new.bank_account_number, new.due_date, new.ledger_transaction_id,
          new.created_at)
         is distinct from
         (old.creator_id, old.year, old.month, old.grade, old.month_coins, old.carried_coins, old.total_earning_coin,
          old.gross, old.income, old.pg_fee, old.pg_fee_rate, old.fatkat_fee, old.fatkat_fee_rate, old.overseas_fee,
          old.overseas_fee_rate, old.tax_withheld, old.tax_rate, old.to_receipt, old.overseas, old.foreigner,
          old.bank_name, old.bank_account_holder, old.bank_account_number, old.due_date, old.ledger_transaction_id,
          old.created_at)
         or (old.status = 'CARRIED_OVER' and new.status <> 'CARRIED_OVER') then
        raise exception 'settlement statement % is immutable', old.id using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`drop trigger payout_account_changes_only_erasure on payout_account_changes`.execute(db);
  await sql`drop function payout_account_changes_only_erasure()`.execute(db);
  await sql`drop trigger payout_account_changes_no_change on payout_account_changes`.execute(db);
  await sql`
    create trigger payout_account_changes_no_change before update or delete or truncate on payout_account_changes
      for each statement execute function payout_account_changes_append_only()`.execute(db);
  await sql`drop trigger admin_audit_log_only_erasure on admin_audit_log`.execute(db);
  await sql`drop function admin_audit_log_only_erasure()`.execute(db);
  await sql`drop trigger admin_audit_log_no_change on admin_audit_log`.execute(db);
  await sql`
    create trigger admin_audit_log_no_change before update or delete or truncate on admin_audit_log
      for each statement execute function admin_audit_log_append_only()`.execute(db);
  await sql`alter table admin_audit_log drop column personal_data_erased_at`.execute(db);
  await sql`drop function audit_personal_data_erased(jsonb)`.execute(db);
  await sql`drop function legal_erased_account_number(text)`.execute(db);
  await sql`drop function legal_erasure_declared()`.execute(db);
}
