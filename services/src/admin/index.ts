export { auditBefore, appendAudit, type AuditRecord } from './audit';
export { auditLogAdminRoutes } from './audit-routes';
export { adminRoutes } from './routes';
export { listQuerySchema, listWindow, withContentRange, type ListWindow } from './simple-rest';
