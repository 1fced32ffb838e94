import type { Catalog } from './catalog';

/** Server messages of the mission-products module (ko, en, ja). */
export const missionProductsMessages = {} as const satisfies Catalog;
