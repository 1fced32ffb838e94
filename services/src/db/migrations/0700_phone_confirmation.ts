import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Confirmed mobile numbers (docs/rules/notifications.md, 알림톡): a number is the member's once he typed the code an
// SMS sent to it.
// - users.phone_confirmed_at: when the number now in users.phone was confirmed; null until then, and again as soon
//   as the number changes. Numbers typed before are not carried over as confirmed.
// - phone_confirmation_codes: each code sent, hashed, with the number it went to, its expiry, its wrong tries and
//   when it served; the rows also count the codes sent per member and per number.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column phone_confirmed_at timestamptz`.execute(db);
  await sql`
    create table phone_confirmation_codes (
      id bigserial primary key,
      user_id integer not null references users (id) on delete cascade,
      phone text not null,
      code_hash text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      failed_attempts integer not null default 0 check (failed_attempts >= 0),
      used_at timestamptz
    )
  `.execute(db);
  await sql`create index phone_confirmation_codes_user on phone_confirmation_codes (user_id, created_at desc)`.execute(
    db,
  );
  await sql`create index phone_confirmation_codes_phone on phone_confirmation_codes (phone, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table phone_confirmation_codes`.execute(db);
  await sql`alter table users drop column phone_confirmed_at`.execute(db);
}
