import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The console lists' indexes, one per order a list offers (its column, then the id): a list reads its window's ids
// from the index in its order and a deep page skips index entries, not rows (services/src/db/list-indexes.ts keeps
// the current list). Created here on an empty table only: on a populated one a build here would hold the table's
// writes for its whole length, so `migrateToLatest` builds them concurrently after the migrations instead.
const INDEXES: readonly [name: string, table: string, columns: string][] = [
  ['users_list_created', 'users', 'created_at, id'],
  ['users_list_email', 'users', 'email, id'],
  ['users_list_username', 'users', 'username, id'],
  ['missions_list_created', 'missions', 'created_at, id'],
  ['missions_list_coin_price', 'missions', 'coin_price, id'],
  ['missions_list_status', 'missions', 'status, id'],
  ['mission_products_list_created', 'mission_products', 'created_at, id'],
  ['mission_products_list_coin_price', 'mission_products', 'coin_price, id'],
  ['mission_comments_list_created', 'mission_comments', 'created_at, id'],
  ['mission_comments_list_reports', 'mission_comments', 'reports_count, id'],
  ['mission_comments_list_likes', 'mission_comments', 'likes_count, id'],
  ['creators_list_created', 'creators', 'created_at, id'],
  ['creators_list_name', 'creators', 'name, id'],
  ['creators_list_review_status', 'creators', 'review_status, id'],
  ['creators_list_reviewed', 'creators', 'reviewed_at, id'],
  ['bank_transfers_list_created', 'bank_transfers', 'created_at, id'],
  ['bank_transfers_list_status', 'bank_transfers', 'status, id'],
  ['bank_transfers_list_amount', 'bank_transfers', 'amount, id'],
  ['coin_refunds_list_requested', 'coin_refunds', 'requested_at, id'],
  ['coin_refunds_list_due', 'coin_refunds', 'due_on, id'],
  ['coin_refunds_list_amount', 'coin_refunds', 'amount, id'],
  ['coin_refunds_list_status', 'coin_refunds', 'status, id'],
  ['settlement_statements_list_month', 'settlement_statements', 'year, month, id'],
  ['settlement_statements_list_to_receipt', 'settlement_statements', 'to_receipt, id'],
  ['settlement_statements_list_creator', 'settlement_statements', 'creator_id, id'],
  ['creator_penalties_list_created', 'creator_penalties', 'created_at, id'],
  ['creator_penalties_list_level', 'creator_penalties', 'level, id'],
  ['creator_penalties_list_creator', 'creator_penalties', 'creator_id, id'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    const { rows } = await sql<{ empty: boolean }>`
      select not exists (select 1 from ${sql.id(table)}) as empty`.execute(db);
    if (rows[0]!.empty) await sql`create index ${sql.id(name)} on ${sql.id(table)} (${sql.raw(columns)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
