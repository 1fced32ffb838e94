import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A bank result file's rows that pay nothing keep the account number the file gives (`bankAccountNumber`) and the one
// the statement pays (`expectedBankAccountNumber`) in the STATEMENT_BATCH_PAY request (services/src/income/
// transfer-results.ts): the legal retention's erasure of a request's parameters and result keeps only the last four
// digits of both, as it does of every `bankAccountNumber` (migration 0540).
const eraser = (keys: string, accountKeys: string) => sql`
  create or replace function approval_personal_data_erased(value jsonb) returns jsonb language plpgsql immutable as $$
  begin
    if jsonb_typeof(value) = 'object' then
      return coalesce((select jsonb_object_agg(key, case
          when key = 'ip' then 'null'::jsonb
          when key in (${sql.raw(accountKeys)}) and jsonb_typeof(field) = 'string'
            then to_jsonb(legal_erased_account_number(field #>> '{}'))
          when key in (${sql.raw(keys)}) and jsonb_typeof(field) = 'string'
            then to_jsonb('-'::text)
          else approval_personal_data_erased(field) end)
        from jsonb_each(value) as entry(key, field)), '{}'::jsonb);
    elsif jsonb_typeof(value) = 'array' then
      return coalesce((select jsonb_agg(approval_personal_data_erased(item))
        from jsonb_array_elements(value) as a(item)), '[]'::jsonb);
    end if;
    return value;
  end $$`;

const KEYS_0421 = `'email', 'phone', 'bankAccountHolder', 'holder', 'depositorName', 'depositorPhone', 'reason', 'name',
  'address', 'addressDetail', 'recipientName'`;

const KEYS_0540 = `${KEYS_0421}, 'creatorName', 'bankReason'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await eraser(KEYS_0540, `'bankAccountNumber', 'expectedBankAccountNumber'`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await eraser(KEYS_0540, `'bankAccountNumber'`).execute(db);
}
