import {
  STAFF_ROLES,
  type AdminApproval,
  type AdminApprovalCounts,
  type AdminApprovalDecision,
  type AdminApprovalFilter,
  type AdminApprovalTrace,
  type ApprovalKind,
  type Role,
  type StaffRole,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { idsOfFilter, selectListWindow, type ListPage, type ListWindow } from '../admin';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError } from '../http';
import type { GuardedAction } from './guarded-action';
import { relatedStaffIds } from './related-staff';
import type { StaffApprovalRequestRow } from './table';

/*
 * The maker-checker rule of the console's money actions (docs/rules/security.md, Staff approvals). A guarded route
 * calls `requestApproval` instead of acting: the request keeps its maker, the parameters as they were checked, a
 * reason, an expiry, and the hash of those parameters and of the target's state. Another staff member holding the
 * action's role approves it: under the request's row lock, in one transaction, the target's state is read again (a
 * change voids the request), and the action runs once; the request's status makes a repeated approval run nothing.
 * The maker never approves his own request, whatever roles he holds, nor does a member related to him
 * (./related-staff.ts), nor the staff account the request changes.
 */

const staffRolesOf = (roles: readonly Role[]): StaffRole[] => STAFF_ROLES.filter((role) => roles.includes(role));

/** JSON with every object's keys sorted (jsonb keeps its own key order), so equal values hash equally. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, inner]) => inner !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const frozenHash = (kind: string, params: unknown, target: unknown) =>
  createHash('sha256').update(canonical({ kind, params, target })).digest('hex');

const notFound = () => new AppError(404, 'approvals.notFound', { code: 'NOT_FOUND' });

function requestsQuery(db: DbExecutor) {
  return db
    .selectFrom('staff_approval_requests as r')
    .leftJoin('users as m', 'm.id', 'r.maker_id')
    .leftJoin('users as d', 'd.id', 'r.decided_by')
    .selectAll('r')
    .select(['m.email as maker_email', 'd.email as decided_by_email']);
}
type RequestViewRow = StaffApprovalRequestRow & { maker_email: string | null; decided_by_email: string | null };

/**
 * A request's summary values, from its frozen parameters by its kind's action (none for a kind no longer declared).
 * Parameters the legal retention erased (an e-mail as '-') may no longer parse: such a request shows no summary.
 */
function summaryOf(actions: readonly GuardedAction[], row: StaffApprovalRequestRow): AdminApproval['summary'] {
  const action = actions.find((candidate) => candidate.kind === row.kind);
  if (!action) return {};
  if (row.personal_data_erased_at === null) return { ...action.summary(row.params) };
  try {
    return { ...action.summary(row.params) };
  } catch {
    return {};
  }
}

async function views(
  db: DbExecutor,
  actions: readonly GuardedAction[],
  rows: RequestViewRow[],
): Promise<AdminApproval[]> {
  const ids = rows.map((row) => row.id);
  const steps =
    ids.length === 0
      ? []
      : await db
          .selectFrom('staff_approval_steps as s')
          .leftJoin('users as u', 'u.id', 's.actor_id')
          .selectAll('s')
          .select('u.email as actor_email')
          .where('s.request_id', 'in', ids)
          .orderBy('s.id')
          .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    role: row.required_role,
    summary: summaryOf(actions, row),
    params: row.params as Record<string, unknown>,
    reason: row.reason,
    makerId: row.maker_id,
    makerEmail: row.maker_email,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    decidedBy: row.decided_by,
    decidedByEmail: row.decided_by_email,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionNote: row.decision_note,
    result: row.result ?? null,
    history: steps
      .filter((step) => step.request_id === row.id)
      .map((step) => ({
        step: step.step,
        actorId: step.actor_id,
        actorEmail: step.actor_email,
        note: step.note,
        at: step.at.toISOString(),
      })),
  }));
}

async function approvalView(db: DbExecutor, actions: readonly GuardedAction[], id: number): Promise<AdminApproval> {
  const row = await requestsQuery(db).where('r.id', '=', id).executeTakeFirstOrThrow();
  return (await views(db, actions, [row]))[0]!;
}

/**
 * Records a request for a guarded action (the caller is its maker) and answers it. The parameters must already have
 * passed the action's own checks. With an Idempotency-Key a retry answers the maker's first request (another request
 * under the same key is 409). An identical request still waiting (same action on the same state, asked by anyone who
 * may ask) is answered instead of a second one, marked `existing`, so that no action waits twice for approval.
 */
export async function requestApproval(
  ctx: ServiceContext,
  action: GuardedAction,
  input: { maker: Caller; params: unknown; reason: string | null; idempotencyKey?: string | undefined },
): Promise<AdminApproval> {
  const params = action.parse(input.params);
  const hash = frozenHash(action.kind, params, await action.targetState(ctx.db, params, ctx));
  const now = ctx.now();
  const { id, existing } = await ctx.db.transaction().execute(async (trx) => {
    if (input.idempotencyKey) {
      const retried = await trx
        .selectFrom('staff_approval_requests')
        .select(['id', 'frozen_hash'])
        .where('maker_id', '=', input.maker.id)
        .where('kind', '=', action.kind)
        .where('idempotency_key', '=', input.idempotencyKey)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (retried) {
        if (retried.frozen_hash !== hash) {
          throw new AppError(409, 'payments.idempotencyConflict', { code: 'IDEMPOTENCY_CONFLICT' });
        }
        return { id: retried.id, existing: true };
      }
    }
    const waiting = await trx
      .selectFrom('staff_approval_requests')
      .select('id')
      .where('kind', '=', action.kind)
      .where('status', '=', 'PENDING')
      .where('frozen_hash', '=', hash)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (waiting) return { id: waiting.id, existing: true };
    const inserted = await trx
      .insertInto('staff_approval_requests')
      .values({
        kind: action.kind,
        required_role: action.roleOf(params),
        params: JSON.stringify(params),
        frozen_hash: hash,
        reason: input.reason,
        maker_id: input.maker.id,
        subject_staff_id: action.subjectStaffId(params),
        idempotency_key: input.idempotencyKey ?? null,
        created_at: now,
        expires_at: new Date(now.getTime() + ctx.config.APPROVAL_EXPIRY_HOURS * 3_600_000),
        decided_by: null,
        decided_at: null,
        decision_note: null,
        result: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('staff_approval_steps')
      .values({ request_id: inserted.id, step: 'REQUESTED', actor_id: input.maker.id, note: input.reason, at: now })
      .execute();
    return { id: inserted.id, existing: false };
  });
  return { ...(await approvalView(ctx.db, [action], id)), existing };
}

/** Whether the maker already asked for this kind of action under this Idempotency-Key (a retry answers that request). */
export async function approvalAskedUnder(
  ctx: ServiceContext,
  input: { makerId: number; kind: GuardedAction['kind']; idempotencyKey: string },
): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('staff_approval_requests')
    .select('id')
    .where('maker_id', '=', input.makerId)
    .where('kind', '=', input.kind)
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirst();
  return row !== undefined;
}

type Outcome = 'done' | 'voided' | 'expired';

/**
 * Approves (runs the action once) or refuses a request. The maker may withdraw (refuse) his own request, never
 * approve it; nor may a member related to him, nor the staff account the request changes. A request that is not the
 * caller's and whose role he lacks is 404, like one that does not exist.
 */
export async function decideApproval(
  ctx: ServiceContext,
  actions: readonly GuardedAction[],
  caller: Caller,
  id: number,
  decision: AdminApprovalDecision,
): Promise<AdminApproval> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
    const row = await trx
      .selectFrom('staff_approval_requests')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row || (row.maker_id !== caller.id && !caller.roles.includes(row.required_role))) throw notFound();
    const step = (name: 'APPROVED' | 'EXECUTED' | 'REFUSED' | 'VOIDED' | 'EXPIRED', note: string | null = null) =>
      trx
        .insertInto('staff_approval_steps')
        .values({ request_id: row.id, step: name, actor_id: caller.id, note, at: now })
        .execute();
    if (decision.decision === 'refuse') {
      if (row.status !== 'PENDING') throw new AppError(409, 'approvals.notPending', { code: 'APPROVAL_NOT_PENDING' });
      await trx
        .updateTable('staff_approval_requests')
        .set({ status: 'REFUSED', decided_by: caller.id, decided_at: now, decision_note: decision.note })
        .where('id', '=', row.id)
        .execute();
      await step('REFUSED', decision.note);
      return 'done';
    }
    if (row.maker_id === caller.id) throw new AppError(403, 'approvals.ownRequest', { code: 'OWN_REQUEST' });
    if (!caller.roles.includes(row.required_role)) throw notFound();
    // A retried approval answers the run made the first time and runs nothing again.
    if (row.status === 'EXECUTED') return 'done';
    if (row.status !== 'PENDING') throw new AppError(409, 'approvals.notPending', { code: 'APPROVAL_NOT_PENDING' });
    if (row.subject_staff_id === caller.id) throw new AppError(403, 'console.staffSelf', { code: 'STAFF_SELF' });
    if ((await relatedStaffIds(trx, caller.id)).includes(row.maker_id)) {
      throw new AppError(403, 'approvals.staffRelated', { code: 'STAFF_RELATED' });
    }
    const action = actions.find((candidate) => candidate.kind === row.kind);
    if (!action) throw new Error(`no guarded action of kind ${row.kind}`);
    const close = async (status: 'VOIDED' | 'EXPIRED') => {
      await trx
        .updateTable('staff_approval_requests')
        .set({ status, decided_by: caller.id, decided_at: now, decision_note: decision.note ?? null })
        .where('id', '=', row.id)
        .execute();
      await step(status, decision.note ?? null);
    };
    if (now.getTime() >= row.expires_at.getTime()) {
      await close('EXPIRED');
      return 'expired';
    }
    if (frozenHash(row.kind, row.params, await action.targetState(trx, row.params, ctx)) !== row.frozen_hash) {
      await close('VOIDED');
      return 'voided';
    }
    const result = await action.execute(trx, row.params, {
      ctx,
      requestId: row.id,
      makerId: row.maker_id,
      approverId: caller.id,
      now,
    });
    await trx
      .updateTable('staff_approval_requests')
      .set({
        status: 'EXECUTED',
        decided_by: caller.id,
        decided_at: now,
        decision_note: decision.note ?? null,
        result: JSON.stringify(result ?? null),
      })
      .where('id', '=', row.id)
      .execute();
    await step('APPROVED', decision.note ?? null);
    await step('EXECUTED');
    return 'done';
  });
  if (outcome === 'voided') throw new AppError(409, 'approvals.voided', { code: 'APPROVAL_VOIDED' });
  if (outcome === 'expired') throw new AppError(409, 'approvals.expired', { code: 'APPROVAL_EXPIRED' });
  return approvalView(ctx.db, actions, id);
}

export async function getApproval(
  ctx: ServiceContext,
  actions: readonly GuardedAction[],
  caller: Caller,
  id: number,
): Promise<AdminApproval> {
  const row = await requestsQuery(ctx.db).where('r.id', '=', id).executeTakeFirst();
  if (!row || (row.maker_id !== caller.id && !caller.roles.includes(row.required_role))) throw notFound();
  const view = (await views(ctx.db, actions, [row]))[0]!;
  const action = actions.find((candidate) => candidate.kind === row.kind);
  return { ...view, subject: action ? await action.subject(row.params, ctx) : null };
}

/**
 * The requests the caller may see. "Waiting for me" holds only what he could approve: pending, unexpired, not his
 * own, of a role he holds, not changing his own account, and not made by a member related to him (`related`).
 */
function filtered(db: DbExecutor, caller: Caller, filter: AdminApprovalFilter, now: Date, related: readonly number[]) {
  const roles = staffRolesOf(caller.roles);
  let query = db
    .selectFrom('staff_approval_requests as r')
    .where((eb) =>
      eb.or([eb('r.maker_id', '=', caller.id), ...(roles.length > 0 ? [eb('r.required_role', 'in', roles)] : [])]),
    );
  if (filter.id !== undefined) query = query.where('r.id', 'in', idsOfFilter(filter.id));
  if (filter.status) query = query.where('r.status', '=', filter.status);
  if (filter.kind) query = query.where('r.kind', 'in', [filter.kind].flat());
  if (filter.view === 'mine') query = query.where('r.maker_id', '=', caller.id);
  if (filter.view === 'waiting') {
    query = query
      .where('r.status', '=', 'PENDING')
      .where('r.expires_at', '>', now)
      .where('r.maker_id', '<>', caller.id)
      .where((eb) => (roles.length > 0 ? eb('r.required_role', 'in', roles) : eb.val(false)))
      .where((eb) => eb.or([eb('r.subject_staff_id', 'is', null), eb('r.subject_staff_id', '<>', caller.id)]));
    if (related.length > 0) query = query.where('r.maker_id', 'not in', related);
  }
  return query;
}

/** The members whose requests the caller may never check (./related-staff.ts). */
const relatedTo = (ctx: ServiceContext, caller: Caller) => relatedStaffIds(ctx.db, caller.id);

/** One page of the requests the caller may see, newest first unless `ASC`. */
export async function listApprovals(
  ctx: ServiceContext,
  actions: readonly GuardedAction[],
  caller: Caller,
  filter: AdminApprovalFilter,
  direction: 'ASC' | 'DESC',
  window: ListWindow,
): Promise<ListPage<AdminApproval>> {
  const { rows, total } = await selectListWindow(
    requestsQuery(ctx.db),
    { column: 'r.id', direction, idColumn: 'r.id' },
    window,
    filtered(ctx.db, caller, filter, ctx.now(), await relatedTo(ctx, caller)),
  );
  return { rows: await views(ctx.db, actions, rows), total };
}

/**
 * The requests of `kinds` whose frozen parameters name `value` under `param` (a refund's MANUAL_REFUND and
 * PROVIDER_REFUND by `refundId`), oldest first: the approval history on the page of what they act on. Read by staff
 * who may read that page; a request shows who made and decided it, never its parameters.
 */
export async function approvalsNaming(
  db: DbExecutor,
  kinds: readonly ApprovalKind[],
  param: string,
  value: string | number,
): Promise<AdminApprovalTrace[]> {
  const rows = await db
    .selectFrom('staff_approval_requests as r')
    .leftJoin('users as m', 'm.id', 'r.maker_id')
    .leftJoin('users as d', 'd.id', 'r.decided_by')
    .select([
      'r.id',
      'r.kind',
      'r.status',
      'r.created_at',
      'r.reason',
      'r.decided_at',
      'r.decision_note',
      'm.email as maker_email',
      'd.email as decider_email',
    ])
    .where('r.kind', 'in', [...kinds])
    .where(sql<string>`r.params ->> ${param}`, '=', String(value))
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    makerEmail: row.maker_email,
    createdAt: row.created_at.toISOString(),
    reason: row.reason,
    deciderEmail: row.decider_email,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionNote: row.decision_note,
  }));
}

/** How many requests wait for the caller's approval and since when the oldest waits (the dashboard's to-do block). */
export async function waitingForApproval(
  ctx: ServiceContext,
  caller: Caller,
): Promise<{ count: number; oldestAt: Date | null }> {
  const now = ctx.now();
  const row = await filtered(ctx.db, caller, { view: 'waiting' }, now, await relatedTo(ctx, caller))
    .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(r.created_at)`.as('oldest')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldestAt: row.oldest };
}

/** The console menu's counts: requests waiting for the caller's approval, and his own pending ones. */
export async function approvalCounts(ctx: ServiceContext, caller: Caller): Promise<AdminApprovalCounts> {
  const now = ctx.now();
  const related = await relatedTo(ctx, caller);
  const count = async (filter: AdminApprovalFilter) => {
    const row = await filtered(ctx.db, caller, filter, now, related)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    waitingForMe: await count({ view: 'waiting' }),
    mine: await count({ view: 'mine', status: 'PENDING' }),
  };
}
