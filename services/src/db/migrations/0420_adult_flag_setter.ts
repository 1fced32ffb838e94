import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The adult flag remembers who set it (the creator on his profile, or an operator in the review), and a creator's
// wish to clear it waits for an operator: until one accepts, the flag, and so the adult gate, stays.
// - adult_flagged_by: CREATOR or OPERATOR while the flag is on. Flags set before this was recorded count as the
//   operator's, the stricter of the two.
// - adult_clear_requested_at: when the creator asked to clear it; only while the flag is on. The operators' to-do
//   counts these (partial index).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table creators
      add column adult_flagged_by text check (adult_flagged_by in ('CREATOR', 'OPERATOR')),
      add column adult_clear_requested_at timestamptz,
      add constraint creators_adult_clear_request_flagged
        check (adult_clear_requested_at is null or contain_adult_content)
  `.execute(db);
  await sql`update creators set adult_flagged_by = 'OPERATOR' where contain_adult_content`.execute(db);
  await sql`
    create index creators_adult_clear_requested on creators (adult_clear_requested_at, id)
      where adult_clear_requested_at is not null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table creators
      drop constraint creators_adult_clear_request_flagged,
      drop column adult_clear_requested_at,
      drop column adult_flagged_by
  `.execute(db);
}
