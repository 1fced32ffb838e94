import type { Catalog } from './catalog';

/** Server messages of the events module (ko, en, ja). */
export const eventsMessages = {} as const satisfies Catalog;
