import type { LotteryEvent } from '@fanmission/contracts';

/** The badge of an event: its status, APPLIED while applying when the caller has applied. */
export type EventBadge = LotteryEvent['status'] | 'APPLIED';

export const eventBadge = (event: Pick<LotteryEvent, 'status' | 'applied'>): EventBadge =>
  event.status === 'APPLYING' && event.applied ? 'APPLIED' : event.status;

/** Theme colours of the badges (no fixed colours: the theme decides). */
export const BADGE_COLOR = {
  CREATED: 'default',
  APPLYING: 'primary',
  APPLIED: 'success',
  DRAWING: 'warning',
  DRAWN: 'secondary',
  CLOSED: 'default',
  CANCELED: 'error',
} as const satisfies Record<EventBadge, 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error'>;

/** A YYYY-MM-DD day as MM/DD: the one date format of lottery events' dates, as the product's events show them. */
export const monthDay = (date: string): string => `${date.slice(5, 7)}/${date.slice(8, 10)}`;
