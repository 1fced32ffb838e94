import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The creator page's Top-3 supporters are shown to anyone, so they count only what anyone may see: a completed
// mission that is public (a private mission exists only for its requester, its creator and staff) and whose content is
// not blocked. Making a mission private or blocking it takes its coins out at once; the kept counts are recounted
// under the new rule. A member may leave the ranking altogether (users.ranking_opt_out): his row stays counted and is
// skipped when the ranking is read.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column ranking_opt_out boolean not null default false`.execute(db);
  await sql`
    create or replace function creator_supporters_missions() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.status = 'COMPLETED' and old.type <> 'EVENT'
         and not old.is_private and old.content_blocked_at is null then
        update creator_supporters
          set coins = coins - old.coin_price, missions = missions - 1
          where creator_id = old.creator_id and user_id = old.user_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'COMPLETED' and new.type <> 'EVENT'
         and not new.is_private and new.content_blocked_at is null then
        insert into creator_supporters as s (creator_id, user_id, coins, missions)
          values (new.creator_id, new.user_id, new.coin_price, 1)
          on conflict (creator_id, user_id) do update
            set coins = s.coins + excluded.coins, missions = s.missions + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger creator_supporters on missions`.execute(db);
  await sql`
    create trigger creator_supporters after insert or delete
      or update of status, coin_price, creator_id, user_id, type, is_private, content_blocked_at
      on missions for each row execute function creator_supporters_missions()`.execute(db);
  // The recount, in the migration's transaction: dropping the trigger locked missions until it commits.
  await sql`delete from creator_supporters`.execute(db);
  await sql`
    insert into creator_supporters (creator_id, user_id, coins, missions)
      select creator_id, user_id, sum(coin_price), count(*) from missions
      where status = 'COMPLETED' and type <> 'EVENT' and not is_private and content_blocked_at is null
      group by creator_id, user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger creator_supporters on missions`.execute(db);
  await sql`
    create or replace function creator_supporters_missions() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.status = 'COMPLETED' and old.type <> 'EVENT' then
        update creator_supporters
          set coins = coins - old.coin_price, missions = missions - 1
          where creator_id = old.creator_id and user_id = old.user_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'COMPLETED' and new.type <> 'EVENT' then
        insert into creator_supporters as s (creator_id, user_id, coins, missions)
          values (new.creator_id, new.user_id, new.coin_price, 1)
          on conflict (creator_id, user_id) do update
            set coins = s.coins + excluded.coins, missions = s.missions + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger creator_supporters after insert or delete or update of status, coin_price, creator_id, user_id, type
      on missions for each row execute function creator_supporters_missions()`.execute(db);
  await sql`delete from creator_supporters`.execute(db);
  await sql`
    insert into creator_supporters (creator_id, user_id, coins, missions)
      select creator_id, user_id, sum(coin_price), count(*) from missions
      where status = 'COMPLETED' and type <> 'EVENT'
      group by creator_id, user_id`.execute(db);
  await sql`alter table users drop column ranking_opt_out`.execute(db);
}
