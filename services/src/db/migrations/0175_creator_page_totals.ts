import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A creator page's exact follower and like counts, kept by triggers in the transaction that follows, unfollows or
// likes (a mission's likes_count moves), so the page reads one row however many followers and missions he has.
// Increments upsert the row; decrements only update it (a creator deleted with his follows has no row to keep).
export async function up(db: Kysely<unknown>): Promise<void> {
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
    create function creator_page_totals_follows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform creator_page_totals_add(new.creator_id, 1, 0);
      else
        perform creator_page_totals_add(old.creator_id, -1, 0);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger creator_page_totals after insert or delete on follows
      for each row execute function creator_page_totals_follows()`.execute(db);
  await sql`
    create function creator_page_totals_missions() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.likes_count <> 0 then
        perform creator_page_totals_add(old.creator_id, 0, -old.likes_count);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.likes_count <> 0 then
        perform creator_page_totals_add(new.creator_id, 0, new.likes_count);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger creator_page_totals after insert or delete or update of likes_count, creator_id on missions
      for each row execute function creator_page_totals_missions()`.execute(db);
  await sql`
    insert into creator_page_totals (creator_id, followers, likes)
      select c.id,
        (select count(*) from follows f where f.creator_id = c.id),
        (select coalesce(sum(m.likes_count), 0) from missions m where m.creator_id = c.id)
      from creators c`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger creator_page_totals on missions`.execute(db);
  await sql`drop function creator_page_totals_missions()`.execute(db);
  await sql`drop trigger creator_page_totals on follows`.execute(db);
  await sql`drop function creator_page_totals_follows()`.execute(db);
  await sql`drop function creator_page_totals_add(bigint, bigint, bigint)`.execute(db);
  await sql`drop table creator_page_totals`.execute(db);
}
