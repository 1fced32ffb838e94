import type { MissionActionRefusal } from '@fanmission/workflows/missions';
import { AppError, notFound } from '../http';
import type { MessageKey } from '../i18n';

// The refusals of mission requests and actions, each with its status, message key and code (`contracts` ERROR_CODES).

export const notEnoughCoins = () => new AppError(409, 'missions.notEnoughCoins', { code: 'NOT_ENOUGH_COINS' });
export const idempotencyConflict = () =>
  new AppError(409, 'missions.idempotencyConflict', { code: 'IDEMPOTENCY_CONFLICT' });
export const missionNotFound = () => notFound('missions.notFound');
export const productNotFound = () => notFound('missions.productNotFound');
export const productInactive = () => new AppError(409, 'missions.productInactive', { code: 'PRODUCT_INACTIVE' });
export const creatorBlocked = () => new AppError(409, 'missions.creatorBlocked', { code: 'CREATOR_BLOCKED' });
export const wrongProductType = () => new AppError(400, 'missions.wrongProductType', { code: 'WRONG_PRODUCT_TYPE' });
/** The creator paused new requests (docs/rules/creators.md). */
export const creatorPaused = () => new AppError(409, 'missions.creatorPaused', { code: 'CREATOR_PAUSED' });
/** A cap on the creator's open requests (the product's or his overall one) is reached. */
export const requestsFull = () => new AppError(409, 'missions.requestsFull', { code: 'REQUESTS_FULL' });
export const customNotAvailable = () =>
  new AppError(409, 'missions.customNotAvailable', { code: 'CUSTOM_NOT_AVAILABLE' });
/** A BASIC product's price changed between the fan's view and his request. */
export const priceChanged = () => new AppError(409, 'missions.priceChanged', { code: 'PRICE_CHANGED' });
export const rouletteClosed = () => new AppError(409, 'missions.rouletteClosed', { code: 'ROULETTE_CLOSED' });
/** An action that does not apply to the mission (an accept or refuse of a BASIC or LUCKY one). */
export const actionNotApplicable = () => new AppError(409, 'missions.notRequested', { code: 'NOT_REQUESTED' });

const REFUSAL_MESSAGES: Record<MissionActionRefusal, MessageKey> = {
  NOT_REQUESTED: 'missions.notRequested',
  ALREADY_DECIDED: 'missions.alreadyDecided',
  DECISION_DEADLINE_PASSED: 'missions.decisionDeadlinePassed',
  NOT_ACCEPTED: 'missions.notAccepted',
  ALREADY_PERFORMED: 'missions.alreadyPerformed',
  PERFORM_DEADLINE_PASSED: 'missions.performDeadlinePassed',
};

/** The workflow's refusal of an action (late or repeated), under its own code. */
export const actionRefused = (refusal: MissionActionRefusal) =>
  new AppError(409, REFUSAL_MESSAGES[refusal], { code: refusal });

/** The performed file was deleted before the workflow could record it: the mission stays ACCEPTED. */
export const mediaMissing = () => new AppError(409, 'missions.mediaMissing', { code: 'MEDIA_MISSING' });

export const workflowUnavailable = () =>
  new AppError(503, 'missions.workflowUnavailable', { code: 'SERVICE_UNAVAILABLE' });
