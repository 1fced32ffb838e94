import type { Catalog } from './catalog';

/** Server messages of the creators module (ko, en, ja). */
export const creatorsMessages = {} as const satisfies Catalog;
