import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// One-time login codes of the social redirect login: the callback no longer puts a session token in
// the return URL; it puts a code in the fragment, which only the browser that started the login can exchange (the
// code is bound to the hash of a random state that browser kept in its sessionStorage). Single use, 2 minutes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_codes (
      code_hash text primary key,
      user_id bigint not null references users (id) on delete cascade,
      client_state_hash text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_codes_expires_at on login_codes (expires_at)`.execute(db);
}
