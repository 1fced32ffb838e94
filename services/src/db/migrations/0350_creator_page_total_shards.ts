import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A creator page's follower and like counts kept in 16 shard rows a creator instead of one: the follows and likes of
// a much-followed creator each locked his one row until their transaction committed, so they queued behind each
// other (tests/bench/hot-creator.ts). A follow counts in the shard of its fan's id, a mission's likes in the shard of
// the mission's id, so a row always leaves the shard it was counted in and every shard stays a count (never below
// zero). `creator_page_totals` becomes a view summing a creator's shards: its readers read the same exact counts.
export const SHARDS = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table creator_page_total_shards (
      creator_id bigint not null references creators (id) on delete cascade,
      shard smallint not null check (shard >= 0 and shard < ${sql.lit(SHARDS)}),
      followers bigint not null default 0 check (followers >= 0),
      likes bigint not null default 0 check (likes >= 0),
      primary key (creator_id, shard)
    )`.execute(db);
  // The shard of a counted row (a follow's fan id, a liked mission's id): the triggers and any set-based fill agree.
  await sql`
    create function creator_page_shard(row_id bigint) returns smallint language sql immutable parallel safe as $$
      select (row_id % ${sql.lit(SHARDS)})::smallint
    $$`.execute(db);
  // Increments upsert the shard's row; decrements only update it (a creator deleted with his follows has none).
  await sql`
    create function creator_page_total_shards_add(creator bigint, row_id bigint, followers_delta bigint,
      likes_delta bigint)
    returns void language plpgsql as $$
    declare
      v_shard smallint := creator_page_shard(row_id);
    begin
      if followers_delta >= 0 and likes_delta >= 0 then
        insert into creator_page_total_shards as t (creator_id, shard, followers, likes)
          values (creator, v_shard, followers_delta, likes_delta)
          on conflict (creator_id, shard) do update
            set followers = t.followers + followers_delta, likes = t.likes + likes_delta;
      else
        update creator_page_total_shards
          set followers = followers + followers_delta, likes = likes + likes_delta
          where creator_id = creator and shard = v_shard;
      end if;
    end $$`.execute(db);
  await sql`
    create or replace function creator_page_totals_follows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform creator_page_total_shards_add(new.creator_id, new.user_id, 1, 0);
      else
        perform creator_page_total_shards_add(old.creator_id, old.user_id, -1, 0);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function creator_page_totals_missions() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.likes_count <> 0 then
        perform creator_page_total_shards_add(old.creator_id, old.id, 0, -old.likes_count);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.likes_count <> 0 then
        perform creator_page_total_shards_add(new.creator_id, new.id, 0, new.likes_count);
      end if;
      return null;
    end $$`.execute(db);
  // The counts as they stand, by shard: locks the counted tables so no follow or like moves meanwhile.
  await sql`lock table follows, missions in share mode`.execute(db);
  await sql`
    insert into creator_page_total_shards (creator_id, shard, followers, likes)
      select creator_id, shard, sum(followers), sum(likes)
      from (
        select f.creator_id, creator_page_shard(f.user_id) as shard, 1 as followers, 0 as likes
          from follows f
        union all
        select m.creator_id, creator_page_shard(m.id), 0, m.likes_count
          from missions m where m.likes_count <> 0
      ) counted
      group by creator_id, shard`.execute(db);
  await sql`drop function creator_page_totals_add(bigint, bigint, bigint)`.execute(db);
  await sql`drop table creator_page_totals`.execute(db);
  await sql`
    create view creator_page_totals as
      select creator_id, sum(followers)::bigint as followers, sum(likes)::bigint as likes
      from creator_page_total_shards group by creator_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view creator_page_totals`.execute(db);
  await sql`
    create table creator_page_totals (
      creator_id bigint primary key references creators (id) on delete cascade,
      followers bigint not null default 0 check (followers >= 0),
      likes bigint not null default 0 check (likes >= 0)
    )`.execute(db);
  await sql`
    create function creator_page_totals_add(creator bigint, followers_delta bigint, likes_delta bigint)
    returns void language plpgsql as $$
    begin
      if followers_delta >= 0 and likes_delta >= 0 then
        insert into creator_page_totals as t (creator_id, followers, likes)
          values (creator, followers_delta, likes_delta)
          on conflict (creator_id) do update
            set followers = t.followers + followers_delta, likes = t.likes + likes_delta;
      else
        update creator_page_totals
          set followers = followers + followers_delta, likes = likes + likes_delta
          where creator_id = creator;
      end if;
    end $$`.execute(db);
  await sql`
    create or replace function creator_page_totals_follows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform creator_page_totals_add(new.creator_id, 1, 0);
      else
        perform creator_page_totals_add(old.creator_id, -1, 0);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function creator_page_totals_missions() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.likes_count <> 0 then
        perform creator_page_totals_add(old.creator_id, 0, -old.likes_count);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.likes_count <> 0 then
        perform creator_page_totals_add(new.creator_id, 0, new.likes_count);
      end if;
      return null;
    end $$`.execute(db);
  await sql`lock table follows, missions in share mode`.execute(db);
  await sql`
    insert into creator_page_totals (creator_id, followers, likes)
      select creator_id, sum(followers), sum(likes) from creator_page_total_shards group by creator_id`.execute(db);
  await sql`drop function creator_page_total_shards_add(bigint, bigint, bigint, bigint)`.execute(db);
  await sql`drop function creator_page_shard(bigint)`.execute(db);
  await sql`drop table creator_page_total_shards`.execute(db);
}
