import {
  adminStaffCreateSchema,
  adminStaffUpdateSchema,
  languageSchema,
  staffRoleSchema,
  type AdminApproval,
  type AdminStaff,
  type AdminStaffCreate,
  type AdminStaffUpdate,
  type Language,
  type Role,
  type StaffRole,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import { guardedAction, requestApproval } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { inviteStaff, staffMember, updateStaff } from './staff';

/*
 * Granting a console role is a staff approval (services/src/approvals): an invitation, or a role an account did not
 * hold, waits for a member holding the granted role (finance when finance is granted) other than the granter. The
 * platform's first team is the exception: while nobody else holds that role, nobody could approve, so the grant runs
 * at once (and the account it makes cannot approve its granter's requests in its first days).
 */

const checkerRole = (roles: readonly StaffRole[]): StaffRole =>
  roles.includes('ROLE_FINANCE') ? 'ROLE_FINANCE' : 'ROLE_OPERATOR';

/** Whether an active console member other than the caller holds the role (someone could approve). */
async function someoneElseHolds(db: DbExecutor, caller: Caller, role: StaffRole): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '<>', caller.id)
    .where('login_blocked_at', 'is', null)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`${role} = any(roles)`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The maker as a caller, with the roles he holds now: the staff rules (only roles one holds) apply at the run. */
async function makerCaller(db: DbExecutor, makerId: number): Promise<Caller> {
  const maker = await db.selectFrom('users').select('roles').where('id', '=', makerId).executeTakeFirstOrThrow();
  return { id: makerId, roles: maker.roles as Role[], creatorId: null };
}

const invitationSchema = z.object({ invitation: adminStaffCreateSchema, language: languageSchema });

export const staffInvitationApproval = guardedAction({
  kind: 'STAFF_INVITATION',
  role: ({ invitation }) => checkerRole(invitation.roles),
  params: invitationSchema,
  summary: ({ invitation }) => ({ email: invitation.email, roles: invitation.roles.join(',') }),
  async targetState(db, { invitation }) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', invitation.email.toLowerCase())
      .executeTakeFirst();
    return { taken: taken !== undefined };
  },
  async execute(trx, { invitation, language }, approved) {
    return await inviteStaff(approved.ctx, await makerCaller(trx, approved.makerId), invitation, language);
  },
});

const grantSchema = z.object({
  staffId: z.number().int(),
  change: adminStaffUpdateSchema,
  /** The console roles the change gives that the account did not hold. */
  granted: z.array(staffRoleSchema),
});

export const staffRoleGrantApproval = guardedAction({
  kind: 'STAFF_ROLE_GRANT',
  role: ({ granted }) => checkerRole(granted),
  params: grantSchema,
  summary: ({ staffId, granted }) => ({ staffId, roles: granted.join(',') }),
  async targetState(db, { staffId }) {
    const { roles, active } = await staffMember(db, staffId);
    return { roles, active };
  },
  async execute(trx, { staffId, change }, approved) {
    return await updateStaff(approved.ctx, await makerCaller(trx, approved.makerId), staffId, change, () => undefined);
  },
});

/** `POST /api/admin/staff`: an invitation, at once for the first holder's team, else a request for approval. */
export async function inviteOrRequestApproval(
  ctx: ServiceContext,
  caller: Caller,
  invitation: AdminStaffCreate,
  language: Language,
): Promise<{ staff: AdminStaff } | { approval: AdminApproval }> {
  const roles = [...new Set(invitation.roles)];
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', invitation.email.toLowerCase())
    .executeTakeFirst();
  // The staff rules (roles held, e-mail free) answer first, as they would at once.
  if (
    taken ||
    !roles.every((role) => caller.roles.includes(role)) ||
    !(await someoneElseHolds(ctx.db, caller, checkerRole(roles)))
  ) {
    return { staff: await inviteStaff(ctx, caller, invitation, language) };
  }
  const approval = await requestApproval(ctx, staffInvitationApproval, {
    maker: caller,
    params: { invitation: { ...invitation, roles }, language },
    reason: null,
  });
  return { approval };
}

/**
 * `PUT /api/admin/staff/{id}`: a change that gives the account a console role it did not hold is a request for
 * approval (unless nobody else holds that role); every other change (fewer roles, deactivation) runs at once.
 */
export async function updateOrRequestApproval(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  change: AdminStaffUpdate,
  before: (staff: AdminStaff) => void,
): Promise<{ staff: AdminStaff } | { approval: AdminApproval }> {
  const current = await staffMember(ctx.db, id).catch(() => null);
  const granted = (change.roles ?? []).filter((role) => !current?.roles.includes(role));
  const manageable =
    current !== null &&
    current.id !== caller.id &&
    [...current.roles, ...(change.roles ?? [])].every((role) => caller.roles.includes(role));
  if (!manageable || granted.length === 0 || !(await someoneElseHolds(ctx.db, caller, checkerRole(granted)))) {
    return { staff: await updateStaff(ctx, caller, id, change, before) };
  }
  before(current);
  const approval = await requestApproval(ctx, staffRoleGrantApproval, {
    maker: caller,
    params: { staffId: id, change, granted },
    reason: null,
  });
  return { approval };
}
