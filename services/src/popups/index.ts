// The public surface of `popups`: the event popups. Other modules import only this file.
export { popupAdminRoutes } from './admin-routes';
export { popupImageAdminRoutes } from './image-routes';
export { popupRoutes } from './routes';
export { type PopupsTables } from './table';
