import type { ColumnType, Generated, Selectable } from 'kysely';

/** A background ledger verify run with its progress and, once done, its report (one RUNNING at a time). */
export interface LedgerVerifyRunsTable {
  id: Generated<number>;
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

export interface ConsoleTables {
  ledger_verify_runs: LedgerVerifyRunsTable;
}

export type LedgerVerifyRunRow = Selectable<LedgerVerifyRunsTable>;
