/**
 * Why the event workflow refuses an action (the ApplicationFailure type of a rejected Update). The API answers each
 * with a localized message; the English texts are for logs and the Temporal UI.
 */
export const EVENT_ACTION_REFUSALS = {
  NOT_EDITABLE: 'the event can be edited only before applications open',
  NOT_DRAWING: 'the event is not being drawn',
  DRAW_DEADLINE_PASSED: 'the 14 days to finish the draw have passed',
  DRAW_COUNT_EXCEEDED: 'cannot add more; draw count exceeded',
  NOT_AN_APPLICANT: 'this application is not one of the event’s entries',
  // No longer answered (a pick or an undo already as asked is the same success); kept for histories recorded before.
  ALREADY_PICKED: 'this applicant is already picked',
  NOT_PICKED: 'this applicant is not picked',
  DRAW_ALL_DONE: 'the draw is all done',
  NOT_DRAWABLE: 'the draw is not complete yet',
  NOT_CANCELABLE: 'a closed or cancelled event cannot be cancelled',
  BUSY: 'the event is changing state; try again',
  NOT_A_WINNER: 'this application did not win',
  ALREADY_PERFORMED: 'this prize has already been delivered',
  PRIZE_DEADLINE_PASSED: 'the week to deliver this prize has passed',
} as const;

export type EventActionRefusal = keyof typeof EVENT_ACTION_REFUSALS;

export const isEventActionRefusal = (type: unknown): type is EventActionRefusal =>
  typeof type === 'string' && Object.hasOwn(EVENT_ACTION_REFUSALS, type);
