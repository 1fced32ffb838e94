import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws (and applies nothing further) when one fails. */
// Migrations are typed Kysely<any>: they are frozen in time and must not follow the current schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** The migrations not applied yet, by name, oldest first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
