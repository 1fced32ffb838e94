import { maskAccountNumber } from '@fanmission/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbExecutor } from '../db';
import { LONE_SURROGATE } from '../http';

declare module 'fastify' {
  interface FastifyRequest {
    /** What a handler read before changing it, for the audit log (see `auditBefore`). */
    auditBefore?: unknown;
    /** What the handler says the change produced, when its answer is not the changed record. */
    auditAfter?: unknown;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** GET, HEAD and OPTIONS read; every other method writes. */
export const isRead = (method: string) => READS.has(method);

/** Handlers call this with the record as it was before their change; the audit hook stores it. */
export function auditBefore(request: FastifyRequest, before: unknown): void {
  request.auditBefore = before;
}

/**
 * The admin resource of the matched route: the one it declares (`config.adminResource`), else the first segment of
 * its pattern (`/api/admin/bank-transfers/:id` → `bank-transfers`). Never the request's own spelling of the URL.
 */
function resourceOf(request: FastifyRequest): string {
  const declared = request.routeOptions.config.adminResource;
  if (declared) return declared;
  const pattern = request.routeOptions.url ?? '';
  return pattern.replace(/^\/api\/admin\/?/, '').split('/')[0] ?? '';
}

export interface AuditRecord {
  actorId: number | null;
  actorRoles: readonly string[];
  action: string;
  resource: string;
  resourceId: string | null;
  before: unknown;
  after: unknown;
  statusCode: number;
  requestId: string;
  at: Date;
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * The record as jsonb text. An unpaired surrogate (refused in requests, but a handler's value may still carry one)
 * becomes U+FFFD, as a text column stores it: jsonb would refuse the row, and the audit log must never lose one.
 */
const json = (value: unknown) =>
  value === undefined || value === null
    ? null
    : JSON.stringify(value, (_, field: unknown) =>
        typeof field === 'string' ? field.replace(LONE_SURROGATES, '\ufffd') : field,
      );

/** A signed URL's query (`exp=…&sig=…` of services/src/files/signed-url.ts, or an S3 presigned one). */
const SIGNED_QUERY = /[?&](sig|x-amz-signature)=/i;

/**
 * A record as the audit log keeps it: bank account numbers (a creator's payout account, a fan's refund account, a
 * statement's) reduced to their last four digits, since both console roles read the log and only finance sees whole
 * numbers (in the payout account history); a signed URL of a private file (an upload's answer) without its signature,
 * which would let any reader of the log fetch the file while it lasts.
 */
function withMaskedAccountNumbers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withMaskedAccountNumbers);
  if (typeof value === 'string' && SIGNED_QUERY.test(value)) return value.slice(0, value.indexOf('?'));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) =>
      key === 'bankAccountNumber' && typeof field === 'string'
        ? [key, maskAccountNumber(field)]
        : [key, withMaskedAccountNumbers(field)],
    ),
  );
}

/** Appends one row to the audit log (the table refuses updates and deletes), account numbers masked, URLs unsigned. */
export async function appendAudit(db: DbExecutor, record: AuditRecord): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      actor_id: record.actorId,
      actor_roles: [...record.actorRoles],
      action: record.action,
      resource: record.resource,
      resource_id: record.resourceId,
      before: json(withMaskedAccountNumbers(record.before)),
      after: json(withMaskedAccountNumbers(record.after)),
      status_code: record.statusCode,
      request_id: record.requestId,
      created_at: record.at,
    })
    .execute();
}

export function parsedPayload(payload: unknown): unknown {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > 100_000) return undefined;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The admin plugin's onSend hook: every write under /api/admin (any method but GET/HEAD/OPTIONS), allowed or not, is
 * appended to the audit log before its answer leaves, with the handler's `before` and the answer as `after` (for a
 * success). Routes added later by any module are audited the same way.
 */
export function auditWrites(db: DbExecutor, now: () => Date) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Only console accounts' attempts are kept (anonymous calls are 401, members' 403 before any handler runs).
    const roles = request.caller?.roles ?? [];
    if (isRead(request.method) || !roles.some((role) => role === 'ROLE_OPERATOR' || role === 'ROLE_FINANCE')) {
      return payload;
    }
    const succeeded = reply.statusCode < 400;
    const after = succeeded ? (request.auditAfter ?? parsedPayload(payload)) : null;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const idParam = params['id'] ?? Object.values(params)[0];
    const answeredId =
      after !== null && typeof after === 'object' && 'id' in after ? (after as { id: unknown }).id : undefined;
    const resourceId = idParam ?? answeredId;
    await appendAudit(db, {
      actorId: request.caller?.id ?? null,
      actorRoles: request.caller?.roles ?? [],
      action: `${request.method} ${request.routeOptions.url ?? ''}`,
      resource: resourceOf(request),
      resourceId: resourceId === undefined || resourceId === null ? null : String(resourceId),
      before: succeeded ? (request.auditBefore ?? null) : null,
      after,
      statusCode: reply.statusCode,
      requestId: request.id,
      at: now(),
    });
    return payload;
  };
}
