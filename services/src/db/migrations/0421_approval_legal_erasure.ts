import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The legal retention's erasure (services/src/retention/legal.ts) reaches the staff approvals' copies of personal data:
// - audit_personal_data_erased (migration 0373) also blanks an approval summary's `holder`, a request's `ip` and the
//   staff's free texts about a case (`reason`, a step's `note`, `decisionNote`, which may name the person), so the
//   audit log's rows about approvals keep none of what the request itself no longer keeps;
// - approval_personal_data_erased: what a request keeps in its parameters and result: holders, e-mails, reasons and
//   names as '-', account numbers as their last four digits, the address removed; the request's own reason and its
//   decision note as '-'; personal_data_erased_at says when;
// - staff_approval_steps stays append-only but for that erasure of its notes (the maker's reason is the first step's
//   note), in a transaction that declares it as migration 0373's tables do.
const AUDIT_KEYS_0373 = `'email', 'phone', 'depositorName', 'depositorPhone', 'cashReceiptNumber', 'bankAccountHolder',
  'address', 'addressDetail', 'recipientName', 'name'`;

const auditErasure = (keys: string) => sql`
  create or replace function audit_personal_data_erased(value jsonb) returns jsonb language plpgsql immutable as $$
  begin
    if jsonb_typeof(value) = 'object' then
      return coalesce((select jsonb_object_agg(key, case
          when key in (${sql.raw(keys)}) and jsonb_typeof(field) = 'string' then to_jsonb('-'::text)
          else audit_personal_data_erased(field) end)
        from jsonb_each(value) as entry(key, field)), '{}'::jsonb);
    elsif jsonb_typeof(value) = 'array' then
      return coalesce((select jsonb_agg(audit_personal_data_erased(item)) from jsonb_array_elements(value) as a(item)),
        '[]'::jsonb);
    end if;
    return value;
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await auditErasure(`${AUDIT_KEYS_0373}, 'holder', 'ip', 'reason', 'note', 'decisionNote'`).execute(db);
  await sql`
    create function approval_personal_data_erased(value jsonb) returns jsonb language plpgsql immutable as $$
    begin
      if jsonb_typeof(value) = 'object' then
        return coalesce((select jsonb_object_agg(key, case
            when key = 'ip' then 'null'::jsonb
            when key = 'bankAccountNumber' and jsonb_typeof(field) = 'string'
              then to_jsonb(legal_erased_account_number(field #>> '{}'))
            when key in ('email', 'phone', 'bankAccountHolder', 'holder', 'depositorName', 'depositorPhone', 'reason',
                         'name', 'address', 'addressDetail', 'recipientName') and jsonb_typeof(field) = 'string'
              then to_jsonb('-'::text)
            else approval_personal_data_erased(field) end)
          from jsonb_each(value) as entry(key, field)), '{}'::jsonb);
      elsif jsonb_typeof(value) = 'array' then
        return coalesce((select jsonb_agg(approval_personal_data_erased(item))
          from jsonb_array_elements(value) as a(item)), '[]'::jsonb);
      end if;
      return value;
    end $$`.execute(db);
  await sql`alter table staff_approval_requests add column personal_data_erased_at timestamptz`.execute(db);
  await sql`drop trigger staff_approval_steps_append_only on staff_approval_steps`.execute(db);
  await sql`
    create trigger staff_approval_steps_append_only before delete on staff_approval_steps
      for each row execute function staff_approval_steps_append_only()`.execute(db);
  await sql`
    create function staff_approval_steps_only_erasure() returns trigger language plpgsql as $$
    begin
      if legal_erasure_declared() and (to_jsonb(new) - 'note') = (to_jsonb(old) - 'note')
         and old.note is not null and new.note = '-' then
        return new;
      end if;
      raise exception 'staff_approval_steps is append-only';
    end $$`.execute(db);
  await sql`
    create trigger staff_approval_steps_only_erasure before update on staff_approval_steps
      for each row execute function staff_approval_steps_only_erasure()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger staff_approval_steps_only_erasure on staff_approval_steps`.execute(db);
  await sql`drop function staff_approval_steps_only_erasure()`.execute(db);
  await sql`drop trigger staff_approval_steps_append_only on staff_approval_steps`.execute(db);
  await sql`
    create trigger staff_approval_steps_append_only before update or delete on staff_approval_steps
      for each row execute function staff_approval_steps_append_only()`.execute(db);
  await sql`alter table staff_approval_requests drop column personal_data_erased_at`.execute(db);
  await sql`drop function approval_personal_data_erased(jsonb)`.execute(db);
  await auditErasure(AUDIT_KEYS_0373).execute(db);
}
