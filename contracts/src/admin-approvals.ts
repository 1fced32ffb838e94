import { z } from 'zod';
import { isoDateTime, limitedText } from './admin-fields';
import { staffRoleSchema } from './admin-console';

/*
 * Staff approvals (`/api/admin/approvals`): the maker-checker rule of every staff action that moves money or changes
 * where money goes. The maker's route answers 202 with a request (a frozen copy of what will run, a reason, an
 * expiry); another staff member holding the action's role approves it (it then runs once, in the approval's
 * transaction) or refuses it with a note. The maker never approves his own request.
 */

/** The guarded actions. */
export const APPROVAL_KINDS = [
  'BONUS_GRANT',
  'BONUS_COIN_ITEM',
  'CASH_COIN_ITEM',
  'BANK_DEPOSIT_CONFIRM',
  'CREATOR_GRADE_CHANGE',
  'CREATOR_BUSINESS_VERIFICATION',
  'CREATOR_PENALTY_LIFT',
  'GRADE_PROPOSAL_OVERRIDE',
  'PAYOUT_ACCOUNT_CHANGE',
  'STATEMENT_RELEASE',
  'STATEMENT_APPROVE',
  'STATEMENT_PAY',
  'STATEMENT_BATCH_APPROVE',
  'STATEMENT_BATCH_PAY',
  'SETTLEMENT_TRANSFER_RELEASE',
  'PAYMENT_CANCEL',
  'MANUAL_REFUND',
  'PROVIDER_REFUND',
  'STAFF_INVITATION',
  'STAFF_ROLE_GRANT',
  'STAFF_ROLE_REMOVAL',
  'STAFF_DEACTIVATION',
  'STAFF_REACTIVATION',
] as const;
export const approvalKindSchema = z.enum(APPROVAL_KINDS);
export type ApprovalKind = z.infer<typeof approvalKindSchema>;

/** The kinds that change who holds console access (the staff screen lists their pending requests). */
export const STAFF_APPROVAL_KINDS = [
  'STAFF_INVITATION',
  'STAFF_ROLE_GRANT',
  'STAFF_ROLE_REMOVAL',
  'STAFF_DEACTIVATION',
  'STAFF_REACTIVATION',
] as const satisfies readonly ApprovalKind[];

/**
 * The values a request's one-line summary is worded from, per kind: the console words the line in its own language
 * (`console.approvals.summaries.<kind>`), so a request stores no text of it. `roles` is a comma-separated list of
 * role codes.
 */
export const APPROVAL_SUMMARY_FIELDS = {
  BONUS_GRANT: ['members', 'coinsEach', 'coins', 'item'],
  BONUS_COIN_ITEM: ['name', 'coins'],
  CASH_COIN_ITEM: ['name', 'coins', 'price', 'discount'],
  /** What the receiving account's bank statement must show: who paid, how much, from when on (the request's time). */
  BANK_DEPOSIT_CONFIRM: ['bankTransferId', 'depositorName', 'amount', 'requestedAt'],
  CREATOR_GRADE_CHANGE: ['creatorId', 'from', 'to'],
  /** The registration the registry answered for the number he declared: what removes his withholding. */
  CREATOR_BUSINESS_VERIFICATION: ['creatorId', 'businessType', 'registrationNumber', 'registeredName'],
  CREATOR_PENALTY_LIFT: ['penaltyId', 'creatorId', 'gradeBack'],
  GRADE_PROPOSAL_OVERRIDE: ['proposalId', 'creatorId', 'proposed', 'chosen'],
  PAYOUT_ACCOUNT_CHANGE: ['creatorId', 'bank', 'account', 'holder'],
  STATEMENT_RELEASE: ['statementId'],
  STATEMENT_APPROVE: ['statementId'],
  STATEMENT_PAY: ['statementId', 'transferReference', 'transferDate'],
  /** A batch of a month's statements: how many, the won to transfer and the tax withheld (the params list each). */
  STATEMENT_BATCH_APPROVE: ['year', 'month', 'count', 'toReceipt', 'withheld'],
  STATEMENT_BATCH_PAY: ['year', 'month', 'count', 'toReceipt', 'withheld', 'transferReference', 'transferDate'],
  /** A bank transfer batch's release: its number, month, count, won and the SHA-256 of its file. */
  SETTLEMENT_TRANSFER_RELEASE: ['batchId', 'year', 'month', 'count', 'total', 'fileSha256'],
  PAYMENT_CANCEL: ['paymentId'],
  MANUAL_REFUND: ['refundId'],
  PROVIDER_REFUND: ['refundId'],
  STAFF_INVITATION: ['email', 'roles'],
  STAFF_ROLE_GRANT: ['staffId', 'roles'],
  STAFF_ROLE_REMOVAL: ['staffId', 'roles'],
  STAFF_DEACTIVATION: ['staffId'],
  STAFF_REACTIVATION: ['staffId'],
} as const satisfies Record<ApprovalKind, readonly string[]>;

/**
 * The summary fields that name a person (a payout account's holder, an invited member's e-mail): the legal retention's
 * erasure of the audit log blanks them (services/src/retention/legal.ts, migration 0421); a test holds it to this list.
 */
export const APPROVAL_SUMMARY_PERSONAL_FIELDS = [
  'holder',
  'email',
  'depositorName',
] as const satisfies readonly (typeof APPROVAL_SUMMARY_FIELDS)[ApprovalKind][number][];

/** The summary values of a kind (of each kind of a union, one of them). */
export type ApprovalSummary<Kind extends ApprovalKind = ApprovalKind> = Kind extends ApprovalKind
  ? Record<(typeof APPROVAL_SUMMARY_FIELDS)[Kind][number], string | number>
  : never;

export const approvalSummarySchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .meta({ id: 'ApprovalSummary' });

/**
 * PENDING until decided; EXECUTED once approved and run; REFUSED by a checker (or withdrawn by its maker); VOIDED when
 * what it acts on changed after it was made; EXPIRED when approved after its expiry (nothing ran).
 */
export const APPROVAL_STATUSES = ['PENDING', 'EXECUTED', 'REFUSED', 'VOIDED', 'EXPIRED'] as const;
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

export const APPROVAL_STEPS = ['REQUESTED', 'APPROVED', 'EXECUTED', 'REFUSED', 'VOIDED', 'EXPIRED'] as const;

export const approvalStepSchema = z
  .object({
    step: z.enum(APPROVAL_STEPS),
    actorId: z.number().int().nullable(),
    /** The staff member's e-mail (null once his account is gone). */
    actorEmail: z.string().nullable(),
    note: z.string().nullable(),
    at: isoDateTime,
  })
  .meta({ id: 'ApprovalStep' });

/**
 * Who and what a money request acts on, read when one request is opened (not stored): the members (name and e-mail),
 * the won that leaves or the coins granted, where the money goes (the payment methods, or the bank, the account's last
 * digits and its holder), and the record to open. Refunds and free-coin grants have one; other kinds answer null.
 */
export const approvalSubjectSchema = z
  .object({
    members: z
      .array(z.object({ userId: z.number().int(), username: z.string(), email: z.string().nullable() }))
      .describe('The members it acts on (at most 20; `memberCount` says how many in all).'),
    memberCount: z.number().int(),
    amountWon: z.number().int().nullable().describe('The won that leaves (a refund); null for coins.'),
    coins: z.number().int().nullable().describe('The free coins granted in all (a grant); null for money.'),
    destination: z
      .object({
        kind: z.enum(['BANK_ACCOUNT', 'ORIGINAL_METHOD', 'SPLIT']),
        /** The payment methods the money goes back to (card, KakaoPay, PayPal…). */
        methods: z.array(z.string()),
        bankName: z.string().nullable(),
        /** The account's last four digits (`****1234`). */
        accountNumber: z.string().nullable(),
        accountHolder: z.string().nullable(),
      })
      .nullable(),
    record: z
      .object({ resource: z.enum(['coin-refunds', 'users']), id: z.number().int() })
      .nullable()
      .describe('The console record to open: the refund request, or the one member granted coins.'),
  })
  .meta({ id: 'ApprovalSubject' });
export type ApprovalSubject = z.infer<typeof approvalSubjectSchema>;

export const adminApprovalSchema = z
  .object({
    id: z.number().int(),
    kind: approvalKindSchema,
    status: approvalStatusSchema,
    /** The role a checker must hold. */
    role: staffRoleSchema,
    /** The values of the line saying what will run, by kind (`APPROVAL_SUMMARY_FIELDS`); the console words it. */
    summary: approvalSummarySchema,
    /** The frozen parameters: exactly what runs when approved. */
    params: z.record(z.string(), z.unknown()),
    /** The maker's own words; null when the action's form asks for none (its summary says what runs). */
    reason: z.string().nullable(),
    makerId: z.number().int(),
    makerEmail: z.string().nullable(),
    createdAt: isoDateTime,
    expiresAt: isoDateTime,
    decidedBy: z.number().int().nullable(),
    decidedByEmail: z.string().nullable(),
    decidedAt: isoDateTime.nullable(),
    decisionNote: z.string().nullable(),
    /** What the run answered (the grant, the account, the statement), once EXECUTED. */
    result: z.unknown().nullable(),
    history: z.array(approvalStepSchema),
    /** Only when one request is read (`GET /api/admin/approvals/{id}`): who and what it acts on. */
    subject: approvalSubjectSchema.nullable().optional(),
    /**
     * Only when an action is asked for (202): true when the identical request was already waiting (asked by anyone)
     * and is answered instead of a new one, false for a new request.
     */
    existing: z.boolean().optional(),
  })
  .meta({ id: 'AdminApproval' });
export type AdminApproval = z.infer<typeof adminApprovalSchema>;

/** One approval request as the page of what it acts on lists it: who asked, who decided, and how it ended. */
export const adminApprovalTraceSchema = z
  .object({
    id: z.number().int(),
    kind: approvalKindSchema,
    status: approvalStatusSchema,
    makerEmail: z.string().nullable(),
    createdAt: isoDateTime,
    reason: z.string().nullable(),
    deciderEmail: z.string().nullable(),
    decidedAt: isoDateTime.nullable(),
    decisionNote: z.string().nullable(),
  })
  .meta({ id: 'AdminApprovalTrace' });
export type AdminApprovalTrace = z.infer<typeof adminApprovalTraceSchema>;

export const ADMIN_APPROVAL_SORT_FIELDS = ['id'] as const;
export const adminApprovalFilterSchema = z.strictObject({
  id: z.union([z.number().int(), z.array(z.number().int()).max(500)]).optional(),
  /** `waiting`: pending requests of others the caller may approve; `mine`: the caller's own requests. */
  view: z.enum(['waiting', 'mine']).optional(),
  status: approvalStatusSchema.optional(),
  /** One kind, or any of several (the staff screen asks for `STAFF_APPROVAL_KINDS`). */
  kind: z.union([approvalKindSchema, z.array(approvalKindSchema).min(1).max(APPROVAL_KINDS.length)]).optional(),
});
export type AdminApprovalFilter = z.infer<typeof adminApprovalFilterSchema>;

/** `GET /api/admin/approvals/counts`: what the console's menu shows. */
export const adminApprovalCountsSchema = z
  .object({
    /** Pending, unexpired requests of others that the caller may approve. */
    waitingForMe: z.number().int(),
    /** The caller's own pending requests. */
    mine: z.number().int(),
  })
  .meta({ id: 'AdminApprovalCounts' });
export type AdminApprovalCounts = z.infer<typeof adminApprovalCountsSchema>;

/** `POST /api/admin/approvals/{id}/decision`: approve (an optional note) or refuse (a note). */
export const adminApprovalDecisionSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('approve'), note: z.string().trim().max(500).optional() }),
  z.strictObject({ decision: z.literal('refuse'), note: limitedText(500) }),
]);
export type AdminApprovalDecision = z.infer<typeof adminApprovalDecisionSchema>;

/*
 * A member's daily allowance: what one staff member may do alone in any 24 hours, counted per person in the database
 * (services/src/approvals/allowance.ts). An action that would take him past an allowance waits for a second member,
 * so splitting an amount below a threshold sends the rest for approval. Only what ran without a checker counts, and a
 * member shares his allowances with the members related to him (one made the other staff or approved it, lately).
 * - FREE_COINS: free coins granted (coins), up to BONUS_GRANT_APPROVAL_ABOVE_COINS;
 * - MONEY_OUT_WON: refunds marked paid, refunds through the providers and payment cancels (won), up to
 *   APPROVAL_ABOVE_WON;
 * - MONEY_IN_WON: bank deposits confirmed (won), up to BANK_DEPOSIT_APPROVAL_ABOVE_WON.
 */
export const STAFF_ALLOWANCES = ['FREE_COINS', 'MONEY_OUT_WON', 'MONEY_IN_WON'] as const;
export const staffAllowanceKindSchema = z.enum(STAFF_ALLOWANCES);
export type StaffAllowanceKind = z.infer<typeof staffAllowanceKindSchema>;

/** The period a member's allowance counts, in hours (a rolling window ending now). */
export const STAFF_ALLOWANCE_WINDOW_HOURS = 24;

/**
 * A bank deposit worth more than this (won), or one that would take the member's confirmations of the last 24 hours
 * past it, is confirmed only by a second finance member who checks the receiving account's statement: nobody alone
 * credits cash coins for money he says arrived.
 */
export const BANK_DEPOSIT_APPROVAL_ABOVE_WON = 10_000;

/** `GET /api/admin/approvals/allowance`: how much of his daily allowances the caller has used. */
export const adminStaffAllowanceSchema = z
  .object({
    windowHours: z.number().int(),
    allowances: z.array(
      z.object({
        allowance: staffAllowanceKindSchema,
        /** What the caller and the members related to him did alone in the window (coins for FREE_COINS, won else). */
        used: z.number().int(),
        limit: z.number().int(),
        remaining: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'AdminStaffAllowance' });
export type AdminStaffAllowance = z.infer<typeof adminStaffAllowanceSchema>;
