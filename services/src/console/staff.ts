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
import { sql, type Selectable, type Transaction } from 'kysely';
import type { z } from 'zod';
import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../context';
import { recordStaffGrant } from '../approvals';
import { idsOfFilter, selectListWindow, type ListWindow } from '../admin';
import { type Caller, hashPassword, newSecretToken, STAFF_DEACTIVATION_REASON } from '../auth';
import { containsPattern, type Database, type DbExecutor, uniqueViolation } from '../db';
import { AppError, conflict, notFound } from '../http';
import { translate } from '../i18n';
import { passwordPageLink } from '../users';

// The console's own accounts (operators and finance): the list, an invitation by mail, role changes and deactivation.
// Each change runs here once approved (./staff-approvals.ts says when and by whom), in the caller's transaction.

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
  grantedBy: row.staff_granted_by,
  approvedBy: row.staff_approved_by,
  approvedAt: row.staff_approved_at?.toISOString() ?? null,
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
export function requireManageable(caller: Caller, target: { id?: number; roles: readonly Role[] }) {
  if (target.id === caller.id) throw new AppError(403, 'console.staffSelf', { code: 'STAFF_SELF' });
  if (target.roles.filter(isStaffRole).some((role) => !caller.roles.includes(role))) {
    throw new AppError(403, 'console.staffRoleNotHeld', { code: 'ROLE_NOT_HELD' });
  }
}

async function mailInvitation(ctx: ServiceContext, db: DbExecutor, user: UserRow, roles: StaffRole[], inviter: string) {
  const { token, hash } = newSecretToken();
  await db
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

/** How a staff change came to run: the approved request and its checker, or none (the founding account alone). */
export interface StaffChangeApproval {
  requestId: number;
  approverId: number;
}

/** An invitation's own rules, checked before it is asked and again when it runs: roles held, e-mail not registered. */
export async function checkInvitation(db: DbExecutor, caller: Caller, invitation: AdminStaffCreate): Promise<void> {
  requireManageable(caller, { roles: invitation.roles });
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', invitation.email.toLowerCase())
    .executeTakeFirst();
  if (taken) throw emailTaken(invitation.email);
}

const emailTaken = (email: string) =>
  conflict('console.staffEmailTaken', [{ field: 'email', key: 'console.staffEmailTaken', rejectedValue: email }]);

/**
 * Creates a console account without a usable password and mails the invitation link (72 hours) to set one. Roles
 * only within the caller's own; an e-mail already registered is 409. The caller and the approver become the account's
 * granters (services/src/approvals/related-staff.ts).
 */
export async function inviteStaff(
  ctx: ServiceContext,
  trx: Transaction<Database>,
  caller: Caller,
  invitation: AdminStaffCreate,
  language: Language,
  approval: StaffChangeApproval | null,
): Promise<AdminStaff> {
  const roles = [...new Set(invitation.roles)];
  requireManageable(caller, { roles });
  const now = ctx.now();
  let row: UserRow;
  try {
    row = await trx
      .insertInto('users')
      .values({
        email: invitation.email.toLowerCase(),
        username: invitation.username ?? invitation.email.split('@')[0]!.slice(0, 50),
        // Nobody knows this password: the member sets his own from the invitation mail.
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        provider: 'local',
        roles,
        email_verified_at: now,
        language,
        staff_granted_by: caller.id,
        staff_granted_at: now,
        staff_approved_by: approval?.approverId ?? null,
        staff_approved_at: approval ? now : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_key') throw emailTaken(invitation.email);
    throw error;
  }
  await recordStaffGrant(trx, {
    staffId: row.id,
    makerId: caller.id,
    approverId: approval?.approverId ?? null,
    requestId: approval?.requestId ?? null,
    at: now,
  });
  await mailInvitation(ctx, trx, row, roles, `${caller.id}`);
  return staffView({ ...row, invitation_pending: true });
}

/** What a change asks of an account as it is: the roles it gives and takes, and its activation. */
export function staffChangeOf(current: AdminStaff, change: AdminStaffUpdate) {
  const roles = change.roles ? [...new Set(change.roles)] : current.roles;
  const active = change.active ?? current.active;
  return {
    roles,
    active,
    granted: roles.filter((role) => !current.roles.includes(role)),
    removed: current.roles.filter((role) => !roles.includes(role)),
    activation: active === current.active ? null : active,
  };
}

/**
 * A change never leaves a console role without an active holder: nobody could then approve a grant of it again.
 * Counted under the staff team's lock when the change runs, so two approvals cannot each take one of the last two.
 */
export async function requireRoleHolders(
  db: DbExecutor,
  current: AdminStaff,
  after: { roles: readonly StaffRole[]; active: boolean },
): Promise<void> {
  const losing = current.active ? current.roles.filter((role) => !after.active || !after.roles.includes(role)) : [];
  for (const role of losing) {
    const other = await db
      .selectFrom('users')
      .select('id')
      .where('id', '<>', current.id)
      .where('login_blocked_at', 'is', null)
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`${role} = any(roles)`)
      .limit(1)
      .executeTakeFirst();
    if (!other) throw new AppError(409, 'console.lastRoleHolder', { code: 'LAST_ROLE_HOLDER', params: { role } });
  }
}

/** Locks the staff team's row: staff changes and the founding account's invitations run one at a time. */
export async function lockStaffTeam(trx: Transaction<Database>): Promise<{ secondMemberAt: Date | null }> {
  const row = await trx.selectFrom('staff_team').select('second_member_at').forUpdate().executeTakeFirstOrThrow();
  return { secondMemberAt: row.second_member_at };
}

/**
 * Runs an approved change of a console account's roles or activation (within the maker's own roles, never his own
 * account): a deactivated account's login is blocked at once. A role given or a reactivation makes the maker and
 * the approver its granters; every change records its approver on the account.
 */
export async function changeStaff(
  ctx: ServiceContext,
  trx: Transaction<Database>,
  maker: Caller,
  id: number,
  change: AdminStaffUpdate,
  approval: StaffChangeApproval,
): Promise<AdminStaff> {
  await lockStaffTeam(trx);
  const row = await staffQuery(trx).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  requireManageable(maker, row);
  if (change.roles) requireManageable(maker, { roles: change.roles });
  const current = staffView(row);
  const { roles, active, granted, activation } = staffChangeOf(current, change);
  await requireRoleHolders(trx, current, { roles, active });
  const now = ctx.now();
  const grants = granted.length > 0 || activation === true;
  const others = row.roles.filter((role) => !isStaffRole(role));
  const updated = await trx
    .updateTable('users')
    .set({
      roles: [...others, ...roles],
      ...(grants && { staff_granted_by: maker.id, staff_granted_at: now }),
      staff_approved_by: approval.approverId,
      staff_approved_at: now,
      ...(activation !== null && {
        login_blocked_at: activation ? null : (row.login_blocked_at ?? now),
        login_block_reason: activation ? null : STAFF_DEACTIVATION_REASON,
        staff_deactivated: !activation,
      }),
      updated_at: now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (grants) {
    await recordStaffGrant(trx, { staffId: row.id, makerId: maker.id, ...approval, at: now });
  }
  return staffView({ ...updated, invitation_pending: row.invitation_pending });
}
