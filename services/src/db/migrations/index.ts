import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';

/** Every migration, in order. A static list keeps migrations working under tsx, vitest and bundlers alike. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
