// The public surface of `db`: the database connection, transactions, the schema type and migrations. Other modules
// import only this file.
export { connectionStringOf, createDb, type Db, pingDatabase } from './database';
export { ensureDatabase, grantTraversal, runningEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';
export type { RunningPostgres } from './embedded-postgres';
export { migrateToLatest, pendingMigrations } from './migrate';
export { ledgerMonthBase, maintainLedgerPartitions } from './ledger-partitions';
export { type Database } from './schema';
export { type DbExecutor, uniqueViolation } from './transaction';
export { containsPattern, escapeLike } from './sql';
export { migrations } from './migrations/index';
