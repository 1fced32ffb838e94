import { sql } from 'kysely';
import type { Db } from '../db';

/*
 * The world's reviews, written set-based after the missions (money-neutral: a review moves no coin). They keep the
 * product's rules (docs/rules/reviews.md): a COMPLETED mission that was not refunded, by its requester (never the
 * creator himself), written within a day or two of its completion (so within the 30 days allowed), one per mission;
 * about half have the creator's reply a day later. Each creator's (and product's) summary row is their recount, as the service keeps
 * it. Which missions, which rating and which words follow from the mission's id, so the same world has the same reviews.
 */

const REVIEW_TEXTS = [
  '생일 축하 영상 너무 감동이었어요! 친구가 울었어요 😭',
  '목소리 너무 좋아요. 매일 들을게요!',
  '요청한 내용 그대로 정성껏 해주셨어요. 감사합니다 🙏',
  '생각보다 빨리 답해주셔서 놀랐어요.',
  '조금 짧았지만 그래도 좋았어요.',
  '',
  '최고의 선물이었어요. 또 부탁드릴게요!',
  '이름 발음까지 정확하게 해주셨어요 ㅎㅎ',
];
const REPLY_TEXTS = [
  '따뜻한 후기 감사합니다! 😊',
  '즐겁게 봐주셔서 고마워요. 다음에도 찾아주세요!',
  '친구분께도 축하 전해 주세요 🎉',
];

/**
 * Reviews of about 40 % of the answered missions, replies on about half, and each creator's and product's summary
 * row; only the given creators' when `creatorIds` is set (data added to a generated world, tests/bench/persona.ts).
 */
export async function fillReviews(db: Db, now: Date, options: { creatorIds?: readonly number[] } = {}): Promise<void> {
  const creators =
    options.creatorIds === undefined ? sql<boolean>`true` : sql<boolean>`creator_id = any(${[...options.creatorIds]})`;
  const reviewTexts = sql.val(REVIEW_TEXTS);
  const replyTexts = sql.val(REPLY_TEXTS);
  await sql`
    with answered as (
      select m.id, m.creator_id, m.user_id, m.completed_at, (m.id * 2654435761) % 1000 as h
      from missions m
      where m.status = 'COMPLETED' and m.completed_at is not null and coalesce(m.refunded_coins, 0) = 0
        and not exists (select 1 from creators c where c.id = m.creator_id and c.user_id = m.user_id)
        and ${creators}
    ), reviewed as (
      select a.*, a.completed_at + (1 + a.h % 40) * interval '1 hour' as written_at from answered a where a.h % 5 < 2
    )
    insert into mission_reviews (mission_id, creator_id, user_id, rating, content, created_at, reply, reply_at)
    select r.id, r.creator_id, r.user_id,
      case when r.h % 100 < 62 then 5 when r.h % 100 < 85 then 4 when r.h % 100 < 94 then 3
        when r.h % 100 < 98 then 2 else 1 end,
      (${reviewTexts}::text[])[1 + r.h % ${REVIEW_TEXTS.length}],
      r.written_at,
      case when r.h % 2 = 0 and r.written_at + interval '1 day' <= ${now} then
        (${replyTexts}::text[])[1 + r.h % ${REPLY_TEXTS.length}] end,
      case when r.h % 2 = 0 and r.written_at + interval '1 day' <= ${now} then r.written_at + interval '1 day' end
    from reviewed r
    where r.written_at <= ${now}
    order by r.written_at, r.id
    on conflict (mission_id) do nothing`.execute(db);
  await sql`
    insert into creator_review_summaries
      (creator_id, reviews_count, rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5)
    select creator_id, count(*), sum(rating),
      count(*) filter (where rating = 1), count(*) filter (where rating = 2), count(*) filter (where rating = 3),
      count(*) filter (where rating = 4), count(*) filter (where rating = 5)
    from mission_reviews where ${creators} group by creator_id
    on conflict (creator_id) do update set reviews_count = excluded.reviews_count, rating_sum = excluded.rating_sum,
      stars_1 = excluded.stars_1, stars_2 = excluded.stars_2, stars_3 = excluded.stars_3, stars_4 = excluded.stars_4,
      stars_5 = excluded.stars_5`.execute(db);
  await sql`
    insert into product_review_summaries (product_id, reviews_count, rating_sum)
    select m.product_id, count(*), sum(r.rating)
    from mission_reviews r join missions m on m.id = r.mission_id
    where r.mission_id in (select mission_id from mission_reviews where ${creators})
    group by m.product_id
    on conflict (product_id) do update set reviews_count = excluded.reviews_count, rating_sum = excluded.rating_sum`.execute(
    db,
  );
}
