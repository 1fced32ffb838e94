// When the creator is reminded of a deadline his mission is waiting on, as the time left before it, earliest first:
// a custom request's 30-day decision, an accepted mission's 10-day performance, a lottery prize's week. Pure
// constants, so the workflow and the services share them.
import { DAY_MS } from '@fanmission/contracts/time';

const HOUR_MS = DAY_MS / 24;

export const DEADLINE_REMINDERS = {
  DECISION: [7 * DAY_MS, DAY_MS],
  PERFORM: [3 * DAY_MS, DAY_MS, 2 * HOUR_MS],
  PRIZE: [2 * DAY_MS, DAY_MS],
} as const satisfies Record<string, readonly number[]>;

export type ReminderDeadline = keyof typeof DEADLINE_REMINDERS;

/** Marks the workflow code that reminds of deadlines: histories from before it replay without reminders. */
export const DEADLINE_REMINDERS_PATCH = 'deadline-reminders';
