import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_accounts';
import * as m0004 from './0004_ledger';
import * as m0005 from './0005_coins_payments';
import * as m0006 from './0006_payment_idempotency_sandbox';
import * as m0007 from './0007_coin_refunds';

/** Every migration, in order. A static list keeps migrations working under tsx, vitest and bundlers alike. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0004_ledger': m0004,
  '0005_coins_payments': m0005,
  '0006_payment_idempotency_sandbox': m0006,
  '0007_coin_refunds': m0007,
};
