import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// An identity check (본인인증) proves one member, once:
// - identity_verification_starts: every check id the API issued, to whom, until when; the adult verification accepts
//   only an id issued to the caller, unexpired and not used before (used_at), whatever the provider.
// - users.adult_identity_hmac: an HMAC of the provider's CI (the person's connecting information) of the check that
//   verified the member; never the CI itself. One person verifies one account, unless an operator allowed this
//   member a second one (adult_identity_shared_allowed_at/_by).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table identity_verification_starts (
      id text primary key,
      user_id bigint not null references users (id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )
  `.execute(db);
  await sql`create index identity_verification_starts_created on identity_verification_starts (created_at)`.execute(db);
  await sql`
    alter table users
      add column adult_identity_hmac text,
      add column adult_identity_shared_allowed_at timestamptz,
      add column adult_identity_shared_allowed_by bigint references users (id)
  `.execute(db);
  await sql`create index users_adult_identity_hmac on users (adult_identity_hmac) where adult_identity_hmac is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_adult_identity_hmac`.execute(db);
  await sql`
    alter table users
      drop column adult_identity_shared_allowed_by,
      drop column adult_identity_shared_allowed_at,
      drop column adult_identity_hmac
  `.execute(db);
  await sql`drop table identity_verification_starts`.execute(db);
}
