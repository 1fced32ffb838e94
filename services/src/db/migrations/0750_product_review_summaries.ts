import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// One summary row per product (count and rating sum of its counted reviews), moved in the same transaction as every
// change of what it counts, like the creator's (migration 0670), so a product card reads its rating in one joined row.
// Filled here from the reviews already written: a review counts unless an operator hid it or, with no operator
// decision, 5 distinct members reported it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table product_review_summaries (
      product_id bigint primary key references mission_products (id) on delete cascade,
      reviews_count integer not null default 0 check (reviews_count >= 0),
      rating_sum integer not null default 0 check (rating_sum >= 0)
    )`.execute(db);
  await sql`
    insert into product_review_summaries (product_id, reviews_count, rating_sum)
    select m.product_id, count(*), sum(r.rating)
    from mission_reviews r join missions m on m.id = r.mission_id
    where r.moderation is not distinct from 'VISIBLE' or (r.moderation is null and r.reports_count < 5)
    group by m.product_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table product_review_summaries`.execute(db);
}
