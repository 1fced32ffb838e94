// The public surface of `discovery`: creator search and discovery. Other modules import only this file.
export { CREATOR_CARD_COLUMNS } from './repository';
export { discoveryRoutes } from './routes';
export { invalidateSearches } from './search-cache';
