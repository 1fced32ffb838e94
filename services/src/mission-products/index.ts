// The public surface of `mission-products`: mission products (what a creator offers). Other modules import only this
// file.
export { applyCustomSettingsToProduct } from './custom-settings';
export { findProducts } from './repository';
export { missionProductRoutes } from './routes';
export { type MissionProductsTables } from './table';
export { fileEntryOf, loadProductRelations, productSummaryView, productViews } from './view';
export { getProduct } from './service';
export { localizeDefaultProductNames, registerDefaultProductNames } from './default-name';
