import { formatMonthDay } from '../format/date';
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

/**
 * A lottery event's YYYY-MM-DD day, month and day as the app writes them in the page's language (`11.26`, `Nov 26`,
 * `11/26`: web/src/shared/format/date.ts); every event date and period goes through this one.
 */
export const monthDay = (date: string): string => formatMonthDay(date);
