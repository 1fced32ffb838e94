import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Coin expiry warnings: a fan is warned 30 and 7 days before a lot of his coins expires, once per lot and
// threshold. The row is written with the notification in one transaction (the primary key makes a second run of the
// same day, or of the next, warn nobody twice); `mailed_at` marks the e-mail sent, so a retry mails only the rest.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table coin_expiry_warnings (
      lot_id bigint not null references ledger_lots (id),
      threshold_days int not null check (threshold_days in (30, 7)),
      user_id bigint not null references users (id),
      coins bigint not null check (coins > 0),
      expires_at timestamptz not null,
      warned_at timestamptz not null,
      mailed_at timestamptz,
      primary key (lot_id, threshold_days)
    )`.execute(db);
  await sql`create index coin_expiry_warnings_unmailed on coin_expiry_warnings (warned_at) where mailed_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coin_expiry_warnings').execute();
}
