// The public surface of `missions`: mission requests, their workflow activities, penalties and the reconciler. Other
// modules import only this file.
export { createMissionActivities } from './activities';
export { creatorBlockedByPenalties, penalizeCreator } from './penalties';
export { creatorPenaltyAdminRoutes } from './penalty-admin-routes';
export { liftPenaltyOrRequestApproval, penaltyLiftApproval } from './penalty-approvals';
export { reconcileMissionWorkflows, startMissionReconciler } from './reconciler';
export { clearWorkflowStartsOfOpenMissions, findMissionsWithoutWorkflow } from './repository';
export { missionRoutes } from './routes';
export { requestMission } from './service';
export { missionWorkflowStartsSettled } from './workflow-starts';
export { MISSION_COLUMNS, type MissionRow, type MissionsTables, type NewMission } from './table';
