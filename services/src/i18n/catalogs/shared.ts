import { SHARED_MESSAGES } from '@fanmission/contracts';
import type { Catalog } from './catalog';

/** The texts the web shows too (validation, sign-up, payment and request refusals): kept once, in `contracts`. */
export const sharedMessages = SHARED_MESSAGES satisfies Catalog;
