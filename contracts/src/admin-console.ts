import { z } from 'zod';
import { isoDateTime, limitedText } from './admin-fields';
import { roleSchema } from './roles';

/*
 * The operator and finance console's own resources in the ra-data-simple-rest dialect of `/api/admin`.
 * Moderation is for ROLE_OPERATOR, money decisions for ROLE_FINANCE (see `ADMIN_WRITE_POLICY`).
 * The catalog's resources are in ./admin-catalog.ts, the ledger's and the dashboard's in ./admin-ledger.ts.
 */

/** The two console roles. */
export const STAFF_ROLES = ['ROLE_OPERATOR', 'ROLE_FINANCE'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/**
 * Who may write to each admin resource: a write needs one of the roles listed (reads: ADMIN_READ_POLICY).
 * Every write route of `/api/admin` names its resource here (`config.adminResource`) and the admin plugin
 * (services/src/admin/routes.ts) checks the caller against this table, the only copy of the rule; a write route that
 * names no resource is refused. Routes narrow further where their rule needs a record (e.g. staff: only roles held).
 */
export const ADMIN_WRITE_POLICY = {
  // Moderation and content: operators.
  users: ['ROLE_OPERATOR'],
  missions: ['ROLE_OPERATOR'],
  'mission-products': ['ROLE_OPERATOR'],
  creators: ['ROLE_OPERATOR'],
  'grade-proposals': ['ROLE_OPERATOR'],
  'creator-penalties': ['ROLE_OPERATOR'],
  'comment-events': ['ROLE_OPERATOR'],
  // Cancelling a lottery event or drawing it now, with a reason.
  'lottery-events': ['ROLE_OPERATOR'],
  'mission-comments': ['ROLE_OPERATOR'],
  'comment-restrictions': ['ROLE_OPERATOR'],
  'mission-reviews': ['ROLE_OPERATOR'],
  faqs: ['ROLE_OPERATOR'],
  popups: ['ROLE_OPERATOR'],
  // Publishing a new version of the terms (announced to every member) and withdrawing one not yet in force.
  'terms-versions': ['ROLE_OPERATOR'],
  tags: ['ROLE_OPERATOR'],
  'block-objections': ['ROLE_OPERATOR'],
  // Money decisions: finance.
  'bank-transfers': ['ROLE_FINANCE'],
  'coin-refunds': ['ROLE_FINANCE'],
  // Cancelling a card, KakaoPay or PayPal payment at its provider (operators read payments, never cancel).
  payments: ['ROLE_FINANCE'],
  'coin-items': ['ROLE_FINANCE'],
  // Free-coin events: a BONUS coin item granted to chosen members, with a reason and a budget.
  'bonus-grants': ['ROLE_FINANCE'],
  settlements: ['ROLE_FINANCE'],
  'settlement-runs': ['ROLE_FINANCE'],
  // Bank transfer batches: the file carries the creators' bank details.
  'settlement-transfer-batches': ['ROLE_FINANCE'],
  'creator-payout-accounts': ['ROLE_FINANCE'],
  // The approval of a comment coin event's daily budget above what operators may grant alone.
  'comment-event-budgets': ['ROLE_FINANCE'],
  // Either role: staff accounts (within the roles one holds), a ledger verify run.
  staff: STAFF_ROLES,
  'ledger-verify-runs': STAFF_ROLES,
  // Deciding a staff approval request: each request names the role its checker must hold (services/src/approvals).
  approvals: STAFF_ROLES,
} as const satisfies Record<string, readonly StaffRole[]>;
export type AdminWriteResource = keyof typeof ADMIN_WRITE_POLICY;

/** Whether a name is an admin resource of ADMIN_WRITE_POLICY. */
export const isAdminResource = (name: string): name is AdminWriteResource => Object.hasOwn(ADMIN_WRITE_POLICY, name);

/** The roles that may write to an admin resource; none for a name that is not one. */
export function adminWriteRoles(resource: string): readonly StaffRole[] {
  return isAdminResource(resource) ? ADMIN_WRITE_POLICY[resource] : [];
}

/**
 * The resources only one role may read (their routes declare the resource as writes do); every other read of
 * `/api/admin` is open to both console roles. Comment moderation and the review queue are operators'; statements
 * and a creator's payout account carry the creators' whole bank details and are finance's.
 */
export const ADMIN_READ_POLICY = {
  'mission-comments': ['ROLE_OPERATOR'],
  'mission-reviews': ['ROLE_OPERATOR'],
  'comment-restrictions': ['ROLE_OPERATOR'],
  settlements: ['ROLE_FINANCE'],
  'settlement-transfer-batches': ['ROLE_FINANCE'],
  'creator-payout-accounts': ['ROLE_FINANCE'],
} as const satisfies Partial<Record<AdminWriteResource, readonly StaffRole[]>>;

/** The roles that may read an admin resource (both console roles unless ADMIN_READ_POLICY says otherwise). */
export function adminReadRoles(resource: string | undefined): readonly StaffRole[] {
  return resource !== undefined && Object.hasOwn(ADMIN_READ_POLICY, resource)
    ? ADMIN_READ_POLICY[resource as keyof typeof ADMIN_READ_POLICY]
    : STAFF_ROLES;
}

// ----- staff -----

export const adminStaffSchema = z
  .object({
    id: z.number().int(),
    email: z.string().nullable(),
    username: z.string(),
    roles: z.array(staffRoleSchema),
    /** False once deactivated (the login is blocked). */
    active: z.boolean(),
    /** True while a password link (the invitation, or a reset) is unused and valid. */
    invitationPending: z.boolean(),
    /** Who made the account's last grant of console access (invitation, role, reactivation), null if none recorded. */
    grantedBy: z.number().int().nullable(),
    /** Who approved the account's last staff change, and when; null if none was approved (the founding team). */
    approvedBy: z.number().int().nullable(),
    approvedAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AdminStaff' });
export type AdminStaff = z.infer<typeof adminStaffSchema>;

const staffRolesInput = z.array(staffRoleSchema).min(1).max(2);

export const adminStaffCreateSchema = z.object({
  email: z.email({ error: 'validation.email' }).max(200),
  username: limitedText(50).optional(),
  roles: staffRolesInput,
});
export type AdminStaffCreate = z.infer<typeof adminStaffCreateSchema>;

/** react-admin PUTs the whole record: only roles and active are read. */
export const adminStaffUpdateSchema = z.object({
  roles: staffRolesInput.optional(),
  active: z.boolean().optional(),
});
export type AdminStaffUpdate = z.infer<typeof adminStaffUpdateSchema>;

export const ADMIN_STAFF_SORT_FIELDS = ['id', 'email', 'createdAt'] as const;
export const adminStaffFilterSchema = z.object({
  q: z.string().max(100).optional(),
  role: staffRoleSchema.optional(),
  active: z.boolean().optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});

// ----- audit log -----

export const adminAuditEntrySchema = z
  .object({
    id: z.number().int(),
    actorId: z.number().int().nullable(),
    actorEmail: z.string().nullable(),
    actorRoles: z.array(z.string()),
    /** `PUT /api/admin/bank-transfers/:id` */
    action: z.string(),
    /** The admin resource, e.g. `bank-transfers`. */
    resource: z.string(),
    resourceId: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    statusCode: z.number().int(),
    requestId: z.string(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AdminAuditEntry' });
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const ADMIN_AUDIT_SORT_FIELDS = ['id', 'createdAt'] as const;
export const adminAuditFilterSchema = z.object({
  resource: z.string().max(100).optional(),
  resourceId: z.union([z.string().max(100), z.number().int()]).optional(),
  actorId: z.number().int().optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});

// ----- users -----

export const adminUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string().nullable(),
    username: z.string(),
    roles: z.array(roleSchema),
    provider: z.string(),
    phone: z.string().nullable(),
    creatorId: z.number().int().nullable(),
    emailVerified: z.boolean(),
    loginBlocked: z.boolean(),
    loginBlockedAt: isoDateTime.nullable(),
    loginBlockReason: z.string().nullable(),
    /** The wallet's balance. */
    coins: z.number().int(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserDetailSchema = adminUserSchema
  .extend({
    /** Missions he requested, by status. */
    missionsByStatus: z.record(z.string(), z.number().int()),
    /** Missions of others he hid from his lists (his reports). */
    missionsHidden: z.number().int(),
    /** Bank-deposit requests and refund requests still open. */
    openBankTransfers: z.number().int(),
    openRefunds: z.number().int(),
  })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** The login block reason shown for a console account deactivated by staff management; no operator may write it. */
export const STAFF_DEACTIVATION_REASON = 'deactivated staff account';

export const adminUserUpdateSchema = z
  .object({
    loginBlocked: z.boolean(),
    loginBlockReason: z
      .string()
      .trim()
      .max(200)
      .refine((reason) => reason.toLowerCase() !== STAFF_DEACTIVATION_REASON, { error: 'console.reservedBlockReason' })
      .nullable()
      .optional(),
  })
  .refine((body) => !body.loginBlocked || (body.loginBlockReason ?? '').length > 0, {
    path: ['loginBlockReason'],
    error: 'validation.required',
  });
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const ADMIN_USER_SORT_FIELDS = ['id', 'email', 'username', 'createdAt'] as const;
export const adminUserFilterSchema = z.object({
  q: z.string().max(100).optional(),
  role: roleSchema.optional(),
  loginBlocked: z.boolean().optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});
export type AdminUserFilter = z.infer<typeof adminUserFilterSchema>;
