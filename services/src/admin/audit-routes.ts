import { adminAuditEntrySchema, adminAuditFilterSchema } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import { auditEntry, listAuditLog } from './audit-log';
import { consoleListRoute, consoleRecordRoute } from './console-routes';

const resource = 'audit-log';
const tags = ['admin: audit log'];

/** `GET /api/admin/audit-log`: every admin write, newest first (read-only; the table refuses changes). */
export async function auditLogAdminRoutes(app: FastifyInstance) {
  consoleListRoute(app, {
    resource,
    tags,
    summary: 'The audit log of admin writes (getList / getMany)',
    description:
      'filter={"resource":"bank-transfers","resourceId":"3","actorId":1,"from":"…","to":"…"}; newest first ' +
      'unless sort=["id","ASC"]; Content-Range.',
    defaultSort: ['id', 'DESC'],
    filter: adminAuditFilterSchema,
    row: adminAuditEntrySchema,
    list: ({ filter, sort, window }) => listAuditLog(app.db, filter, sort[1], window),
  });
  consoleRecordRoute(app, {
    resource,
    tags,
    summary: 'One audit entry',
    row: adminAuditEntrySchema,
    find: (id) => auditEntry(app.db, id),
  });
}
