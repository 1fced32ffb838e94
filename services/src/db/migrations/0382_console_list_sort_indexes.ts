import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The indexes of the orders the console lists gained when one list of sort fields per list became the rule for both
// the server and the console's headers: each order (its column, then the id) read from an index in that order. As in
// 0340, created here on an empty table only; on a populated one `migrateToLatest` builds them concurrently after the
// migrations (services/src/db/list-indexes.ts).
const INDEXES: readonly [name: string, table: string, columns: string][] = [
  ['settlement_statements_list_status', 'settlement_statements', 'status, id'],
  ['settlement_statements_list_income', 'settlement_statements', 'income, id'],
  ['settlement_statements_list_total_earning', 'settlement_statements', 'total_earning_coin, id'],
  ['block_objections_list_created', 'block_objections', 'created_at, id'],
  ['block_objections_list_status', 'block_objections', 'status, id'],
  ['payout_account_changes_list_changed', 'payout_account_changes', 'changed_at, id'],
  ['comment_restrictions_list_created', 'comment_restrictions', 'created_at, user_id'],
  ['comment_events_list_starts', 'comment_events', 'starts_at, id'],
  ['comment_events_list_ends', 'comment_events', 'ends_at, id'],
  ['faqs_list_category', 'faqs', 'category, id'],
  ['faqs_list_position', 'faqs', '"position", id'],
  ['faqs_list_created', 'faqs', 'created_at, id'],
  ['popups_list_created', 'popups', 'created_at, id'],
  ['popups_list_starts', 'popups', 'starts_at, id'],
  ['coin_items_list_sort_order', 'coin_items', 'sort_order, id'],
  ['coin_items_list_price', 'coin_items', 'price, id'],
  ['coin_items_list_point', 'coin_items', 'point, id'],
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
