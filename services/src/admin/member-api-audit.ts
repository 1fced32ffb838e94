import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbExecutor } from '../db';
import { appendAudit, parsedPayload } from './audit';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const STAFF_ROLES = new Set(['ROLE_OPERATOR', 'ROLE_FINANCE']);

/** The resource of a member API route pattern: `/api/v1/mission-products/:id` → `mission-products`. */
export function memberApiResourceOf(routeUrl: string): string {
  return routeUrl.replace(/^\/api\/v1\/?/, '').split('/')[0] || '';
}

/**
 * The member API's onSend hook: a write through `/api/v1` by a console account (operator or finance), allowed or not,
 * is appended to the audit log before its answer leaves, like every write under `/api/admin`: staff change other
 * people's creators, products and intros there too. The resource is the matched route's first segment (never the raw
 * URL, which a client may encode otherwise); requests no route matched are not writes of anything.
 */
export function auditStaffMemberApiWrites(db: DbExecutor, now: () => Date) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const caller = request.caller;
    const routeUrl = request.routeOptions.url;
    if (READS.has(request.method) || !routeUrl || !caller?.roles.some((role) => STAFF_ROLES.has(role))) {
      return payload;
    }
    const succeeded = reply.statusCode < 400;
    const after = succeeded ? (request.auditAfter ?? parsedPayload(payload)) : null;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const idParam = params['id'] ?? Object.values(params)[0];
    await appendAudit(db, {
      actorId: caller.id,
      actorRoles: caller.roles,
      action: `${request.method} ${routeUrl}`,
      resource: memberApiResourceOf(routeUrl),
      resourceId: idParam === undefined || idParam === null ? null : String(idParam),
      before: succeeded ? (request.auditBefore ?? null) : null,
      after,
      statusCode: reply.statusCode,
      requestId: request.id,
      at: now(),
    });
    return payload;
  };
}
