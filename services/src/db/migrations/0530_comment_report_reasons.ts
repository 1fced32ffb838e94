import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A report carries its reason (and the reporter's words for "other") and what the operator's decision made of it;
// a comment knows since when a report waits for a decision (the console's to-do queue and its list filter).
// Reports made before a comment's moderation are decided by it; the later ones wait.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mission_comment_reports
      add column id bigint generated always as identity,
      add column reason text not null default 'OTHER'
        check (reason in ('SPAM', 'ABUSE', 'SEXUAL', 'PRIVACY', 'OTHER')),
      add column detail text check (char_length(detail) <= 200),
      add column outcome text check (outcome in ('UPHELD', 'DISMISSED')),
      add column decided_at timestamptz,
      add column decided_by bigint references users (id) on delete set null,
      add constraint mission_comment_reports_decided check ((outcome is null) = (decided_at is null))`.execute(db);
  await sql`alter table mission_comment_reports alter column reason drop default`.execute(db);
  await sql`create unique index mission_comment_reports_id on mission_comment_reports (id)`.execute(db);
  await sql`
    update mission_comment_reports r
       set outcome = case c.moderation when 'HIDDEN' then 'UPHELD' else 'DISMISSED' end,
           decided_at = c.moderated_at,
           decided_by = c.moderated_by
      from mission_comments c
     where c.id = r.comment_id and c.moderation is not null and r.created_at <= c.moderated_at`.execute(db);
  await sql`alter table mission_comments add column reports_open_since timestamptz`.execute(db);
  await sql`
    update mission_comments c
       set reports_open_since = open.oldest
      from (select comment_id, min(created_at) as oldest
              from mission_comment_reports where outcome is null group by comment_id) open
     where open.comment_id = c.id`.execute(db);
  await sql`
    create index mission_comments_reports_open on mission_comments (reports_open_since)
     where reports_open_since is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mission_comments drop column reports_open_since`.execute(db);
  await sql`
    alter table mission_comment_reports
      drop column id, drop column reason, drop column detail, drop column outcome, drop column decided_at,
      drop column decided_by`.execute(db);
}
