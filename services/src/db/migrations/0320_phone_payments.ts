import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Carrier (mobile phone) billing is a fourth provider pay method, charged in KRW through the card provider.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments drop constraint payments_pay_method_check`.execute(db);
  await sql`
    alter table payments add constraint payments_pay_method_check
      check (pay_method in ('kakaopay', 'card', 'phone', 'paypal'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments drop constraint payments_pay_method_check`.execute(db);
  await sql`
    alter table payments add constraint payments_pay_method_check
      check (pay_method in ('kakaopay', 'card', 'paypal'))`.execute(db);
}
