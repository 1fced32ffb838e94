import { sql } from 'kysely';
import type { Db } from '@fanmission/services/db';

/*
 * Test support: the counters that triggers keep (each creator page's followers and likes, shard by shard, each
 * creator's earnings per month, the settlement dashboard's totals per month and status, the releases no statement
 * holds yet, each creator's missions by status, type and months, each product's missions in progress and requested,
 * each supporter's completed public missions and coins per creator, each mission's copy of its creator's adult flag) against a recount of the rows they count (the restore
 * drill and services/src/world/world.test.ts use it). Earnings are recounted by the month a release occurred in, which
 * is the month that pays it unless it was appended after its creator's statement of that month (migration 0225).
 * Each figure is the number of counter rows that differ: 0 when all agree.
 */
export async function countersOffTheirRecount(db: Db): Promise<{
  creatorPages: number;
  creatorMonthEarnings: number;
  settlementMonths: number;
  unsettledEarnings: number;
  creatorMissionTotals: number;
  productMissionCounts: number;
  creatorSupporters: number;
  missionAdultFlags: number;
}> {
  const { rows } = await sql<{
    creator_pages: number;
    creator_month_earnings: number;
    settlement_months: number;
    unsettled_earnings: number;
    creator_mission_totals: number;
    product_mission_counts: number;
    creator_supporters: number;
    mission_adult_flags: number;
  }>`
    select
      (select count(*)::int from creator_page_total_shards s
        full join (
          select creator_id, shard, sum(followers) as followers, sum(likes) as likes from (
            select creator_id, creator_page_shard(user_id) as shard, 1 as followers, 0 as likes from follows
            union all
            select creator_id, creator_page_shard(id), 0, likes_count from missions where likes_count <> 0
          ) counted group by 1, 2
        ) r using (creator_id, shard)
        where coalesce(s.followers, 0) <> coalesce(r.followers, 0) or coalesce(s.likes, 0) <> coalesce(r.likes, 0)
      ) as creator_pages,
      (select count(*)::int from creator_month_earnings e
        full join (
          select substring(p.account from 10)::bigint as creator_id,
            to_char(t.occurred_at at time zone 'Asia/Seoul', 'YYYY-MM') as month, sum(p.amount) as coins
          from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
          where p.account like 'earnings:%'
            and ((t.type = 'MISSION_RELEASE' and p.amount > 0) or (t.type = 'LUCKY_COMPENSATION' and p.amount < 0))
          group by 1, 2
        ) l using (creator_id, month)
        where e.coins is distinct from l.coins
      ) as creator_month_earnings,
      (select count(*)::int from settlement_month_totals t
        full join (
          select year, month, status, count(*)::int as statements, sum(to_receipt)::bigint as to_receipt
          from settlement_statements group by 1, 2, 3
        ) s using (year, month, status)
        where coalesce(t.statements, 0) <> coalesce(s.statements, 0)
          or coalesce(t.to_receipt, 0) <> coalesce(s.to_receipt, 0)
      ) as settlement_months,
      (select count(*)::int from unsettled_earnings u
        full join (
          select t.id as ledger_transaction_id, substring(p.account from 10)::bigint as creator_id, p.amount as coins,
            t.occurred_at
          from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
          where p.account like 'earnings:%'
            and ((t.type = 'MISSION_RELEASE' and p.amount > 0) or (t.type = 'LUCKY_COMPENSATION' and p.amount < 0))
            and not exists (select 1 from settlement_statement_lines l where l.ledger_transaction_id = t.id)
        ) l using (ledger_transaction_id)
        where u.creator_id is distinct from l.creator_id or u.coins is distinct from l.coins
          or u.occurred_at is distinct from l.occurred_at
      ) as unsettled_earnings,
      (select count(*)::int from (select * from creator_mission_totals where missions <> 0) t
        full join (
          select creator_id, status, type,
            date_trunc('month', created_at at time zone 'Asia/Seoul')::date as created_month,
            coalesce(date_trunc('month', completed_at at time zone 'Asia/Seoul')::date, 'infinity') as completed_month,
            count(*) as missions, sum(coin_price) as coins
          from missions group by 1, 2, 3, 4, 5
        ) m using (creator_id, status, type, created_month, completed_month)
        where t.missions is distinct from m.missions or t.coins is distinct from m.coins
      ) as creator_mission_totals,
      (select count(*)::int from (select * from product_mission_counts where requested <> 0) c
        full join (
          select product_id, count(*) filter (where status in ('REQUESTED', 'ACCEPTED', 'TRANSCODING')) as in_progress,
            count(*) as requested
          from missions where status <> 'CREATED' group by 1
        ) m using (product_id)
        where c.in_progress is distinct from m.in_progress or c.requested is distinct from m.requested
      ) as product_mission_counts,
      (select count(*)::int from (select * from creator_supporters where missions <> 0) s
        full join (
          select creator_id, user_id, count(*) as missions, sum(coin_price) as coins
          from missions where status = 'COMPLETED' and type <> 'EVENT' and not is_private and content_blocked_at is null
          group by 1, 2
        ) m using (creator_id, user_id)
        where s.missions is distinct from m.missions or s.coins is distinct from m.coins
      ) as creator_supporters,
      (select count(*)::int from missions m join creators c on c.id = m.creator_id
        where m.creator_adult <> c.contain_adult_content) as mission_adult_flags`.execute(db);
  const [drift] = rows;
  return {
    creatorPages: drift!.creator_pages,
    creatorMonthEarnings: drift!.creator_month_earnings,
    settlementMonths: drift!.settlement_months,
    unsettledEarnings: drift!.unsettled_earnings,
    creatorMissionTotals: drift!.creator_mission_totals,
    productMissionCounts: drift!.product_mission_counts,
    creatorSupporters: drift!.creator_supporters,
    missionAdultFlags: drift!.mission_adult_flags,
  };
}
