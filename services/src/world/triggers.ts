import { sql } from 'kysely';
import type { Db } from '../db';

/*
 * The counters the row triggers keep, written once from the loaded rows instead of row by row. A trigger that adds one
 * mission to a counter row costs a lookup and an update of that row for every mission (the missions of an M world
 * spent most of their time in their four triggers); a `group by` over the loaded table writes each counter row once.
 * Only the triggers named here are turned off, each by name: the foreign keys' and the other constraint triggers stay
 * on (`session_replication_role = replica` would turn those off too and leave the rows unchecked), and so do the
 * statement triggers (`unsettled_earnings_settled` of the settlement lines) and those of tables loaded in a few rows
 * (creators, settlement statements' guards). The world generator only: it writes into an empty database that nothing
 * else reads or writes meanwhile.
 */

/** Per table, its row triggers that the load turns off: each one's effect is a fill below. */
export const LOAD_TRIGGERS: Readonly<Record<string, readonly string[]>> = {
  follows: ['creator_page_totals'],
  missions: [
    'creator_mission_totals',
    'creator_page_totals',
    'creator_supporters',
    'dashboard_missions_late_insert',
    'missions_creator_adult',
  ],
  coin_deposits: ['dashboard_deposits_late_insert'],
  ledger_postings: ['creator_month_earnings'],
  settlement_statements: ['settlement_month_totals'],
};

/**
 * Runs the load with the row triggers of `LOAD_TRIGGERS` off, and turns each on again whatever the outcome. On a
 * partitioned table (the ledger's postings) the statement reaches every partition.
 */
export async function withoutRowTriggers<T>(db: Db, load: () => Promise<T>): Promise<T> {
  const each = async (enable: boolean) => {
    for (const [table, triggers] of Object.entries(LOAD_TRIGGERS)) {
      for (const trigger of triggers) {
        await sql`alter table ${sql.table(table)} ${sql.raw(enable ? 'enable' : 'disable')} trigger ${sql.ref(trigger)}`.execute(
          db,
        );
      }
    }
  };
  await each(false);
  try {
    return await load();
  } finally {
    await each(true);
  }
}

/**
 * What the triggers of the people and missions would have written: each creator page's followers and likes
 * (`creator_page_totals_follows` and `_missions`: a shard row once a follow or a liked mission of the shard names the
 * creator), each supporter's completed missions and coins (`creator_supporters_missions`: COMPLETED, not EVENT, public
 * and not content-blocked),
 * each mission's copy of its creator's adult flag (`missions_creator_adult`),
 * each creator's missions by status, type and months and each product's missions past CREATED
 * (`creator_mission_totals_add`), and the dashboard days a mission's past stamps make stale (`dashboard_day_forget`, older than an hour).
 * `creatorIds`: only these creators' rows, loaded after the rest of the world had its counters (creators with no
 * counter row yet: tests/bench/persona.ts's personas).
 */
export async function fillMissionCounters(db: Db, options: { creatorIds?: readonly number[] } = {}): Promise<void> {
  const { creatorIds } = options;
  const ofCreators = (column: string) =>
    creatorIds === undefined ? sql`true` : sql`${sql.ref(column)} = any(${[...creatorIds]}::bigint[])`;
  await sql`
    update missions m set creator_adult = true
    from creators c where c.id = m.creator_id and c.contain_adult_content and not m.creator_adult
      and ${ofCreators('m.creator_id')}`.execute(db);
  await sql`
    insert into creator_page_total_shards (creator_id, shard, followers, likes)
    select creator_id, shard, sum(followers), sum(likes) from (
      select creator_id, creator_page_shard(user_id) as shard, count(*) as followers, 0 as likes from follows
        where ${ofCreators('creator_id')} group by 1, 2
      union all
      select creator_id, creator_page_shard(id), 0, sum(likes_count) from missions
        where likes_count <> 0 and ${ofCreators('creator_id')} group by 1, 2
    ) counts group by 1, 2`.execute(db);
  await sql`
    insert into creator_supporters (creator_id, user_id, coins, missions)
    select creator_id, user_id, sum(coin_price), count(*) from missions
    where status = 'COMPLETED' and type <> 'EVENT' and not is_private and content_blocked_at is null
      and ${ofCreators('creator_id')}
    group by 1, 2`.execute(db);
  await sql`
    insert into creator_mission_totals (creator_id, status, type, created_month, completed_month, missions, coins)
    select creator_id, status, type, korea_month(created_at), korea_month(completed_at), count(*), sum(coin_price)
    from missions where ${ofCreators('creator_id')} group by 1, 2, 3, 4, 5`.execute(db);
  await sql`
    insert into product_mission_counts (product_id, in_progress, requested)
    select product_id, count(*) filter (where status in ('REQUESTED', 'ACCEPTED', 'TRANSCODING')), count(*)
    from missions where status <> 'CREATED' and ${ofCreators('creator_id')} group by 1`.execute(db);
  await sql`
    delete from dashboard_days where day in (
      select (stamp at time zone 'Asia/Seoul')::date
      from missions, unnest(array[requested_at, completed_at, rejected_at]) as stamp
      where stamp < clock_timestamp() - interval '1 hour' and ${ofCreators('creator_id')})`.execute(db);
}

/**
 * What `creator_month_earnings_apply` would have written for the ledger's postings, called after the coin history and
 * before any settlement statement is written: each release's coins (and each lucky compensation's refund) not settled
 * yet, and each creator's earnings per month. The trigger books a posting in the first month from its own that has no
 * statement of the creator; with no statement written yet that is the month it occurred in (Korea time).
 */
export async function fillEarningsCounters(db: Db): Promise<void> {
  const { rows } = await sql<{ any: boolean }>`select exists (select 1 from settlement_statements) as any`.execute(db);
  if (rows[0]!.any) throw new Error('the earnings are filled before any settlement statement is written');
  await sql`
    insert into unsettled_earnings (ledger_transaction_id, creator_id, mission_id, coins, occurred_at)
    select t.id, substring(p.account from 10)::bigint, (t.metadata ->> 'missionId')::bigint, p.amount, t.occurred_at
    from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
    where p.account like 'earnings:%'
      and ((t.type = 'MISSION_RELEASE' and p.amount > 0) or (t.type = 'LUCKY_COMPENSATION' and p.amount < 0))`.execute(
    db,
  );
  await sql`
    insert into creator_month_earnings (creator_id, month, coins)
    select creator_id, to_char(date_trunc('month', occurred_at at time zone 'Asia/Seoul'), 'YYYY-MM'), sum(coins)
    from unsettled_earnings group by 1, 2`.execute(db);
}

/**
 * What the deposits' and the statements' triggers would have written: the dashboard days a deposit's past stamp makes
 * stale (`dashboard_deposits_late`), and the statements and coins to pay per month and status
 * (`settlement_month_totals_apply`).
 */
export async function fillSettlementCounters(db: Db): Promise<void> {
  await sql`
    delete from dashboard_days where day in (
      select (created_at at time zone 'Asia/Seoul')::date from coin_deposits
      where created_at < clock_timestamp() - interval '1 hour')`.execute(db);
  await sql`
    insert into settlement_month_totals (year, month, status, statements, to_receipt)
    select year, month, status, count(*), sum(to_receipt) from settlement_statements group by 1, 2, 3`.execute(db);
}
