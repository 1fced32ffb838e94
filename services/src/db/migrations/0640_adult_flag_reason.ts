import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// An operator's last decision on a creator's adult flag (setting it, clearing it, accepting or declining the
// creator's request to clear it) keeps his reason, who he was and when; the creator reads them in his profile editor.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table creators
      add column adult_flag_reason text,
      add column adult_flag_decided_by bigint references users (id) on delete set null,
      add column adult_flag_decided_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table creators
      drop column adult_flag_reason,
      drop column adult_flag_decided_by,
      drop column adult_flag_decided_at`.execute(db);
}
