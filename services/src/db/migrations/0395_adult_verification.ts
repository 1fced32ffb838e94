import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Adult content behind an identity check of age 19.
// - A member keeps only that his identity check proved him an adult, when, and under which verification id (one
//   verification proves one account: unique); never his name or birth date.
// - The sandbox identity verification (development and tests) stands in for PortOne's records: the tester's chosen
//   birth date lives there, apart from the members, as it does at the provider.
// - missions.creator_adult copies its creator's contain_adult_content (set on insert, spread when the flag changes),
//   so that the lists across creators leave an adult creator's missions out from their own partial indexes,
//   index-only, with no join: the four public-mission indexes and the two party-only ones (a party's browse merges
//   both) are built again with it in their predicate.
const PUBLIC_INDEXES = [
  ['missions_public_newest', 'created_at desc nulls last, id desc'],
  ['missions_public_completed', 'completed_at desc nulls last, id desc'],
  ['missions_public_status_newest', 'status, created_at desc nulls last, id desc'],
  ['missions_public_status_completed', 'status, completed_at desc nulls last, id desc'],
] as const;

const PARTY_ONLY_INDEXES = [
  ['missions_party_only_user', 'user_id'],
  ['missions_party_only_creator', 'creator_id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column adult_verified_at timestamptz,
      add column adult_verification_id text unique,
      add constraint users_adult_verification_complete
        check ((adult_verified_at is null) = (adult_verification_id is null))
  `.execute(db);
  await sql`
    create table sandbox_identity_verifications (
      id text primary key,
      user_id bigint not null references users (id) on delete cascade,
      redirect_url text not null,
      status text not null default 'READY' check (status in ('READY', 'VERIFIED', 'FAILED')),
      birth_date date,
      created_at timestamptz not null,
      decided_at timestamptz,
      check ((status = 'VERIFIED') = (birth_date is not null))
    )
  `.execute(db);
  await sql`create index sandbox_identity_verifications_created on sandbox_identity_verifications (created_at)`.execute(
    db,
  );

  await sql`alter table missions add column creator_adult boolean not null default false`.execute(db);
  await sql`
    update missions m set creator_adult = true from creators c where c.id = m.creator_id and c.contain_adult_content
  `.execute(db);
  await sql`
    create function missions_creator_adult() returns trigger language plpgsql as $$
    begin
      select c.contain_adult_content into new.creator_adult from creators c where c.id = new.creator_id;
      new.creator_adult := coalesce(new.creator_adult, false);
      return new;
    end $$`.execute(db);
  await sql`
    create trigger missions_creator_adult before insert on missions
      for each row execute function missions_creator_adult()`.execute(db);
  await sql`
    create function creators_adult_content_spread() returns trigger language plpgsql as $$
    begin
      update missions set creator_adult = new.contain_adult_content
        where creator_id = new.id and creator_adult <> new.contain_adult_content;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger creators_adult_content_spread after update of contain_adult_content on creators
      for each row when (old.contain_adult_content is distinct from new.contain_adult_content)
      execute function creators_adult_content_spread()`.execute(db);

  for (const [name, columns] of PUBLIC_INDEXES) {
    await sql`drop index ${sql.ref(name)}`.execute(db);
    await sql`
      create index ${sql.ref(name)} on missions (${sql.raw(columns)})
        where not is_private and status <> 'CREATED' and content_blocked_at is null and not creator_adult`.execute(db);
  }
  for (const [name, party] of PARTY_ONLY_INDEXES) {
    await sql`drop index ${sql.ref(name)}`.execute(db);
    await sql`
      create index ${sql.ref(name)} on missions (${sql.ref(party)}, status, completed_at desc, id desc)
        where (is_private or status = 'CREATED' or content_blocked_at is not null) and not creator_adult`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, party] of PARTY_ONLY_INDEXES) {
    await sql`drop index ${sql.ref(name)}`.execute(db);
    await sql`
      create index ${sql.ref(name)} on missions (${sql.ref(party)}, status, completed_at desc, id desc)
        where is_private or status = 'CREATED' or content_blocked_at is not null`.execute(db);
  }
  for (const [name, columns] of PUBLIC_INDEXES) {
    await sql`drop index ${sql.ref(name)}`.execute(db);
    await sql`
      create index ${sql.ref(name)} on missions (${sql.raw(columns)})
        where not is_private and status <> 'CREATED' and content_blocked_at is null`.execute(db);
  }
  await sql`drop trigger creators_adult_content_spread on creators`.execute(db);
  await sql`drop function creators_adult_content_spread()`.execute(db);
  await sql`drop trigger missions_creator_adult on missions`.execute(db);
  await sql`drop function missions_creator_adult()`.execute(db);
  await sql`alter table missions drop column creator_adult`.execute(db);
  await sql`drop table sandbox_identity_verifications`.execute(db);
  await sql`
    alter table users
      drop constraint users_adult_verification_complete,
      drop column adult_verified_at,
      drop column adult_verification_id
  `.execute(db);
}
