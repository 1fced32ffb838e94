import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Operator review of creators: every creator carries a review status. PENDING until an operator decides;
// APPROVED creators are verified (public, searchable); REJECTED ones carry the operator's reason, which the creator
// sees on his dashboard until a profile save puts him back to PENDING. Creators verified before this migration are
// APPROVED. `verified` stays the column every public read filters on; the review service keeps both in step.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table creators
      add column review_status text not null default 'PENDING'
        constraint creators_review_status check (review_status in ('PENDING', 'APPROVED', 'REJECTED')),
      add column review_reason text
        constraint creators_review_reason_length check (char_length(review_reason) <= 1000),
      add column reviewed_at timestamptz,
      add column reviewed_by bigint references users (id) on delete set null,
      add constraint creators_rejected_has_reason check (review_status <> 'REJECTED' or review_reason is not null)`.execute(
    db,
  );
  await sql`update creators set review_status = 'APPROVED' where verified`.execute(db);
  await sql`create index creators_review_queue on creators (review_status, created_at, id)`.execute(db);
  // Whoever marks a creator verified directly (seed data, older code paths) leaves the review consistent.
  await sql`
    create function creators_verified_means_approved() returns trigger language plpgsql as $$
    begin
      if new.verified and new.review_status <> 'APPROVED' then
        new.review_status := 'APPROVED';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger creators_verified_means_approved before insert or update of verified on creators
      for each row execute function creators_verified_means_approved()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger creators_verified_means_approved on creators`.execute(db);
  await sql`drop function creators_verified_means_approved()`.execute(db);
  await sql`drop index creators_review_queue`.execute(db);
  await sql`
    alter table creators
      drop constraint creators_rejected_has_reason,
      drop column reviewed_by,
      drop column reviewed_at,
      drop column review_reason,
      drop column review_status`.execute(db);
}
