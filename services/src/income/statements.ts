import {
  type AdminSettlement,
  koreaDate,
  maskAccountNumber,
  type MonthlySettlement,
  toPage,
} from '@fanmission/contracts';
import type { DbExecutor } from '../db';
import { payToVerifications } from '../money-out';
import { holdReason } from './holds';
import type { StatementRow } from './table';

/** A statement row as `statementsQuery` and `withPayTo` read it: with its pay-to account's check. */
type ReadStatement = StatementRow & { carried_into_statement_id?: number | null; pay_to_verification: string | null };

/** A statement as the creator sees it. */
export function statementDto(row: ReadStatement): MonthlySettlement {
  const reason = holdReason(row);
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
    localTaxWithheld: row.local_tax_withheld,
    localTaxRate: Number(row.local_tax_rate),
    dueDate: row.due_date,
    carriedIntoStatementId: row.carried_into_statement_id ?? null,
    payTo:
      row.bank_name && row.bank_account_number
        ? { bankName: row.bank_name, bankAccountNumber: maskAccountNumber(row.bank_account_number)! }
        : null,
    paidOn: row.status === 'PAID' ? (row.transfer_date ?? (row.paid_at ? koreaDate(row.paid_at) : null)) : null,
    held: reason !== null,
    holdReason: reason,
  };
}

export function adminStatementDto(
  row: ReadStatement & { creator_name: string; pay_to_bank_holder?: string | null },
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
    payToVerification: verificationStatus(row.pay_to_verification, row.bank_account_number),
    payToBankHolder: row.pay_to_bank_holder ?? null,
    holdAccountChangeId: row.hold_account_change_id,
    holdReleasedAt: row.hold_released_at?.toISOString() ?? null,
    holdReleasedByUserId: row.hold_released_by_user_id,
    holdReleaseNote: row.hold_release_note,
    transferBatchId: row.transfer_batch_id,
    transferFailedAt: row.transfer_failed_at?.toISOString() ?? null,
    transferFailedReason: row.transfer_failed_reason,
  };
}

/** The pay-to account's check status; an account no check knows is UNVERIFIED, no account is null. */
function verificationStatus(status: string | null, accountNumber: string | null): AdminSettlement['payToVerification'] {
  if (accountNumber === null) return null;
  return (status ?? 'UNVERIFIED') as NonNullable<AdminSettlement['payToVerification']>;
}

/** An issued or approved statement whose due date (Korea time) has passed unpaid. */
export function isOverdue(row: Pick<StatementRow, 'status' | 'due_date'>, now: Date): boolean {
  return (
    (row.status === 'ISSUED' || row.status === 'APPROVED') && row.due_date !== null && koreaDate(now) > row.due_date
  );
}

/**
 * Statements with the payout that paid each carried-over month. Without the check of the account each pays: read the
 * rows through `withPayTo`.
 */
export function statementsQuery(db: DbExecutor) {
  return db
    .selectFrom('settlement_statements as s')
    .innerJoin('creators as cr', 'cr.id', 's.creator_id')
    .leftJoin('settlement_carryovers as co', 'co.carried_statement_id', 's.id')
    .selectAll('s')
    .select([
      'cr.name as creator_name',
      // The registration staff verified: what the withholding was decided on.
      'cr.verified_business_type as business_type',
      'cr.verified_business_name as business_name',
      'cr.verified_business_number as business_registration_number',
      'co.paid_by_statement_id as carried_into_statement_id',
    ]);
}

/**
 * `rows` of `statementsQuery` with the bank's holder look-up of the account each pays (`pay_to_verification`, its
 * status, null: never looked up; `pay_to_bank_holder`), read by the money-out module's one join of a statement to its
 * account's check (`payToVerifications`).
 */
export async function withPayTo<Row extends { id: number }>(db: DbExecutor, rows: Row[]) {
  const checks = await payToVerifications(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    pay_to_verification: checks.get(row.id)?.status ?? null,
    pay_to_bank_holder: checks.get(row.id)?.bankHolder ?? null,
  }));
}

/** One row of `statementsQuery` with the check of the account it pays (`withPayTo`). */
export async function oneWithPayTo<Row extends { id: number }>(db: DbExecutor, row: Row) {
  const [read] = await withPayTo(db, [row]);
  return read!;
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
      .execute()
      .then((page) => withPayTo(db, page)),
    db
      .selectFrom('settlement_statements')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('creator_id', '=', creatorId)
      .executeTakeFirstOrThrow(),
  ]);
  return toPage(rows.map(statementDto), Number(total.total), { page, size });
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
