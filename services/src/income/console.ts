import {
  csvDocument,
  koreaMonthOf,
  monthKey,
  type AdminSettlement,
  type AdminSettlementFilter,
  type ADMIN_SETTLEMENT_SORT_FIELDS,
  type CreatorGrade,
  type GradeProposalFilter,
  type UpdateSettlementRequest,
  updateSettlementRequestSchema,
  type AdminApproval,
  type ApprovalKind,
} from '@fanmission/contracts';
import { z } from 'zod';
import { selectListWindow, selectWindowByKeys, type ListWindow, type ListPage } from '../admin';
import { guardedAction, requestApproval } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError, conflict, notFound } from '../http';
import { PAYEE_REFUSAL_MESSAGES, payeeAccountRefusals } from '../money-out';
import { statementBatchApprovals } from './batches';
import { transferBatchApprovals } from './transfer-batches';
import * as repository from './console-repository';
import { MonthNotEndedError, settleMonth } from './settlement';
import { holdReason } from './holds';
import { adminStatementDto, statementLines, statementsQuery, withPayTo } from './statements';
import type { GradeProposalRow } from './table';

type AdminSettlementSortField = (typeof ADMIN_SETTLEMENT_SORT_FIELDS)[number];

/*
 * The finance console's settlement work: statements (finance only: they carry the creators' bank details), their
 * approval and payment, the bank transfer file, the monthly run on demand, and the grade review (operators confirm).
 */

/** The columns of each order a statement list offers; `year` and `month` both order by the month. */
const SORT_COLUMNS = {
  id: ['s.id'],
  year: ['s.year', 's.month'],
  month: ['s.year', 's.month'],
  creatorId: ['s.creator_id'],
  totalEarningCoin: ['s.total_earning_coin'],
  income: ['s.income'],
  toReceipt: ['s.to_receipt'],
  status: ['s.status'],
} as const satisfies Record<AdminSettlementSortField, readonly string[]>;

export async function listStatements(
  ctx: ServiceContext,
  options: { filter: AdminSettlementFilter; sort: [AdminSettlementSortField, 'ASC' | 'DESC']; window: ListWindow },
): Promise<ListPage<AdminSettlement>> {
  const now = ctx.now();
  const [field, direction] = options.sort;
  const { rows, total } = await selectWindowByKeys({
    selected: statementsQuery(ctx.db),
    keys: repository.filteredStatements(ctx.db, options.filter, now),
    idColumn: 's.id',
    // Ties follow the id in the same direction: an index in the list's order, read forwards or backwards, serves it.
    order: [...SORT_COLUMNS[field], ...(field === 'id' ? [] : ['s.id'])].map((column) => [column, direction] as const),
    window: options.window,
  });
  return { rows: (await withPayTo(ctx.db, rows)).map((row) => adminStatementDto(row, now)), total };
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

/**
 * 업종코드 of the income the withholding summary reports: 940306, 1인 미디어 콘텐츠 창작자 (인적용역), what a creator
 * without a registered business earns here. A registered business withholds nothing and is not listed.
 */
export const CREATOR_INDUSTRY_CODE = '940306';

const WITHHOLDING_HEADER = [
  '귀속연월',
  '지급연월',
  '소득자 성명',
  '내외국인',
  '생년월일',
  '주민등록번호',
  '업종코드',
  '소득구분',
  '지급액',
  '세율',
  '소득세',
  '지방소득세',
  '활동명',
  '크리에이터 번호',
  '정산서 번호',
];

/**
 * The month's withholding summary for finance's tax filing (docs/rules/settlement.md): one row per creator whose
 * statement withholds tax — `INDIVIDUAL` (소득세 3 %, 지방소득세 0.3 %) or `OVERSEAS` (10 %) — in the columns a
 * 간이지급명세서 (거주자의 사업소득) asks, then a 합계 row. The earner is the holder of the account the statement pays
 * (the bank's holder check matched it to the name his identity check verified); the birth date is the one he gave at
 * sign-up. The product keeps no 주민등록번호: its column is left empty for finance to fill. UTF-8 with a byte order
 * mark and Korean headers, as the bank transfer file.
 */
export async function withholdingSummary(ctx: ServiceContext, year: number, month: number) {
  const rows = await repository.withholdingStatementsOfMonth(ctx.db, year, month);
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + Number(pick(row)), 0);
  const earned = `${year}${String(month).padStart(2, '0')}`;
  const records = [
    WITHHOLDING_HEADER,
    ...rows.map((row) => [
      earned,
      row.paid_month ?? '',
      row.bank_account_holder ?? '',
      row.foreigner ? '외국인' : '내국인',
      row.birth_date ?? '',
      '',
      CREATOR_INDUSTRY_CODE,
      row.overseas ? '해외 계좌 지급' : '거주자 사업소득',
      Number(row.income),
      `${Number(row.tax_rate)}%`,
      Number(row.tax_withheld),
      Number(row.local_tax_withheld),
      row.name,
      row.creator_id,
      row.id,
    ]),
    [
      '합계',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      sum((row) => row.income),
      '',
      sum((row) => row.tax_withheld),
      sum((row) => row.local_tax_withheld),
      '',
      '',
      '',
    ],
  ];
  return {
    filename: `settlement-withholding-${monthKey(year, month)}.csv`,
    csv: csvDocument(records),
  };
}

const statementHeld = () => new AppError(409, 'income.statementHeld', { code: 'STATEMENT_HELD' });

/** Why a held statement is neither approved nor paid, as finance reads it (409). */
function holdRefusal(row: LockedStatement): AppError {
  const reason = holdReason(row);
  if (reason === 'ACCOUNT_CHANGED') return statementHeld();
  if (reason === 'ACCOUNT_MISMATCH') {
    return new AppError(409, 'income.payToAccountMismatch', {
      code: 'PAYOUT_ACCOUNT_UNVERIFIED',
      params: { holder: row.pay_to_bank_holder ?? '-' },
    });
  }
  return new AppError(409, 'income.payToAccountUnverified', { code: 'PAYOUT_ACCOUNT_UNVERIFIED' });
}
const ownPayoutChange = () => new AppError(403, 'income.ownPayoutChange', { code: 'OWN_PAYOUT_CHANGE' });

/**
 * The hold of a payout account change is reviewed by others than the change's author: whoever made the change that
 * held the statement neither asks for its release nor approves it (403 `OWN_PAYOUT_CHANGE`).
 */
async function requireReleasedByOthers(db: DbExecutor, statementId: number, staffIds: readonly number[]) {
  const actor = await repository.holdingChangeActor(db, statementId);
  if (actor !== null && staffIds.includes(actor)) throw ownPayoutChange();
}
const statementNotApproved = () =>
  new AppError(409, 'approvals.statementNotApproved', { code: 'STATEMENT_NOT_APPROVED' });

type LockedStatement = NonNullable<Awaited<ReturnType<typeof repository.lockStatement>>>;

/**
 * Whether a decision is already done (answered as the statement is), or may be asked for; otherwise its refusal:
 * releasing a statement never held, approving what is not ISSUED, paying what is not APPROVED (no jump from ISSUED
 * to PAID), approving or paying a held statement.
 */
function decisionState(row: LockedStatement, action: UpdateSettlementRequest['action']): 'done' | 'open' {
  if (action === 'release') {
    if (!row.payout_held) throw conflict('income.statementNotHeld');
    return row.hold_released_at === null ? 'open' : 'done';
  }
  const held = holdReason(row) !== null;
  if (action === 'approve') {
    if (row.status === 'APPROVED') return 'done';
    if (row.status !== 'ISSUED') throw conflict('income.statementNotApprovable');
    if (held) throw holdRefusal(row);
    return 'open';
  }
  if (row.status === 'PAID') return 'done';
  if (row.status === 'CARRIED_OVER') throw conflict('income.statementNotPayable');
  if (held) throw holdRefusal(row);
  if (row.status !== 'APPROVED') throw statementNotApproved();
  return 'open';
}

/**
 * A hand payment pays only the payee's own verified account (the money-out rule, services/src/money-out): asked and
 * approved alike; otherwise 409 `PAYEE_ACCOUNT_REFUSED` with why.
 */
async function requirePayeesAccount(ctx: ServiceContext, db: DbExecutor, statementId: number) {
  const refusal = (await payeeAccountRefusals(db, ctx.config, [statementId])).get(statementId);
  if (!refusal) return;
  throw new AppError(409, PAYEE_REFUSAL_MESSAGES[refusal], {
    code: 'PAYEE_ACCOUNT_REFUSED',
    params: { id: statementId },
  });
}

/** What a statement decision acts on: a change of any of it between the request and its approval voids the request. */
const statementState = (row: LockedStatement | undefined) =>
  row
    ? {
        status: row.status,
        payoutHeld: row.payout_held,
        holdReleasedAt: row.hold_released_at,
        payToVerification: row.pay_to_verification,
        toReceipt: row.to_receipt,
        bankName: row.bank_name,
        bankAccountHolder: row.bank_account_holder,
        bankAccountNumber: row.bank_account_number,
      }
    : null;

const statementDecisionSchema = z.object({ statementId: z.number().int(), decision: updateSettlementRequestSchema });

const STATEMENT_KINDS = {
  release: 'STATEMENT_RELEASE',
  approve: 'STATEMENT_APPROVE',
  pay: 'STATEMENT_PAY',
} as const satisfies Record<UpdateSettlementRequest['action'], ApprovalKind>;

const statementApproval = (action: UpdateSettlementRequest['action']) =>
  guardedAction({
    kind: STATEMENT_KINDS[action],
    role: 'ROLE_FINANCE',
    params: statementDecisionSchema,
    summary: ({ statementId, decision }) =>
      decision.action === 'pay'
        ? { statementId, transferReference: decision.transferReference, transferDate: decision.transferDate }
        : { statementId },
    targetState: async (db, { statementId }) => statementState(await repository.lockStatement(db, statementId)),
    async execute(trx, { statementId, decision }, approved) {
      const row = await repository.lockStatement(trx, statementId);
      if (!row) throw notFound('income.statementNotFound');
      if (decisionState(row, decision.action) === 'open') {
        const by = approved.makerId;
        if (decision.action === 'release') {
          await requireReleasedByOthers(trx, row.id, [approved.makerId, approved.approverId]);
          await repository.releaseHold(trx, row.id, { by, at: approved.now, note: decision.note });
        } else if (decision.action === 'approve') {
          await repository.approveStatement(trx, row.id, by, approved.now);
        } else {
          await requirePayeesAccount(approved.ctx, trx, row.id);
          await repository.markStatementPaid(trx, row.id, {
            by,
            at: approved.now,
            transferReference: decision.transferReference,
            transferDate: decision.transferDate,
          });
        }
      }
      const statement = await repository.findStatement(trx, statementId);
      return adminStatementDto(statement!, approved.now);
    },
  });

/** The staff approvals of statement decisions: releasing a hold, approving, paying; a transfer batch's release. */
export const statementApprovals = [
  statementApproval('release'),
  statementApproval('approve'),
  statementApproval('pay'),
  ...statementBatchApprovals,
  ...transferBatchApprovals,
] as const;

/**
 * Asks to approve an ISSUED statement, to mark an APPROVED one paid, or to release a statement held after a payout
 * account change: each is a staff approval request (`approval`) that another finance member approves; the amounts
 * never change. A held statement is neither approved nor paid before its release (409 `STATEMENT_HELD`); an ISSUED
 * one is approved before it is paid (409 `STATEMENT_NOT_APPROVED`). Whoever made the payout account change that held
 * a statement never asks for its release (403 `OWN_PAYOUT_CHANGE`). A decision already made answers the statement as
 * it is (`statement`); a carried-over month or a paid statement refuses the rest (409), as does releasing a statement
 * that was never held.
 */
export async function decideStatement(
  ctx: ServiceContext,
  finance: Caller,
  id: number,
  decision: UpdateSettlementRequest,
): Promise<{ statement: AdminSettlement } | { approval: AdminApproval }> {
  const row = await repository.lockStatement(ctx.db, id);
  if (!row) throw notFound('income.statementNotFound');
  if (decisionState(row, decision.action) === 'done') return { statement: await getStatement(ctx, id) };
  if (decision.action === 'release') await requireReleasedByOthers(ctx.db, id, [finance.id]);
  if (decision.action === 'pay') await requirePayeesAccount(ctx, ctx.db, id);
  const action = statementApprovals.find((candidate) => candidate.kind === STATEMENT_KINDS[decision.action])!;
  const reason =
    decision.action === 'release'
      ? decision.note
      : decision.action === 'pay'
        ? `transfer ${decision.transferReference} on ${decision.transferDate}`
        : 'approve the statement';
  const approval = await requestApproval(ctx, action, {
    maker: finance,
    params: { statementId: id, decision },
    reason,
  });
  return { approval };
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
  operator: Pick<Caller, 'id'>,
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
