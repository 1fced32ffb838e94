// The income module's public surface: creators' income and statements, the monthly settlement and its activities.
export { createSettlementActivities, type SettlementActivityDependencies } from './activities';
export { settlementAdminRoutes } from './admin-routes';
export { requestStatementBatch } from './batches';
export { createTransferBatch } from './transfer-batches';
export { decideStatement, statementApprovals } from './console';
export { cjkFont } from './documents';
export { confirmGradeProposalOrRequestApproval, gradeProposalOverrideApproval } from './grade-proposal-approvals';
export { gradeConfirmedSince, proposeMonthlyGrades } from './grades';
export { incomeRoutes } from './routes';
export { MonthNotEndedError, settleMonth, type SettlementRunResult } from './settlement';
export { carriedOverAmounts, issuedAmounts, payoutAccountOf, statementBase } from './statement-columns';
export { gradeOfMonth } from './grades';
export { settlementFeedConsumer } from './settlement-feed-consumer';
export type { IncomeTables } from './table';
