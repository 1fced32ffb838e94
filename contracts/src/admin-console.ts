import { z } from 'zod';
import { coinItemTypeSchema } from './coins';
import { eventsHealthSchema } from './health';
import { missionRejectionReasonSchema, missionStatusSchema, productTypeSchema } from './missions';
import { roleSchema } from './roles';

/*
 * The operator and finance console's own resources (issue 19), in the ra-data-simple-rest dialect of `/api/admin`.
 * Moderation is for ROLE_OPERATOR, money decisions for ROLE_FINANCE (see `ADMIN_WRITE_POLICY`).
 */

/** The two console roles. */
export const STAFF_ROLES = ['ROLE_OPERATOR', 'ROLE_FINANCE'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/**
 * Who may write to each admin resource (reads are open to both console roles). A resource not listed accepts
 * writes from either role, and its routes narrow further themselves.
 */
export const ADMIN_WRITE_POLICY: Record<string, StaffRole> = {
  // Moderation and content: operators.
  users: 'ROLE_OPERATOR',
  missions: 'ROLE_OPERATOR',
  'mission-products': 'ROLE_OPERATOR',
  creators: 'ROLE_OPERATOR',
  'grade-proposals': 'ROLE_OPERATOR',
  'creator-penalties': 'ROLE_OPERATOR',
  'mission-comments': 'ROLE_OPERATOR',
  'comment-restrictions': 'ROLE_OPERATOR',
  faqs: 'ROLE_OPERATOR',
  popups: 'ROLE_OPERATOR',
  tags: 'ROLE_OPERATOR',
  'block-objections': 'ROLE_OPERATOR',
  // Money decisions: finance.
  'bank-transfers': 'ROLE_FINANCE',
  'coin-refunds': 'ROLE_FINANCE',
  'coin-items': 'ROLE_FINANCE',
  settlements: 'ROLE_FINANCE',
  'settlement-runs': 'ROLE_FINANCE',
  'creator-payout-accounts': 'ROLE_FINANCE',
};

const limitedText = (max: number) => z.string().trim().min(1, { error: 'validation.required' }).max(max);
const isoDateTime = z.iso.datetime({ offset: true });

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

export const adminUserUpdateSchema = z
  .object({
    loginBlocked: z.boolean(),
    loginBlockReason: z.string().trim().max(200).nullable().optional(),
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

// ----- missions -----

const mediaSchema = z.object({ url: z.string(), contentType: z.string().nullable() }).nullable();

export const adminMissionSchema = z
  .object({
    id: z.number().int(),
    status: missionStatusSchema,
    type: productTypeSchema,
    productId: z.number().int(),
    productName: z.string(),
    creatorId: z.number().int(),
    creatorName: z.string(),
    userId: z.number().int(),
    username: z.string(),
    coinPrice: z.number().int(),
    private: z.boolean(),
    requestComment: z.string().nullable(),
    responseComment: z.string().nullable(),
    rejectionReason: missionRejectionReasonSchema.nullable(),
    createdAt: isoDateTime,
    requestedAt: isoDateTime.nullable(),
    performDueAt: isoDateTime.nullable(),
    completedAt: isoDateTime.nullable(),
    contentBlocked: z.boolean(),
    contentBlockedAt: isoDateTime.nullable(),
    contentBlockReason: z.string().nullable(),
    /** Coins the mission's escrow account holds now. */
    escrowCoins: z.number().int(),
    media: z.object({ video: mediaSchema, picture: mediaSchema, voice: mediaSchema, thumbnail: mediaSchema }),
  })
  .meta({ id: 'AdminMission' });
export type AdminMission = z.infer<typeof adminMissionSchema>;

export const adminMissionUpdateSchema = z
  .object({
    contentBlocked: z.boolean(),
    contentBlockReason: z.string().trim().max(200).nullable().optional(),
  })
  .refine((body) => !body.contentBlocked || (body.contentBlockReason ?? '').length > 0, {
    path: ['contentBlockReason'],
    error: 'validation.required',
  });
export type AdminMissionUpdate = z.infer<typeof adminMissionUpdateSchema>;

export const ADMIN_MISSION_SORT_FIELDS = ['id', 'createdAt', 'coinPrice'] as const;
export const adminMissionFilterSchema = z.object({
  status: z.union([missionStatusSchema, z.array(missionStatusSchema)]).optional(),
  creatorId: z.number().int().optional(),
  userId: z.number().int().optional(),
  contentBlocked: z.boolean().optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});

// ----- mission products -----

export const adminMissionProductSchema = z
  .object({
    id: z.number().int(),
    creatorId: z.number().int(),
    creatorName: z.string(),
    type: productTypeSchema,
    name: z.string(),
    coinPrice: z.number().int().nullable(),
    active: z.boolean(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AdminMissionProduct' });
export type AdminMissionProduct = z.infer<typeof adminMissionProductSchema>;

export const adminMissionProductUpdateSchema = z.object({ active: z.boolean() });

export const ADMIN_MISSION_PRODUCT_SORT_FIELDS = ['id', 'createdAt', 'coinPrice'] as const;
export const adminMissionProductFilterSchema = z.object({
  creatorId: z.number().int().optional(),
  type: productTypeSchema.optional(),
  active: z.boolean().optional(),
  q: z.string().max(100).optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});

// ----- coin items -----

export const adminCoinItemSchema = z
  .object({
    id: z.number().int(),
    itemType: coinItemTypeSchema,
    name: z.string(),
    /** Coins. */
    point: z.number().int(),
    /** KRW. */
    price: z.number().int(),
    usdPrice: z.number(),
    active: z.boolean(),
    sortOrder: z.number().int(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AdminCoinItem' });
export type AdminCoinItem = z.infer<typeof adminCoinItemSchema>;

export const adminCoinItemInputSchema = z.object({
  itemType: coinItemTypeSchema,
  name: limitedText(50),
  point: z.number().int().min(1).max(1_000_000),
  price: z.number().int().min(0).max(100_000_000),
  usdPrice: z.number().min(0).max(100_000).multipleOf(0.01),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type AdminCoinItemInput = z.infer<typeof adminCoinItemInputSchema>;

export const ADMIN_COIN_ITEM_SORT_FIELDS = ['id', 'sortOrder', 'price', 'point'] as const;
export const adminCoinItemFilterSchema = z.object({
  itemType: coinItemTypeSchema.optional(),
  active: z.boolean().optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});

// ----- tags -----

export const adminTagSchema = z
  .object({ id: z.number().int(), name: z.string(), creators: z.number().int(), createdAt: isoDateTime })
  .meta({ id: 'AdminTag' });
export type AdminTag = z.infer<typeof adminTagSchema>;
export const adminTagInputSchema = z.object({ name: limitedText(30) });
export const ADMIN_TAG_SORT_FIELDS = ['id', 'name'] as const;
export const adminTagFilterSchema = z.object({
  q: z.string().max(100).optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});

// ----- ledger verify runs -----

export const LEDGER_VERIFY_RUN_STATUSES = ['RUNNING', 'DONE', 'FAILED'] as const;
export const ledgerVerifyRunSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(LEDGER_VERIFY_RUN_STATUSES),
    startedBy: z.number().int().nullable(),
    startedAt: isoDateTime,
    finishedAt: isoDateTime.nullable(),
    doneTransactions: z.number().int(),
    totalTransactions: z.number().int(),
    ok: z.boolean().nullable(),
    report: z
      .object({
        transactions: z.number().int(),
        postings: z.number().int(),
        accounts: z.number().int(),
        lots: z.number().int(),
        /** The first differences found (at most 100), and how many there were. */
        differences: z.array(z.record(z.string(), z.unknown())),
        differenceCount: z.number().int(),
      })
      .nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'LedgerVerifyRun' });
export type LedgerVerifyRun = z.infer<typeof ledgerVerifyRunSchema>;
export const LEDGER_VERIFY_RUN_SORT_FIELDS = ['id'] as const;

// ----- dashboard -----

export const dashboardQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(92).default(30),
});

export const adminDashboardSchema = z
  .object({
    /** Korea-time days, oldest first, from..to inclusive. */
    from: z.string(),
    to: z.string(),
    coinSalesPerDay: z.array(
      z.object({
        day: z.string(),
        won: z.number().int(),
        /** Won by payment method: kakaopay, card, paypal, bank. */
        byMethod: z.record(z.string(), z.number().int()),
      }),
    ),
    salesByMethod: z.array(z.object({ method: z.string(), won: z.number().int(), count: z.number().int() })),
    missionsPerDay: z.array(
      z.object({
        day: z.string(),
        requested: z.number().int(),
        completed: z.number().int(),
        expired: z.number().int(),
      }),
    ),
    /** Completed ÷ (completed + perform-expired) over the window; null when neither happened. */
    onTimeRate: z.number().nullable(),
    escrowCoins: z.number().int(),
    /** Statement totals per month once settlements exist; empty until then. */
    settlementsPerMonth: z.array(z.object({ month: z.string(), won: z.number().int(), paidWon: z.number().int() })),
    events: eventsHealthSchema,
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// ----- ledger account summary -----

export const adminLedgerAccountSchema = z
  .object({
    account: z.string(),
    /** Null when the account has never been posted to. */
    kind: z.string().nullable(),
    balance: z.number().int(),
    /** Wallets only: coin lots, newest first (at most 100). */
    lots: z.array(
      z.object({
        id: z.number().int(),
        source: z.string(),
        amount: z.number().int(),
        remaining: z.number().int(),
        expiresAt: isoDateTime,
        createdAt: isoDateTime,
      }),
    ),
  })
  .meta({ id: 'AdminLedgerAccount' });
export type AdminLedgerAccount = z.infer<typeof adminLedgerAccountSchema>;
