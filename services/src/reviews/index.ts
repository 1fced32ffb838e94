/** Reviews of completed missions: the public surface other modules and the app may use. */
export { reviewAdminRoutes } from './admin-routes';
export { reviewRoutes } from './routes';
export type { ReviewsTables } from './table';
