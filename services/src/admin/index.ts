// The public surface of `admin`: the react-admin API shell, the audit log and the simple-rest list helpers. Other
// modules import only this file.
export { appendAudit, auditBefore, type AuditRecord } from './audit';
export { auditLogAdminRoutes } from './audit-routes';
export { refuseEncodedConsolePaths } from './canonical-path';
export { consoleListRoute, consoleRecordRoute, type ConsoleListQuery, type ListPage } from './console-routes';
export { auditStaffMemberApiWrites } from './member-api-audit';
export { adminRoutes } from './routes';
export {
  countUpTo,
  EXACT_COUNT_LIMIT,
  idsOfFilter,
  listQuerySchema,
  listWindow,
  type ListWindow,
  type ListOrderTerm,
  selectListWindow,
  selectWindowByKeys,
  withContentRange,
} from './simple-rest';
export type { AdminTables } from './table';
