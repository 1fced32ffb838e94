// The public surface of `approvals`: the maker-checker requests of the console's money actions. Modules declare their
// guarded actions with `guardedAction` and ask for approval with `requestApproval`; the composition root hands every
// guarded action to `approvalAdminRoutes`; staff management records each grant of console access with
// `recordStaffGrant` (the relation that decides who may check whom); a thresholded action runs alone only within its
// maker's daily allowance (`takeAllowance`, `runWithinAllowance`). Other modules import only this file.
export { type ApprovedRun, guardedAction, type GuardedAction, type GuardedActionDefinition } from './guarded-action';
export { type AllowanceUse, runWithinAllowance, takeAllowance } from './allowance';
export { recordStaffGrant } from './related-staff';
export { approvalAdminRoutes } from './routes';
export { approvalAskedUnder, approvalsNaming, requestApproval, waitingForApproval } from './service';
export type { ApprovalsTables } from './table';
