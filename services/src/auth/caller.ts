import { type Role, STAFF_DEACTIVATION_REASON, STAFF_ROLES } from '@fanmission/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, accessDenied, unauthorized } from '../http';

/** Who is calling, as the database says now (roles and blocks take effect at once, not at token expiry). */
export interface Caller {
  id: number;
  roles: Role[];
  creatorId: number | null;
  /** An identity check proved him an adult (contracts/src/adult-content.ts); absent is not proved. */
  adultVerified?: boolean;
  /** He has terms in force to accept (services/src/terms/consent-guard.ts), as read with him; absent is not read. */
  termsPending?: boolean;
}

export const isOperator = (caller: Caller) => caller.roles.includes('ROLE_OPERATOR');

const isStaffRole = (role: Role) => (STAFF_ROLES as readonly Role[]).includes(role);

/** An account with a console role (operator or finance). */
export const hasStaffRole = (roles: readonly Role[]) => roles.some(isStaffRole);

/** A console-only account: staff roles and no member role. It has no web-app session, only the console's. */
export const isStaffOnly = (roles: readonly Role[]) => roles.length > 0 && roles.every(isStaffRole);

/** The login block reason shown for a deactivated console account; reserved to staff management. */
export { STAFF_DEACTIVATION_REASON };

/**
 * A login whose block only staff management (`/api/admin/staff`, services/src/console/staff.ts) may set or lift, under
 * the staff rules: a staff account's, and one a staff deactivation blocked (`staff_deactivated`, never a reason text),
 * whatever its roles now. Moderation (the members' login blocks, block objections) refuses them.
 */
export const isStaffManagedLogin = (account: { roles: readonly Role[]; staff_deactivated: boolean }) =>
  hasStaffRole(account.roles) || account.staff_deactivated;

/** 403 for moderation on a staff-managed login (see isStaffManagedLogin). */
export const staffManagedLogin = () => new AppError(403, 'console.staffAccount', { code: 'STAFF_ACCOUNT' });

/** 401 when nobody is logged in. */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** 403 unless the caller has one of the roles. */
export function requireRole(request: FastifyRequest, ...roles: Role[]): Caller {
  const caller = requireCaller(request);
  if (!roles.some((role) => caller.roles.includes(role))) throw accessDenied();
  return caller;
}

/** 403 unless the caller is that user (or an operator, when the console needs it). */
export function requireSelf(
  request: FastifyRequest,
  userId: number,
  options: { operatorAllowed?: boolean } = {},
): Caller {
  const caller = requireCaller(request);
  if (caller.id !== userId && !(options.operatorAllowed && isOperator(caller))) throw accessDenied();
  return caller;
}

/**
 * Fans only may request a mission or apply to a lottery event: a creator cannot, and an unverified member
 * must verify his e-mail first.
 */
export function requireRequestingFan(caller: Caller): void {
  if (caller.creatorId !== null || caller.roles.includes('ROLE_CREATOR')) throw creatorCannotRequest();
  if (caller.roles.includes('ROLE_UNVERIFIED') || !caller.roles.includes('ROLE_USER')) {
    throw new AppError(403, 'missions.unverified', { code: 'UNVERIFIED' });
  }
}

/** A creator's request refused (also a frozen wallet's). */
export const creatorCannotRequest = () =>
  new AppError(403, 'missions.creatorCannotRequest', { code: 'CREATOR_CANNOT_REQUEST' });
