import { createHash } from 'node:crypto';
import {
  BANKS,
  type Language,
  type PayeeAccountRefusal,
  csvDocument,
  monthKey,
  transferMemo,
  type TransferBatch,
  type TransferBatchCreate,
  type TransferBatchDetail,
  type TransferBatchDiscrepancy,
  type TransferBatchFilter,
  type TransferBatchPreview,
  type TransferBatchResultImport,
  type TransferBatchResultOutcome,
  type ADMIN_TRANSFER_BATCH_SORT_FIELDS,
} from '@fanmission/contracts';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { selectListWindow, type ListPage, type ListWindow } from '../admin';
import { guardedAction, requestApproval } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { Database, DbExecutor } from '../db';
import { AppError, notFound, type FieldProblem } from '../http';
import { translate, type MessageKey } from '../i18n';
import { PAYEE_REFUSAL_MESSAGES, payeeAccountRefusals } from '../money-out';
import { domainEvent, recordEvents } from '../outbox';
import { heldSql } from './holds';
import { parseCsv } from './transfer-results';

/*
 * Bank transfer batches (docs/rules/money-out.md, bank transfer batches). A batch is the numbered record of one bulk
 * transfer file (대량이체): its maker, its statements (APPROVED or TRANSFER_FAILED, not held, of one month), their count
 * and won, and the SHA-256 of the file's bytes. Making it moves its statements to IN_TRANSFER in the same transaction
 * (a statement in transfer is in no other batch, and no other path approves, pays or releases it) and asks for its
 * release: a SETTLEMENT_TRANSFER_RELEASE approval request whose maker is the batch's maker, so neither he nor a
 * member related to him (./../approvals/related-staff.ts) releases it. The file is downloaded only once released, and
 * is the same bytes every time: made again from the batch's lines and the statements' frozen bank details, and
 * refused when its hash differs from the one recorded. The bank's result file is read against the batch the route
 * names: a line settles its statement only when the statement is the batch's and the account and the won are the
 * line's; every other line settles nothing and is listed with both values.
 */

type BatchRow = Awaited<ReturnType<ReturnType<typeof batchRows>['execute']>>[number];

const TRANSFER_HEADER = ['은행코드', '은행명', '계좌번호', '예금주', '이체금액', '받는분통장표시', '정산서번호'];

/** A bank name as stored (the creator's choice, or an older spelling such as 국민은행) to its KFTC code, or null. */
export function bankCodeOf(name: string | null): string | null {
  if (name === null) return null;
  const exact = BANKS.find((bank) => bank.ko === name);
  if (exact) return exact.code;
  const core = (value: string) =>
    value
      .replace(/\s/g, '')
      .replace(/^(KB|NH|IBK|SC|한국)/, '')
      .replace(/은행$/, '');
  const wanted = core(name);
  if (wanted === '') return null;
  const matches = BANKS.filter((bank) => core(bank.ko) === wanted);
  return matches.length === 1 ? matches[0]!.code : null;
}

const accountDigits = (value: string | null | undefined): string | null => {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits === '' ? null : digits;
};

const batchFilename = (batch: { id: number; year: number; month: number }) =>
  `fanmission-transfer-batch-${batch.id}-${monthKey(batch.year, batch.month)}.csv`;

/** The file's bytes: UTF-8 with a byte order mark, Korean headers, one row per line in line order. */
function transferFileBytes(
  lines: readonly {
    bank_code: string;
    bank_name: string | null;
    bank_account_number: string | null;
    bank_account_holder: string | null;
    amount: number | string;
    statement_id: number;
  }[],
): Buffer {
  const records = [
    TRANSFER_HEADER,
    ...lines.map((line) => [
      line.bank_code,
      line.bank_name ?? '',
      line.bank_account_number ?? '',
      line.bank_account_holder ?? '',
      Number(line.amount),
      transferMemo(line.statement_id),
      line.statement_id,
    ]),
  ];
  return Buffer.from(csvDocument(records), 'utf8');
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// ----- reading -----

function batchRows(db: DbExecutor) {
  return db
    .selectFrom('settlement_transfer_batches as b')
    .leftJoin('users as maker', 'maker.id', 'b.created_by_user_id')
    .leftJoin('users as checker', 'checker.id', 'b.released_by_user_id')
    .leftJoin('users as canceller', 'canceller.id', 'b.cancelled_by_user_id')
    .selectAll('b')
    .select([
      'maker.username as maker_name',
      'checker.username as checker_name',
      'canceller.username as canceller_name',
      sql<number>`(select count(*)::int from settlement_transfer_batch_lines l where l.batch_id = b.id and l.result = 'PAID')`.as(
        'paid',
      ),
      sql<number>`(select count(*)::int from settlement_transfer_batch_lines l where l.batch_id = b.id and l.result = 'FAILED')`.as(
        'failed',
      ),
    ]);
}

const staff = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

function batchDto(row: BatchRow): TransferBatch {
  return {
    id: row.id,
    year: row.year,
    month: row.month,
    status: row.status,
    createdBy: staff(row.created_by_user_id, row.maker_name),
    createdAt: row.created_at.toISOString(),
    releaseApprovalId: row.release_request_id === null ? null : Number(row.release_request_id),
    releasedBy: staff(row.released_by_user_id, row.checker_name),
    releasedAt: row.released_at?.toISOString() ?? null,
    cancelledBy: staff(row.cancelled_by_user_id, row.canceller_name),
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    closedAt: row.closed_at?.toISOString() ?? null,
    count: row.statement_count,
    total: Number(row.total_won),
    fileSha256: row.file_sha256,
    filename: batchFilename(row),
    paid: Number(row.paid),
    failed: Number(row.failed),
  };
}

async function findBatch(db: DbExecutor, id: number): Promise<TransferBatch> {
  const row = await batchRows(db).where('b.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('income.transferBatchNotFound');
  return batchDto(row);
}

/** A batch's lines in file order, with the statement's frozen bank details. */
function batchLines(db: DbExecutor, batchId: number) {
  return db
    .selectFrom('settlement_transfer_batch_lines as l')
    .innerJoin('settlement_statements as s', 's.id', 'l.statement_id')
    .innerJoin('creators as c', 'c.id', 's.creator_id')
    .select([
      'l.statement_id',
      'l.line',
      'l.bank_code',
      'l.amount',
      'l.result',
      'l.result_at',
      'l.bank_reason',
      's.creator_id',
      'c.name as creator_name',
      'c.user_id as creator_user_id',
      's.bank_name',
      's.bank_account_number',
      's.bank_account_holder',
    ])
    .where('l.batch_id', '=', batchId)
    .orderBy('l.line')
    .execute();
}

const SORT_COLUMNS = {
  id: 'b.id',
  status: 'b.status',
  createdAt: 'b.created_at',
} as const satisfies Record<(typeof ADMIN_TRANSFER_BATCH_SORT_FIELDS)[number], string>;

export async function listTransferBatches(
  ctx: ServiceContext,
  options: {
    filter: TransferBatchFilter;
    sort: [(typeof ADMIN_TRANSFER_BATCH_SORT_FIELDS)[number], 'ASC' | 'DESC'];
    window: ListWindow;
  },
): Promise<ListPage<TransferBatch>> {
  let keys = ctx.db.selectFrom('settlement_transfer_batches as b');
  const { status, year, month } = options.filter;
  if (status !== undefined) keys = keys.where('b.status', '=', status);
  if (year !== undefined) keys = keys.where('b.year', '=', year);
  if (month !== undefined) keys = keys.where('b.month', '=', month);
  const { rows, total } = await selectListWindow(
    batchRows(ctx.db),
    { column: SORT_COLUMNS[options.sort[0]], direction: options.sort[1], idColumn: 'b.id' },
    options.window,
    keys,
  );
  return { rows: rows.map(batchDto), total };
}

export async function getTransferBatch(ctx: ServiceContext, id: number): Promise<TransferBatchDetail> {
  const batch = await findBatch(ctx.db, id);
  const lines = await batchLines(ctx.db, id);
  return {
    ...batch,
    lines: lines.map((line) => ({
      statementId: line.statement_id,
      creatorId: line.creator_id,
      creatorName: line.creator_name,
      bankCode: line.bank_code,
      bankName: line.bank_name,
      bankAccountNumber: line.bank_account_number,
      amount: Number(line.amount),
      result: line.result,
      resultAt: line.result_at?.toISOString() ?? null,
      bankReason: line.bank_reason,
    })),
  };
}

// ----- making a batch -----

const TAKEN_STATUSES = ['APPROVED', 'TRANSFER_FAILED'] as const;

const batchEmpty = () => new AppError(409, 'income.batchEmpty', { code: 'SETTLEMENT_BATCH_EMPTY' });

/**
 * 409 `SETTLEMENT_BATCH_NOT_ELIGIBLE` naming, for each selected id the batch cannot take, the rule it breaks: not of
 * the month, not APPROVED (or TRANSFER_FAILED; IN_TRANSFER: already in a batch), held, or a bank without a code.
 */
async function ineligible(
  db: DbExecutor,
  input: TransferBatchCreate,
  refused: readonly number[],
  noCode: Set<number>,
  notPayees: Map<number, PayeeAccountRefusal>,
) {
  const rows = await db
    .selectFrom('settlement_statements as s')
    .select(['s.id', 's.year', 's.month', 's.status', 's.transfer_batch_id', heldSql().as('held')])
    .where('s.id', 'in', [...refused])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: FieldProblem[] = refused.map((id) => {
    const row = byId.get(id);
    const params = { id, year: input.year, month: input.month, batchId: row?.transfer_batch_id ?? 0 };
    const key: MessageKey =
      !row || row.year !== input.year || row.month !== input.month
        ? 'income.batchSelectedNotInMonth'
        : row.status === 'IN_TRANSFER'
          ? 'income.transferBatchSelectedInTransfer'
          : !(TAKEN_STATUSES as readonly string[]).includes(row.status)
            ? 'income.transferBatchSelectedNotApproved'
            : noCode.has(id)
              ? 'income.transferBatchSelectedNoBankCode'
              : notPayees.has(id)
                ? PAYEE_REFUSAL_MESSAGES[notPayees.get(id)!]
                : 'income.batchSelectedHeld';
    return { field: 'statementIds', key, params, rejectedValue: id };
  });
  return new AppError(409, 'income.batchSelectionRefused', {
    code: 'SETTLEMENT_BATCH_NOT_ELIGIBLE',
    params: { count: fields.length },
    fields,
  });
}

/** The statements of the month a batch takes: APPROVED or TRANSFER_FAILED, not held, by id. */
function candidates(db: DbExecutor, year: number, month: number, ids: readonly number[] | undefined) {
  let query = db
    .selectFrom('settlement_statements as s')
    .select(['s.id', 's.to_receipt', 's.bank_name', 's.bank_account_number', 's.bank_account_holder'])
    .where('s.year', '=', year)
    .where('s.month', '=', month)
    .where('s.status', 'in', [...TAKEN_STATUSES])
    .where(sql<boolean>`not ${heldSql()}`);
  if (ids) query = query.where('s.id', 'in', [...ids]);
  return query.orderBy('s.id');
}

/**
 * What a batch of the month would take now (its statements with a bank code, each paying its payee's own verified
 * account: the money-out rule), with nothing made; and those the rule leaves out, with why in `language`.
 */
export async function previewTransferBatch(
  ctx: ServiceContext,
  { year, month }: { year: number; month: number },
  language: Language,
): Promise<TransferBatchPreview> {
  const coded = (await candidates(ctx.db, year, month, undefined).execute()).filter(
    (row) => bankCodeOf(row.bank_name) !== null,
  );
  const notPayees = await payeeAccountRefusals(
    ctx.db,
    ctx.config,
    coded.map((row) => row.id),
  );
  const rows = coded.filter((row) => !notPayees.has(row.id));
  return {
    year,
    month,
    count: rows.length,
    total: rows.reduce((sum, row) => sum + Number(row.to_receipt), 0),
    statementIds: rows.map((row) => row.id),
    refused: [...notPayees].map(([statementId, reason]) => ({
      statementId,
      reason,
      message: translate(language, PAYEE_REFUSAL_MESSAGES[reason], { id: statementId }),
    })),
  };
}

/**
 * Makes a batch of the month's APPROVED (or TRANSFER_FAILED) statements that are not held, or of exactly those
 * selected (each must be, else 409 naming each refused id's rule and nothing is made): they move to IN_TRANSFER with
 * the batch in one transaction, locked in id order (a statement another batch takes meanwhile is refused, never in
 * two). Then asks for its release (one SETTLEMENT_TRANSFER_RELEASE request, the maker's). 409
 * `SETTLEMENT_BATCH_EMPTY` when there is nothing to take.
 */
export async function createTransferBatch(
  ctx: ServiceContext,
  finance: Caller,
  input: TransferBatchCreate,
): Promise<TransferBatch> {
  const now = ctx.now();
  const ids = input.statementIds && [...new Set(input.statementIds)];
  const batchId = await ctx.db.transaction().execute(async (trx) => {
    const coded = await candidates(trx, input.year, input.month, ids).forUpdate().execute();
    const noCode = new Set(coded.filter((row) => bankCodeOf(row.bank_name) === null).map((row) => row.id));
    // Only to the payee's own verified account (the money-out rule): any other is left out, and named when selected.
    const notPayees = await payeeAccountRefusals(
      trx,
      ctx.config,
      coded.map((row) => row.id),
    );
    const taken = coded.flatMap((row) => {
      const bankCode = bankCodeOf(row.bank_name);
      return bankCode === null || notPayees.has(row.id) ? [] : [{ ...row, bank_code: bankCode }];
    });
    if (ids && taken.length < ids.length) {
      const takenIds = new Set(taken.map((row) => row.id));
      throw await ineligible(
        trx,
        input,
        ids.filter((id) => !takenIds.has(id)),
        noCode,
        notPayees,
      );
    }
    if (taken.length === 0) throw batchEmpty();
    const lines = taken.map((row) => ({
      ...row,
      bank_code: row.bank_code!,
      amount: row.to_receipt,
      statement_id: row.id,
    }));
    const total = lines.reduce((sum, line) => sum + Number(line.amount), 0);
    const batch = await trx
      .insertInto('settlement_transfer_batches')
      .values({
        year: input.year,
        month: input.month,
        status: 'CREATED',
        created_by_user_id: finance.id,
        created_at: now,
        statement_count: lines.length,
        total_won: total,
        file_sha256: sha256(transferFileBytes(lines)),
        release_request_id: null,
        released_by_user_id: null,
        released_at: null,
        cancelled_by_user_id: null,
        cancelled_at: null,
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('settlement_transfer_batch_lines')
      .values(
        lines.map((line, index) => ({
          batch_id: batch.id,
          statement_id: line.id,
          line: index + 1,
          bank_code: line.bank_code,
          amount: Number(line.amount),
          result_at: null,
          bank_reason: null,
        })),
      )
      .execute();
    await trx
      .updateTable('settlement_statements')
      .set({
        status: 'IN_TRANSFER',
        transfer_batch_id: batch.id,
        transfer_failed_at: null,
        transfer_failed_reason: null,
      })
      .where(
        'id',
        'in',
        lines.map((line) => line.id),
      )
      .execute();
    return batch.id;
  });
  const batch = await findBatch(ctx.db, batchId);
  const approval = await requestApproval(ctx, releaseAction, {
    maker: finance,
    params: {
      batchId,
      year: batch.year,
      month: batch.month,
      count: batch.count,
      total: batch.total,
      fileSha256: batch.fileSha256,
    },
    reason: null,
  });
  await ctx.db
    .updateTable('settlement_transfer_batches')
    .set({ release_request_id: approval.id })
    .where('id', '=', batchId)
    .execute();
  return { ...batch, releaseApprovalId: approval.id };
}

// ----- release -----

const releaseParamsSchema = z.object({
  batchId: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  count: z.number().int(),
  total: z.number().int(),
  fileSha256: z.string(),
});

const lockBatch = (db: DbExecutor, id: number) =>
  db.selectFrom('settlement_transfer_batches').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

const notReleasable = () =>
  new AppError(409, 'income.transferBatchNotReleasable', { code: 'TRANSFER_BATCH_NOT_RELEASABLE' });

/**
 * The release of a batch: its maker's request, approved by another finance member not related to him (the approvals'
 * rule). A batch cancelled meanwhile voids the request (its target state changed).
 */
const releaseAction = guardedAction({
  kind: 'SETTLEMENT_TRANSFER_RELEASE',
  role: 'ROLE_FINANCE',
  params: releaseParamsSchema,
  summary: (params) => params,
  targetState: async (db, { batchId }) => {
    const row = await lockBatch(db, batchId);
    return row ? { status: row.status, fileSha256: row.file_sha256, maker: row.created_by_user_id } : null;
  },
  async execute(trx, { batchId }, approved) {
    const row = await lockBatch(trx, batchId);
    if (!row || row.status !== 'CREATED') throw notReleasable();
    // The request's maker is the batch's: never its checker (the approvals' rule, and the table's).
    if (row.created_by_user_id !== approved.makerId || row.created_by_user_id === approved.approverId) {
      throw notReleasable();
    }
    await trx
      .updateTable('settlement_transfer_batches')
      .set({ status: 'RELEASED', released_by_user_id: approved.approverId, released_at: approved.now })
      .where('id', '=', batchId)
      .execute();
    return await findBatch(trx, batchId);
  },
});

/** The staff approval of bank transfer batches: their release. */
export const transferBatchApprovals = [releaseAction] as const;

// ----- the file, cancelling -----

const notReleased = () => new AppError(409, 'income.transferBatchNotReleased', { code: 'TRANSFER_BATCH_NOT_RELEASED' });

/**
 * A released (or closed) batch's file, the same bytes every time: made again from its lines and the statements'
 * frozen bank details and checked against the recorded SHA-256 (409 `TRANSFER_BATCH_FILE_CHANGED` when they differ,
 * as after the legal erasure of an account). An unreleased or cancelled batch is 409 `TRANSFER_BATCH_NOT_RELEASED`.
 */
export async function transferBatchFile(ctx: ServiceContext, id: number) {
  const batch = await findBatch(ctx.db, id);
  if (batch.status !== 'RELEASED' && batch.status !== 'CLOSED') throw notReleased();
  const bytes = transferFileBytes(await batchLines(ctx.db, id));
  if (sha256(bytes) !== batch.fileSha256) {
    throw new AppError(409, 'income.transferBatchFileChanged', { code: 'TRANSFER_BATCH_FILE_CHANGED' });
  }
  return { filename: batch.filename, bytes, sha256: batch.fileSha256 };
}

/**
 * Cancels a batch nobody released yet (any finance member): its statements go back to APPROVED, its pending release
 * request is void. A released batch is not cancelled (its file may be at the bank): 409
 * `TRANSFER_BATCH_NOT_CANCELLABLE`.
 */
export async function cancelTransferBatch(ctx: ServiceContext, finance: Caller, id: number): Promise<TransferBatch> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockBatch(trx, id);
    if (!row) throw notFound('income.transferBatchNotFound');
    if (row.status !== 'CREATED') {
      throw new AppError(409, 'income.transferBatchNotCancellable', { code: 'TRANSFER_BATCH_NOT_CANCELLABLE' });
    }
    await trx
      .updateTable('settlement_transfer_batches')
      .set({ status: 'CANCELLED', cancelled_by_user_id: finance.id, cancelled_at: now })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('settlement_statements')
      .set({ status: 'APPROVED' })
      .where('transfer_batch_id', '=', id)
      .where('status', '=', 'IN_TRANSFER')
      .execute();
  });
  return await findBatch(ctx.db, id);
}

// ----- the bank's result -----

const unreadableFile = () =>
  new AppError(400, 'income.transferResultUnreadable', { code: 'TRANSFER_RESULT_UNREADABLE' });

/** The names a result file's columns go by: the transfer file's Korean headers, or the English ones. */
const RESULT_COLUMNS = {
  statementId: ['statementid', '정산서번호'],
  memo: ['memo', '받는분통장표시', '메모'],
  account: ['account', '계좌번호', '입금계좌번호'],
  amount: ['amount', '이체금액', '금액'],
  result: ['result', '처리결과', '결과'],
  reason: ['reason', '사유', '불능사유'],
} as const;
const OK_RESULTS = new Set(['OK', '정상', '성공', '완료']);
const FAILED_RESULTS = new Set(['FAILED', 'FAIL', '실패', '불능', '오류']);

const wholeNumber = (value: string | undefined): number | null => {
  const digits = (value ?? '').replaceAll(',', '').trim();
  return /^\d+$/.test(digits) ? Number(digits) : null;
};

interface ResultLine {
  line: number;
  statementId: number | null;
  account: string | null;
  amount: number | null;
  ok: boolean | null;
  bankReason: string | null;
}

function resultLines(csv: string): ResultLine[] {
  const [header, ...rows] = parseCsv(csv);
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const at = (names: readonly string[]) => columns.findIndex((name) => names.includes(name));
  const index = Object.fromEntries(Object.entries(RESULT_COLUMNS).map(([key, names]) => [key, at(names)])) as Record<
    keyof typeof RESULT_COLUMNS,
    number
  >;
  if (index.account === -1 || index.amount === -1 || index.result === -1) throw unreadableFile();
  if (index.statementId === -1 && index.memo === -1) throw unreadableFile();
  const cell = (cells: string[], column: number) => (column === -1 ? undefined : cells[column]);
  return rows.map((cells, row) => {
    const outcome = (cells[index.result] ?? '').trim().toUpperCase();
    const memo = (cell(cells, index.memo) ?? '').trim().toUpperCase();
    const statementId =
      wholeNumber(cell(cells, index.statementId)) ??
      (memo.startsWith('FM-S') ? wholeNumber(memo.slice('FM-S'.length)) : null);
    return {
      line: row + 2,
      statementId,
      account: accountDigits(cells[index.account]),
      amount: wholeNumber(cells[index.amount]),
      ok: OK_RESULTS.has(outcome) ? true : FAILED_RESULTS.has(outcome) ? false : null,
      bankReason: (cell(cells, index.reason) ?? '').trim() || null,
    };
  });
}

interface Judged {
  rows: number;
  paid: Awaited<ReturnType<typeof batchLines>>;
  failed: { line: Awaited<ReturnType<typeof batchLines>>[number]; bankReason: string | null }[];
  discrepancies: TransferBatchDiscrepancy[];
}

/**
 * Each result line against the batch's lines: what it pays or fails, or why it settles nothing (both values). A paid
 * line of a statement in `notPayees` (its account no longer the payee's own verified one) pays nothing.
 */
function judge(
  csv: string,
  lines: Awaited<ReturnType<typeof batchLines>>,
  notPayees: ReadonlyMap<number, PayeeAccountRefusal>,
): Judged {
  const byStatement = new Map(lines.map((line) => [line.statement_id, line]));
  const seen = new Set<number>();
  const judged: Judged = { rows: 0, paid: [], failed: [], discrepancies: [] };
  const read = resultLines(csv);
  judged.rows = read.length;
  for (const row of read) {
    const line = row.statementId === null ? undefined : byStatement.get(row.statementId);
    const expectedAccount = line ? accountDigits(line.bank_account_number) : null;
    const refuse = (problem: TransferBatchDiscrepancy['problem']) =>
      judged.discrepancies.push({
        line: row.line,
        statementId: row.statementId,
        problem,
        expectedAmount: line ? Number(line.amount) : null,
        amount: row.amount,
        expectedBankAccountNumber: line?.bank_account_number ?? null,
        bankAccountNumber: row.account,
      });
    if (row.statementId === null || row.account === null || row.amount === null || row.ok === null) {
      refuse('UNREADABLE');
    } else if (!line) refuse('NOT_IN_BATCH');
    else if (seen.has(row.statementId)) refuse('DUPLICATE');
    else if ((seen.add(row.statementId), line.result !== 'PENDING')) refuse('ALREADY_SETTLED');
    else if (row.account !== expectedAccount) refuse('ACCOUNT_DIFFERS');
    else if (row.amount !== Number(line.amount)) refuse('AMOUNT_DIFFERS');
    else if (row.ok && notPayees.has(line.statement_id)) refuse('ACCOUNT_NOT_PAYEES');
    else if (row.ok) judged.paid.push(line);
    else judged.failed.push({ line, bankReason: row.bankReason });
  }
  return judged;
}

const outcomeOf = (judged: Judged, batch: TransferBatch, applied: boolean): TransferBatchResultOutcome => ({
  applied,
  rows: judged.rows,
  paid: judged.paid.map((line) => line.statement_id),
  failed: judged.failed.map(({ line, bankReason }) => ({ statementId: line.statement_id, bankReason })),
  discrepancies: judged.discrepancies,
  batch,
});

/** The batch's pending lines whose account is no longer the payee's own verified one (the money-out rule). */
const notPayeesOf = (ctx: ServiceContext, db: DbExecutor, lines: Awaited<ReturnType<typeof batchLines>>) =>
  payeeAccountRefusals(
    db,
    ctx.config,
    lines.filter((line) => line.result === 'PENDING').map((line) => line.statement_id),
  );

/** Reads a result file against the batch without changing anything (a batch not released yet is 409). */
export async function previewTransferBatchResult(
  ctx: ServiceContext,
  id: number,
  input: TransferBatchResultImport,
): Promise<TransferBatchResultOutcome> {
  const batch = await findBatch(ctx.db, id);
  if (batch.status !== 'RELEASED' && batch.status !== 'CLOSED') throw notReleased();
  const lines = await batchLines(ctx.db, id);
  return outcomeOf(judge(input.csv, lines, await notPayeesOf(ctx, ctx.db, lines)), batch, false);
}

/**
 * Records the bank's result of a released batch, in one transaction with the batch locked: a PAID line's statement
 * is PAID (the transfer's reference and date), a FAILED line's is TRANSFER_FAILED with the date and the bank's reason;
 * each creator is told (`creator.settlement-transfer-settled`). Every other line settles nothing and is listed. The
 * batch is CLOSED once every line is settled.
 */
export async function importTransferBatchResult(
  ctx: ServiceContext,
  finance: Caller,
  id: number,
  input: TransferBatchResultImport,
): Promise<TransferBatchResultOutcome> {
  const now = ctx.now();
  const judged = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockBatch(trx, id);
    if (!row) throw notFound('income.transferBatchNotFound');
    if (row.status !== 'RELEASED' && row.status !== 'CLOSED') throw notReleased();
    const lines = await batchLines(trx, id);
    const judged = judge(input.csv, lines, await notPayeesOf(ctx, trx, lines));
    await settle(trx, id, judged, { by: finance.id, now, ...input });
    return judged;
  });
  return outcomeOf(judged, await findBatch(ctx.db, id), true);
}

async function settle(
  trx: Transaction<Database>,
  batchId: number,
  judged: Judged,
  run: { by: number; now: Date; transferReference: string; transferDate: string },
) {
  const paidIds = judged.paid.map((line) => line.statement_id);
  if (paidIds.length > 0) {
    await trx
      .updateTable('settlement_transfer_batch_lines')
      .set({ result: 'PAID', result_at: run.now })
      .where('batch_id', '=', batchId)
      .where('statement_id', 'in', paidIds)
      .execute();
    await trx
      .updateTable('settlement_statements')
      .set({
        status: 'PAID',
        paid_at: run.now,
        paid_by_user_id: run.by,
        transfer_reference: run.transferReference,
        transfer_date: run.transferDate,
      })
      .where('id', 'in', paidIds)
      .where('status', '=', 'IN_TRANSFER')
      .execute();
  }
  for (const { line, bankReason } of judged.failed) {
    await trx
      .updateTable('settlement_transfer_batch_lines')
      .set({ result: 'FAILED', result_at: run.now, bank_reason: bankReason })
      .where('batch_id', '=', batchId)
      .where('statement_id', '=', line.statement_id)
      .execute();
    await trx
      .updateTable('settlement_statements')
      .set({ status: 'TRANSFER_FAILED', transfer_failed_at: run.now, transfer_failed_reason: bankReason })
      .where('id', '=', line.statement_id)
      .where('status', '=', 'IN_TRANSFER')
      .execute();
  }
  const last4 = (account: string | null) => (accountDigits(account) ?? '').slice(-4);
  const settled = [
    ...judged.paid.map((line) => ({ line, result: 'PAID' as const, reason: null })),
    ...judged.failed.map(({ line, bankReason }) => ({ line, result: 'FAILED' as const, reason: bankReason })),
  ];
  await recordEvents(
    trx,
    settled.map(({ line, result, reason }) =>
      domainEvent(
        'creator.settlement-transfer-settled',
        {
          creatorId: line.creator_id,
          userId: line.creator_user_id,
          statementId: line.statement_id,
          result,
          transferDate: run.transferDate,
          bankName: line.bank_name ?? '',
          accountLast4: last4(line.bank_account_number),
          amount: Number(line.amount),
          reason,
        },
        run.now,
      ),
    ),
  );
  const open = await trx
    .selectFrom('settlement_transfer_batch_lines')
    .select(sql<number>`count(*)::int`.as('open'))
    .where('batch_id', '=', batchId)
    .where('result', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  if (Number(open.open) === 0) {
    await trx
      .updateTable('settlement_transfer_batches')
      .set({ status: 'CLOSED', closed_at: run.now })
      .where('id', '=', batchId)
      .where('status', '=', 'RELEASED')
      .execute();
  }
}
