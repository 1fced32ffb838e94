import type { FastifyPluginAsync } from 'fastify';
import type { EventConsumer } from '../outbox';
import { catalogAdminRoutes } from './catalog-routes';
import { dashboardAdminRoutes } from './dashboard-routes';
import { ledgerAccountAdminRoutes } from './ledger-account-routes';
import { ledgerVerifyAdminRoutes } from './ledger-verify-routes';
import { missionAdminRoutes } from './mission-admin-routes';
import { staffAdminRoutes } from './staff-routes';
import { toDoAdminRoutes } from './to-do-routes';
import { userAdminRoutes } from './user-admin-routes';

export type { ConsoleTables } from './table';
export { bonusCoinItemApproval, cashCoinItemApproval, saveCoinItemOrRequestApproval } from './coin-item-approvals';
export { dashboard } from './dashboard';
export {
  inviteOrRequestApproval,
  staffInvitationApproval,
  staffRoleGrantApproval,
  staffRoleRemovalApproval,
  staffDeactivationApproval,
  staffReactivationApproval,
  updateOrRequestApproval,
} from './staff-approvals';
export { latestFinishedVerifyRun, scheduledVerifyRun } from './verify-runs';

/** The console's own admin resources, registered under /api/admin; the dashboard reports these consumers. */
export const consoleAdminResources = (options: { consumers: readonly EventConsumer[] }): FastifyPluginAsync[] => [
  staffAdminRoutes,
  userAdminRoutes,
  missionAdminRoutes,
  catalogAdminRoutes,
  ledgerVerifyAdminRoutes,
  ledgerAccountAdminRoutes,
  dashboardAdminRoutes(options.consumers),
  toDoAdminRoutes,
];
