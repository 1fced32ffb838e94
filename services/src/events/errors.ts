import type { EventActionRefusal } from '@fanmission/workflows/events';
import { AppError, notFound } from '../http';
import type { MessageKey } from '../i18n';

// The refusals of lottery events and applications, each with its status, message key and code (`contracts`
// ERROR_CODES).

/** A creator has at most one lottery event not yet ended. */
export const existOngoingEvent = () =>
  new AppError(409, 'missionProducts.existOngoingEvent', { code: 'EXIST_ONGOING_EVENT' });
export const eventNotFound = () => notFound('missionProducts.notFound');
export const applicantNotFound = () => notFound('events.applicantNotFound');
export const cannotApplyToOwnEvent = () => new AppError(403, 'events.ownEvent', { code: 'OWN_EVENT' });
export const notApplying = () => new AppError(409, 'events.notApplying', { code: 'NOT_APPLYING' });
export const alreadyApplied = () => new AppError(409, 'events.alreadyApplied', { code: 'ALREADY_APPLIED' });

const REFUSAL_MESSAGES: Record<EventActionRefusal, { key: MessageKey; status: number }> = {
  NOT_EDITABLE: { key: 'events.notEditable', status: 409 },
  NOT_DRAWING: { key: 'events.notDrawing', status: 409 },
  DRAW_DEADLINE_PASSED: { key: 'events.drawDeadlinePassed', status: 409 },
  DRAW_COUNT_EXCEEDED: { key: 'events.drawCountExceeded', status: 409 },
  NOT_AN_APPLICANT: { key: 'events.applicantNotFound', status: 404 },
  ALREADY_PICKED: { key: 'events.alreadyPicked', status: 409 },
  NOT_PICKED: { key: 'events.notPicked', status: 409 },
  DRAW_ALL_DONE: { key: 'events.drawAllDone', status: 409 },
  NOT_DRAWABLE: { key: 'events.notDrawable', status: 409 },
  NOT_CANCELABLE: { key: 'events.notCancelable', status: 409 },
  BUSY: { key: 'events.busy', status: 409 },
  NOT_A_WINNER: { key: 'events.notAWinner', status: 409 },
  ALREADY_PERFORMED: { key: 'events.alreadyPerformed', status: 409 },
  PRIZE_DEADLINE_PASSED: { key: 'events.prizeDeadlinePassed', status: 409 },
};

export const eventActionRefused = (refusal: EventActionRefusal) =>
  new AppError(REFUSAL_MESSAGES[refusal].status, REFUSAL_MESSAGES[refusal].key, { code: refusal });

export const eventWorkflowUnavailable = () =>
  new AppError(503, 'missions.workflowUnavailable', { code: 'SERVICE_UNAVAILABLE' });
