import { DAY_MS, koreaDate, type AdminDashboard } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { ServiceContext } from '../context';
import { type EventConsumer, readEventsHealth } from '../outbox';

/** The window: the last `days` Korea-time days up to today, as the instant the first one starts and its labels. */
function windowOf(now: Date, days: number) {
  const today = koreaDate(now);
  const startOfToday = new Date(`${today}T00:00:00+09:00`);
  const from = new Date(startOfToday.getTime() - (days - 1) * DAY_MS);
  const labels = Array.from({ length: days }, (_, index) => koreaDate(new Date(from.getTime() + index * DAY_MS)));
  return { from, labels };
}

/**
 * The dashboard's aggregates, each one grouped query over a bounded window read through an index (coin deposits by
 * creation, missions by request / completion / rejection time, open escrows only), so the answer stays fast as the
 * tables grow.
 */
export async function dashboard(
  ctx: ServiceContext,
  consumers: readonly EventConsumer[],
  days: number,
): Promise<AdminDashboard> {
  const { from, labels } = windowOf(ctx.now(), days);
  const db = ctx.db;
  // The last 12 Korea-time months of payout statements (carried-over months pay nothing yet), read as a range of
  // the (year, month) index.
  const thisMonth = koreaDate(ctx.now()).slice(0, 7);
  const [thisYear, thisMonthNumber] = thisMonth.split('-').map(Number) as [number, number];
  const firstMonthIndex = thisYear * 12 + thisMonthNumber - 1 - 11;
  const [firstYear, firstMonth] = [Math.floor(firstMonthIndex / 12), (firstMonthIndex % 12) + 1];
  const [sales, missions, escrow, events, settlements] = await Promise.all([
    sql<{ day: string; method: string; won: string; count: string }>`
      select to_char(d.created_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as day,
        case when d.bank_transfer_id is not null then 'bank' else coalesce(p.pay_method, 'other') end as method,
        sum(case
          when d.bank_transfer_id is not null then bt.amount
          when p.currency = 'KRW' then p.amount
          else ci.price end) as won,
        count(*) as count
      from coin_deposits d
      join coin_items ci on ci.id = d.coin_item_id
      left join payments p on p.id = d.payment_id
      left join bank_transfers bt on bt.id = d.bank_transfer_id
      where d.created_at >= ${from} and ci.item_type = 'CASH'
      group by 1, 2`.execute(db),
    sql<{ day: string; kind: string; n: string }>`
      select to_char(requested_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as day, 'requested' as kind, count(*) as n
        from missions where requested_at >= ${from} group by 1
      union all
      select to_char(completed_at at time zone 'Asia/Seoul', 'YYYY-MM-DD'), 'completed', count(*)
        from missions where completed_at >= ${from} group by 1
      union all
      select to_char(rejected_at at time zone 'Asia/Seoul', 'YYYY-MM-DD'), rejection_reason, count(*)
        from missions
        where rejected_at >= ${from} and rejection_reason <> 'NOT_WON'
        group by 1, 2`.execute(db),
    sql<{ coins: string | null }>`
      select sum(balance) as coins from ledger_accounts where kind = 'ESCROW' and balance <> 0`.execute(db),
    readEventsHealth(db, ctx.config, consumers),
    sql<{ year: number; month: number; won: string; paid_won: string }>`
      select year, month, sum(to_receipt) as won, sum(case when status = 'PAID' then to_receipt else 0 end) as paid_won
        from settlement_statements
        where (year, month) >= (${firstYear}, ${firstMonth}) and status <> 'CARRIED_OVER'
        group by year, month
        order by year, month`.execute(db),
  ]);

  const salesByDay = new Map(labels.map((day) => [day, { day, won: 0, byMethod: {} as Record<string, number> }]));
  const byMethod = new Map<string, { method: string; won: number; count: number }>();
  for (const row of sales.rows) {
    const won = Number(row.won);
    const day = salesByDay.get(row.day);
    if (day) {
      day.won += won;
      day.byMethod[row.method] = (day.byMethod[row.method] ?? 0) + won;
    }
    const method = byMethod.get(row.method) ?? { method: row.method, won: 0, count: 0 };
    method.won += won;
    method.count += Number(row.count);
    byMethod.set(row.method, method);
  }

  const missionsByDay = new Map(
    labels.map((day) => [day, { day, requested: 0, completed: 0, refused: 0, expired: 0, canceled: 0 }]),
  );
  // A lottery applicant who was not drawn (NOT_WON) is no outcome of a mission request, so it is not counted.
  const OUTCOME_OF: Record<string, 'requested' | 'completed' | 'refused' | 'expired' | 'canceled'> = {
    requested: 'requested',
    completed: 'completed',
    REFUSED: 'refused',
    DECISION_EXPIRED: 'expired',
    PERFORM_EXPIRED: 'expired',
    CANCELED: 'canceled',
  };
  let completed = 0;
  let performExpired = 0;
  for (const row of missions.rows) {
    const count = Number(row.n);
    if (row.kind === 'completed') completed += count;
    if (row.kind === 'PERFORM_EXPIRED') performExpired += count;
    const day = missionsByDay.get(row.day);
    const outcome = OUTCOME_OF[row.kind];
    if (day && outcome) day[outcome] += count;
  }

  return {
    from: labels[0]!,
    to: labels.at(-1)!,
    coinSalesPerDay: [...salesByDay.values()],
    salesByMethod: [...byMethod.values()].sort((a, b) => b.won - a.won),
    missionsPerDay: [...missionsByDay.values()],
    onTimeRate: completed + performExpired === 0 ? null : completed / (completed + performExpired),
    escrowCoins: Number(escrow.rows[0]?.coins ?? 0),
    settlementsPerMonth: settlements.rows.map((row) => ({
      month: `${row.year}-${String(row.month).padStart(2, '0')}`,
      won: Number(row.won),
      paidWon: Number(row.paid_won),
    })),
    events,
  };
}
