import {
  ADMIN_USER_SORT_FIELDS,
  adminUserDetailSchema,
  adminUserFilterSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  idParamsSchema,
  type AdminUser,
  type Role,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { iso } from './list-filters';
import { auditBefore, idsOfFilter, listQuerySchema, listWindow, selectListWindow, withContentRange } from '../admin';
import { requireCaller } from '../auth';
import { containsPattern, type DbExecutor } from '../db';
import { AppError, errorResponses, notFound } from '../http';

const RESOURCE = 'users';

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

type UserListRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['execute']>>[number];

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

async function userDetail(db: DbExecutor, id: number) {
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

/** `/api/admin/users`: members, creators and staff; operators block and unblock logins with a reason. */
export async function userAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: users'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    `/${RESOURCE}`,
    {
      schema: {
        tags,
        summary: 'Accounts (getList / getMany)',
        description:
          'filter={"q":"e-mail, name or phone","role":"ROLE_CREATOR","loginBlocked":true,"id":[1,2]}; ' +
          'sort by id, email, username or createdAt; Content-Range.',
        security,
        querystring: listQuerySchema(ADMIN_USER_SORT_FIELDS, adminUserFilterSchema),
        response: { 200: z.array(adminUserSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = listWindow(request.query.range);
      const filter = (request.query.filter ?? {}) as z.infer<typeof adminUserFilterSchema>;
      let query = usersQuery(app.db);
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
      const [field, direction] = request.query.sort ?? ['id', 'DESC'];
      const column = ({ id: 'u.id', email: 'u.email', username: 'u.username', createdAt: 'u.created_at' } as const)[
        field
      ];
      const { rows, total } = await selectListWindow(query, { column, direction, idColumn: 'u.id' }, window);
      withContentRange(reply, RESOURCE, window, rows.length, total);
      return rows.map(userView);
    },
  );

  routes.get(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'One account with its coins, its missions by status, the missions he hid and open money requests',
        security,
        params: idParamsSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => userDetail(app.db, request.params.id),
  );

  routes.put(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'Block or unblock an account’s login (operators; a reason is required to block)',
        description:
          'A blocked account cannot log in and its tokens stop working at once. Staff accounts are managed at ' +
          '/api/admin/staff; one’s own account cannot be blocked (403).',
        security,
        params: idParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const before = await userDetail(app.db, request.params.id);
      if (before.id === caller.id) throw new AppError(403, 'console.staffSelf', { code: 'STAFF_SELF' });
      auditBefore(request, before);
      const blocked = request.body.loginBlocked;
      await app.db
        .updateTable('users')
        .set({
          login_blocked_at: blocked ? (before.loginBlockedAt ? new Date(before.loginBlockedAt) : app.ctx.now()) : null,
          login_block_reason: blocked ? request.body.loginBlockReason! : null,
          updated_at: app.ctx.now(),
        })
        .where('id', '=', before.id)
        .execute();
      return userDetail(app.db, before.id);
    },
  );
}
