import {
  type IncomeDetailRow,
  koreaMonthOf,
  koreaMonthRange,
  type MonthIncome,
  monthKey,
  settlementAmounts,
  settlementMinimumCoins,
  toPage,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import type { DbExecutor } from '../db';
import { notFound } from '../http';
import { gradeOfMonth } from './grades';
import { payoutAccountOf } from './statement-columns';
import { oneWithPayTo, statementLines, statementsQuery } from './statements';

// What a creator reads of his own income: all-time totals, a month's income (settled or so far), the missions he was
// paid for in a month, and one of his statements for download.

/** 404 unless the creator exists (the caller's right to read him was checked before). */
export async function requireExistingCreator(db: DbExecutor, creatorId: number): Promise<void> {
  const creator = await db.selectFrom('creators').select('id').where('id', '=', creatorId).executeTakeFirst();
  if (!creator) throw notFound('income.creatorNotFound');
}

/** A month's income, old style: what it earned and, once its statement is paid, what was paid. */
export async function oldStyleMonthIncome(db: DbExecutor, creatorId: number, year: number, month: number) {
  const income = await monthIncome(db, creatorId, year, month);
  if (income.statementId === null) return { totalEarning: income.income, paidIncome: 0 };
  const statement = await db
    .selectFrom('settlement_statements')
    .select(['status', 'to_receipt'])
    .where('id', '=', income.statementId)
    .executeTakeFirstOrThrow();
  return { totalEarning: income.income, paidIncome: statement.status === 'PAID' ? statement.to_receipt : 0 };
}

/**
 * A statement with its mission lines: one of the creator's own when `creatorId` is given (404 for any other), any
 * statement for finance.
 */
export async function statementWithLines(db: DbExecutor, statementId: number, creatorId?: number) {
  let query = statementsQuery(db).where('s.id', '=', statementId);
  if (creatorId !== undefined) query = query.where('s.creator_id', '=', creatorId);
  const found = await query.executeTakeFirst();
  if (!found) throw notFound('income.statementNotFound');
  const statement = await oneWithPayTo(db, found);
  return { statement, lines: await statementLines(db, statement.id) };
}

/** All-time totals of the creator: what his statements covered plus what is not on a statement yet. */
export async function accumulatedIncome(db: DbExecutor, creatorId: number, now: Date) {
  const settled = await db
    .selectFrom('settlement_statements')
    .select([
      sql<number>`coalesce(sum(total_earning_coin) filter (where status <> 'CARRIED_OVER'), 0)::bigint`.as('coins'),
      sql<number>`coalesce(sum(income) filter (where status <> 'CARRIED_OVER'), 0)::bigint`.as('income'),
      sql<number>`coalesce(sum(pg_fee) filter (where status <> 'CARRIED_OVER'), 0)::bigint`.as('pg_fee'),
      sql<number>`coalesce(sum(fatkat_fee) filter (where status <> 'CARRIED_OVER'), 0)::bigint`.as('fatkat_fee'),
      sql<number>`coalesce(sum(to_receipt) filter (where status <> 'CARRIED_OVER'), 0)::bigint`.as('to_receipt'),
      sql<number>`coalesce(sum(to_receipt) filter (where status = 'PAID'), 0)::bigint`.as('paid'),
      sql<number>`coalesce(sum(tax_withheld + local_tax_withheld) filter (where status <> 'CARRIED_OVER'), 0)::bigint`.as(
        'withheld',
      ),
    ])
    .where('creator_id', '=', creatorId)
    .executeTakeFirstOrThrow();
  // Coins not on a payout yet: unpaid carried-over months and releases no statement covers, at the current grade.
  const open = await openCoins(db, creatorId);
  const current = koreaMonthOf(now);
  const grade = await gradeOfMonth(db, creatorId, current.year, current.month);
  const account = await payoutAccount(db, creatorId);
  const pending = settlementAmounts([{ coins: open, grade }], account);
  return {
    totalEarningCoin: Number(settled.coins) + pending.totalEarningCoin,
    income: Number(settled.income) + pending.income,
    pgFee: Number(settled.pg_fee) + pending.pgFee,
    fatkatFee: Number(settled.fatkat_fee) + pending.fatkatFee,
    toReceipt: Number(settled.to_receipt) + pending.toReceipt,
    paidIncome: Number(settled.paid),
    withheld: Number(settled.withheld) + pending.taxWithheld + pending.localTaxWithheld,
  };
}

async function payoutAccount(db: DbExecutor, creatorId: number) {
  const creator = await db
    .selectFrom('creators')
    .select(['payout_overseas', 'payout_foreigner', 'verified_business_type'])
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();
  return payoutAccountOf(creator);
}

/**
 * Coins earned and not paid by a statement: the kept earnings (`creator_month_earnings`, by the month that pays them)
 * of the months no statement of his covers yet — the releases on no statement, a row a month however many there are —
 * and carried-over months not paid yet.
 */
async function openCoins(db: DbExecutor, creatorId: number): Promise<number> {
  const { rows } = await sql<{ coins: number }>`
    select
      coalesce((select sum(e.coins) from creator_month_earnings e where e.creator_id = ${creatorId}
          and not exists (select 1 from settlement_statements s where s.creator_id = e.creator_id
            and s.year = split_part(e.month, '-', 1)::int and s.month = split_part(e.month, '-', 2)::int)), 0)
      + coalesce((select sum(s.month_coins) from settlement_statements s where s.creator_id = ${creatorId}
          and s.status = 'CARRIED_OVER'
          and not exists (select 1 from settlement_carryovers c where c.carried_statement_id = s.id)), 0) as coins`.execute(
    db,
  );
  return Number(rows[0]!.coins);
}

/**
 * The earnings postings a Korea-time month's statement covers (settled or not): mission releases crediting the
 * creator, and lucky-compensation bonuses debited from him (negative lines, as on the statement).
 */
function monthReleasesQuery(db: DbExecutor, creatorId: number, year: number, month: number) {
  const { start, end } = koreaMonthRange(year, month);
  return db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_postings as p', (join) =>
      join.onRef('p.transaction_id', '=', 't.id').on('p.account', '=', `earnings:${creatorId}`),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('t.type', '=', 'MISSION_RELEASE'), eb('p.amount', '>', 0)]),
        eb.and([eb('t.type', '=', 'LUCKY_COMPENSATION'), eb('p.amount', '<', 0)]),
      ]),
    )
    .where('t.occurred_at', '>=', start)
    .where('t.occurred_at', '<', end);
}

/**
 * A month's income (by-month-new): its statement's amounts when the month has been settled, else computed by the
 * settlement rules from the month's releases so far at the month's grade (carried-over coins not included).
 */
export async function monthIncome(
  db: DbExecutor,
  creatorId: number,
  year: number,
  month: number,
): Promise<MonthIncome> {
  const statement = await db
    .selectFrom('settlement_statements')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .where('year', '=', year)
    .where('month', '=', month)
    .executeTakeFirst();
  if (statement) {
    return {
      year,
      month,
      grade: statement.grade,
      statementId: statement.id,
      settled: true,
      totalEarningCoin: statement.total_earning_coin,
      income: statement.income,
      pgFee: statement.pg_fee,
      fatkatFee: statement.fatkat_fee,
      toReceipt: statement.to_receipt,
      taxWithheld: statement.tax_withheld,
      localTaxWithheld: statement.local_tax_withheld,
      gross: statement.gross,
      overseasFee: statement.overseas_fee,
      minimumCoins: settlementMinimumCoins({
        overseas: statement.overseas,
        foreigner: statement.foreigner,
        businessRegistered: false,
      }),
      carriesOver: statement.status === 'CARRIED_OVER',
    };
  }
  // The month's releases less its lucky compensations, kept per creator and month as the ledger appends them.
  const total = await db
    .selectFrom('creator_month_earnings')
    .select('coins')
    .where('creator_id', '=', creatorId)
    .where('month', '=', monthKey(year, month))
    .executeTakeFirst();
  const grade = await gradeOfMonth(db, creatorId, year, month);
  const account = await payoutAccount(db, creatorId);
  const amounts = settlementAmounts([{ coins: Number(total?.coins ?? 0), grade }], account);
  const minimumCoins = settlementMinimumCoins(account);
  return {
    year,
    month,
    grade,
    statementId: null,
    settled: false,
    totalEarningCoin: amounts.totalEarningCoin,
    income: amounts.income,
    pgFee: amounts.pgFee,
    fatkatFee: amounts.fatkatFee,
    toReceipt: amounts.toReceipt,
    taxWithheld: amounts.taxWithheld,
    localTaxWithheld: amounts.localTaxWithheld,
    gross: amounts.gross,
    overseasFee: amounts.overseasFee,
    minimumCoins,
    carriesOver: amounts.totalEarningCoin > 0 && amounts.totalEarningCoin < minimumCoins,
  };
}

/** The month's released missions (current income detail rows), newest first. */
export async function incomeDetailPage(
  db: DbExecutor,
  creatorId: number,
  query: { incomeYear: number; incomeMonth: number; page: number; size: number },
) {
  const base = monthReleasesQuery(db, creatorId, query.incomeYear, query.incomeMonth);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('missions as m', (join) => join.on(sql<boolean>`m.id = (t.metadata ->> 'missionId')::bigint`))
      .leftJoin('mission_products as mp', 'mp.id', 'm.product_id')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select([
        't.id as transaction_id',
        't.occurred_at',
        'p.amount',
        'm.id as mission_id',
        'm.type as mission_type',
        'mp.name as product_name',
        'u.username',
      ])
      .orderBy('t.occurred_at', 'desc')
      .orderBy('t.id', 'desc')
      .offset(query.page * query.size)
      .limit(query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return toPage(
    rows.map((row): IncomeDetailRow => ({
      missionId: row.mission_id ?? null,
      missionProductType: row.mission_type ?? null,
      username: row.username ?? null,
      missionProductName: row.product_name ?? null,
      coinPrice: Number(row.amount),
      completed: new Date(row.occurred_at).toISOString(),
    })),
    Number(total.total),
    query,
  );
}
