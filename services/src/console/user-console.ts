import {
  type ADMIN_USER_SORT_FIELDS,
  type AdminUser,
  type AdminUserFilter,
  type AdminUserUpdate,
  type Role,
} from '@fanmission/contracts';
import { sql, type InferResult } from 'kysely';
import { appendAudit, idsOfFilter, selectListWindow, type ListWindow, type ListPage } from '../admin';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { containsPattern, type DbExecutor } from '../db';
import { isStaffManagedLogin, staffManagedLogin } from '../auth';
import { notFound } from '../http';
import { settleObjectionsByUnblock } from '../trust';
import { iso } from './list-filters';

// The console's accounts (members, creators and staff) with their wallet, and the block of a login.

/** The columns of a user row the console shows, with the wallet balance and the creator id. */
function usersQuery(db: DbExecutor) {
  return db
    .selectFrom('users as u')
    .leftJoin('creators as c', 'c.user_id', 'u.id')
    .leftJoin('ledger_accounts as w', (join) => join.on('w.account', '=', sql<string>`'wallet:' || u.id`))
    .select([
      'u.id',
      'u.email',
      'u.username',
      'u.roles',
      'u.provider',
      'u.phone',
      'u.email_verified_at',
      'u.login_blocked_at',
      'u.login_block_reason',
      'u.created_at',
      'c.id as creator_id',
      sql<number>`coalesce(w.balance, 0)::int`.as('coins'),
    ]);
}

type UserListRow = InferResult<ReturnType<typeof usersQuery>>[number];

const userView = (row: UserListRow): AdminUser => ({
  id: row.id,
  email: row.email,
  username: row.username,
  roles: row.roles as Role[],
  provider: row.provider,
  phone: row.phone,
  creatorId: row.creator_id,
  emailVerified: row.email_verified_at !== null,
  loginBlocked: row.login_blocked_at !== null,
  loginBlockedAt: iso(row.login_blocked_at),
  loginBlockReason: row.login_block_reason,
  coins: Number(row.coins),
  createdAt: row.created_at.toISOString(),
});

export async function userDetail(db: DbExecutor, id: number) {
  const row = await usersQuery(db).where('u.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  const [missions, hidden, transfers, refunds] = await Promise.all([
    db
      .selectFrom('missions')
      .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('user_id', '=', id)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('mission_blocks')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bank_transfers')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', id)
      .where('status', '=', 'ready')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('coin_refunds')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', id)
      .where('status', '=', 'requested')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...userView(row),
    missionsByStatus: Object.fromEntries(missions.map((mission) => [mission.status, Number(mission.count)])),
    missionsHidden: Number(hidden.count),
    openBankTransfers: Number(transfers.count),
    openRefunds: Number(refunds.count),
  };
}

export async function listUsers(
  ctx: ServiceContext,
  options: {
    filter: AdminUserFilter;
    sort: [(typeof ADMIN_USER_SORT_FIELDS)[number], 'ASC' | 'DESC'];
    window: ListWindow;
  },
): Promise<ListPage<AdminUser>> {
  const { filter } = options;
  // The filter reads users alone: the window's ids come from an index in the list's order, the joins only for them.
  let query = ctx.db.selectFrom('users as u');
  if (filter.id !== undefined) query = query.where('u.id', 'in', idsOfFilter(filter.id));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where((eb) =>
      eb.or([eb('u.email', 'ilike', pattern), eb('u.username', 'ilike', pattern), eb('u.phone', 'like', pattern)]),
    );
  }
  if (filter.role) query = query.where(sql<boolean>`${filter.role} = any(u.roles)`);
  if (filter.loginBlocked !== undefined) {
    query = query.where('u.login_blocked_at', filter.loginBlocked ? 'is not' : 'is', null);
  }
  const [field, direction] = options.sort;
  const column = ({ id: 'u.id', email: 'u.email', username: 'u.username', createdAt: 'u.created_at' } as const)[field];
  const { rows, total } = await selectListWindow(
    usersQuery(ctx.db),
    { column, direction, idColumn: 'u.id' },
    options.window,
    query,
  );
  return { rows: rows.map(userView), total };
}

/**
 * Blocks (with a reason, keeping the first block's time) or unblocks a member's login; its tokens stop working at
 * once. A staff-managed login (a staff account, or one a staff deactivation blocked) is refused (403 STAFF_ACCOUNT):
 * staff management blocks and lifts those, under the staff rules (roles one holds, never one's own account).
 * Unblocking settles the member's pending block objections (accepted by the operator who unblocked), each noted in the
 * audit log as settled by the unblock, so that none waits for a block that no longer exists.
 */
export async function setLoginBlock(
  ctx: ServiceContext,
  before: Awaited<ReturnType<typeof userDetail>>,
  update: AdminUserUpdate,
  origin: { operator: Caller; requestId: string; action: string },
) {
  const blocked = update.loginBlocked;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('users')
      .select(['roles', 'staff_deactivated'])
      .where('id', '=', before.id)
      .forUpdate()
      .executeTakeFirst();
    if (!target) throw notFound();
    if (isStaffManagedLogin(target)) throw staffManagedLogin();
    await trx
      .updateTable('users')
      .set({
        login_blocked_at: blocked ? (before.loginBlockedAt ? new Date(before.loginBlockedAt) : now) : null,
        login_block_reason: blocked ? update.loginBlockReason! : null,
        updated_at: now,
      })
      .where('id', '=', before.id)
      .execute();
    if (blocked || !before.loginBlocked) return;
    const settled = await settleObjectionsByUnblock(trx, {
      userId: before.id,
      operatorId: origin.operator.id,
      at: now,
    });
    for (const objectionId of settled) {
      await appendAudit(trx, {
        actorId: origin.operator.id,
        actorRoles: origin.operator.roles,
        action: origin.action,
        resource: 'block-objections',
        resourceId: String(objectionId),
        before: { status: 'PENDING' },
        after: { status: 'ACCEPTED', settledBy: 'UNBLOCK', userId: before.id },
        statusCode: 200,
        requestId: origin.requestId,
        at: now,
      });
    }
  });
  return userDetail(ctx.db, before.id);
}
