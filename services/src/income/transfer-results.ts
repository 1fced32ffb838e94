import {
  type AdminApproval,
  type SettlementBatchStatement,
  type TransferResultImport,
  type TransferResultPreview,
  type TransferResultUnpaidRow,
  TRANSFER_MEMO_PREFIX,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError } from '../http';
import { requestBatchPayment } from './batches';
import { holdReason } from './holds';

/*
 * The bank's result file of a bulk transfer (docs/rules/settlement.md, file layouts): one row per transfer, naming
 * the statement by `statementId` or by the transfer file's `memo`, with the `account` number and the `amount` sent, the
 * `result` (OK or FAILED) and the bank's `reason`. Only an OK row whose statement of the month is APPROVED, not held,
 * pays exactly that account and is owed exactly that amount is paid — through one STATEMENT_BATCH_PAY approval request (./batches.ts); every other row is listed
 * with its problem and changes nothing.
 */

/** RFC 4180 records: quoted cells with doubled quotes, CRLF or LF line ends, a byte order mark ignored. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records.filter((row) => row.some((value) => value.trim() !== ''));
}

const unreadableFile = () =>
  new AppError(400, 'income.transferResultUnreadable', { code: 'TRANSFER_RESULT_UNREADABLE' });

interface ResultRow {
  line: number;
  statementId: number | null;
  amount: number | null;
  /** The account number as the bank wrote it, digits only (null when the cell has none). */
  account: string | null;
  ok: boolean | null;
  bankReason: string | null;
}

/** A cell as a whole number (a bank writes `1,234,000` or `1234000`; quoted cells keep their commas). */
const wholeNumber = (value: string | undefined): number | null => {
  const digits = (value ?? '').replaceAll(',', '').trim();
  return /^\d+$/.test(digits) ? Number(digits) : null;
};

/** An account number's digits: a bank may write `1002-123-456789` for the `1002123456789` the file sent. */
const accountDigits = (value: string | null | undefined): string | null => {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits === '' ? null : digits;
};

/** The statement a row names: its `statementId`, else its memo (`FM-S` and the id). */
function statementIdOf(idCell: string | undefined, memoCell: string | undefined): number | null {
  const id = wholeNumber(idCell);
  if (id !== null) return id;
  const memo = (memoCell ?? '').trim().toUpperCase();
  return memo.startsWith(TRANSFER_MEMO_PREFIX) ? wholeNumber(memo.slice(TRANSFER_MEMO_PREFIX.length)) : null;
}

/**
 * The rows of a result file; a file without the `account`, `amount` and `result` columns and an id or memo column is
 * 400.
 */
function resultRows(csv: string): ResultRow[] {
  const [header, ...rows] = parseCsv(csv);
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const at = (name: string) => columns.indexOf(name.toLowerCase());
  const [id, memo, account, amount, result, reason] = [
    'statementId',
    'memo',
    'account',
    'amount',
    'result',
    'reason',
  ].map(at);
  if (account === -1 || amount === -1 || result === -1 || (id === -1 && memo === -1)) throw unreadableFile();
  return rows.map((cells, index) => {
    const outcome = (cells[result!] ?? '').trim().toUpperCase();
    return {
      line: index + 2,
      statementId: statementIdOf(id === -1 ? undefined : cells[id!], memo === -1 ? undefined : cells[memo!]),
      amount: wholeNumber(cells[amount!]),
      account: accountDigits(cells[account!]),
      ok: outcome === 'OK' ? true : outcome === 'FAILED' ? false : null,
      bankReason: reason === -1 ? null : (cells[reason!] ?? '').trim() || null,
    };
  });
}

/** The month's statements the rows name, with what the rule reads. */
async function namedStatements(db: DbExecutor, year: number, month: number, ids: number[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('settlement_statements as s')
    .innerJoin('creators as c', 'c.id', 's.creator_id')
    .leftJoin('payout_account_verifications as pv', (join) =>
      join
        .onRef('pv.creator_id', '=', 's.creator_id')
        .onRef('pv.bank_name', '=', 's.bank_name')
        .onRef('pv.bank_account_number', '=', 's.bank_account_number'),
    )
    .select([
      's.id',
      's.creator_id',
      'c.name as creator_name',
      's.status',
      's.payout_held',
      's.hold_released_at',
      's.to_receipt',
      's.bank_account_number',
      sql<number>`s.tax_withheld + s.local_tax_withheld`.as('withheld'),
      'pv.status as pay_to_verification',
    ])
    .where('s.year', '=', year)
    .where('s.month', '=', month)
    .where('s.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Reads a result file against the month's statements: what it pays and every row that pays nothing, with why. */
export async function previewTransferResult(
  ctx: ServiceContext,
  input: Pick<TransferResultImport, 'year' | 'month' | 'csv'>,
): Promise<TransferResultPreview> {
  const rows = resultRows(input.csv);
  const ids = [...new Set(rows.flatMap((row) => (row.statementId === null ? [] : [row.statementId])))];
  const statements = await namedStatements(ctx.db, input.year, input.month, ids);
  const toPay: SettlementBatchStatement[] = [];
  const unpaid: TransferResultUnpaidRow[] = [];
  const seen = new Set<number>();
  for (const row of rows) {
    const statement = row.statementId === null ? undefined : statements.get(row.statementId);
    const expected = statement ? Number(statement.to_receipt) : null;
    const expectedAccount: string | null = statement ? (statement.bank_account_number ?? null) : null;
    const refuse = (problem: TransferResultUnpaidRow['problem']) =>
      unpaid.push({
        line: row.line,
        statementId: row.statementId,
        amount: row.amount,
        expected,
        bankAccountNumber: row.account,
        expectedBankAccountNumber: expectedAccount,
        problem,
        bankReason: row.bankReason,
      });
    if (row.statementId === null || row.amount === null || row.account === null || row.ok === null) {
      refuse('UNREADABLE');
    } else if (seen.has(row.statementId)) refuse('DUPLICATE');
    else if ((seen.add(row.statementId), !row.ok)) refuse('FAILED');
    else if (!statement) refuse('UNKNOWN_STATEMENT');
    else if (statement.status === 'PAID') refuse('ALREADY_PAID');
    else if (holdReason(statement) !== null) refuse('HELD');
    else if (statement.status !== 'APPROVED') refuse('NOT_APPROVED');
    else if (row.account !== accountDigits(expectedAccount)) refuse('ACCOUNT_DIFFERS');
    else if (row.amount !== expected) refuse('AMOUNT_DIFFERS');
    else {
      toPay.push({
        id: statement.id,
        creatorId: statement.creator_id,
        creatorName: statement.creator_name,
        toReceipt: Number(statement.to_receipt),
        withheld: Number(statement.withheld),
      });
    }
  }
  return {
    rows: rows.length,
    toPay,
    count: toPay.length,
    toReceipt: toPay.reduce((sum, statement) => sum + statement.toReceipt, 0),
    withheld: toPay.reduce((sum, statement) => sum + statement.withheld, 0),
    unpaid,
  };
}

/**
 * Asks to mark paid the statements the result file transferred (one STATEMENT_BATCH_PAY request that another finance
 * member approves); the request also keeps the rows that pay nothing, for the checker. 409 `SETTLEMENT_BATCH_EMPTY`
 * when no row pays.
 */
export async function importTransferResult(
  ctx: ServiceContext,
  finance: Caller,
  input: TransferResultImport,
): Promise<AdminApproval> {
  const preview = await previewTransferResult(ctx, input);
  return await requestBatchPayment(ctx, finance, {
    year: input.year,
    month: input.month,
    statements: preview.toPay,
    transferReference: input.transferReference,
    transferDate: input.transferDate,
    unpaid: preview.unpaid,
  });
}
