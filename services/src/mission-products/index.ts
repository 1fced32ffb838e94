// The public surface of `mission-products`: mission products (what a creator offers). Other modules import only this
// file.
export { applyCustomSettingsToProduct } from './custom-settings';
export { missionProductRoutes } from './routes';
export { type MissionProductsTables } from './table';
export {
  fileEntryOf,
  loadProductRelations,
  type ProductRelations,
  type ProductSummaryRow,
  productSummaryView,
  productViews,
} from './view';
export { type CreatorOwner } from './repository';
export { getProduct } from './service';
export { localizeDefaultProductNames, registerDefaultProductNames } from './default-name';
