import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Share pages of completed missions (services/src/sharing): the unlisted links a private mission's requester makes
// (only the token's SHA-256 is kept; a revoked link stays as a row with revoked_at), and the creators who turned
// sharing of their missions off.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mission_share_links (
      id bigserial primary key,
      mission_id bigint not null references missions (id) on delete cascade,
      token_hash text not null unique,
      created_by bigint not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      revoked_at timestamptz
    )`.execute(db);
  await sql`
    create unique index mission_share_links_one_active on mission_share_links (mission_id)
    where revoked_at is null`.execute(db);
  await sql`
    create table creator_sharing_off (
      creator_id bigint primary key references creators (id) on delete cascade,
      turned_off_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table creator_sharing_off`.execute(db);
  await sql`drop table mission_share_links`.execute(db);
}
