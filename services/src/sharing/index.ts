// The public surface of `sharing`: share pages of completed missions and their API. Other modules import only this
// file.
export { sharePageRoutes } from './page-routes';
export { sharingRoutes } from './routes';
export { type SharingTables } from './table';
