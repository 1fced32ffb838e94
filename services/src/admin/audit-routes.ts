import {
  ADMIN_AUDIT_SORT_FIELDS,
  adminAuditEntrySchema,
  adminAuditFilterSchema,
  idParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http';
import { auditEntry, listAuditLog } from './audit-log';
import { listQuerySchema, listWindow, withContentRange } from './simple-rest';

const RESOURCE = 'audit-log';

/** `GET /api/admin/audit-log`: every admin write, newest first (read-only; the table refuses changes). */
export async function auditLogAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: audit log'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    `/${RESOURCE}`,
    {
      schema: {
        tags,
        summary: 'The audit log of admin writes (getList / getMany)',
        description:
          'filter={"resource":"bank-transfers","resourceId":"3","actorId":1,"from":"…","to":"…"}; newest first ' +
          'unless sort=["id","ASC"]; Content-Range.',
        security,
        querystring: listQuerySchema(ADMIN_AUDIT_SORT_FIELDS, adminAuditFilterSchema),
        response: { 200: z.array(adminAuditEntrySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = listWindow(request.query.range);
      const filter = (request.query.filter ?? {}) as z.infer<typeof adminAuditFilterSchema>;
      const { rows, total } = await listAuditLog(app.db, filter, request.query.sort?.[1] ?? 'DESC', window);
      withContentRange(reply, RESOURCE, window, rows.length, total);
      return rows;
    },
  );

  routes.get(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'One audit entry',
        security,
        params: idParamsSchema,
        response: { 200: adminAuditEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => auditEntry(app.db, request.params.id),
  );
}
