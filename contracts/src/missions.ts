import { z } from 'zod';

export const MISSION_TYPES = ['BASIC', 'LUCKY', 'CUSTOM'] as const;
export const missionTypeSchema = z.enum(MISSION_TYPES);
export type MissionType = z.infer<typeof missionTypeSchema>;

/** Product types: the three mission types plus the lottery (draw) event. */
export const PRODUCT_TYPES = [...MISSION_TYPES, 'EVENT'] as const;
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof productTypeSchema>;

export const MISSION_STATUSES = ['CREATED', 'REQUESTED', 'ACCEPTED', 'COMPLETED', 'REJECTED', 'TRANSCODING'] as const;
export const missionStatusSchema = z.enum(MISSION_STATUSES);
export type MissionStatus = z.infer<typeof missionStatusSchema>;

/** Status filters the client sends for its mission lists. */
export const MISSION_LIST_STATUSES = {
  completed: ['COMPLETED'],
  /** A fan's requests waiting for the creator's decision, and his lottery applications waiting for the draw. */
  pending: ['REQUESTED'],
  reserved: ['ACCEPTED'],
  rejected: ['REJECTED'],
  liked: ['COMPLETED', 'REQUESTED', 'ACCEPTED', 'REJECTED'],
  customPending: ['REQUESTED'],
  customAccepted: ['ACCEPTED'],
  eventWinnersDrawn: ['ACCEPTED', 'COMPLETED', 'TRANSCODING'],
  eventWinnersClosed: ['COMPLETED'],
} as const satisfies Record<string, readonly MissionStatus[]>;

/** `NOW_DRAWING` and the `CANCELLED` spelling appear only in labels; the server speaks `DRAWING` and `CANCELED`. */
export const EVENT_STATUSES = ['CREATED', 'APPLYING', 'DRAWING', 'DRAWN', 'CLOSED', 'CANCELED'] as const;
export const eventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const DRAW_PICK_ACTIONS = ['PICK', 'CANCEL'] as const;
export type DrawPickAction = (typeof DRAW_PICK_ACTIONS)[number];

export const MISSION_SORT_ORDERS = ['CREATED', 'COMPLETED', 'COIN_PRICE'] as const;
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export const sortDirectionSchema = z.enum(SORT_DIRECTIONS);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

/** Mission management list types in `/mission-management/list/{type}`. */
export const MISSION_MANAGEMENT_LIST_TYPES = ['normal', 'lucky', 'custom', 'complete', 'reject'] as const;

export const MEDIA_KINDS = ['video', 'picture', 'voice'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Why a mission ended REJECTED: the creator refused, the 30-day decision or 10-day perform deadline passed, cancelled. */
/** NOT_WON: a lottery event application that was not drawn. */
export const MISSION_REJECTION_REASONS = [
  'REFUSED',
  'DECISION_EXPIRED',
  'PERFORM_EXPIRED',
  'CANCELED',
  'NOT_WON',
] as const;
export const missionRejectionReasonSchema = z.enum(MISSION_REJECTION_REASONS);
export type MissionRejectionReason = z.infer<typeof missionRejectionReasonSchema>;
