import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// What each fan spent on each creator's delivered missions (COMPLETED, lottery entries left out: they are free), kept
// by a trigger in the transaction that completes a mission, so a creator page reads its top supporters from the first
// three entries of one index instead of summing the creator's missions on every view. One row per creator and fan:
// two fans completing missions of one popular creator never wait for each other.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table creator_supporters (
      creator_id bigint not null references creators (id) on delete cascade,
      user_id bigint not null references users (id) on delete cascade,
      coins bigint not null default 0 check (coins >= 0),
      missions integer not null default 0 check (missions >= 0),
      primary key (creator_id, user_id)
    )`.execute(db);
  await sql`create index creator_supporters_top on creator_supporters (creator_id, coins desc, user_id)`.execute(db);
  await sql`
    create function creator_supporters_missions() returns trigger language plpgsql as $$
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
  await sql`
    insert into creator_supporters (creator_id, user_id, coins, missions)
      select creator_id, user_id, sum(coin_price), count(*) from missions
      where status = 'COMPLETED' and type <> 'EVENT'
      group by creator_id, user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger creator_supporters on missions`.execute(db);
  await sql`drop function creator_supporters_missions()`.execute(db);
  await sql`drop table creator_supporters`.execute(db);
}
