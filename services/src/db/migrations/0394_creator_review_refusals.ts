import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Every refusal of a creator's application with its reason, who refused and when: the operator who reviews him again
// reads the whole history (creators.review_reason keeps the last one only). A creator with a stored reason starts his
// history with it, dated by his last review.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table creator_review_refusals (
      id bigint generated always as identity primary key,
      creator_id bigint not null references creators (id) on delete cascade,
      reason text not null check (char_length(reason) between 1 and 1000),
      refused_by bigint references users (id) on delete set null,
      refused_at timestamptz not null
    )
  `.execute(db);
  await sql`create index creator_review_refusals_creator on creator_review_refusals (creator_id, refused_at, id)`.execute(
    db,
  );
  await sql`
    insert into creator_review_refusals (creator_id, reason, refused_by, refused_at)
    select id, left(review_reason, 1000), reviewed_by, coalesce(reviewed_at, updated_at)
    from creators
    where review_reason is not null and char_length(review_reason) > 0
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table creator_review_refusals`.execute(db);
}
