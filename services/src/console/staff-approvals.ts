import {
  adminStaffCreateSchema,
  adminStaffUpdateSchema,
  languageSchema,
  STAFF_ROLES,
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
import { guardedAction, requestApproval, type ApprovedRun } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { invalidFields } from '../http';
import {
  changeStaff,
  checkInvitation,
  inviteStaff,
  lockStaffTeam,
  requireManageable,
  requireRoleHolders,
  staffChangeOf,
  staffMember,
} from './staff';

/*
 * Every change of console access is a staff approval (services/src/approvals, docs/rules/security.md): an invitation,
 * a role given or taken, a deactivation and a reactivation wait for a second member, unrelated to the maker, holding
 * the role concerned (finance when finance is concerned); nothing changes until then. The only exception is the
 * founding account while it is the console's one and only account (nobody could approve): its invitations run at
 * once. Once a second console account has existed (`staff_team`, migration 0430) that never happens again, whoever is
 * active. When no active member but the maker and the account changed holds the role concerned, a member holding the
 * other console role checks instead, so that a role down to one holder can still be given again.
 */

const checkerRole = (roles: readonly StaffRole[]): StaffRole =>
  roles.includes('ROLE_FINANCE') ? 'ROLE_FINANCE' : 'ROLE_OPERATOR';

async function activeHolderExists(db: DbExecutor, role: StaffRole, except: readonly number[]): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'not in', [...except, 0])
    .where('login_blocked_at', 'is', null)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`${role} = any(roles)`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The role of a staff change's checker: the role concerned, or the other one while nobody else holds it. */
async function checkerOf(db: DbExecutor, concerned: readonly StaffRole[], except: readonly number[]) {
  const preferred = checkerRole(concerned);
  if (await activeHolderExists(db, preferred, except)) return preferred;
  const other = STAFF_ROLES.find((role) => role !== preferred)!;
  return (await activeHolderExists(db, other, except)) ? other : preferred;
}

/** The maker as a caller, with the roles he holds now: the staff rules (only roles one holds) apply at the run. */
async function makerCaller(db: DbExecutor, makerId: number): Promise<Caller> {
  const maker = await db.selectFrom('users').select('roles').where('id', '=', makerId).executeTakeFirstOrThrow();
  return { id: makerId, roles: maker.roles as Role[], creatorId: null };
}

const approvalOf = (run: ApprovedRun) => ({ requestId: run.requestId, approverId: run.approverId });

const invitationSchema = z.object({
  invitation: adminStaffCreateSchema,
  language: languageSchema,
  checker: staffRoleSchema.optional(),
});

export const staffInvitationApproval = guardedAction({
  kind: 'STAFF_INVITATION',
  role: ({ invitation, checker }) => checker ?? checkerRole(invitation.roles),
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
  async execute(trx, { invitation, language }, run) {
    const maker = await makerCaller(trx, run.makerId);
    return await inviteStaff(run.ctx, trx, maker, invitation, language, approvalOf(run));
  },
});

/** A change of one account: its frozen change, and the roles it gives or takes (what the summary names). */
const changeSchema = z.object({
  staffId: z.number().int(),
  change: adminStaffUpdateSchema,
  granted: z.array(staffRoleSchema),
  removed: z.array(staffRoleSchema).optional(),
  checker: staffRoleSchema.optional(),
});
type ChangeParams = z.infer<typeof changeSchema>;

const staffChangeAction = (
  kind: 'STAFF_ROLE_GRANT' | 'STAFF_ROLE_REMOVAL',
  concerned: (params: ChangeParams) => StaffRole[],
) =>
  guardedAction({
    kind,
    role: (params: ChangeParams) => params.checker ?? checkerRole(concerned(params)),
    params: changeSchema,
    summary: (params: ChangeParams) => ({ staffId: params.staffId, roles: concerned(params).join(',') }),
    subjectStaffId: ({ staffId }: ChangeParams) => staffId,
    async targetState(db: DbExecutor, { staffId }: ChangeParams) {
      const { roles, active } = await staffMember(db, staffId);
      return { roles, active };
    },
    async execute(trx, { staffId, change }: ChangeParams, run) {
      return await changeStaff(run.ctx, trx, await makerCaller(trx, run.makerId), staffId, change, approvalOf(run));
    },
  });

export const staffRoleGrantApproval = staffChangeAction('STAFF_ROLE_GRANT', ({ granted }) => granted);
export const staffRoleRemovalApproval = staffChangeAction('STAFF_ROLE_REMOVAL', ({ removed }) => removed ?? []);

const activationSchema = z.object({ staffId: z.number().int(), checker: staffRoleSchema });

const staffActivationAction = (kind: 'STAFF_DEACTIVATION' | 'STAFF_REACTIVATION', active: boolean) =>
  guardedAction({
    kind,
    role: ({ checker }) => checker,
    params: activationSchema,
    summary: ({ staffId }) => ({ staffId }),
    subjectStaffId: ({ staffId }) => staffId,
    async targetState(db, { staffId }) {
      const { roles, active: now } = await staffMember(db, staffId);
      return { roles, active: now };
    },
    async execute(trx, { staffId }, run) {
      const maker = await makerCaller(trx, run.makerId);
      return await changeStaff(run.ctx, trx, maker, staffId, { active }, approvalOf(run));
    },
  });

export const staffDeactivationApproval = staffActivationAction('STAFF_DEACTIVATION', false);
export const staffReactivationApproval = staffActivationAction('STAFF_REACTIVATION', true);

/** `POST /api/admin/staff`: a request for approval, or at once while the caller is the console's only account. */
export async function inviteOrRequestApproval(
  ctx: ServiceContext,
  caller: Caller,
  invitation: AdminStaffCreate,
  language: Language,
): Promise<{ staff: AdminStaff } | { approval: AdminApproval }> {
  const roles = [...new Set(invitation.roles)];
  // The invitation's own rules (roles held, e-mail free) answer first, as they would at once.
  await checkInvitation(ctx.db, caller, invitation);
  const founding = await ctx.db.transaction().execute(async (trx) => {
    // Under the team's lock: of two invitations at once by the founding account, the second waits for approval.
    const { secondMemberAt } = await lockStaffTeam(trx);
    if (secondMemberAt !== null) return null;
    const others = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '<>', caller.id)
      .where(sql<boolean>`roles && array['ROLE_OPERATOR', 'ROLE_FINANCE']::text[]`)
      .limit(1)
      .executeTakeFirst();
    if (others) return null;
    return await inviteStaff(ctx, trx, caller, { ...invitation, roles }, language, null);
  });
  if (founding) return { staff: founding };
  const approval = await requestApproval(ctx, staffInvitationApproval, {
    maker: caller,
    params: { invitation: { ...invitation, roles }, language, checker: await checkerOf(ctx.db, roles, [caller.id]) },
    reason: null,
  });
  return { approval };
}

/**
 * `PUT /api/admin/staff/{id}`: a change of roles, or a deactivation or reactivation, is a request for approval
 * (react-admin sends the whole record: what equals the account as it is changes nothing). Roles and activation
 * change in separate requests; a change that leaves a role without an active holder is 409.
 */
export async function updateOrRequestApproval(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  change: AdminStaffUpdate,
  before: (staff: AdminStaff) => void,
): Promise<{ staff: AdminStaff } | { approval: AdminApproval }> {
  const current = await staffMember(ctx.db, id);
  requireManageable(caller, current);
  if (change.roles) requireManageable(caller, { roles: change.roles });
  const { roles, active, granted, removed, activation } = staffChangeOf(current, change);
  const rolesChange = granted.length > 0 || removed.length > 0;
  if (rolesChange && activation !== null) {
    throw invalidFields([{ field: 'active', key: 'console.staffOneChange', rejectedValue: change.active }]);
  }
  if (!rolesChange && activation === null) return { staff: current };
  await requireRoleHolders(ctx.db, current, { roles, active });
  before(current);
  const except = [caller.id, id];
  const request = async (action: typeof staffRoleGrantApproval, params: Record<string, unknown>) => ({
    approval: await requestApproval(ctx, action, { maker: caller, params: { staffId: id, ...params }, reason: null }),
  });
  if (activation !== null) {
    const checker = await checkerOf(ctx.db, current.roles, except);
    return request(activation ? staffReactivationApproval : staffDeactivationApproval, { checker });
  }
  const concerned = granted.length > 0 ? granted : removed;
  const frozen = { change: { roles }, granted, removed, checker: await checkerOf(ctx.db, concerned, except) };
  return request(granted.length > 0 ? staffRoleGrantApproval : staffRoleRemovalApproval, frozen);
}
