import { sql, type Kysely } from 'kysely';

/*
 * Indexes of big tables built online. Most are the console lists' indexes: one per order a list offers (its column,
 * then the id that makes the order total), so that a window's ids are read from the index in the list's order,
 * index-only, and a deep page skips index entries (services/src/admin/simple-rest.ts `selectWindowByKeys`); a
 * descending list reads its index backwards. Migration 0340 creates those on a new database (its tables empty); every
 * other one, and all of them on a populated database, are built here, concurrently, after the migrations
 * (`migrateToLatest`), so that no write waits for a build.
 */

export interface ListIndex {
  name: string;
  table: string;
  columns: string;
  /** Columns carried for index-only reads. */
  include?: string;
  /** A partial index's predicate. */
  where?: string;
  /** An index this one replaces: dropped (concurrently) once this one is built and valid. */
  replaces?: string;
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
  { name: 'mission_reviews_list_created', table: 'mission_reviews', columns: 'created_at, id' },
  { name: 'mission_reviews_list_reports', table: 'mission_reviews', columns: 'reports_count, id' },
  { name: 'mission_reviews_list_rating', table: 'mission_reviews', columns: 'rating, id' },
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
  // The orders added with the contract's list of sort fields (contracts/src/admin-lists.ts): every order a list
  // offers, the small tables' too (migration 0382 creates these on a new database).
  { name: 'settlement_statements_list_status', table: 'settlement_statements', columns: 'status, id' },
  { name: 'settlement_statements_list_income', table: 'settlement_statements', columns: 'income, id' },
  {
    name: 'settlement_statements_list_total_earning',
    table: 'settlement_statements',
    columns: 'total_earning_coin, id',
  },
  { name: 'block_objections_list_created', table: 'block_objections', columns: 'created_at, id' },
  { name: 'block_objections_list_status', table: 'block_objections', columns: 'status, id' },
  { name: 'payout_account_changes_list_changed', table: 'payout_account_changes', columns: 'changed_at, id' },
  { name: 'comment_restrictions_list_created', table: 'comment_restrictions', columns: 'created_at, user_id' },
  { name: 'comment_events_list_starts', table: 'comment_events', columns: 'starts_at, id' },
  { name: 'comment_events_list_ends', table: 'comment_events', columns: 'ends_at, id' },
  { name: 'faqs_list_category', table: 'faqs', columns: 'category, id' },
  { name: 'faqs_list_position', table: 'faqs', columns: '"position", id' },
  { name: 'faqs_list_created', table: 'faqs', columns: 'created_at, id' },
  { name: 'popups_list_created', table: 'popups', columns: 'created_at, id' },
  { name: 'popups_list_starts', table: 'popups', columns: 'starts_at, id' },
  { name: 'coin_items_list_sort_order', table: 'coin_items', columns: 'sort_order, id' },
  { name: 'coin_items_list_price', table: 'coin_items', columns: 'price, id' },
  { name: 'coin_items_list_point', table: 'coin_items', columns: 'point, id' },
  // The console's ledger account page: an account's newest lots (without it, the lots' primary key walked backwards
  // and filtered by account: 1,920 buffers for the busiest fan's wallet on the M world).
  { name: 'ledger_lots_account_newest', table: 'ledger_lots', columns: 'account, id' },
  // A creator's management lists in their orders (newest requested; last completed; by price either way), the tab's
  // type and the coins carried: a page reads its places from one range, index-only, instead of sorting all his missions of the status.
  {
    name: 'missions_creator_status_newest',
    table: 'missions',
    columns: 'creator_id, status, created_at desc nulls last, id desc',
    include: 'coin_price, type',
    replaces: 'missions_creator_status_coins',
  },
  {
    name: 'missions_creator_status_completed',
    table: 'missions',
    columns: 'creator_id, status, completed_at desc nulls last, id desc',
    include: 'coin_price, type',
  },
  {
    name: 'missions_creator_status_price',
    table: 'missions',
    columns: 'creator_id, status, coin_price, id',
    include: 'type',
  },
  // A creator's management list of one type (his studio's tabs and its product-type menus): the type joins the key,
  // so a page's places are one range of the status and type, not a walk of all his missions of the status until
  // enough of the type turn up (a type with none of that status read them all).
  {
    name: 'missions_creator_status_type_newest',
    table: 'missions',
    columns: 'creator_id, status, type, created_at desc nulls last, id desc',
    include: 'coin_price',
  },
  // Browsing a status tab as one of its parties (`listMissions`, services/src/mission-reads/repository.ts): the
  // missions only he sees, in each tab's order with nulls last as the public indexes keep them (migration 0336), so
  // his places up to the page's end are one range however many he has. The predicate is the party-only one of
  // migration 0395 word for word (the planner proves a partial index usable from the query's own text).
  ...(['user_id', 'creator_id'] as const).flatMap((party): ListIndex[] => {
    const name = `missions_party_only_${party === 'user_id' ? 'user' : 'creator'}`;
    const where = "(is_private or status = 'CREATED' or content_blocked_at is not null) and not creator_adult";
    return [
      {
        name: `${name}_completed`,
        table: 'missions',
        columns: `${party}, status, completed_at desc nulls last, id desc`,
        where,
        replaces: name,
      },
      {
        name: `${name}_newest`,
        table: 'missions',
        columns: `${party}, status, created_at desc nulls last, id desc`,
        where,
      },
    ];
  }),
  // A member's notifications past the ones he has seen (the header's unread count, the live page's new rows).
  { name: 'notifications_user_id', table: 'notifications', columns: 'user_id, id' },
  // A creator page's current lottery event when none is ongoing: his newest not cancelled.
  {
    name: 'lottery_events_creator_newest',
    table: 'lottery_events',
    columns: 'creator_id, product_id desc',
    where: "status <> 'CANCELED'",
  },
];

/**
 * Builds each of LIST_INDEXES that is missing or invalid (a concurrent build that failed leaves an invalid index: it
 * is dropped and built again), concurrently: the tables' writes go on. Then drops the indexes the built ones replace.
 * Returns the names built.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ensureListIndexes(db: Kysely<any>, log?: (line: string) => void): Promise<string[]> {
  const replaced = LIST_INDEXES.flatMap((index) => (index.replaces === undefined ? [] : [index.replaces]));
  const { rows } = await sql<{ name: string; valid: boolean }>`
    select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relnamespace = current_schema()::regnamespace
      and c.relname in (${sql.join([...LIST_INDEXES.map((index) => index.name), ...replaced])})`.execute(db);
  const valid = new Set(rows.filter((row) => row.valid).map((row) => row.name));
  const present = new Set(rows.map((row) => row.name));
  const missing = LIST_INDEXES.filter((index) => !valid.has(index.name));
  const superseded = replaced.filter((name) => present.has(name));
  if (missing.length === 0 && superseded.length === 0) return [];
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      for (const index of missing) {
        const started = Date.now();
        await sql`drop index concurrently if exists ${sql.id(index.name)}`.execute(connection);
        await sql`
          create index concurrently ${sql.id(index.name)} on ${sql.id(index.table)} (${sql.raw(index.columns)})
          ${index.include === undefined ? sql`` : sql`include (${sql.raw(index.include)})`}
          ${index.where === undefined ? sql`` : sql`where ${sql.raw(index.where)}`}`.execute(connection);
        log?.(`built index ${index.name} on ${index.table} (${index.columns}) in ${Date.now() - started} ms`);
      }
      // Every index of the list is valid now: the ones they replace go.
      for (const name of superseded) {
        await sql`drop index concurrently if exists ${sql.id(name)}`.execute(connection);
        log?.(`dropped index ${name} (replaced)`);
      }
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
  return missing.map((index) => index.name);
}
