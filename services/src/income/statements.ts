import {
  type AdminSettlement,
  type IncomeDetailRow,
  koreaDate,
  koreaMonthOf,
  koreaMonthRange,
  type MonthIncome,
  type MonthlySettlement,
  settlementAmounts,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import type { DbExecutor } from '../db';
import { gradeOfMonth } from './settlement';
import type { StatementRow } from './table';

/** A statement as the creator sees it. */
export function statementDto(row: StatementRow & { carried_into_statement_id?: number | null }): MonthlySettlement {
  return {
    id: row.id,
    year: row.year,
    month: row.month,
    created: row.created_at.toISOString(),
    totalEarningCoin: row.total_earning_coin,
    income: row.income,
    pgFee: row.pg_fee,
    pgFeeRate: Number(row.pg_fee_rate),
    fatkatFee: row.fatkat_fee,
    fatkatFeeRate: Number(row.fatkat_fee_rate),
    // Advanced payments and introduction fees are programmes that do not exist (yet): always 0.
    advancedPaymentCurrent: 0,
    advancedPaymentFeeRate: 0,
    advancedPaymentTotal: 0,
    totalIntroductionFee: 0,
    totalIntroductionFeeCoin: 0,
    toReceipt: row.to_receipt,
    paid: row.status === 'PAID',
    status: row.status,
    grade: row.grade,
    monthCoins: row.month_coins,
    carriedCoins: row.carried_coins,
    gross: row.gross,
    overseasFee: row.overseas_fee,
    overseasFeeRate: Number(row.overseas_fee_rate),
    taxWithheld: row.tax_withheld,
    taxRate: Number(row.tax_rate),
    dueDate: row.due_date,
    carriedIntoStatementId: row.carried_into_statement_id ?? null,
  };
}

export function adminStatementDto(
  row: StatementRow & { creator_name: string; carried_into_statement_id?: number | null },
  now: Date,
): AdminSettlement {
  return {
    ...statementDto(row),
    creatorId: row.creator_id,
    creatorName: row.creator_name,
    overseas: row.overseas,
    foreigner: row.foreigner,
    bankName: row.bank_name,
    bankAccountHolder: row.bank_account_holder,
    bankAccountNumber: row.bank_account_number,
    approvedAt: row.approved_at?.toISOString() ?? null,
    paidAt: row.paid_at?.toISOString() ?? null,
    transferReference: row.transfer_reference,
    transferDate: row.transfer_date,
    overdue: isOverdue(row, now),
  };
}

/** An issued or approved statement whose due date (Korea time) has passed unpaid. */
export function isOverdue(row: Pick<StatementRow, 'status' | 'due_date'>, now: Date): boolean {
  return (
    (row.status === 'ISSUED' || row.status === 'APPROVED') && row.due_date !== null && koreaDate(now) > row.due_date
  );
}

/** Statements with the payout that paid each carried-over month. */
export function statementsQuery(db: DbExecutor) {
  return db
    .selectFrom('settlement_statements as s')
    .innerJoin('creators as cr', 'cr.id', 's.creator_id')
    .leftJoin('settlement_carryovers as co', 'co.carried_statement_id', 's.id')
    .selectAll('s')
    .select(['cr.name as creator_name', 'co.paid_by_statement_id as carried_into_statement_id']);
}

/** The creator's statements, newest month first. */
export async function statementPage(db: DbExecutor, creatorId: number, page: number, size: number) {
  const [rows, total] = await Promise.all([
    statementsQuery(db)
      .where('s.creator_id', '=', creatorId)
      .orderBy('s.year', 'desc')
      .orderBy('s.month', 'desc')
      .offset(page * size)
      .limit(size)
      .execute(),
    db
      .selectFrom('settlement_statements')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('creator_id', '=', creatorId)
      .executeTakeFirstOrThrow(),
  ]);
  const totalElements = Number(total.total);
  const totalPages = Math.ceil(totalElements / size);
  return {
    content: rows.map(statementDto),
    totalPages,
    totalElements,
    number: page,
    size,
    last: page >= totalPages - 1,
  };
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
  };
}

async function payoutAccount(db: DbExecutor, creatorId: number) {
  const creator = await db
    .selectFrom('creators')
    .select(['payout_overseas', 'payout_foreigner'])
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();
  return { overseas: creator.payout_overseas, foreigner: creator.payout_foreigner };
}

/** Coins earned and not paid by a statement: releases on no statement, and carried-over months not paid yet. */
async function openCoins(db: DbExecutor, creatorId: number): Promise<number> {
  const { rows } = await sql<{ coins: number }>`
    select
      coalesce((select sum(p.amount) from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
        where p.account = ${`earnings:${creatorId}`}
          and ((t.type = 'MISSION_RELEASE' and p.amount > 0) or (t.type = 'LUCKY_COMPENSATION' and p.amount < 0))
          and not exists (select 1 from settlement_statement_lines l where l.ledger_transaction_id = t.id)), 0)
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
    };
  }
  const total = await monthReleasesQuery(db, creatorId, year, month)
    .select(sql<number>`coalesce(sum(p.amount), 0)::bigint`.as('coins'))
    .executeTakeFirstOrThrow();
  const grade = await gradeOfMonth(db, creatorId, year, month);
  const amounts = settlementAmounts([{ coins: Number(total.coins), grade }], await payoutAccount(db, creatorId));
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
  const totalElements = Number(total.total);
  const totalPages = Math.ceil(totalElements / query.size);
  return {
    content: rows.map((row): IncomeDetailRow => ({
      missionId: row.mission_id ?? null,
      missionProductType: row.mission_type ?? null,
      username: row.username ?? null,
      missionProductName: row.product_name ?? null,
      coinPrice: Number(row.amount),
      completed: new Date(row.occurred_at).toISOString(),
    })),
    totalPages,
    totalElements,
    number: query.page,
    size: query.size,
    last: query.page >= totalPages - 1,
  };
}

/** The releases a statement covers: its own and those of the carried-over months it paid. */
export async function statementLines(db: DbExecutor, statementId: number) {
  return await db
    .selectFrom('settlement_statement_lines as l')
    .leftJoin('missions as m', 'm.id', 'l.mission_id')
    .leftJoin('mission_products as mp', 'mp.id', 'm.product_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'l.ledger_transaction_id',
      'l.statement_id',
      'l.mission_id',
      'l.coins',
      'l.released_at',
      'm.type as mission_type',
      'mp.name as product_name',
      'u.username',
    ])
    .where((eb) =>
      eb.or([
        eb('l.statement_id', '=', statementId),
        eb(
          'l.statement_id',
          'in',
          eb
            .selectFrom('settlement_carryovers')
            .select('carried_statement_id')
            .where('paid_by_statement_id', '=', statementId),
        ),
      ]),
    )
    .orderBy('l.released_at')
    .orderBy('l.ledger_transaction_id')
    .execute();
}
