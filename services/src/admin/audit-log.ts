import type { InferResult } from 'kysely';
import type { AdminAuditEntry, adminAuditFilterSchema } from '@fanmission/contracts';
import type { z } from 'zod';
import type { DbExecutor } from '../db';
import { notFound } from '../http';
import { idsOfFilter, selectListWindow, type ListWindow } from './simple-rest';

// Reading the audit log of admin writes (the table refuses changes): a filtered page, newest first, and one entry.

function auditQuery(db: DbExecutor) {
  return db
    .selectFrom('admin_audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .selectAll('a')
    .select('u.email as actor_email');
}

type AuditRow = InferResult<ReturnType<typeof auditQuery>>[number];

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

/** One page of the audit log by id (newest first unless `ASC`), with its total for `Content-Range`. */
export async function listAuditLog(
  db: DbExecutor,
  filter: z.infer<typeof adminAuditFilterSchema>,
  direction: 'ASC' | 'DESC',
  window: ListWindow,
): Promise<{ rows: AdminAuditEntry[]; total: number }> {
  // The filter reads the log alone: the window's ids come from an index in the list's order, the actors only for them.
  let query = db.selectFrom('admin_audit_log as a');
  if (filter.id !== undefined) query = query.where('a.id', 'in', idsOfFilter(filter.id));
  if (filter.resource) query = query.where('a.resource', '=', filter.resource);
  if (filter.resourceId !== undefined) query = query.where('a.resource_id', '=', String(filter.resourceId));
  if (filter.actorId !== undefined) query = query.where('a.actor_id', '=', filter.actorId);
  if (filter.from) query = query.where('a.created_at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('a.created_at', '<', new Date(filter.to));
  const { rows, total } = await selectListWindow(
    auditQuery(db),
    { column: 'a.id', direction, idColumn: 'a.id' },
    window,
    query,
  );
  return { rows: rows.map(auditView), total };
}

/** One audit entry; 404 when there is none. */
export async function auditEntry(db: DbExecutor, id: number): Promise<AdminAuditEntry> {
  const row = await auditQuery(db).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return auditView(row);
}
