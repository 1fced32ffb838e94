import type { LedgerVerifyMode } from '@fanmission/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A background ledger verify run with its progress and, once done, its report (one RUNNING at a time). */
export interface LedgerVerifyRunsTable {
  id: Generated<number>;
  mode: Generated<LedgerVerifyMode>;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  started_by: number | null;
  started_at: Date;
  heartbeat_at: Date;
  finished_at: Date | null;
  done_transactions: Generated<number>;
  total_transactions: Generated<number>;
  ok: boolean | null;
  report: ColumnType<unknown, string | null, string | null>;
  error: string | null;
}

/** A closed Korea-time day of the dashboard: its sales by method and its mission counts by kind, written once. */
export interface DashboardDaysTable {
  day: ColumnType<string, string, never>;
  sales: ColumnType<DashboardSalesRow[], string, never>;
  missions: ColumnType<DashboardMissionsRow[], string, never>;
  rolled_up_at: Date;
}

/** One payment method's coin sales of a day. */
export interface DashboardSalesRow {
  method: string;
  won: number;
  count: number;
}

/** How many missions of a day were requested, completed or rejected for one reason (`kind`). */
export interface DashboardMissionsRow {
  kind: string;
  n: number;
}

export interface ConsoleTables {
  ledger_verify_runs: LedgerVerifyRunsTable;
  dashboard_days: DashboardDaysTable;
}

export type LedgerVerifyRunRow = Selectable<LedgerVerifyRunsTable>;
