import { z } from 'zod';
import { missionRejectionReasonSchema } from './missions';

/**
 * Domain events: written to the outbox in the same DB transaction as the change they describe, published to Kafka
 * (topic per aggregate type, key = aggregate id) and consumed idempotently by event id. A payload schema changes only
 * by adding optional fields; anything else is a new schema version.
 */
export const EVENT_SCHEMA_VERSION = 1;

export const AGGREGATE_TYPES = ['ledger', 'creator', 'mission', 'payment', 'member'] as const;
export const aggregateTypeSchema = z.enum(AGGREGATE_TYPES);
export type AggregateType = z.infer<typeof aggregateTypeSchema>;

/** The Kafka topic of an aggregate type, e.g. `fanmission.ledger.v1`. */
export const topicFor = (aggregateType: AggregateType): string =>
  `fanmission.${aggregateType}.v${EVENT_SCHEMA_VERSION}`;

const id = z.number().int().positive();
const isoDate = z.iso.datetime({ offset: true });

const missionParties = { missionId: id, creatorId: id, userId: id };

/** Payload schema and aggregate type of every event type. */
export const domainEventDefinitions = {
  /** Every ledger transaction (purchase, hold, release, refund, roll, expiry, withdrawal, payout, …). */
  'ledger.transaction.appended': {
    aggregateType: 'ledger',
    payload: z.object({
      transactionId: id,
      transactionType: z.string(),
      idempotencyKey: z.string(),
      occurredAt: isoDate,
      postings: z.array(z.object({ account: z.string(), amount: z.number().int() })).min(2),
      metadata: z.record(z.string(), z.unknown()),
    }),
  },
  'creator.followed': { aggregateType: 'creator', payload: z.object({ creatorId: id, userId: id }) },
  'creator.unfollowed': { aggregateType: 'creator', payload: z.object({ creatorId: id, userId: id }) },
  /** An operator approved or rejected a creator; the reason is the rejection's. */
  'creator.reviewed': {
    aggregateType: 'creator',
    payload: z.object({
      creatorId: id,
      userId: id,
      operatorId: id,
      reviewStatus: z.enum(['APPROVED', 'REJECTED']),
      reason: z.string().nullable(),
    }),
  },
  /** An operator set or cleared a creator's adult flag, or decided his request to clear it, with a reason. */
  'creator.adult-flag-decided': {
    aggregateType: 'creator',
    payload: z.object({
      creatorId: id,
      userId: id,
      operatorId: id,
      change: z.enum(['FLAGGED', 'CLEARED', 'CLEAR_ACCEPTED', 'CLEAR_DECLINED']),
      reason: z.string(),
    }),
  },
  /**
   * A creator's payout account changed (by himself or by finance): the change is row `changeId` of
   * payout_account_changes; the creator is mailed.
   */
  'creator.payout-account-changed': {
    aggregateType: 'creator',
    payload: z.object({ creatorId: id, userId: id, actorId: id, changeId: id }),
  },
  /**
   * A member asked to charge coins by bank deposit: row `bankTransferId` of bank_transfers, which holds the account,
   * amount and deadline he was given; he is mailed them.
   */
  /**
   * The bank's result of a creator's statement in a transfer batch: PAID (the transfer's date, the bank, the last four
   * digits of the account, the won) or FAILED (with the bank's reason); the creator is told and mailed.
   */
  'creator.settlement-transfer-settled': {
    aggregateType: 'creator',
    payload: z.object({
      creatorId: id,
      userId: id,
      statementId: id,
      result: z.enum(['PAID', 'FAILED']),
      transferDate: z.string(),
      bankName: z.string(),
      accountLast4: z.string(),
      amount: z.number().int(),
      reason: z.string().nullable(),
    }),
  },
  /**
   * An operator decided a blocked member's objection to his login block: ACCEPTED (the block ended; also when an
   * unblock settled it) or REJECTED (it stays), with the operator's words; the member is told and mailed.
   */
  'member.block-objection-decided': {
    aggregateType: 'member',
    payload: z.object({
      userId: id,
      objectionId: id,
      operatorId: id,
      decision: z.enum(['ACCEPTED', 'REJECTED']),
      note: z.string().nullable(),
    }),
  },
  'payment.bank-transfer-requested': {
    aggregateType: 'payment',
    payload: z.object({ bankTransferId: id, userId: id }),
  },
  'creator.penalized': {
    aggregateType: 'creator',
    payload: z.object({ creatorId: id, missionId: id, level: z.number().int().min(1) }),
  },
  /** A fan requested a BASIC or CUSTOM mission (or won a LUCKY one): to the creator. */
  'mission.requested': {
    aggregateType: 'mission',
    payload: z.object({
      ...missionParties,
      productId: id,
      productType: z.string(),
      productName: z.string(),
      coinPrice: z.number().int().nonnegative(),
      status: z.string(),
    }),
  },
  'mission.rolled': {
    aggregateType: 'mission',
    payload: z.object({
      ...missionParties,
      productName: z.string(),
      coins: z.number().int().positive(),
      success: z.boolean(),
    }),
  },
  'mission.accepted': {
    aggregateType: 'mission',
    payload: z.object({
      ...missionParties,
      productName: z.string(),
      performDueAt: isoDate,
      /** The creator's message with the acceptance (absent from events written before it was carried). */
      feedback: z.string().nullable().optional(),
    }),
  },
  'mission.completed': {
    aggregateType: 'mission',
    payload: z.object({
      ...missionParties,
      productName: z.string(),
      productType: z.string(),
      coins: z.number().int().nonnegative(),
      completedAt: isoDate,
      /** Performed before the 10-day deadline (always true today: a late perform is refused). */
      onTime: z.boolean(),
    }),
  },
  /** Refused by the creator, a deadline passed, or cancelled; the coins went back to the fan. */
  'mission.rejected': {
    aggregateType: 'mission',
    payload: z.object({
      ...missionParties,
      productName: z.string(),
      reason: missionRejectionReasonSchema,
      feedback: z.string().nullable(),
      refundedCoins: z.number().int().nonnegative(),
    }),
  },
  /**
   * A deadline the creator's mission waits on is near (a custom request's decision, a performance, a lottery prize):
   * `beforeMs` before `dueAt`, one event per mission, deadline and reminder.
   */
  'mission.deadline-approaching': {
    aggregateType: 'mission',
    payload: z.object({
      ...missionParties,
      productName: z.string(),
      deadline: z.enum(['DECISION', 'PERFORM', 'PRIZE']),
      dueAt: isoDate,
      beforeMs: z.number().int().positive(),
    }),
  },
  /** A day after its completion, the requester has not reviewed the mission yet: one reminder per mission. */
  'mission.review-reminder': {
    aggregateType: 'mission',
    payload: z.object({ ...missionParties, productName: z.string() }),
  },
  /** A fan applied to a lottery event (the application is a mission of the EVENT product): to the fan. */
  'event.applied': {
    aggregateType: 'mission',
    payload: z.object({ ...missionParties, productId: id, title: z.string() }),
  },
  /** The draw is announced: one per applicant, won or not. */
  'event.drawn': {
    aggregateType: 'mission',
    payload: z.object({
      ...missionParties,
      productId: id,
      title: z.string(),
      won: z.boolean(),
      automatic: z.boolean(),
      prizeDueAt: isoDate,
    }),
  },
  /** The event was cancelled: one per applicant whose application was still open. */
  'event.canceled': {
    aggregateType: 'mission',
    payload: z.object({ ...missionParties, productId: id, title: z.string() }),
  },
  'mission.liked': { aggregateType: 'mission', payload: z.object(missionParties) },
  'mission.unliked': { aggregateType: 'mission', payload: z.object(missionParties) },
  /** A comment on a mission (userId: the mission's requester); a reply names the parent comment's author. */
  'mission.commented': {
    aggregateType: 'mission',
    payload: z.object({
      ...missionParties,
      commentId: id,
      authorId: id,
      parentCommentId: id.nullable(),
      parentAuthorId: id.nullable(),
      excerpt: z.string(),
    }),
  },
  /** An operator decided on a reported comment: the reports waiting on it upheld (hidden) or dismissed. */
  'mission.comment-reports-decided': {
    aggregateType: 'mission',
    payload: z.object({
      missionId: id,
      commentId: id,
      outcome: z.enum(['UPHELD', 'DISMISSED']),
      reporterIds: z.array(id).min(1),
    }),
  },
} as const satisfies Record<string, { aggregateType: AggregateType; payload: z.ZodType }>;

export type DomainEventType = keyof typeof domainEventDefinitions;
export const DOMAIN_EVENT_TYPES = Object.keys(domainEventDefinitions) as DomainEventType[];
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof domainEventDefinitions)[T]['payload']>;

/** An event as stored in the outbox and carried on the wire. */
export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  /** UUID, also the Kafka `event-id` header; consumers deduplicate on it. */
  id: string;
  type: T;
  aggregateType: AggregateType;
  aggregateId: string;
  payload: DomainEventPayload<T>;
  occurredAt: string;
  schemaVersion: number;
  /** The W3C traceparent of the request or job that recorded it, while tracing is on: its effects join that trace. */
  traceParent?: string;
}

/** Validates a payload against its event type's schema (throws a ZodError). */
export function parseEventPayload<T extends DomainEventType>(type: T, payload: unknown): DomainEventPayload<T> {
  return domainEventDefinitions[type].payload.parse(payload) as DomainEventPayload<T>;
}
