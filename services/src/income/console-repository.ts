import {
  koreaDate,
  type AdminSettlementFilter,
  type CreatorGrade,
  type GradeProposalFilter,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import type { DbExecutor } from '../db';
import { heldSql } from './holds';
import { oneWithPayTo, statementsQuery } from './statements';

// The finance console's queries: statements, their carried-over months and transfer rows, and the grade review.

/**
 * The statements the filter selects, from the statements alone (a list reads its window's ids by an index in its
 * order, then `statementsQuery` for those); `overdue`: ISSUED or APPROVED past their due date (Korea time) as of `now`.
 */
export function filteredStatements(db: DbExecutor, filter: AdminSettlementFilter, now: Date) {
  let query = db.selectFrom('settlement_statements as s');
  if (filter.year !== undefined) query = query.where('s.year', '=', filter.year);
  if (filter.month !== undefined) query = query.where('s.month', '=', filter.month);
  if (filter.status !== undefined) query = query.where('s.status', '=', filter.status);
  if (filter.creatorId !== undefined) query = query.where('s.creator_id', '=', filter.creatorId);
  if (filter.held !== undefined) {
    const held = heldSql();
    query = query.where(filter.held ? held : sql<boolean>`not ${held}`);
  }
  if (filter.overdue !== undefined) {
    const overdue = sql<boolean>`(s.status in ('ISSUED', 'APPROVED') and s.due_date < ${koreaDate(now)})`;
    query = query.where(filter.overdue ? overdue : sql<boolean>`not ${overdue}`);
  }
  return query;
}

export async function findStatement(db: DbExecutor, id: number) {
  const row = await statementsQuery(db).where('s.id', '=', id).executeTakeFirst();
  return row && (await oneWithPayTo(db, row));
}

/** The carried-over months a statement paid, by id. */
export async function carriedStatementIds(db: DbExecutor, statementId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('settlement_carryovers')
    .select('carried_statement_id')
    .where('paid_by_statement_id', '=', statementId)
    .orderBy('carried_statement_id')
    .execute();
  return rows.map((row) => row.carried_statement_id);
}

/**
 * A month's payout statements (not carried over) that withhold tax: a domestic individual's (3 % and 0.3 %, also when
 * 소액부징수 left both at 0: his income is still reported) and an overseas account's 10 %, with the creator's name, the
 * holder of the account it pays, whether he is a foreigner, the birth date he gave at sign-up (YYYYMMDD) and the month
 * it is paid in (Korea time; the due day's until it is paid).
 */
export function withholdingStatementsOfMonth(db: DbExecutor, year: number, month: number) {
  return db
    .selectFrom('settlement_statements as s')
    .innerJoin('creators as c', 'c.id', 's.creator_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      's.id',
      's.creator_id',
      'c.name',
      's.overseas',
      's.foreigner',
      's.bank_account_holder',
      's.income',
      's.tax_rate',
      's.tax_withheld',
      's.local_tax_withheld',
      sql<string | null>`to_char(u.birth_date, 'YYYYMMDD')`.as('birth_date'),
      sql<string | null>`to_char(coalesce(s.paid_at at time zone 'Asia/Seoul', s.due_date::timestamp), 'YYYYMM')`.as(
        'paid_month',
      ),
    ])
    .where('s.year', '=', year)
    .where('s.month', '=', month)
    .where('s.status', '<>', 'CARRIED_OVER')
    .where('s.tax_rate', '>', '0')
    .orderBy('s.creator_id')
    .execute();
}

/** The statement a decision acts on, locked, with the check of the account it pays (`holds.ts`). */
export async function lockStatement(db: DbExecutor, id: number) {
  const row = await db
    .selectFrom('settlement_statements')
    .select([
      'id',
      'creator_id',
      'status',
      'payout_held',
      'hold_released_at',
      'to_receipt',
      'bank_name',
      'bank_account_holder',
      'bank_account_number',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const check =
    row.bank_name === null || row.bank_account_number === null
      ? undefined
      : await db
          .selectFrom('payout_account_verifications')
          .select(['status', 'bank_holder'])
          .where('creator_id', '=', row.creator_id)
          .where('bank_name', '=', row.bank_name)
          .where('bank_account_number', '=', row.bank_account_number)
          .executeTakeFirst();
  return { ...row, pay_to_verification: check?.status ?? null, pay_to_bank_holder: check?.bank_holder ?? null };
}

/**
 * Who made the payout account change that held the statement (the creators module's history, migration 0195); null
 * when no change held it.
 */
export async function holdingChangeActor(db: DbExecutor, statementId: number): Promise<number | null> {
  const row = await db
    .selectFrom('settlement_statements as s')
    .innerJoin('payout_account_changes as c', 'c.id', 's.hold_account_change_id')
    .select('c.actor_id')
    .where('s.id', '=', statementId)
    .executeTakeFirst();
  return row?.actor_id ?? null;
}

/** Finance's release of a held statement: who, when and what was checked (the database keeps it for good). */
export async function releaseHold(
  db: DbExecutor,
  id: number,
  release: { by: number; at: Date; note: string },
): Promise<void> {
  await db
    .updateTable('settlement_statements')
    .set({ hold_released_at: release.at, hold_released_by_user_id: release.by, hold_release_note: release.note })
    .where('id', '=', id)
    .execute();
}

export async function approveStatement(db: DbExecutor, id: number, by: number, at: Date): Promise<void> {
  await db
    .updateTable('settlement_statements')
    .set({ status: 'APPROVED', approved_at: at, approved_by_user_id: by })
    .where('id', '=', id)
    .execute();
}

export async function markStatementPaid(
  db: DbExecutor,
  id: number,
  payment: { by: number; at: Date; transferReference: string; transferDate: string },
): Promise<void> {
  await db
    .updateTable('settlement_statements')
    .set({
      status: 'PAID',
      paid_at: payment.at,
      paid_by_user_id: payment.by,
      transfer_reference: payment.transferReference,
      transfer_date: payment.transferDate,
    })
    .where('id', '=', id)
    .execute();
}

/** The grade proposals the filter selects, with their creator's name. */
/** The proposals the filter selects, from the proposals alone (a list reads its window's ids first). */
export function filteredGradeProposals(db: DbExecutor, filter: GradeProposalFilter = {}) {
  let query = db.selectFrom('grade_proposals as g');
  if (filter.reviewMonth !== undefined) query = query.where('g.review_month', '=', filter.reviewMonth);
  if (filter.status !== undefined) query = query.where('g.status', '=', filter.status);
  if (filter.creatorId !== undefined) query = query.where('g.creator_id', '=', filter.creatorId);
  return query;
}

/** Proposals with their creator's name. */
export function gradeProposalsQuery(db: DbExecutor) {
  return db
    .selectFrom('grade_proposals as g')
    .innerJoin('creators as c', 'c.id', 'g.creator_id')
    .selectAll('g')
    .select('c.name as creator_name');
}

export function lockGradeProposal(db: DbExecutor, id: number) {
  return db.selectFrom('grade_proposals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The proposal confirmed with `grade`, and the grade recorded for the month it applies to (replacing one). */
export async function confirmGrade(
  db: DbExecutor,
  proposal: { id: number; creator_id: number; applies_month: string },
  confirmation: { grade: CreatorGrade; by: number; at: Date },
): Promise<void> {
  const { grade, by, at } = confirmation;
  await db
    .updateTable('grade_proposals')
    .set({ status: 'CONFIRMED', confirmed_grade: grade, confirmed_by_user_id: by, confirmed_at: at })
    .where('id', '=', proposal.id)
    .execute();
  await db
    .insertInto('creator_monthly_grades')
    .values({
      creator_id: proposal.creator_id,
      month: proposal.applies_month,
      grade,
      confirmed_by_user_id: by,
      confirmed_at: at,
    })
    .onConflict((conflict) =>
      conflict.columns(['creator_id', 'month']).doUpdateSet({ grade, confirmed_by_user_id: by, confirmed_at: at }),
    )
    .execute();
}

export async function setCreatorGrade(db: DbExecutor, creatorId: number, grade: CreatorGrade, at: Date) {
  await db.updateTable('creators').set({ grade, updated_at: at }).where('id', '=', creatorId).execute();
}
