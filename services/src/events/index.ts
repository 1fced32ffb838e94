// The public surface of the lottery events module.
export { createEventActivities } from './activities';
export { existOngoingEvent } from './errors';
export { currentEventProductId, hasOngoingEvent, loadLotteryEvents } from './event-view';
export { lotteryEventAdminRoutes } from './admin-routes';
export { lotteryEventRoutes } from './routes';
export { reconcileEventWorkflows, startEventReconciler } from './reconciler';
export { clearWorkflowStartsOfOpenEvents } from './repository';
export { applyToEvent } from './service';
export { createEventProduct, isEventProduct, updateEventProduct } from './event-products';
export * as fairness from './fairness';
export { rouletteFairnessRoutes } from './roulette-routes';
export { rollFromMemory, seededRoll, type RememberedRoll } from './roulette';
export type { LotteryEventsTables } from './table';
