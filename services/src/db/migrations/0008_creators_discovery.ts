import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The creator profile (description, intro, business and bank fields, custom-mission settings), tags and SNS links,
// follows, the popularity counters the search sorts read, FAQ entries and popups.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Video and audio uploads record their length (ffprobe); videos keep a poster frame in thumbnail_key.
  await sql`alter table files add column duration_seconds double precision check (duration_seconds >= 0)`.execute(db);

  await sql`
    alter table creators
      add column description text check (char_length(description) <= 200),
      add column intro_file_id bigint references files (id) on delete set null,
      add column business_type text check (business_type in ('NONE', 'PRIVATE', 'CORPORATION')),
      add column business_name text check (char_length(business_name) <= 100),
      add column business_registration_number text check (char_length(business_registration_number) <= 30),
      add column business_cash_receipt_number text check (char_length(business_cash_receipt_number) <= 30),
      add column donating boolean not null default false,
      add column bank_name text,
      add column bank_account_holder text check (char_length(bank_account_holder) <= 100),
      add column bank_account_number text check (bank_account_number ~ '^[0-9]{1,30}$'),
      add column available_custom boolean not null default false,
      add column minimum_cost integer check (minimum_cost > 0),
      add constraint creators_custom_has_minimum check (not available_custom or minimum_cost is not null),
      add constraint creators_url_safe check (url ~ '^[A-Za-z0-9_-]{1,50}$' and url !~ '^[0-9]+$')`.execute(db);
  // Search reads verified, non-adult creators only: newest first, or by name (trigram for infix and Korean).
  await sql`create index creators_searchable_newest on creators (created_at desc, id desc) where verified and not contain_adult_content`.execute(
    db,
  );
  await sql`create index creators_name_trgm on creators using gin (name gin_trgm_ops)`.execute(db);

  await sql`
    create table tags (
      id bigint generated always as identity primary key,
      name text not null unique check (char_length(name) between 1 and 30),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table creator_tags (
      creator_id bigint not null references creators (id) on delete cascade,
      tag_id bigint not null references tags (id) on delete cascade,
      primary key (creator_id, tag_id)
    )`.execute(db);
  await sql`create index creator_tags_tag on creator_tags (tag_id, creator_id)`.execute(db);

  await sql`
    create table creator_sns_links (
      id bigint generated always as identity primary key,
      creator_id bigint not null references creators (id) on delete cascade,
      type text not null check (type in ('YOUTUBE', 'AFREECA', 'TWITCH', 'FACEBOOK', 'TIKTOK', 'INSTAGRAM')),
      link text not null check (char_length(link) between 1 and 500),
      unique (creator_id, type)
    )`.execute(db);

  await sql`
    create table follows (
      user_id bigint not null references users (id) on delete cascade,
      creator_id bigint not null references creators (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, creator_id)
    )`.execute(db);
  await sql`create index follows_creator on follows (creator_id)`.execute(db);
  await sql`create index follows_user_newest on follows (user_id, created_at desc, creator_id desc)`.execute(db);

  // Written by the popularity consumer from creator and mission events; read by the search sorts.
  await sql`
    create table creator_popularity (
      creator_id bigint primary key references creators (id) on delete cascade,
      follower_count integer not null default 0 check (follower_count >= 0),
      like_count integer not null default 0 check (like_count >= 0),
      completed_count integer not null default 0,
      expired_count integer not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
  // Every creator has its counters row from the start (the consumer only ever updates it), so the search sorts can
  // walk these indexes in order instead of sorting every creator.
  await sql`insert into creator_popularity (creator_id) select id from creators`.execute(db);
  await sql`
    create function creators_add_popularity() returns trigger language plpgsql as $$
    begin
      insert into creator_popularity (creator_id) values (new.id) on conflict do nothing;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger creators_add_popularity after insert on creators
    for each row execute function creators_add_popularity()`.execute(db);
  await sql`create index creator_popularity_popular on creator_popularity ((follower_count + like_count) desc, creator_id desc)`.execute(
    db,
  );
  await sql`
    create index creator_popularity_recommended on creator_popularity (
      (completed_count::float8 * completed_count / greatest(completed_count + expired_count, 1)) desc, creator_id desc
    )`.execute(db);

  await sql`
    create table faqs (
      id bigint generated always as identity primary key,
      category text not null check (category in ('PAYMENT', 'MISSION')),
      title text not null check (char_length(title) between 1 and 200),
      content text not null check (char_length(content) between 1 and 5000),
      position integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index faqs_category_position on faqs (category, position, id)`.execute(db);

  await sql`
    create table popups (
      id bigint generated always as identity primary key,
      title text not null check (char_length(title) between 1 and 200),
      web_image_file_id bigint references files (id) on delete set null,
      link_background_color text not null default '#000000' check (link_background_color ~ '^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$'),
      link_text_color text not null default '#FFFFFF' check (link_text_color ~ '^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$'),
      link_logged_on text,
      link_logged_off text,
      link_text_logged_on text,
      link_text_logged_off text,
      active boolean not null default true,
      starts_at timestamptz,
      ends_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint popups_period check (starts_at is null or ends_at is null or starts_at < ends_at)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger creators_add_popularity on creators`.execute(db);
  await sql`drop function creators_add_popularity()`.execute(db);
  for (const table of [
    'popups',
    'faqs',
    'creator_popularity',
    'follows',
    'creator_sns_links',
    'creator_tags',
    'tags',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop index creators_name_trgm`.execute(db);
  await sql`drop index creators_searchable_newest`.execute(db);
  await sql`
    alter table creators
      drop constraint creators_url_safe,
      drop constraint creators_custom_has_minimum,
      drop column minimum_cost,
      drop column available_custom,
      drop column bank_account_number,
      drop column bank_account_holder,
      drop column bank_name,
      drop column donating,
      drop column business_cash_receipt_number,
      drop column business_registration_number,
      drop column business_name,
      drop column business_type,
      drop column intro_file_id,
      drop column description`.execute(db);
  await sql`alter table files drop column duration_seconds`.execute(db);
}
