/** Reviews of completed missions: the public surface other modules and the app may use. */
export { reviewAdminRoutes } from './admin-routes';
export { sendReviewReminders, startReviewReminders } from './reminders';
export { reviewRoutes } from './routes';
export type { ReviewsTables } from './table';
