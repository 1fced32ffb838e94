import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The console dashboard's roll-up of each closed Korea-time day: its coin sales by payment method and its mission
// counts by kind (requested, completed, each rejection reason). A day is written once, after it ended; the dashboard
// reads its 90 days from here and counts only the day under way from the domain tables.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table dashboard_days (
      day date primary key,
      sales jsonb not null,
      missions jsonb not null,
      rolled_up_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table dashboard_days`.execute(db);
}
