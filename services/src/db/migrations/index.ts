import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_accounts';

/** Every migration, in order. A static list keeps migrations working under tsx, vitest and bundlers alike. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
};
