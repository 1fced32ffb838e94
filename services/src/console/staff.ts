import {
  type ADMIN_STAFF_SORT_FIELDS,
  type AdminStaff,
  type AdminStaffCreate,
  type adminStaffFilterSchema,
  type AdminStaffUpdate,
  type Language,
  STAFF_ROLES,
  type Role,
  type StaffRole,
} from '@fanmission/contracts';
import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../context';
import { idsOfFilter, selectListWindow, type ListWindow } from '../admin';
import { type Caller, hashPassword, newSecretToken, STAFF_DEACTIVATION_REASON } from '../auth';
import { containsPattern, type Database, type DbExecutor, uniqueViolation } from '../db';
import { AppError, conflict, notFound } from '../http';
import { translate } from '../i18n';
import { passwordPageLink } from '../users';

// The console's own accounts (operators and finance): the list, an invitation by mail, role changes and deactivation.

type UserRow = Selectable<Database['users']>;

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
  const link = passwordPageLink(ctx.config.PUBLIC_URL, token);
  const language = user.language;
  const body = translate(language, 'console.inviteBody', {
    name: user.username,
    roles: roles.join(', '),
    console: `${ctx.config.PUBLIC_URL}/admin/`,
  });
  const action = translate(language, 'console.inviteAction');
  try {
    await ctx.mailer.send({
      kind: 'staff_invitation',
      to: user.email!,
      subject: translate(language, 'console.inviteSubject'),
      text: `${body}\n\n${action}: ${link}\n\n(${inviter})`,
    });
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'staff invitation mail failed');
  }
}

/** One page of console accounts, filtered and sorted as the console asks, with the total for `Content-Range`. */
export async function listStaff(
  db: DbExecutor,
  filter: z.infer<typeof adminStaffFilterSchema>,
  sort: readonly [(typeof ADMIN_STAFF_SORT_FIELDS)[number], 'ASC' | 'DESC'],
  window: ListWindow,
): Promise<{ rows: AdminStaff[]; total: number }> {
  let query = staffQuery(db);
  if (filter.id !== undefined) query = query.where('id', 'in', idsOfFilter(filter.id));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where((eb) => eb.or([eb('email', 'ilike', pattern), eb('username', 'ilike', pattern)]));
  }
  if (filter.role) query = query.where(sql<boolean>`${filter.role} = any(roles)`);
  if (filter.active !== undefined) query = query.where('login_blocked_at', filter.active ? 'is' : 'is not', null);
  const [field, direction] = sort;
  const column = ({ id: 'id', email: 'email', createdAt: 'created_at' } as const)[field];
  const { rows, total } = await selectListWindow(query, { column, direction }, window);
  return { rows: rows.map(staffView), total };
}

/** One console account; 404 for anybody else. */
export async function staffMember(db: DbExecutor, id: number): Promise<AdminStaff> {
  const row = await staffQuery(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return staffView(row);
}

/**
 * Creates a console account without a usable password and mails the invitation link (72 hours) to set one. Roles
 * only within the caller's own; an e-mail already registered is 409.
 */
export async function inviteStaff(
  ctx: ServiceContext,
  caller: Caller,
  invitation: AdminStaffCreate,
  language: Language,
): Promise<AdminStaff> {
  const roles = [...new Set(invitation.roles)];
  requireManageable(caller, { roles });
  let row: UserRow;
  try {
    row = await ctx.db
      .insertInto('users')
      .values({
        email: invitation.email.toLowerCase(),
        username: invitation.username ?? invitation.email.split('@')[0]!.slice(0, 50),
        // Nobody knows this password: the member sets his own from the invitation mail.
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        provider: 'local',
        roles,
        email_verified_at: ctx.now(),
        language,
        // Who made the account staff: it cannot approve his requests in its first days (services/src/approvals).
        staff_granted_by: caller.id,
        staff_granted_at: ctx.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_key') {
      throw conflict('console.staffEmailTaken', [
        { field: 'email', key: 'console.staffEmailTaken', rejectedValue: invitation.email },
      ]);
    }
    throw error;
  }
  await mailInvitation(ctx, row, roles, `${caller.id}`);
  return staffView({ ...row, invitation_pending: true });
}

/**
 * Changes a console account's roles (within the caller's own, never his own account) or (de)activates it: a
 * deactivated account's login is blocked at once. `before` receives the account as it was, for the audit log.
 */
export async function updateStaff(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  change: AdminStaffUpdate,
  before: (staff: AdminStaff) => void,
): Promise<AdminStaff> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await staffQuery(trx).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    requireManageable(caller, row);
    const roles = change.roles ? [...new Set(change.roles)] : undefined;
    if (roles) requireManageable(caller, { roles });
    before(staffView(row));
    const others = row.roles.filter((role) => !isStaffRole(role));
    const updated = await trx
      .updateTable('users')
      .set({
        ...(roles && { roles: [...others, ...roles] }),
        // A staff role the account did not hold makes the caller its granter (services/src/approvals).
        ...(roles?.some((role) => !row.roles.includes(role)) && {
          staff_granted_by: caller.id,
          staff_granted_at: ctx.now(),
        }),
        ...(change.active !== undefined && {
          login_blocked_at: change.active ? null : (row.login_blocked_at ?? ctx.now()),
          login_block_reason: change.active ? null : STAFF_DEACTIVATION_REASON,
          staff_deactivated: !change.active,
        }),
        updated_at: ctx.now(),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return staffView({ ...updated, invitation_pending: row.invitation_pending });
  });
}
