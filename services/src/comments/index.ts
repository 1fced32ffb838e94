/** Mission comments: the public surface other modules and the app may use. */
export { commentAdminRoutes, commentEventBudgetRoutes } from './admin-routes';
export { commitmentOf, isWinningRoll, rollValue } from './coin-event';
export { commentRoutes } from './routes';
export type { CommentsTables } from './table';
export { isHidden as isHiddenComment } from './repository';
