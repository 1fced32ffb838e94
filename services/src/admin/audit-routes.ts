import {
  ADMIN_AUDIT_SORT_FIELDS,
  adminAuditEntrySchema,
  adminAuditFilterSchema,
  idParamsSchema,
  type AdminAuditEntry,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbExecutor } from '../db';
import { errorResponses, notFound } from '../http';
import { listQuerySchema, listWindow, withContentRange } from './simple-rest';

const RESOURCE = 'audit-log';

function auditQuery(db: DbExecutor) {
  return db
    .selectFrom('admin_audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .selectAll('a')
    .select('u.email as actor_email');
}

type AuditRow = Awaited<ReturnType<ReturnType<typeof auditQuery>['execute']>>[number];

const auditView = (row: AuditRow): AdminAuditEntry => ({
  id: row.id,
  actorId: row.actor_id,
  actorEmail: row.actor_email,
  actorRoles: row.actor_roles,
  action: row.action,
  resource: row.resource,
  resourceId: row.resource_id,
  before: row.before ?? null,
  after: row.after ?? null,
  statusCode: row.status_code,
  requestId: row.request_id,
  createdAt: row.created_at.toISOString(),
});

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
      let query = auditQuery(app.db);
      if (filter.id !== undefined) {
        const ids = [filter.id].flat();
        query = query.where('a.id', 'in', ids.length ? ids : [0]);
      }
      if (filter.resource) query = query.where('a.resource', '=', filter.resource);
      if (filter.resourceId !== undefined) query = query.where('a.resource_id', '=', String(filter.resourceId));
      if (filter.actorId !== undefined) query = query.where('a.actor_id', '=', filter.actorId);
      if (filter.from) query = query.where('a.created_at', '>=', new Date(filter.from));
      if (filter.to) query = query.where('a.created_at', '<', new Date(filter.to));
      const direction = request.query.sort?.[1] === 'ASC' ? 'asc' : 'desc';
      const [rows, counted] = await Promise.all([
        query.orderBy('a.id', direction).limit(window.limit).offset(window.offset).execute(),
        query
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      withContentRange(reply, RESOURCE, window, rows.length, Number(counted.total));
      return rows.map(auditView);
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
    async (request) => {
      const row = await auditQuery(app.db).where('a.id', '=', request.params.id).executeTakeFirst();
      if (!row) throw notFound();
      return auditView(row);
    },
  );
}
