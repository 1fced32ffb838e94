import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table files (
      id bigint generated always as identity primary key,
      owner_user_id bigint,
      storage_key text not null unique,
      filename text not null,
      content_type text not null,
      kind text not null check (kind in ('image', 'video', 'audio')),
      size_bytes bigint not null check (size_bytes >= 0),
      thumbnail_key text,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table users (
      id bigint generated always as identity primary key,
      email citext unique,
      username text not null,
      password_hash text,
      provider text not null default 'local' check (provider in ('local', 'google', 'facebook', 'apple')),
      phone text,
      address text,
      address_detail text,
      birth_date date,
      parent_consent boolean not null default false,
      language text not null default 'ko' check (language in ('ko', 'en', 'ja')),
      roles text[] not null,
      image_file_id bigint references files (id) on delete set null,
      email_verified_at timestamptz,
      login_blocked_at timestamptz,
      coins_frozen_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint users_local_accounts_have_password check (provider <> 'local' or password_hash is not null),
      constraint users_have_roles check (cardinality(roles) > 0)
    )`.execute(db);
  await sql`alter table files add constraint files_owner_fk foreign key (owner_user_id) references users (id) on delete set null`.execute(
    db,
  );

  await sql`
    create table user_identities (
      provider text not null check (provider in ('google', 'facebook', 'apple')),
      subject text not null,
      user_id bigint not null references users (id) on delete cascade,
      email citext,
      created_at timestamptz not null default now(),
      primary key (provider, subject)
    )`.execute(db);
  await sql`create index user_identities_user_id on user_identities (user_id)`.execute(db);

  await sql`
    create table email_verifications (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      token_hash text not null unique,
      redirect_url text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index email_verifications_user_id on email_verifications (user_id)`.execute(db);

  await sql`
    create table password_resets (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      code_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index password_resets_user_id on password_resets (user_id)`.execute(db);

  // The creator side of an account. Created unverified when a member switches to a creator account; the profile,
  // products and settlement columns arrive with their modules.
  await sql`
    create table creators (
      id bigint generated always as identity primary key,
      user_id bigint not null unique references users (id) on delete cascade,
      name text not null,
      url citext unique,
      verified boolean not null default false,
      grade text not null default 'SILVER' check (grade in ('SILVER', 'GOLD', 'DIAMOND')),
      contain_adult_content boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['creators', 'password_resets', 'email_verifications', 'user_identities']) {
    await db.schema.dropTable(table).execute();
  }
  await sql`alter table files drop constraint files_owner_fk`.execute(db);
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('files').execute();
}
