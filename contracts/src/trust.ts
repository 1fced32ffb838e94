import { z } from 'zod';
import { missionRejectionReasonSchema, missionStatusSchema } from './missions';

/*
 * Trust features: where a mission's coins are (the escrow timeline), how reliable a creator is, and
 * leaving the service.
 */

const instant = z.iso.datetime({ offset: true });

/**
 * One step of a mission's escrow timeline. REQUESTED, ACCEPTED, PERFORMED, REFUSED and DEADLINE come from the mission
 * (its workflow is the only writer of those dates); HELD, RELEASED and REFUNDED are ledger transactions. Listed in a
 * mission's order: steps at the same instant are shown in this order.
 */
export const ESCROW_STEP_KINDS = [
  'REQUESTED',
  'HELD',
  'ACCEPTED',
  'DEADLINE',
  'PERFORMED',
  'REFUSED',
  'RELEASED',
  'REFUNDED',
] as const;
export const escrowStepKindSchema = z.enum(ESCROW_STEP_KINDS);
export type EscrowStepKind = z.infer<typeof escrowStepKindSchema>;

export const escrowStepSchema = z
  .object({
    kind: escrowStepKindSchema,
    at: instant,
    /** Coins moved by the step's ledger transaction (HELD, RELEASED, REFUNDED), else null. */
    coins: z.number().int().nullable(),
    /** RELEASED: the creator's share of the released coins (the rest is the platform fee). */
    creatorCoins: z.number().int().nullable(),
    /** The ledger transaction behind a HELD, RELEASED or REFUNDED step. */
    transactionId: z.number().int().nullable(),
    /** REFUSED: why the mission ended; DEADLINE: which deadline (DECISION or PERFORM). */
    reason: z.string().nullable(),
  })
  .meta({ id: 'EscrowStep' });
export type EscrowStep = z.infer<typeof escrowStepSchema>;

export const ESCROW_STATES = ['NOT_HELD', 'HELD', 'RELEASED', 'REFUNDED'] as const;
export const escrowStateSchema = z.enum(ESCROW_STATES);
export type EscrowState = z.infer<typeof escrowStateSchema>;

export const missionEscrowSchema = z
  .object({
    missionId: z.number().int(),
    status: missionStatusSchema,
    rejectionReason: missionRejectionReasonSchema.nullable(),
    /** Where the coins are now: still held, released to the creator, refunded to the requester. */
    state: escrowStateSchema,
    /** Coins the escrow holds now (the escrow account's balance). */
    heldCoins: z.number().int(),
    /** The open deadline (the creator's decision on a CUSTOM request, or the perform), null once the mission ended. */
    deadline: z.object({ kind: z.enum(['DECISION', 'PERFORM']), dueAt: instant }).nullable(),
    /** Server time of the answer, for the countdown. */
    now: instant,
    /** Oldest first. */
    steps: z.array(escrowStepSchema),
  })
  .meta({ id: 'MissionEscrow' });
export type MissionEscrow = z.infer<typeof missionEscrowSchema>;

/**
 * `DELETE /users/me`: a fan leaves the service. `password` confirms it for an account that has one (a social account
 * has none). `forfeitCoins` must be true while coins remain in the wallet: the screen shows the refund options first.
 */
export const accountDeletionRequestSchema = z
  .strictObject({
    password: z.string().max(100).optional(),
    forfeitCoins: z.boolean().optional(),
  })
  .meta({ id: 'AccountDeletionRequest' });
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

export const accountDeletionResponseSchema = z
  .object({
    /** The account's id, which now names nobody: the ledger keeps its history under it. */
    id: z.number().int(),
    deletedAt: instant,
    /** Coins forfeited from the wallet (0 when it was empty). */
    forfeitedCoins: z.number().int(),
  })
  .meta({ id: 'AccountDeletionResponse' });
export type AccountDeletionResponse = z.infer<typeof accountDeletionResponseSchema>;

/** Creator reliability: the window and the least number of due missions before the figures are shown. */
export const RELIABILITY = { windowDays: 90, minimumMissions: 5, maxCreatorsPerRequest: 50 } as const;

/** `GET /creators/reliability?ids=1,2,3`: one or several comma-joined creator ids. */
export const creatorReliabilityQuerySchema = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')))
    .transform((parts) => parts.map((part) => part.trim()).filter((part) => part !== ''))
    .pipe(
      z
        .array(
          z.coerce
            .number<string>({ error: 'validation.numeric' })
            .int({ error: 'validation.numeric' })
            .positive({ error: 'validation.numeric' }),
        )
        .min(1, { error: 'validation.required' })
        .max(RELIABILITY.maxCreatorsPerRequest, { error: 'validation.range' }),
    ),
});
export type CreatorReliabilityQuery = z.infer<typeof creatorReliabilityQuerySchema>;

export const creatorReliabilitySchema = z
  .object({
    creatorId: z.number().int(),
    /** Missions that fell due in the last 90 days: performed, or expired at the decision or perform deadline. */
    dueCount: z.number().int(),
    /** Performed within the deadline ÷ due, 0..1; null below 5 due missions (too few to say). */
    onTimeRate: z.number().min(0).max(1).nullable(),
    /** Median time from acceptance to performance, in hours; null below 5 due missions or with none performed. */
    medianPerformHours: z.number().nonnegative().nullable(),
  })
  .meta({ id: 'CreatorReliability' });
export type CreatorReliability = z.infer<typeof creatorReliabilitySchema>;
export const creatorReliabilityListSchema = z.array(creatorReliabilitySchema);

/** Operating policy: a blocked member or creator may object within 30 days of the block. */
export const BLOCK_OBJECTION = { withinDays: 30, reasonMaxLength: 1000 } as const;
export const BLOCK_OBJECTION_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export const blockObjectionStatusSchema = z.enum(BLOCK_OBJECTION_STATUSES);

const objectionText = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(BLOCK_OBJECTION.reasonMaxLength, { error: 'validation.range' });

/**
 * `POST /block-objections`: a blocked account cannot log in, so it proves who it is with its e-mail and password in
 * the same request (rate limited like the login), and states why the block is wrong.
 */
export const blockObjectionRequestSchema = z
  .strictObject({
    email: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(254),
    password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(100),
    reason: objectionText,
  })
  .meta({ id: 'BlockObjectionRequest' });
export type BlockObjectionRequest = z.infer<typeof blockObjectionRequestSchema>;

export const blockObjectionReceiptSchema = z
  .object({
    id: z.number().int(),
    status: blockObjectionStatusSchema,
    created: instant,
    blockedAt: instant,
  })
  .meta({ id: 'BlockObjectionReceipt' });
export type BlockObjectionReceipt = z.infer<typeof blockObjectionReceiptSchema>;

/** The blocked account's own e-mail and password: enough to be told why and since when it is blocked. */
export const blockLookupRequestSchema = blockObjectionRequestSchema.pick({ email: true, password: true }).meta({
  id: 'BlockLookupRequest',
});
export type BlockLookupRequest = z.infer<typeof blockLookupRequestSchema>;

/** Why and since when an account's login is blocked, and until when it may object (once per block). */
export const blockLookupSchema = z
  .object({
    blockedAt: instant,
    /** The operator's reason as he wrote it when blocking (null for blocks from before reasons were recorded). */
    reason: z.string().nullable(),
    objectableUntil: instant,
    /** This block already has an objection (no second one). */
    objected: z.boolean(),
  })
  .meta({ id: 'BlockLookup' });
export type BlockLookup = z.infer<typeof blockLookupSchema>;

/** An objection as operators see it in the console. */
export const ADMIN_BLOCK_OBJECTION_SORT_FIELDS = ['id', 'created', 'status'] as const;

export const adminBlockObjectionSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    creatorId: z.number().int().nullable(),
    blockedAt: instant,
    blockReason: z.string().nullable(),
    reason: z.string(),
    status: blockObjectionStatusSchema,
    created: instant,
    decidedAt: instant.nullable(),
    decidedBy: z.number().int().nullable(),
    decisionNote: z.string().nullable(),
    /** Whether the account is still blocked now. */
    stillBlocked: z.boolean(),
  })
  .meta({ id: 'AdminBlockObjection' });
export type AdminBlockObjection = z.infer<typeof adminBlockObjectionSchema>;

/** `PUT /api/admin/block-objections/{id}`: ACCEPTED ends the block, REJECTED keeps it; a note is required to reject. */
export const decideBlockObjectionSchema = z
  .object({
    status: z.enum(['ACCEPTED', 'REJECTED'], { error: 'validation.required' }),
    decisionNote: z.string().trim().max(BLOCK_OBJECTION.reasonMaxLength, { error: 'validation.range' }).nullish(),
  })
  .loose()
  .meta({ id: 'DecideBlockObjection' });
export type DecideBlockObjection = z.infer<typeof decideBlockObjectionSchema>;
