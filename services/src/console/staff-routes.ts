import {
  ADMIN_STAFF_SORT_FIELDS,
  adminStaffCreateSchema,
  adminStaffFilterSchema,
  adminStaffSchema,
  adminStaffUpdateSchema,
  idParamsSchema,
  STAFF_ROLES,
  type AdminStaff,
  type Role,
  type StaffRole,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../context';
import { auditBefore, idsOfFilter, listQuerySchema, listWindow, selectListWindow, withContentRange } from '../admin';
import { type Caller, hashPassword, newSecretToken, requireCaller } from '../auth';
import { containsPattern, type Database, type DbExecutor, uniqueViolation } from '../db';
import { AppError, conflict, errorResponses, notFound } from '../http';
import { translate } from '../i18n';

type UserRow = Selectable<Database['users']>;

const RESOURCE = 'staff';
const INVITATION_HOURS = 72;
const isStaffRole = (role: Role): role is StaffRole => (STAFF_ROLES as readonly Role[]).includes(role);
const staffOnly = sql<boolean>`roles && array['ROLE_OPERATOR', 'ROLE_FINANCE']::text[]`;

type StaffRow = UserRow & { invitation_pending: boolean };

const staffView = (row: StaffRow): AdminStaff => ({
  id: row.id,
  email: row.email,
  username: row.username,
  roles: row.roles.filter(isStaffRole),
  active: row.login_blocked_at === null,
  invitationPending: row.invitation_pending,
  createdAt: row.created_at.toISOString(),
});

/** Users with a console role, each with whether a password link (invitation or reset) is still unused. */
function staffQuery(db: DbExecutor) {
  return db
    .selectFrom('users')
    .selectAll('users')
    .select(
      sql<boolean>`exists (select 1 from password_resets r
        where r.user_id = users.id and r.used_at is null and r.expires_at > now())`.as('invitation_pending'),
    )
    .where(staffOnly);
}

async function findStaff(db: DbExecutor, id: number): Promise<StaffRow | undefined> {
  return staffQuery(db).where('id', '=', id).executeTakeFirst();
}

/**
 * A staff member manages only accounts and roles within his own roles (an operator cannot make anyone finance, nor
 * touch a finance account), and never his own account.
 */
function requireManageable(caller: Caller, target: { id?: number; roles: readonly Role[] }) {
  if (target.id === caller.id) throw new AppError(403, 'console.staffSelf', { code: 'STAFF_SELF' });
  if (target.roles.filter(isStaffRole).some((role) => !caller.roles.includes(role))) {
    throw new AppError(403, 'console.staffRoleNotHeld', { code: 'ROLE_NOT_HELD' });
  }
}

async function mailInvitation(ctx: ServiceContext, user: UserRow, roles: StaffRole[], inviter: string) {
  const { token, hash } = newSecretToken();
  await ctx.db
    .insertInto('password_resets')
    .values({
      user_id: user.id,
      code_hash: hash,
      expires_at: new Date(ctx.now().getTime() + INVITATION_HOURS * 3_600_000),
    })
    .execute();
  const link = `${ctx.config.PUBLIC_URL}/password-reset?code=${encodeURIComponent(token)}`;
  const language = user.language;
  const body = translate(language, 'console.inviteBody', {
    name: user.username,
    roles: roles.join(', '),
    console: `${ctx.config.PUBLIC_URL}/admin/`,
  });
  const action = translate(language, 'console.inviteAction');
  try {
    await ctx.mailer.send({
      to: user.email!,
      subject: translate(language, 'console.inviteSubject'),
      text: `${body}\n\n${action}: ${link}\n\n(${inviter})`,
    });
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'staff invitation mail failed');
  }
}

/**
 * `/api/admin/staff`: console accounts. Inviting creates the account without a password and mails a link to set one
 * (then the member logs in at /admin/); roles change within the caller's own roles; deactivating blocks the login at
 * once (the token stops working on its next call).
 */
export async function staffAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: staff'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    `/${RESOURCE}`,
    {
      schema: {
        tags,
        summary: 'Console accounts (getList / getMany)',
        description: 'filter={"q":"e-mail or name","role":"ROLE_FINANCE","active":true,"id":[1,2]}; Content-Range.',
        security,
        querystring: listQuerySchema(ADMIN_STAFF_SORT_FIELDS, adminStaffFilterSchema),
        response: { 200: z.array(adminStaffSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = listWindow(request.query.range);
      const filter = (request.query.filter ?? {}) as z.infer<typeof adminStaffFilterSchema>;
      let query = staffQuery(app.db);
      if (filter.id !== undefined) query = query.where('id', 'in', idsOfFilter(filter.id));
      if (filter.q) {
        const pattern = containsPattern(filter.q);
        query = query.where((eb) => eb.or([eb('email', 'ilike', pattern), eb('username', 'ilike', pattern)]));
      }
      if (filter.role) query = query.where(sql<boolean>`${filter.role} = any(roles)`);
      if (filter.active !== undefined) {
        query = query.where('login_blocked_at', filter.active ? 'is' : 'is not', null);
      }
      const [field, direction] = request.query.sort ?? ['id', 'ASC'];
      const column = ({ id: 'id', email: 'email', createdAt: 'created_at' } as const)[field];
      const { rows, total } = await selectListWindow(query, { column, direction }, window);
      withContentRange(reply, RESOURCE, window, rows.length, total);
      return rows.map(staffView);
    },
  );

  routes.get(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'One console account',
        security,
        params: idParamsSchema,
        response: { 200: adminStaffSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findStaff(app.db, request.params.id);
      if (!row) throw notFound();
      return staffView(row);
    },
  );

  routes.post(
    `/${RESOURCE}`,
    {
      schema: {
        tags,
        summary: 'Invite a console member by e-mail (mails a link to set the password)',
        description:
          'Roles are ROLE_OPERATOR and/or ROLE_FINANCE, only ones the caller holds (403 ROLE_NOT_HELD). An e-mail ' +
          'already registered is 409. The invitation link works once, for 72 hours.',
        security,
        body: adminStaffCreateSchema,
        response: { 200: adminStaffSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const roles = [...new Set(request.body.roles)];
      requireManageable(caller, { roles });
      let row: UserRow;
      try {
        row = await app.db
          .insertInto('users')
          .values({
            email: request.body.email.toLowerCase(),
            username: request.body.username ?? request.body.email.split('@')[0]!.slice(0, 50),
            // Nobody knows this password: the member sets his own from the invitation mail.
            password_hash: await hashPassword(randomBytes(32).toString('base64url')),
            provider: 'local',
            roles,
            email_verified_at: app.ctx.now(),
            language: request.language,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (uniqueViolation(error) === 'users_email_key') {
          throw conflict('console.staffEmailTaken', [
            { field: 'email', key: 'console.staffEmailTaken', rejectedValue: request.body.email },
          ]);
        }
        throw error;
      }
      await mailInvitation(app.ctx, row, roles, `${caller.id}`);
      return staffView({ ...row, invitation_pending: true });
    },
  );

  routes.put(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'Change a console account’s roles, or deactivate / reactivate it',
        description:
          'Only within the caller’s own roles, never one’s own account (403). Deactivating blocks the login at once.',
        security,
        params: idParamsSchema,
        body: adminStaffUpdateSchema,
        response: { 200: adminStaffSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      return app.db.transaction().execute(async (trx) => {
        const row = await staffQuery(trx).where('id', '=', request.params.id).forUpdate().executeTakeFirst();
        if (!row) throw notFound();
        requireManageable(caller, row);
        const roles = request.body.roles ? [...new Set(request.body.roles)] : undefined;
        if (roles) requireManageable(caller, { roles });
        auditBefore(request, staffView(row));
        const others = row.roles.filter((role) => !isStaffRole(role));
        const updated = await trx
          .updateTable('users')
          .set({
            ...(roles && { roles: [...others, ...roles] }),
            ...(request.body.active !== undefined && {
              login_blocked_at: request.body.active ? null : (row.login_blocked_at ?? app.ctx.now()),
              login_block_reason: request.body.active ? null : 'deactivated staff account',
            }),
            updated_at: app.ctx.now(),
          })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return staffView({ ...updated, invitation_pending: row.invitation_pending });
      });
    },
  );
}
