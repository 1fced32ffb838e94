import { sql, type Kysely } from 'kysely';

/*
 * The console lists' indexes: one per order a list offers (its column, then the id that makes the order total), so
 * that a window's ids are read from the index in the list's order, index-only, and a deep page skips index entries
 * (services/src/admin/simple-rest.ts `selectWindowByKeys`). A descending list reads its index backwards. Migration 0340
 * creates them on a new database (its tables empty); on a populated one they are built here, concurrently, after the
 * migrations (`migrateToLatest`), so that no write waits for a build.
 */

export interface ListIndex {
  name: string;
  table: string;
  columns: string;
}

export const LIST_INDEXES: readonly ListIndex[] = [
  { name: 'users_list_created', table: 'users', columns: 'created_at, id' },
  { name: 'users_list_email', table: 'users', columns: 'email, id' },
  { name: 'users_list_username', table: 'users', columns: 'username, id' },
  { name: 'missions_list_created', table: 'missions', columns: 'created_at, id' },
  { name: 'missions_list_coin_price', table: 'missions', columns: 'coin_price, id' },
  { name: 'missions_list_status', table: 'missions', columns: 'status, id' },
  { name: 'mission_products_list_created', table: 'mission_products', columns: 'created_at, id' },
  { name: 'mission_products_list_coin_price', table: 'mission_products', columns: 'coin_price, id' },
  { name: 'mission_comments_list_created', table: 'mission_comments', columns: 'created_at, id' },
  { name: 'mission_comments_list_reports', table: 'mission_comments', columns: 'reports_count, id' },
  { name: 'mission_comments_list_likes', table: 'mission_comments', columns: 'likes_count, id' },
  { name: 'creators_list_created', table: 'creators', columns: 'created_at, id' },
  { name: 'creators_list_name', table: 'creators', columns: 'name, id' },
  { name: 'creators_list_review_status', table: 'creators', columns: 'review_status, id' },
  { name: 'creators_list_reviewed', table: 'creators', columns: 'reviewed_at, id' },
  { name: 'bank_transfers_list_created', table: 'bank_transfers', columns: 'created_at, id' },
  { name: 'bank_transfers_list_status', table: 'bank_transfers', columns: 'status, id' },
  { name: 'bank_transfers_list_amount', table: 'bank_transfers', columns: 'amount, id' },
  { name: 'coin_refunds_list_requested', table: 'coin_refunds', columns: 'requested_at, id' },
  { name: 'coin_refunds_list_due', table: 'coin_refunds', columns: 'due_on, id' },
  { name: 'coin_refunds_list_amount', table: 'coin_refunds', columns: 'amount, id' },
  { name: 'coin_refunds_list_status', table: 'coin_refunds', columns: 'status, id' },
  { name: 'settlement_statements_list_month', table: 'settlement_statements', columns: 'year, month, id' },
  { name: 'settlement_statements_list_to_receipt', table: 'settlement_statements', columns: 'to_receipt, id' },
  { name: 'settlement_statements_list_creator', table: 'settlement_statements', columns: 'creator_id, id' },
  { name: 'creator_penalties_list_created', table: 'creator_penalties', columns: 'created_at, id' },
  { name: 'creator_penalties_list_level', table: 'creator_penalties', columns: 'level, id' },
  { name: 'creator_penalties_list_creator', table: 'creator_penalties', columns: 'creator_id, id' },
  // The console's ledger account page: an account's newest lots (without it, the lots' primary key walked backwards
  // and filtered by account: 1,920 buffers for the busiest fan's wallet on the M world).
  { name: 'ledger_lots_account_newest', table: 'ledger_lots', columns: 'account, id' },
];

/**
 * Builds each of LIST_INDEXES that is missing or invalid (a concurrent build that failed leaves an invalid index: it
 * is dropped and built again), concurrently: the tables' writes go on. Returns the names built.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ensureListIndexes(db: Kysely<any>, log?: (line: string) => void): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relnamespace = current_schema()::regnamespace and i.indisvalid
      and c.relname in (${sql.join(LIST_INDEXES.map((index) => index.name))})`.execute(db);
  const valid = new Set(rows.map((row) => row.name));
  const missing = LIST_INDEXES.filter((index) => !valid.has(index.name));
  if (missing.length === 0) return [];
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      for (const index of missing) {
        const started = Date.now();
        await sql`drop index concurrently if exists ${sql.id(index.name)}`.execute(connection);
        await sql`
          create index concurrently ${sql.id(index.name)} on ${sql.id(index.table)} (${sql.raw(index.columns)})`.execute(
          connection,
        );
        log?.(`built index ${index.name} on ${index.table} (${index.columns}) in ${Date.now() - started} ms`);
      }
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
  return missing.map((index) => index.name);
}
