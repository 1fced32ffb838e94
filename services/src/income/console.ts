import {
  koreaMonthOf,
  monthKey,
  type AdminSettlement,
  type AdminSettlementFilter,
  type CreatorGrade,
  type GradeProposalFilter,
  type UpdateSettlementRequest,
} from '@fanmission/contracts';
import { selectListWindow, selectWindowByKeys, type ListWindow, type ListPage } from '../admin';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { AppError, conflict, notFound } from '../http';
import * as repository from './console-repository';
import { MonthNotEndedError, settleMonth } from './settlement';
import { adminStatementDto, statementLines, statementsQuery } from './statements';
import type { GradeProposalRow } from './table';

/*
 * The finance console's settlement work: statements (finance only: they carry the creators' bank details), their
 * approval and payment, the bank transfer file, the monthly run on demand, and the grade review (operators confirm).
 */

const SORT_COLUMNS = { id: 's.id', month: 's.year', toReceipt: 's.to_receipt', creatorId: 's.creator_id' } as const;

export async function listStatements(
  ctx: ServiceContext,
  options: { filter: AdminSettlementFilter; sort: [keyof typeof SORT_COLUMNS, 'ASC' | 'DESC']; window: ListWindow },
): Promise<ListPage<AdminSettlement>> {
  const now = ctx.now();
  const [field, direction] = options.sort;
  const { rows, total } = await selectWindowByKeys({
    selected: statementsQuery(ctx.db),
    keys: repository.filteredStatements(ctx.db, options.filter, now),
    idColumn: 's.id',
    order: [
      [SORT_COLUMNS[field], direction],
      ...(field === 'month' ? [['s.month', direction] as const] : []),
      ['s.id', 'DESC'],
    ],
    window: options.window,
  });
  return { rows: rows.map((row) => adminStatementDto(row, now)), total };
}

export async function getStatement(ctx: ServiceContext, id: number): Promise<AdminSettlement> {
  const row = await repository.findStatement(ctx.db, id);
  if (!row) throw notFound('income.statementNotFound');
  return adminStatementDto(row, ctx.now());
}

/** A statement with its mission lines, those of the carried-over months it paid included. */
export async function getStatementDetail(ctx: ServiceContext, id: number) {
  const statement = await getStatement(ctx, id);
  const [lines, carriedStatementIds] = await Promise.all([
    statementLines(ctx.db, id),
    repository.carriedStatementIds(ctx.db, id),
  ]);
  return {
    ...statement,
    lines: lines.map((line) => ({
      ledgerTransactionId: line.ledger_transaction_id,
      statementId: line.statement_id,
      missionId: line.mission_id,
      missionProductType: line.mission_type ?? null,
      missionProductName: line.product_name ?? null,
      username: line.username ?? null,
      coins: line.coins,
      releasedAt: line.released_at.toISOString(),
    })),
    carriedStatementIds,
  };
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * A free-text cell a spreadsheet must show as text: one starting with `=`, `+`, `-`, `@`, a tab or a carriage return
 * would be read as a formula, so it is prefixed with `'` (the holder name is typed by the creator or by finance).
 */
const textCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The month's bank transfer file: one row per unpaid payout statement, UTF-8 with a byte order mark. A statement held
 * after a payout account change is left out until finance releases it.
 */
export async function transferFile(ctx: ServiceContext, year: number, month: number) {
  const rows = await repository.unpaidStatementsOfMonth(ctx.db, year, month);
  const records = [
    ['bank', 'holder', 'account', 'amount', 'statementId'],
    ...rows.map((row) => [
      textCell(row.bank_name ?? ''),
      textCell(row.bank_account_holder ?? ''),
      textCell(row.bank_account_number ?? ''),
      String(row.to_receipt),
      String(row.id),
    ]),
  ];
  return {
    filename: `settlement-transfers-${monthKey(year, month)}.csv`,
    csv: `\uFEFF${records.map((record) => record.map(csvCell).join(',')).join('\r\n')}\r\n`,
  };
}

const statementHeld = () => new AppError(409, 'income.statementHeld', { code: 'STATEMENT_HELD' });

/**
 * Approves an ISSUED statement, marks an ISSUED or APPROVED one paid, or releases a statement held after a payout
 * account change; the amounts never change. A held statement is neither approved nor paid before its release (409
 * `STATEMENT_HELD`). The same action again answers the statement as it is; a carried-over month or a paid statement
 * refuses the rest (409), as does releasing a statement that was never held.
 */
export async function decideStatement(
  ctx: ServiceContext,
  finance: Caller,
  id: number,
  decision: UpdateSettlementRequest,
): Promise<AdminSettlement> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repository.lockStatement(trx, id);
    if (!row) throw notFound('income.statementNotFound');
    const held = row.payout_held && row.hold_released_at === null;
    if (decision.action === 'release') {
      if (!row.payout_held) throw conflict('income.statementNotHeld');
      if (!held) return;
      await repository.releaseHold(trx, row.id, { by: finance.id, at: now, note: decision.note });
      return;
    }
    if (decision.action === 'approve') {
      if (row.status === 'APPROVED') return;
      if (row.status !== 'ISSUED') throw conflict('income.statementNotApprovable');
      if (held) throw statementHeld();
      await repository.approveStatement(trx, row.id, finance.id, now);
      return;
    }
    if (row.status === 'PAID') return;
    if (row.status === 'CARRIED_OVER') throw conflict('income.statementNotPayable');
    if (held) throw statementHeld();
    await repository.markStatementPaid(trx, row.id, {
      by: finance.id,
      at: now,
      transferReference: decision.transferReference,
      transferDate: decision.transferDate,
    });
  });
  return getStatement(ctx, id);
}

/** The monthly run on demand: the same as the Schedule's; a month that has not ended in Korea is 409. */
export async function runSettlement(ctx: ServiceContext, finance: Caller, year: number, month: number) {
  try {
    return await settleMonth(ctx.db, { year, month, now: ctx.now(), trigger: 'ADMIN', startedBy: finance.id });
  } catch (error) {
    if (error instanceof MonthNotEndedError) {
      throw new AppError(409, 'income.monthNotEnded', {
        code: 'MONTH_NOT_ENDED',
        params: { month: monthKey(error.year, error.month) },
      });
    }
    throw error;
  }
}

function gradeProposalDto(row: GradeProposalRow & { creator_name: string }) {
  return {
    id: row.id,
    creatorId: row.creator_id,
    creatorName: row.creator_name,
    reviewMonth: row.review_month,
    appliesMonth: row.applies_month,
    onTimeCompleted: row.on_time_completed,
    gradeDropped: row.grade_dropped,
    currentGrade: row.current_grade,
    proposedGrade: row.proposed_grade,
    status: row.status,
    confirmedGrade: row.confirmed_grade,
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listGradeProposals(
  ctx: ServiceContext,
  options: { filter: GradeProposalFilter; direction: 'asc' | 'desc'; window: ListWindow },
) {
  const { rows, total } = await selectListWindow(
    repository.gradeProposalsQuery(ctx.db),
    { column: 'g.id', direction: options.direction === 'asc' ? 'ASC' : 'DESC', idColumn: 'g.id' },
    options.window,
    repository.filteredGradeProposals(ctx.db, options.filter),
  );
  return { rows: rows.map(gradeProposalDto), total };
}

/**
 * The proposed grade, or `grade` to choose another, becomes the creator's grade for the month after the review (and
 * his grade now, once that month has begun). Confirming again changes nothing; with another grade it is 409.
 */
export async function confirmGradeProposal(
  ctx: ServiceContext,
  operator: Caller,
  id: number,
  chosen: CreatorGrade | undefined,
) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const proposal = await repository.lockGradeProposal(trx, id);
    if (!proposal) throw notFound('income.gradeProposalNotFound');
    const grade = chosen ?? proposal.proposed_grade;
    if (proposal.status === 'CONFIRMED') {
      if (proposal.confirmed_grade !== grade) throw conflict('income.gradeProposalConfirmed');
      return;
    }
    await repository.confirmGrade(trx, proposal, { grade, by: operator.id, at: now });
    const current = koreaMonthOf(now);
    if (proposal.applies_month <= monthKey(current.year, current.month)) {
      await repository.setCreatorGrade(trx, proposal.creator_id, grade, now);
    }
  });
  const row = await repository.gradeProposalsQuery(ctx.db).where('g.id', '=', id).executeTakeFirstOrThrow();
  return gradeProposalDto(row);
}
