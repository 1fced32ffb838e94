import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatorGrade } from '@fanmission/contracts';

/** numeric columns come back as strings from node-postgres. */
type Numeric = ColumnType<string, number | string, number | string>;

export type StatementStatus = 'CARRIED_OVER' | 'ISSUED' | 'APPROVED' | 'IN_TRANSFER' | 'TRANSFER_FAILED' | 'PAID';

export interface SettlementStatementsTable {
  id: Generated<number>;
  creator_id: number;
  year: number;
  month: number;
  status: StatementStatus;
  grade: CreatorGrade;
  month_coins: number;
  carried_coins: number;
  total_earning_coin: number;
  gross: number;
  income: number;
  pg_fee: number;
  pg_fee_rate: Numeric;
  fatkat_fee: number;
  fatkat_fee_rate: Numeric;
  overseas_fee: number;
  overseas_fee_rate: Numeric;
  tax_withheld: number;
  tax_rate: Numeric;
  /** A domestic individual's local income tax (migration 0500); 0 otherwise. */
  local_tax_withheld: Generated<number>;
  local_tax_rate: ColumnType<string, number | string | undefined, number | string>;
  to_receipt: number;
  overseas: boolean;
  foreigner: boolean;
  bank_name: string | null;
  bank_account_holder: string | null;
  bank_account_number: string | null;
  /** 'YYYY-MM-DD': payable by the 10th of the next month, or the next business day. */
  due_date: string | null;
  ledger_transaction_id: number | null;
  created_at: Date;
  approved_at: Date | null;
  approved_by_user_id: number | null;
  paid_at: Date | null;
  paid_by_user_id: number | null;
  transfer_reference: string | null;
  /** 'YYYY-MM-DD' */
  transfer_date: string | null;
  /** Issued within 72 hours after a change of the account it pays: not approvable nor payable until released. */
  payout_held: Generated<boolean>;
  /** The payout account change that held it. */
  hold_account_change_id: number | null;
  hold_released_at: Date | null;
  hold_released_by_user_id: number | null;
  hold_release_note: string | null;
  /** The bank transfer batch that holds it (IN_TRANSFER) or last held it (migration 0690). */
  transfer_batch_id: Generated<number | null>;
  /** TRANSFER_FAILED: when the bank's result failed it, and why (migration 0690). */
  transfer_failed_at: Generated<Date | null>;
  transfer_failed_reason: Generated<string | null>;
}

export type TransferBatchStatus = 'CREATED' | 'RELEASED' | 'CLOSED' | 'CANCELLED';

/** A numbered bank transfer file (migration 0690): its maker, statements, total and the SHA-256 of its bytes. */
export interface SettlementTransferBatchesTable {
  id: Generated<number>;
  year: number;
  month: number;
  status: TransferBatchStatus;
  created_by_user_id: number;
  created_at: Date;
  statement_count: number;
  total_won: number;
  file_sha256: string;
  release_request_id: number | null;
  released_by_user_id: number | null;
  released_at: Date | null;
  cancelled_by_user_id: number | null;
  cancelled_at: Date | null;
  closed_at: Date | null;
}

/** A line of a batch: its statement, the bank code and won the file gives, and the bank's result once read. */
export interface SettlementTransferBatchLinesTable {
  batch_id: number;
  statement_id: number;
  line: number;
  bank_code: string;
  amount: number;
  result: Generated<'PENDING' | 'PAID' | 'FAILED'>;
  result_at: Date | null;
  bank_reason: string | null;
}

export interface SettlementStatementLinesTable {
  ledger_transaction_id: number;
  statement_id: number;
  mission_id: number | null;
  coins: number;
  released_at: Date;
}

export interface SettlementCarryoversTable {
  carried_statement_id: number;
  paid_by_statement_id: number;
}

export interface SettlementRunsTable {
  id: Generated<number>;
  year: number;
  month: number;
  trigger: 'SCHEDULE' | 'ADMIN';
  started_by_user_id: number | null;
  issued: number;
  carried_over: number;
  unchanged: number;
  grade_proposals: number;
  created_at: Date;
}

export interface CreatorMonthlyGradesTable {
  creator_id: number;
  month: string;
  grade: CreatorGrade;
  confirmed_by_user_id: number | null;
  confirmed_at: Date;
}

export interface GradeProposalsTable {
  id: Generated<number>;
  creator_id: number;
  review_month: string;
  applies_month: string;
  on_time_completed: number;
  grade_dropped: boolean;
  current_grade: CreatorGrade;
  proposed_grade: CreatorGrade;
  status: Generated<'PROPOSED' | 'CONFIRMED'>;
  confirmed_grade: CreatorGrade | null;
  confirmed_by_user_id: number | null;
  confirmed_at: Date | null;
  created_at: Date;
}

/**
 * What a creator earned in a Korea-time month (`YYYY-MM`) so far: releases less lucky compensations, kept by a
 * trigger on the ledger's earnings postings (migration 0180).
 */
export interface CreatorMonthEarningsTable {
  creator_id: number;
  month: string;
  coins: ColumnType<string, never, never>;
}

/**
 * A release (or lucky-compensation debit) of a creator's earnings that no statement holds yet: written by the
 * earnings trigger with the ledger transaction, removed when a statement line takes it (migration 0330).
 */
export interface UnsettledEarningsTable {
  ledger_transaction_id: ColumnType<string, never, never>;
  creator_id: ColumnType<string, never, never>;
  mission_id: ColumnType<string | null, never, never>;
  coins: ColumnType<string, never, never>;
  occurred_at: ColumnType<Date, never, never>;
}

export interface IncomeTables {
  settlement_statements: SettlementStatementsTable;
  settlement_statement_lines: SettlementStatementLinesTable;
  settlement_carryovers: SettlementCarryoversTable;
  settlement_runs: SettlementRunsTable;
  creator_monthly_grades: CreatorMonthlyGradesTable;
  grade_proposals: GradeProposalsTable;
  creator_month_earnings: CreatorMonthEarningsTable;
  unsettled_earnings: UnsettledEarningsTable;
  settlement_transfer_batches: SettlementTransferBatchesTable;
  settlement_transfer_batch_lines: SettlementTransferBatchLinesTable;
}

export type StatementRow = Selectable<SettlementStatementsTable>;
export type GradeProposalRow = Selectable<GradeProposalsTable>;
