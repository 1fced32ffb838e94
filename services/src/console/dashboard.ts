import { DAY_MS, koreaDate, monthKey, type AdminDashboard } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { ServiceContext } from '../context';
import type { Db } from '../db';
import { type EventConsumer, readEventsHealth } from '../outbox';
import type { DashboardMissionsRow, DashboardSalesRow } from './table';

/** The window: the last `days` Korea-time days up to today, as the instant the first one starts and its labels. */
function windowOf(now: Date, days: number) {
  const today = koreaDate(now);
  const from = new Date(dayStart(today).getTime() - (days - 1) * DAY_MS);
  const labels = Array.from({ length: days }, (_, index) => koreaDate(new Date(from.getTime() + index * DAY_MS)));
  return { from, labels };
}

/** The instant a Korea-time day (`YYYY-MM-DD`) starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

/**
 * A day is rolled up once it ended this long ago: a transaction that was open across midnight, and stamped its rows
 * before it, has committed by then.
 */
const ROLL_UP_AFTER_MS = 60 * 60 * 1000;

interface DayFigures {
  sales: DashboardSalesRow[];
  missions: DashboardMissionsRow[];
}

/** Coin sales (won, count) per Korea-time day and payment method, from `from` up to `to` (open when null). */
async function salesPerDay(db: Db, from: Date, to: Date | null) {
  const { rows } = await sql<{ day: string; method: string; won: string; count: string }>`
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
    where d.created_at >= ${from} and d.created_at < coalesce(${to}::timestamptz, 'infinity') and ci.item_type = 'CASH'
    group by 1, 2`.execute(db);
  return rows.map((row) => ({ day: row.day, method: row.method, won: Number(row.won), count: Number(row.count) }));
}

/**
 * Missions per Korea-time day from `from` up to `to` (open when null), by kind: requested, completed, and each
 * rejection reason (a lottery applicant who was not drawn, NOT_WON, is no outcome of a mission request).
 */
async function missionsPerDay(db: Db, from: Date, to: Date | null) {
  const { rows } = await sql<{ day: string; kind: string; n: string }>`
    select to_char(requested_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as day, 'requested' as kind, count(*) as n
      from missions where requested_at >= ${from} and requested_at < coalesce(${to}::timestamptz, 'infinity') group by 1
    union all
    select to_char(completed_at at time zone 'Asia/Seoul', 'YYYY-MM-DD'), 'completed', count(*)
      from missions where completed_at >= ${from} and completed_at < coalesce(${to}::timestamptz, 'infinity') group by 1
    union all
    select to_char(rejected_at at time zone 'Asia/Seoul', 'YYYY-MM-DD'), rejection_reason, count(*)
      from missions
      where rejected_at >= ${from} and rejected_at < coalesce(${to}::timestamptz, 'infinity')
        and rejection_reason <> 'NOT_WON'
      group by 1, 2`.execute(db);
  return rows.map((row) => ({ day: row.day, kind: row.kind, n: Number(row.n) }));
}

/** Sales and missions from `from` up to `to` (open when null), per Korea-time day. */
async function countDays(db: Db, from: Date, to: Date | null): Promise<Map<string, DayFigures>> {
  const [sales, missions] = await Promise.all([salesPerDay(db, from, to), missionsPerDay(db, from, to)]);
  const days = new Map<string, DayFigures>();
  const dayOf = (day: string) => days.get(day) ?? days.set(day, { sales: [], missions: [] }).get(day)!;
  for (const { day, ...row } of sales) dayOf(day).sales.push(row);
  for (const { day, ...row } of missions) dayOf(day).missions.push(row);
  return days;
}

/**
 * Sales and missions of each day of the window. A day that ended over an hour ago is read from its roll-up
 * (`dashboard_days`), written the first time the dashboard needs it and never again, so the window costs a read of
 * its days however busy they were; only the days since are counted from the domain tables, through their time
 * indexes. A row stamped into a day after it was rolled up (a workflow's activity that ran late, a late credit, an
 * import) makes the day forget its roll-up (triggers of migration 0220), so the next read writes it again.
 */
async function windowDays(db: Db, labels: string[], now: Date): Promise<Map<string, DayFigures>> {
  const firstOpenDay = koreaDate(new Date(now.getTime() - ROLL_UP_AFTER_MS));
  const closed = labels.filter((day) => day < firstOpenDay);
  const days = new Map<string, DayFigures>();
  if (closed.length > 0) {
    const { rows: stored } = await sql<{ day: string } & DayFigures>`
      select to_char(day, 'YYYY-MM-DD') as day, sales, missions from dashboard_days
      where day >= ${closed[0]}::date and day <= ${closed.at(-1)}::date`.execute(db);
    for (const { day, ...figures } of stored) days.set(day, figures);
    const missing = closed.filter((day) => !days.has(day));
    if (missing.length > 0) {
      // From the first missing day to the end of the last (the days between that are stored are counted again).
      const counted = await countDays(
        db,
        dayStart(missing[0]!),
        new Date(dayStart(missing.at(-1)!).getTime() + DAY_MS),
      );
      const rolledUp = missing.map((day) => ({ day, ...(counted.get(day) ?? { sales: [], missions: [] }) }));
      await sql`
        insert into dashboard_days (day, sales, missions, rolled_up_at)
        select day, sales, missions, ${now}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(rolledUp)}::jsonb) as r(day date, sales jsonb, missions jsonb)
        on conflict (day) do nothing`.execute(db);
      for (const { day, ...figures } of rolledUp) days.set(day, figures);
    }
  }
  const open = labels.filter((day) => day >= firstOpenDay);
  if (open.length > 0) {
    for (const [day, figures] of await countDays(db, dayStart(open[0]!), null)) days.set(day, figures);
  }
  return days;
}

/**
 * The dashboard's aggregates: the window's days (rolled up once closed, see `windowDays`), the open escrows (a
 * partial index of the accounts holding coins) and the last 12 months of statements (their totals per month), so the
 * answer stays fast as the tables grow.
 */
export async function dashboard(
  ctx: ServiceContext,
  consumers: readonly EventConsumer[],
  days: number,
): Promise<AdminDashboard> {
  const { labels } = windowOf(ctx.now(), days);
  const db = ctx.db;
  // The last 12 Korea-time months of payout statements (carried-over months pay nothing yet), from their totals per
  // month and status (settlement_month_totals, kept by a trigger on the statements).
  const thisMonth = koreaDate(ctx.now()).slice(0, 7);
  const [thisYear, thisMonthNumber] = thisMonth.split('-').map(Number) as [number, number];
  const firstMonthIndex = thisYear * 12 + thisMonthNumber - 1 - 11;
  const [firstYear, firstMonth] = [Math.floor(firstMonthIndex / 12), (firstMonthIndex % 12) + 1];
  const [figures, escrow, events, settlements] = await Promise.all([
    windowDays(db, labels, ctx.now()),
    sql<{ coins: string | null }>`
      select sum(balance) as coins from ledger_accounts where kind = 'ESCROW' and balance <> 0`.execute(db),
    readEventsHealth(db, ctx.config, consumers),
    sql<{ year: number; month: number; won: string; paid_won: string }>`
      select year, month, sum(to_receipt) as won, sum(case when status = 'PAID' then to_receipt else 0 end) as paid_won
        from settlement_month_totals
        where (year, month) >= (${firstYear}, ${firstMonth}) and status <> 'CARRIED_OVER'
        group by year, month
        having sum(statements) > 0
        order by year, month`.execute(db),
  ]);
  const sales = labels.flatMap((day) => (figures.get(day)?.sales ?? []).map((row) => ({ day, ...row })));
  const missions = labels.flatMap((day) => (figures.get(day)?.missions ?? []).map((row) => ({ day, ...row })));

  const salesByDay = new Map(labels.map((day) => [day, { day, won: 0, byMethod: {} as Record<string, number> }]));
  const byMethod = new Map<string, { method: string; won: number; count: number }>();
  for (const row of sales) {
    const won = row.won;
    const day = salesByDay.get(row.day);
    if (day) {
      day.won += won;
      day.byMethod[row.method] = (day.byMethod[row.method] ?? 0) + won;
    }
    const method = byMethod.get(row.method) ?? { method: row.method, won: 0, count: 0 };
    method.won += won;
    method.count += row.count;
    byMethod.set(row.method, method);
  }

  const missionsByDay = new Map(
    labels.map((day) => [day, { day, requested: 0, completed: 0, refused: 0, expired: 0, canceled: 0 }]),
  );
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
  for (const row of missions) {
    const count = row.n;
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
      month: monthKey(row.year, row.month),
      won: Number(row.won),
      paidWon: Number(row.paid_won),
    })),
    events,
  };
}
