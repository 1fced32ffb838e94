import type { Catalog } from './catalog';

/** Server messages of the missions module (ko, en, ja). */
export const missionsMessages = {} as const satisfies Catalog;
