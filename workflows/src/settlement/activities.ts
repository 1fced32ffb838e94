// The activities of the monthly settlement. Their implementation lives in services (services/src/income/activities.ts:
// statements, the ledger payout and the grade review, each creator in one DB transaction) and is handed to the
// worker; the workflow imports only these types. Settling a month twice changes nothing.

export interface SettleMonthInput {
  year: number;
  month: number;
}

export interface SettleMonthResult {
  year: number;
  month: number;
  issued: number;
  carriedOver: number;
  unchanged: number;
  statementIds: number[];
  settledCoins: number;
  gradeProposals: number;
}

export interface SettlementActivities {
  /** Refuses (non-retryable `MonthNotEnded`) a month that has not ended in Korea by the real clock. */
  settleMonthStatements(input: SettleMonthInput): Promise<SettleMonthResult>;
}
