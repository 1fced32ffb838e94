import {
  type AdminApproval,
  type PayeeAccountRefusal,
  type SettlementBatchPreview,
  type SettlementBatchPreviewQuery,
  type SettlementBatchRequest,
  type SettlementBatchResult,
  type SettlementBatchStatement,
  settlementBatchStatementSchema,
  transferResultUnpaidRowSchema,
  type TransferResultUnpaidRow,
  SETTLEMENT_BATCH_MAX_STATEMENTS,
} from '@fanmission/contracts';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { type ApprovedRun, guardedAction, requestApproval } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { Database, DbExecutor } from '../db';
import { AppError, type FieldProblem } from '../http';
import { PAYEE_REFUSAL_MESSAGES, payeeAccountRefusals, payToVerifications } from '../money-out';
import { heldSql, holdReason } from './holds';

/*
 * Settlement in batches (docs/rules/settlement.md, batches): finance asks to approve (ISSUED → APPROVED) or to mark
 * paid (APPROVED → PAID) a month's statements as ONE staff approval request, whose frozen parameters list each
 * statement with its amounts. When another finance member approves it, every statement of the frozen list that is
 * still in the status the batch expects, not held, with the amounts frozen (and, to be marked paid, paying its payee's
 * own verified account: the money-out rule), changes in the approval's transaction;
 * the others are listed as skipped with why, never silently. A single statement's change therefore does not void
 * the batch: its target state is the frozen list itself.
 */

type BatchAction = SettlementBatchRequest['action'];

/** The status a statement must have to join a batch of the action, and the status the batch gives it. */
const TRANSITION = {
  approve: { from: 'ISSUED', to: 'APPROVED' },
  pay: { from: 'APPROVED', to: 'PAID' },
} as const satisfies Record<BatchAction, { from: string; to: string }>;

const batchEmpty = () => new AppError(409, 'income.batchEmpty', { code: 'SETTLEMENT_BATCH_EMPTY' });

/** The statements of the month a batch of `action` takes now: in the action's status, not held, by id. */
export async function batchCandidates(
  db: DbExecutor,
  selection: { action: BatchAction; year: number; month: number; ids?: readonly number[] | undefined },
): Promise<SettlementBatchStatement[]> {
  let query = db
    .selectFrom('settlement_statements as s')
    .innerJoin('creators as c', 'c.id', 's.creator_id')
    .select([
      's.id',
      's.creator_id',
      'c.name as creator_name',
      's.to_receipt',
      sql<number>`s.tax_withheld + s.local_tax_withheld`.as('withheld'),
    ])
    .where('s.year', '=', selection.year)
    .where('s.month', '=', selection.month)
    .where('s.status', '=', TRANSITION[selection.action].from)
    .where(sql<boolean>`not ${heldSql()}`);
  if (selection.ids) query = query.where('s.id', 'in', [...selection.ids]);
  const rows = await query.orderBy('s.id').limit(SETTLEMENT_BATCH_MAX_STATEMENTS).execute();
  return rows.map((row) => ({
    id: row.id,
    creatorId: row.creator_id,
    creatorName: row.creator_name,
    toReceipt: Number(row.to_receipt),
    withheld: Number(row.withheld),
  }));
}

type BatchSelection = Pick<SettlementBatchRequest, 'action' | 'year' | 'month' | 'statementIds'>;

/**
 * The rule a statement finance selected breaks, by the order it is checked: the month, the status, the hold, and for a
 * payment the payee's own verified account (the money-out rule).
 */
const INELIGIBLE = {
  month: 'income.batchSelectedNotInMonth',
  status: { approve: 'income.batchSelectedNotIssued', pay: 'income.batchSelectedNotApproved' },
  held: 'income.batchSelectedHeld',
} as const;

/**
 * 409 `SETTLEMENT_BATCH_NOT_ELIGIBLE` naming, for each selected id the batch cannot take, the rule it breaks (one
 * `statementIds` sub-error each). An id no statement has is "not of the month": finance sees every statement anyway.
 */
async function ineligibleSelection(
  db: DbExecutor,
  selection: BatchSelection,
  ids: readonly number[],
  notPayees: ReadonlyMap<number, PayeeAccountRefusal>,
) {
  const rows = await db
    .selectFrom('settlement_statements as s')
    .select(['s.id', 's.year', 's.month', 's.status', heldSql().as('held')])
    .where('s.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: FieldProblem[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    const params = { id, year: selection.year, month: selection.month };
    if (!row || row.year !== selection.year || row.month !== selection.month) {
      problems.push({ field: 'statementIds', key: INELIGIBLE.month, params, rejectedValue: id });
    } else if (row.status !== TRANSITION[selection.action].from) {
      problems.push({ field: 'statementIds', key: INELIGIBLE.status[selection.action], params, rejectedValue: id });
    } else if (row.held) problems.push({ field: 'statementIds', key: INELIGIBLE.held, params, rejectedValue: id });
    else {
      const refusal = notPayees.get(id);
      if (refusal)
        problems.push({ field: 'statementIds', key: PAYEE_REFUSAL_MESSAGES[refusal], params, rejectedValue: id });
    }
  }
  return new AppError(409, 'income.batchSelectionRefused', {
    code: 'SETTLEMENT_BATCH_NOT_ELIGIBLE',
    params: { count: problems.length },
    fields: problems,
  });
}

/**
 * The statements a batch request of `selection` freezes: the month's candidates, or exactly the ids finance selected
 * — every one of the month, in the action's status and not held, else 409 naming each refused id's rule (nothing is
 * asked for a part of a selection).
 */
async function batchStatements(ctx: ServiceContext, selection: BatchSelection) {
  const ids = selection.statementIds && [...new Set(selection.statementIds)];
  const candidates = await batchCandidates(ctx.db, { ...selection, ids });
  // A payment pays only the payee's own verified account, as its approval checks again: the others are not asked for.
  const notPayees: ReadonlyMap<number, PayeeAccountRefusal> =
    selection.action === 'pay'
      ? await payeeAccountRefusals(
          ctx.db,
          ctx.config,
          candidates.map((statement) => statement.id),
        )
      : new Map();
  const statements = candidates.filter((statement) => !notPayees.has(statement.id));
  if (ids && statements.length < ids.length) {
    const taken = new Set(statements.map((statement) => statement.id));
    throw await ineligibleSelection(
      ctx.db,
      selection,
      ids.filter((id) => !taken.has(id)),
      notPayees,
    );
  }
  return statements;
}

const batchParamsBase = {
  year: z.number().int(),
  month: z.number().int(),
  statements: z.array(settlementBatchStatementSchema).min(1).max(SETTLEMENT_BATCH_MAX_STATEMENTS),
};
const approveParamsSchema = z.object({ action: z.literal('approve'), ...batchParamsBase });
const payParamsSchema = z.object({
  action: z.literal('pay'),
  ...batchParamsBase,
  transferReference: z.string(),
  transferDate: z.string(),
  /** From a bank result file (./transfer-results.ts): its rows that pay nothing, for the checker to read. */
  unpaid: z.array(transferResultUnpaidRowSchema).optional(),
});
type BatchParams = z.infer<typeof approveParamsSchema> | z.infer<typeof payParamsSchema>;

const totals = (statements: readonly SettlementBatchStatement[]) => ({
  count: statements.length,
  toReceipt: statements.reduce((sum, statement) => sum + statement.toReceipt, 0),
  withheld: statements.reduce((sum, statement) => sum + statement.withheld, 0),
});

/**
 * The frozen statements as they are now, locked in id order (one order for every batch: no deadlock between two),
 * with the holder look-up of the account each pays (the money-out module's join of a statement to its check).
 */
async function lockBatch(trx: Transaction<Database>, ids: readonly number[]) {
  const rows = await trx
    .selectFrom('settlement_statements as s')
    .select(['s.id', 's.status', 's.payout_held', 's.hold_released_at', 's.to_receipt'])
    .where('s.id', 'in', [...ids])
    .orderBy('s.id')
    .forUpdate()
    .execute();
  const verifications = await payToVerifications(trx, ids);
  return rows.map((row) => ({ ...row, pay_to_verification: verifications.get(row.id)?.status ?? null }));
}

/** Runs an approved batch: the statements still approvable (payable) change at once; the rest are listed skipped. */
async function runBatch(
  trx: Transaction<Database>,
  params: BatchParams,
  run: ApprovedRun,
): Promise<SettlementBatchResult> {
  const { from, to } = TRANSITION[params.action];
  const ids = params.statements.map((s) => s.id);
  const current = new Map((await lockBatch(trx, ids)).map((row) => [row.id, row]));
  // A payment pays only the payee's own verified account (the money-out rule), as a single statement's does.
  const refused: ReadonlyMap<number, unknown> =
    params.action === 'pay' ? await payeeAccountRefusals(trx, run.ctx.config, ids) : new Map();
  const done: number[] = [];
  const skipped: SettlementBatchResult['skipped'] = [];
  for (const frozen of params.statements) {
    const row = current.get(frozen.id);
    if (!row) skipped.push({ statementId: frozen.id, reason: 'GONE' });
    else if (row.status === to) skipped.push({ statementId: frozen.id, reason: 'ALREADY_DONE' });
    else if (row.status !== from) skipped.push({ statementId: frozen.id, reason: 'STATUS_CHANGED' });
    else if (holdReason(row) !== null) skipped.push({ statementId: frozen.id, reason: 'HELD' });
    else if (refused.has(frozen.id)) skipped.push({ statementId: frozen.id, reason: 'PAYEE_ACCOUNT_REFUSED' });
    else if (Number(row.to_receipt) !== frozen.toReceipt) {
      skipped.push({ statementId: frozen.id, reason: 'AMOUNT_CHANGED' });
    } else done.push(frozen.id);
  }
  if (done.length > 0) {
    const update = trx.updateTable('settlement_statements').where('id', 'in', done).where('status', '=', from);
    await (
      params.action === 'approve'
        ? update.set({ status: 'APPROVED', approved_at: run.now, approved_by_user_id: run.makerId })
        : update.set({
            status: 'PAID',
            paid_at: run.now,
            paid_by_user_id: run.makerId,
            transfer_reference: params.transferReference,
            transfer_date: params.transferDate,
          })
    ).execute();
  }
  return { action: params.action, done, skipped };
}

/** A batch's summary figures: what the maker's preview shows and the approval's summary carries (one computation). */
const monthTotals = (batch: Pick<BatchParams, 'year' | 'month' | 'statements'>) => ({
  year: batch.year,
  month: batch.month,
  ...totals(batch.statements),
});

// The frozen list is each batch's target: a statement that changes meanwhile is skipped by the run, listed in its
// result, and does not void the batch (`targetState` is constant).
const approveBatch = guardedAction({
  kind: 'STATEMENT_BATCH_APPROVE',
  role: 'ROLE_FINANCE',
  params: approveParamsSchema,
  summary: (batch) => monthTotals(batch),
  targetState: async () => null,
  execute: (trx, batch, run) => runBatch(trx, batch, run),
});

const payBatch = guardedAction({
  kind: 'STATEMENT_BATCH_PAY',
  role: 'ROLE_FINANCE',
  params: payParamsSchema,
  summary: (batch) => ({
    ...monthTotals(batch),
    transferReference: batch.transferReference,
    transferDate: batch.transferDate,
  }),
  targetState: async () => null,
  execute: (trx, batch, run) => runBatch(trx, batch, run),
});

/** The staff approvals of statement batches: approving and paying a month's statements at once. */
export const statementBatchApprovals = [approveBatch, payBatch] as const;

/**
 * What a batch request of the query's action, month and selection would freeze now — its count and totals, the
 * figures of the approval's summary — with nothing asked. An empty month is a count of 0; a selection the request
 * would refuse is refused the same way (409).
 */
export async function previewStatementBatch(
  ctx: ServiceContext,
  query: SettlementBatchPreviewQuery,
): Promise<SettlementBatchPreview> {
  const { action, year, month } = query;
  const statements = await batchStatements(ctx, query);
  return { action, ...monthTotals({ year, month, statements }) };
}

/**
 * Asks to approve, or to mark paid, the month's statements (not held, in the action's status), or exactly those
 * finance selected, as one staff approval request (202) that another finance member approves; 409
 * `SETTLEMENT_BATCH_EMPTY` when none is left to take, `SETTLEMENT_BATCH_NOT_ELIGIBLE` when a selected one cannot go.
 */
export async function requestStatementBatch(
  ctx: ServiceContext,
  finance: Caller,
  request: SettlementBatchRequest,
): Promise<AdminApproval> {
  const statements = await batchStatements(ctx, request);
  if (statements.length === 0) throw batchEmpty();
  const { year, month } = request;
  if (request.action === 'approve') {
    return await requestApproval(ctx, approveBatch, {
      maker: finance,
      params: { action: 'approve', year, month, statements },
      // The summary says what runs, in the checker's language: no reason to word.
      reason: null,
    });
  }
  const { transferReference, transferDate } = request;
  return await requestBatchPayment(ctx, finance, { year, month, statements, transferReference, transferDate });
}

/** Asks to mark `statements` paid with the transfer as one STATEMENT_BATCH_PAY request; none is 409. */
export async function requestBatchPayment(
  ctx: ServiceContext,
  finance: Caller,
  batch: {
    year: number;
    month: number;
    statements: SettlementBatchStatement[];
    transferReference: string;
    transferDate: string;
    unpaid?: TransferResultUnpaidRow[];
  },
): Promise<AdminApproval> {
  if (batch.statements.length === 0) throw batchEmpty();
  return await requestApproval(ctx, payBatch, {
    maker: finance,
    params: { action: 'pay', ...batch },
    // The summary says what runs, in the checker's language: no reason to word.
    reason: null,
  });
}
