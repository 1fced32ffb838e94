import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { LedgerPartitionsPostponed, maintainLedgerPartitions } from './ledger-partitions';
import { ensureListIndexes } from './list-indexes';
import { migrations } from './migrations/index';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies every pending migration; throws (and applies nothing further) when one fails. Then partitions the ledger's
 * log by month if it is not yet, online (services/src/db/ledger-partitions.ts: instant on a new database, short locks
 * on a big one), and creates this and next month's partitions; last builds the console lists' indexes a populated
 * database lacks, concurrently (services/src/db/list-indexes.ts).
 */
// Migrations are typed Kysely<any>: they are frozen in time and must not follow the current schema type.
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  options: {
    partitionLedger?: boolean;
    /** Tries of each partitioning step at its locks here (the daily maintenance tries longer). */
    partitionAttempts?: number;
    now?: Date;
    log?: (line: string) => void;
  } = {},
): Promise<string[]> {
  // Migrations numbered in reserved ranges land in any order (a feature's 0030 after another's 0050), so a database
  // that already ran a later number still takes an earlier one that arrived after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  if (options.partitionLedger ?? true) {
    try {
      await maintainLedgerPartitions(db, {
        attempts: options.partitionAttempts ?? 10,
        ...(options.now && { now: options.now }),
        ...(options.log && { log: options.log }),
      });
    } catch (error) {
      // Appends never let the conversion of a big, busy ledger take its locks: nothing changed (the validated checks
      // stay and spare the next try its scans), the ledger works as it is, and the daily maintenance tries again.
      if (!(error instanceof LedgerPartitionsPostponed)) throw error;
      options.log?.(error.message);
    }
  }
  // The console lists' indexes a populated database did not get from migration 0340, built concurrently.
  await ensureListIndexes(db, options.log);
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** The migrations not applied yet, by name, oldest first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const known = await new Migrator({ db, provider, allowUnorderedMigrations: true }).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
