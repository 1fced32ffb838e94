import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A creator's management totals (how many of his missions a filter holds and their coins) kept by a trigger in the
// transaction that writes the mission, by status, product type, the Korea-time month it was requested in and the one
// it was completed in ('infinity' until then): a filter of statuses, a type and a year or month sums a creator's few
// rows instead of his whole history. Beside it, each product's missions in progress (REQUESTED, ACCEPTED, TRANSCODING)
// and every real request (all but CREATED), which a product card shows: one row a product.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table creator_mission_totals (
      creator_id bigint not null,
      status text not null,
      type text not null,
      created_month date not null,
      completed_month date not null,
      missions bigint not null check (missions >= 0),
      coins bigint not null,
      primary key (creator_id, status, type, created_month, completed_month)
    )`.execute(db);
  await sql`
    create table product_mission_counts (
      product_id bigint primary key,
      in_progress bigint not null check (in_progress >= 0),
      requested bigint not null check (requested >= 0)
    )`.execute(db);
  await sql`
    create function korea_month(at timestamptz) returns date language sql immutable parallel safe as $$
      select coalesce(date_trunc('month', at at time zone 'Asia/Seoul')::date, 'infinity'::date)
    $$`.execute(db);
  // A mission adds itself by an upsert; it leaves by an update of the row it added (an insert of a negative count
  // would fail the table's check before its conflict is seen).
  await sql`
    create function creator_mission_totals_add(mission missions, delta integer) returns void language plpgsql as $$
    begin
      if delta > 0 then
        insert into creator_mission_totals as t
            (creator_id, status, type, created_month, completed_month, missions, coins)
          values (mission.creator_id, mission.status, mission.type, korea_month(mission.created_at),
            korea_month(mission.completed_at), delta, delta * mission.coin_price)
          on conflict (creator_id, status, type, created_month, completed_month) do update
            set missions = t.missions + excluded.missions, coins = t.coins + excluded.coins;
      else
        update creator_mission_totals
          set missions = missions + delta, coins = coins + delta * mission.coin_price
          where creator_id = mission.creator_id and status = mission.status and type = mission.type
            and created_month = korea_month(mission.created_at) and completed_month = korea_month(mission.completed_at);
      end if;
      if mission.status = 'CREATED' then
        return;
      end if;
      if delta > 0 then
        insert into product_mission_counts as c (product_id, in_progress, requested)
          values (mission.product_id,
            case when mission.status in ('REQUESTED', 'ACCEPTED', 'TRANSCODING') then delta else 0 end, delta)
          on conflict (product_id) do update
            set in_progress = c.in_progress + excluded.in_progress, requested = c.requested + excluded.requested;
      else
        update product_mission_counts
          set in_progress = in_progress
              + case when mission.status in ('REQUESTED', 'ACCEPTED', 'TRANSCODING') then delta else 0 end,
            requested = requested + delta
          where product_id = mission.product_id;
      end if;
    end $$`.execute(db);
  await sql`
    create function creator_mission_totals_missions() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and (old.creator_id, old.product_id, old.status, old.type, old.coin_price,
          korea_month(old.created_at), korea_month(old.completed_at)) is not distinct from (new.creator_id,
          new.product_id, new.status, new.type, new.coin_price, korea_month(new.created_at),
          korea_month(new.completed_at)) then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        perform creator_mission_totals_add(old, -1);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        perform creator_mission_totals_add(new, 1);
      end if;
      return null;
    end $$`.execute(db);
  // Deferred to the commit: the counters' rows are shared by a creator's missions, so they are locked after the
  // transaction's other locks (its ledger accounts, its mission), never before one of them — locked mid-transaction,
  // a request waiting for a counter row held by a refusal that waited for the requester's wallet deadlocked.
  await sql`
    create constraint trigger creator_mission_totals after insert or delete
      or update of creator_id, product_id, status, type, coin_price, created_at, completed_at
      on missions deferrable initially deferred
      for each row execute function creator_mission_totals_missions()`.execute(db);
  await sql`
    insert into creator_mission_totals (creator_id, status, type, created_month, completed_month, missions, coins)
      select creator_id, status, type, korea_month(created_at), korea_month(completed_at), count(*), sum(coin_price)
      from missions group by 1, 2, 3, 4, 5`.execute(db);
  await sql`
    insert into product_mission_counts (product_id, in_progress, requested)
      select product_id, count(*) filter (where status in ('REQUESTED', 'ACCEPTED', 'TRANSCODING')), count(*)
      from missions where status <> 'CREATED' group by 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger creator_mission_totals on missions`.execute(db);
  await sql`drop function creator_mission_totals_missions()`.execute(db);
  await sql`drop function creator_mission_totals_add(missions, integer)`.execute(db);
  await sql`drop function korea_month(timestamptz)`.execute(db);
  await sql`drop table product_mission_counts`.execute(db);
  await sql`drop table creator_mission_totals`.execute(db);
}
