// The public surface of `faq`: the FAQ pages. Other modules import only this file.
export { faqAdminRoutes } from './admin-routes';
export { faqRoutes } from './routes';
export { type FaqTables } from './table';
