import type { InferResult } from 'kysely';
import {
  BLOCK_OBJECTION,
  DAY_MS,
  type AdminBlockObjection,
  type BlockObjectionReceipt,
  type BlockLookup,
  type BlockLookupRequest,
  type BlockObjectionRequest,
  type DecideBlockObjection,
} from '@fanmission/contracts';
import { selectListWindow, type ListWindow } from '../admin';
import type { Caller } from '../auth';
import { isStaffManagedLogin, staffManagedLogin, verifyPassword } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError, invalidFields, notFound } from '../http';
import { domainEvent, recordEvents } from '../outbox';

/*
 * Objections to a login block (operating policy: within 30 days). A blocked account cannot log in, so the
 * objection carries the e-mail and password (the same answer as a failed login for anything that does not match);
 * one objection per block. Operators accept it (the block ends) or reject it with a note, in the console; either way
 * the member is told and mailed the decision and the note (`member.block-objection-decided`).
 */

const badCredentials = () => new AppError(401, 'auth.badCredentials', { code: 'BAD_CREDENTIALS' });

/** The blocked account the e-mail and password name: 401 as a failed login for any mismatch, 409 when not blocked. */
async function blockedAccount(ctx: ServiceContext, credentials: BlockLookupRequest) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'login_blocked_at', 'login_block_reason'])
    .where('email', '=', credentials.email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const matches = await verifyPassword(user?.password_hash ?? undefined, credentials.password);
  if (!user || !matches) throw badCredentials();
  const blockedAt = user.login_blocked_at;
  if (!blockedAt) throw new AppError(409, 'trust.objection.notBlocked', { code: 'CONFLICT' });
  return { ...user, blockedAt };
}

/** Why and since when the account is blocked, told only to its holder (the objection page shows it first). */
export async function lookUpBlock(ctx: ServiceContext, credentials: BlockLookupRequest): Promise<BlockLookup> {
  const { id, blockedAt, login_block_reason } = await blockedAccount(ctx, credentials);
  const objection = await ctx.db
    .selectFrom('block_objections')
    .select('id')
    .where('user_id', '=', id)
    .where('blocked_at', '=', blockedAt)
    .executeTakeFirst();
  return {
    blockedAt: blockedAt.toISOString(),
    reason: login_block_reason,
    objectableUntil: new Date(blockedAt.getTime() + BLOCK_OBJECTION.withinDays * DAY_MS).toISOString(),
    objected: objection !== undefined,
  };
}

export async function fileBlockObjection(
  ctx: ServiceContext,
  request: BlockObjectionRequest,
): Promise<BlockObjectionReceipt> {
  const now = ctx.now();
  const user = await blockedAccount(ctx, request);
  const { blockedAt } = user;
  if (now.getTime() - blockedAt.getTime() > BLOCK_OBJECTION.withinDays * DAY_MS) {
    throw new AppError(409, 'trust.objection.tooLate', {
      code: 'CONFLICT',
      params: { days: BLOCK_OBJECTION.withinDays },
    });
  }
  const row = await ctx.db
    .insertInto('block_objections')
    .values({
      user_id: user.id,
      blocked_at: blockedAt,
      block_reason: user.login_block_reason,
      reason: request.reason,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'blocked_at']).doNothing())
    .returning(['id', 'status', 'created_at', 'blocked_at'])
    .executeTakeFirst();
  if (!row) throw new AppError(409, 'trust.objection.exists', { code: 'CONFLICT' });
  return {
    id: row.id,
    status: row.status,
    created: row.created_at.toISOString(),
    blockedAt: row.blocked_at.toISOString(),
  };
}

export function adminObjectionsQuery(db: DbExecutor) {
  return db
    .selectFrom('block_objections as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('creators as c', 'c.user_id', 'u.id')
    .select([
      'o.id',
      'o.user_id',
      'u.username',
      'u.email',
      'c.id as creator_id',
      'o.blocked_at',
      'o.block_reason',
      'o.reason',
      'o.status',
      'o.created_at',
      'o.decided_at',
      'o.decided_by',
      'o.decision_note',
      'u.login_blocked_at',
    ]);
}

type AdminRow = InferResult<ReturnType<typeof adminObjectionsQuery>>[number];

export function adminObjectionDto(row: AdminRow): AdminBlockObjection {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    email: row.email,
    creatorId: row.creator_id,
    blockedAt: row.blocked_at.toISOString(),
    blockReason: row.block_reason,
    reason: row.reason,
    status: row.status,
    created: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedBy: row.decided_by,
    decisionNote: row.decision_note,
    stillBlocked: row.login_blocked_at !== null,
  };
}

const OBJECTION_SORT_COLUMNS = { id: 'o.id', created: 'o.created_at', status: 'o.status' } as const;

/** One page of objections by status and member, with the total for `Content-Range`. */
export async function listAdminObjections(
  db: DbExecutor,
  filter: { status?: 'PENDING' | 'ACCEPTED' | 'REJECTED'; userId?: number },
  [field, direction]: readonly [keyof typeof OBJECTION_SORT_COLUMNS, 'ASC' | 'DESC'],
  window: ListWindow,
): Promise<{ rows: AdminBlockObjection[]; total: number }> {
  let query = adminObjectionsQuery(db);
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.userId !== undefined) query = query.where('o.user_id', '=', filter.userId);
  const sort = { column: OBJECTION_SORT_COLUMNS[field], direction, idColumn: 'o.id' };
  const { rows, total } = await selectListWindow(query, sort, window);
  return { rows: rows.map(adminObjectionDto), total };
}

export async function findAdminObjection(db: DbExecutor, id: number): Promise<AdminBlockObjection> {
  const row = await adminObjectionsQuery(db).where('o.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('trust.objection.notFound');
  return adminObjectionDto(row);
}

/**
 * A member's login unblocked by an operator settles his pending objections (their block is gone): each is accepted,
 * decided by that operator at that time. Returns the ids settled, for the audit log.
 */
export async function settleObjectionsByUnblock(
  trx: DbExecutor,
  input: { userId: number; operatorId: number; at: Date },
): Promise<number[]> {
  const settled = await trx
    .updateTable('block_objections')
    .set({ status: 'ACCEPTED', decided_by: input.operatorId, decided_at: input.at })
    .where('user_id', '=', input.userId)
    .where('status', '=', 'PENDING')
    .returning('id')
    .execute();
  await recordEvents(
    trx,
    settled.map((row) =>
      objectionDecided(
        { userId: input.userId, objectionId: row.id, operatorId: input.operatorId },
        'ACCEPTED',
        null,
        input.at,
      ),
    ),
  );
  return settled.map((row) => row.id);
}

/** The event that tells the member an operator's decision on his objection, with the operator's words. */
const objectionDecided = (
  parties: { userId: number; objectionId: number; operatorId: number },
  decision: 'ACCEPTED' | 'REJECTED',
  note: string | null,
  at: Date,
) => domainEvent('member.block-objection-decided', { ...parties, decision, note }, at);

/**
 * An operator decides a pending objection: ACCEPTED ends the block (only the block it objected to), REJECTED keeps it
 * and needs a note. A decided objection cannot be decided again (409).
 */
export async function decideBlockObjection(
  ctx: ServiceContext,
  operator: Caller,
  id: number,
  decision: DecideBlockObjection,
): Promise<void> {
  const note = decision.decisionNote?.trim() || null;
  if (decision.status === 'REJECTED' && !note) {
    throw invalidFields([{ field: 'decisionNote', key: 'trust.objection.noteRequired' }]);
  }
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const objection = await trx
      .selectFrom('block_objections')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!objection) throw notFound('trust.objection.notFound');
    if (objection.status !== 'PENDING') throw new AppError(409, 'trust.objection.decided', { code: 'CONFLICT' });
    await trx
      .updateTable('block_objections')
      .set({ status: decision.status, decided_by: operator.id, decided_at: now, decision_note: note })
      .where('id', '=', id)
      .execute();
    if (decision.status === 'ACCEPTED') {
      const user = await trx
        .selectFrom('users')
        .select(['roles', 'staff_deactivated'])
        .where('id', '=', objection.user_id)
        .forUpdate()
        .executeTakeFirst();
      // A deactivated staff account comes back only through staff management.
      if (user && isStaffManagedLogin(user)) throw staffManagedLogin();
      await trx
        .updateTable('users')
        .set({ login_blocked_at: null, login_block_reason: null, updated_at: now })
        .where('id', '=', objection.user_id)
        .where('login_blocked_at', '=', objection.blocked_at)
        .execute();
    }
    await recordEvents(trx, [
      objectionDecided(
        { userId: objection.user_id, objectionId: id, operatorId: operator.id },
        decision.status,
        note,
        now,
      ),
    ]);
  });
}
