import {
  adminReviewDetailSchema,
  creatorListItemSchema,
  missionProductSchema,
  pageSchema,
  missionReviewStateSchema,
  reviewPageSchema,
  reviewSchema,
  reviewSummarySchema,
  type MissionProduct,
  type MissionReview,
} from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';
import type { MissionRow } from '../missions';
import { recountFigures, recountProductFigures } from './repository';

/*
 * Reviews of completed missions through the API: who may write, edit, reply, vote and report, what the creator page
 * shows (summary, sorts, cursor), the console's moderation, the cards' ratings, and the creator's and products' summary
 * rows equal to a recount.
 */

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => app().db;
const DAY = 86_400_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, account?: TestAccount, payload?: unknown, language = 'en') {
  return app().inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers: { 'accept-language': language, ...(account && account.headers) },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

let creator: TestCreator;
let otherCreator: TestCreator;
let fan: TestAccount;
let otherFan: TestAccount;
let operator: TestAccount;
let product: MissionProduct;

async function completed(values: Partial<MissionRow> = {}, user: TestAccount = fan) {
  return await insertMission(app(), product, { user_id: user.id, status: 'COMPLETED', ...values });
}

async function review(mission: MissionRow, rating = 5, content = 'Great', account: TestAccount = fan) {
  const response = await call('POST', `/missions/${mission.id}/review`, account, { rating, content });
  expect(response.statusCode, response.body).toBe(200);
  return reviewSchema.parse(response.json());
}

async function summary(creatorId = creator.creatorId) {
  const response = await call('GET', `/creators/${creatorId}/reviews/summary`);
  expect(response.statusCode, response.body).toBe(200);
  return reviewSummarySchema.parse(response.json());
}

async function page(query = '', account?: TestAccount, creatorId = creator.creatorId) {
  const response = await call('GET', `/creators/${creatorId}/reviews/page${query}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return reviewPageSchema.parse(response.json());
}

async function expectRecountEqual(creatorId: number) {
  const row = await db()
    .selectFrom('creator_review_summaries')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  const recount = await recountFigures(db(), creatorId);
  expect({
    reviews_count: row?.reviews_count ?? 0,
    rating_sum: row?.rating_sum ?? 0,
    stars: [row?.stars_1 ?? 0, row?.stars_2 ?? 0, row?.stars_3 ?? 0, row?.stars_4 ?? 0, row?.stars_5 ?? 0],
  }).toEqual(recount);
}

async function expectProductRecountEqual(productId: number) {
  const row = await db()
    .selectFrom('product_review_summaries')
    .select(['reviews_count', 'rating_sum'])
    .where('product_id', '=', productId)
    .executeTakeFirst();
  expect({ reviews_count: row?.reviews_count ?? 0, rating_sum: row?.rating_sum ?? 0 }).toEqual(
    await recountProductFigures(db(), productId),
  );
}

/** The product card's rating as `GET /mission-products/{id}` answers it. */
async function productRating(productId: number) {
  const response = await call('GET', `/mission-products/${productId}`);
  expect(response.statusCode, response.body).toBe(200);
  return missionProductSchema.parse(response.json()).rating;
}

/** The creator card's rating as the creator search answers it. */
async function creatorCardRating(name: string, creatorId: number) {
  const response = await call('GET', `/creators/page?name=${encodeURIComponent(name)}&type=newest`);
  expect(response.statusCode, response.body).toBe(200);
  const found = pageSchema(creatorListItemSchema)
    .parse(response.json())
    .content.find((item) => item.creator.id === creatorId);
  expect(found).toBeDefined();
  return found?.rating;
}

/** A fresh creator with his own product, so summaries start from nothing. */
async function freshCreator(username: string) {
  const owner = await createCreator(app(), { username, name: `${username} page` });
  const ownProduct = await registerProduct(app(), owner, { type: 'BASIC', coinPrice: 100 });
  return { owner, product: ownProduct };
}

beforeAll(async () => {
  creator = await createCreator(app(), { username: 'reviewed', name: 'Reviewed Star' });
  otherCreator = await createCreator(app(), { username: 'otherstar', name: 'Other Star' });
  fan = await createAccount(app(), { username: 'reviewer' });
  otherFan = await createAccount(app(), { username: 'otherfan' });
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  product = await registerProduct(app(), creator, { type: 'BASIC', coinPrice: 100 });
});

describe('writing a review', () => {
  it('lets the requester rate a completed mission once; the creator page shows it with his nickname only', async () => {
    const mission = await completed({ is_private: true, request_comment: 'A secret birthday wish' });
    const before = await call('GET', `/missions/${mission.id}/review`, fan);
    expect(missionReviewStateSchema.parse(before.json())).toMatchObject({ review: null, canReview: true });

    const written = await review(mission, 4, '  Lovely answer  ');
    expect(written).toMatchObject({
      rating: 4,
      content: 'Lovely answer',
      authorName: 'reviewer',
      // The mission is private: the review never names it.
      missionId: null,
      reply: null,
      helpfulCount: 0,
      own: true,
      edited: null,
    });
    const shown = (await page()).items.find((item) => item.id === written.id)!;
    expect(shown).toMatchObject({ rating: 4, content: 'Lovely answer', authorName: 'reviewer', missionId: null });
    expect(JSON.stringify(shown)).not.toContain('secret birthday');
    expect((await summary()).count).toBeGreaterThanOrEqual(1);
    await expectRecountEqual(creator.creatorId);
  });

  it('refuses a rating outside 1–5 and words past 1,000 characters, field by field, in ko, en and ja', async () => {
    const mission = await completed();
    const cases: [unknown, string, Record<string, string>][] = [
      ...[0, 6, 2.5, '5', null].map(
        (rating) =>
          [
            { rating },
            'rating',
            {
              ko: '별점은 1점부터 5점까지 고를 수 있습니다.',
              en: 'Please choose a rating from 1 to 5 stars.',
              ja: '評価は1〜5の星から選んでください。',
            },
          ] as [unknown, string, Record<string, string>],
      ),
      [
        { rating: 5, content: '가'.repeat(1001) },
        'content',
        {
          ko: '후기는 1,000자까지 입력할 수 있습니다.',
          en: 'A review can be at most 1,000 characters.',
          ja: 'レビューは1,000文字まで入力できます。',
        },
      ],
    ];
    for (const [body, field, messages] of cases) {
      for (const language of ['ko', 'en', 'ja'] as const) {
        const refused = await call('POST', `/missions/${mission.id}/review`, fan, body, language);
        expect(refused.statusCode, refused.body).toBe(400);
        const answer = JSON.stringify(refused.json());
        expect(answer).toContain(`"${field}"`);
        expect(answer).toContain(messages[language]);
      }
    }
    expect((await call('GET', `/missions/${mission.id}/review`, fan)).json()).toMatchObject({ review: null });
  });

  it('attack: another member’s mission is 404 when private (as a missing one) and 403 when public', async () => {
    const privateMission = await completed({ is_private: true });
    const publicMission = await completed();
    const missing = await call('POST', '/missions/987654321/review', otherFan, { rating: 1 });
    const hidden = await call('POST', `/missions/${privateMission.id}/review`, otherFan, { rating: 1 });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    const open = await call('POST', `/missions/${publicMission.id}/review`, otherFan, { rating: 1 });
    expect(open.statusCode).toBe(403);
    expect(open.json().message).toBe('access denied');
    // The creator never rates his own mission.
    const own = await call('POST', `/missions/${publicMission.id}/review`, creator, { rating: 5 });
    expect(own.statusCode).toBe(403);
    expect(
      await db()
        .selectFrom('mission_reviews')
        .select('id')
        .where('mission_id', 'in', [privateMission.id, publicMission.id])
        .execute(),
    ).toEqual([]);
  });

  it('attack: a second review of the same mission is refused (409), also when sent at once', async () => {
    const mission = await completed();
    const answers = await Promise.all(
      [1, 2, 3].map((rating) => call('POST', `/missions/${mission.id}/review`, fan, { rating })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const again = await call('POST', `/missions/${mission.id}/review`, fan, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This mission has already been reviewed.');
    await expectRecountEqual(creator.creatorId);
  });

  it('attack: no review 30 days after completion', async () => {
    const late = await completed({ completed_at: new Date(Date.now() - 31 * DAY) });
    const refused = await call('POST', `/missions/${late.id}/review`, fan, { rating: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A review can be written within 30 days of the mission’s completion.');
    const inTime = await completed({ completed_at: new Date(Date.now() - 29 * DAY) });
    await review(inTime, 3);
  });

  it('attack: no review of a refunded, refused, expired or unanswered mission', async () => {
    const missions = [
      await completed({ refunded_coins: 100 }),
      await insertMission(app(), product, { user_id: fan.id, status: 'REJECTED', rejection_reason: 'REFUSED' }),
      await insertMission(app(), product, { user_id: fan.id, status: 'REJECTED' }),
      await insertMission(app(), product, { user_id: fan.id, status: 'ACCEPTED' }),
      await insertMission(app(), product, { user_id: fan.id, status: 'REQUESTED' }),
    ];
    for (const mission of missions) {
      const refused = await call('POST', `/missions/${mission.id}/review`, fan, { rating: 1 });
      expect(refused.statusCode, mission.status).toBe(409);
      expect(refused.json().message).toBe('Only a completed mission can be reviewed.');
      expect((await call('GET', `/missions/${mission.id}/review`, fan)).json()).toMatchObject({ canReview: false });
    }
  });

  it('lets the author edit for 7 days (marked edited, the summary follows); attack: not after', async () => {
    const { owner, product: ownProduct } = await freshCreator('editstar');
    const mission = await insertMission(app(), ownProduct, { user_id: fan.id, status: 'COMPLETED' });
    await review(mission, 1, 'meh');
    const edited = await call('PUT', `/missions/${mission.id}/review`, fan, { rating: 5, content: 'Actually great' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 5, content: 'Actually great' });
    expect(edited.json().edited).not.toBeNull();
    expect(await summary(owner.creatorId)).toMatchObject({ count: 1, average: 5 });

    const stranger = await call('PUT', `/missions/${mission.id}/review`, otherFan, { rating: 1 });
    expect(stranger.statusCode).toBe(403);

    await db()
      .updateTable('mission_reviews')
      .set({ created_at: new Date(Date.now() - 8 * DAY) })
      .where('mission_id', '=', mission.id)
      .execute();
    const late = await call('PUT', `/missions/${mission.id}/review`, fan, { rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('It can no longer be edited: 7 days have passed since it was written.');
    expect(await summary(owner.creatorId)).toMatchObject({ count: 1, average: 5 });
  });
});

describe('the creator’s reply', () => {
  let written: MissionReview;
  beforeAll(async () => {
    written = await review(await completed(), 5, 'Reply to me');
  });

  it('lets the creator reply once and edit it for 7 days; attack: twice, another creator, the fan', async () => {
    expect(
      (await call('POST', `/mission-reviews/${written.id}/reply`, otherCreator, { content: 'Mine' })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/mission-reviews/${written.id}/reply`, fan, { content: 'Mine' })).statusCode).toBe(403);
    expect((await call('POST', `/mission-reviews/${written.id}/reply`, operator, { content: 'Mine' })).statusCode).toBe(
      403,
    );

    const replied = await call('POST', `/mission-reviews/${written.id}/reply`, creator, { content: ' Thank you! ' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().reply).toMatchObject({ content: 'Thank you!', edited: null });
    const twice = await call('POST', `/mission-reviews/${written.id}/reply`, creator, { content: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already replied to this review.');

    const other = await call('PUT', `/mission-reviews/${written.id}/reply`, otherCreator, { content: 'Hijack' });
    expect(other.statusCode).toBe(403);
    const edited = await call('PUT', `/mission-reviews/${written.id}/reply`, creator, { content: 'Thanks a lot!' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().reply.edited).not.toBeNull();
    expect((await page()).items.find((item) => item.id === written.id)?.reply?.content).toBe('Thanks a lot!');

    await db()
      .updateTable('mission_reviews')
      .set({ reply_at: new Date(Date.now() - 8 * DAY) })
      .where('id', '=', written.id)
      .execute();
    const late = await call('PUT', `/mission-reviews/${written.id}/reply`, creator, { content: 'Late' });
    expect(late.statusCode).toBe(409);
  });

  it('refuses an empty reply and one past 1,000 characters in ko, en and ja', async () => {
    const target = await review(await completed(), 4);
    const cases: [unknown, Record<string, string>][] = [
      [{ content: '  ' }, { ko: '답글을 입력해 주세요.', en: 'Please enter a reply.', ja: '返信を入力してください。' }],
      [
        { content: 'a'.repeat(1001) },
        {
          ko: '답글은 1,000자까지 입력할 수 있습니다.',
          en: 'A reply can be at most 1,000 characters.',
          ja: '返信は1,000文字まで入力できます。',
        },
      ],
    ];
    for (const [body, messages] of cases) {
      for (const language of ['ko', 'en', 'ja'] as const) {
        const refused = await call('POST', `/mission-reviews/${target.id}/reply`, creator, body, language);
        expect(refused.statusCode).toBe(400);
        expect(JSON.stringify(refused.json())).toContain('"content"');
        expect(JSON.stringify(refused.json())).toContain(messages[language]);
      }
    }
  });
});

describe('helpful votes, sorts and pages', () => {
  it('attack: no vote on one’s own review; a second vote counts once; most helpful first', async () => {
    const { owner, product: ownProduct } = await freshCreator('helpstar');
    const first = await review(await insertMission(app(), ownProduct, { user_id: fan.id, status: 'COMPLETED' }), 5);
    const second = await review(await insertMission(app(), ownProduct, { user_id: fan.id, status: 'COMPLETED' }), 3);

    const own = await call('POST', `/mission-reviews/${first.id}/helpful`, fan);
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('OWN_REVIEW');
    expect((await call('POST', `/mission-reviews/${first.id}/helpful`)).statusCode).toBe(401);

    for (let i = 0; i < 2; i += 1) {
      const vote = await call('POST', `/mission-reviews/${first.id}/helpful`, otherFan);
      expect(vote.json()).toEqual({ id: first.id, helpful: true, helpfulCount: 1 });
    }
    const newest = await page('', otherFan, owner.creatorId);
    expect(newest.items.map((item) => item.id)).toEqual([second.id, first.id]);
    const helpful = await page('?sort=HELPFUL', otherFan, owner.creatorId);
    expect(helpful.items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(helpful.items[0]).toMatchObject({ helpful: true, helpfulCount: 1 });

    const back = await call('DELETE', `/mission-reviews/${first.id}/helpful`, otherFan);
    expect(back.json()).toEqual({ id: first.id, helpful: false, helpfulCount: 0 });
    expect(await summary(owner.creatorId)).toMatchObject({
      count: 2,
      average: 4,
      distribution: [
        { stars: 5, count: 1 },
        { stars: 4, count: 0 },
        { stars: 3, count: 1 },
        { stars: 2, count: 0 },
        { stars: 1, count: 0 },
      ],
    });
  });

  it('pages by cursor in both orders without repeating or skipping; a bad cursor is 400', async () => {
    const { owner, product: ownProduct } = await freshCreator('pagestar');
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const mission = await insertMission(app(), ownProduct, { user_id: fan.id, status: 'COMPLETED' });
      ids.push((await review(mission, (i % 5) + 1)).id);
    }
    for (const sort of ['NEWEST', 'HELPFUL']) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const next: Awaited<ReturnType<typeof page>> = await page(
          `?sort=${sort}&size=3${cursor ? `&cursor=${cursor}` : ''}`,
          undefined,
          owner.creatorId,
        );
        seen.push(...next.items.map((item) => item.id));
        cursor = next.nextCursor;
      } while (cursor !== null);
      expect(seen).toEqual([...ids].reverse());
    }
    for (const language of ['ko', 'en', 'ja'] as const) {
      const bad = await call(
        'GET',
        `/creators/${owner.creatorId}/reviews/page?cursor=bm9wZQ`,
        undefined,
        undefined,
        language,
      );
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain('cursor');
      const sort = await call(
        'GET',
        `/creators/${owner.creatorId}/reviews/page?sort=BEST`,
        undefined,
        undefined,
        language,
      );
      expect(sort.statusCode).toBe(400);
      expect(JSON.stringify(sort.json())).toContain('sort');
    }
    expect((await call('GET', '/creators/987654321/reviews/summary')).statusCode).toBe(404);
  });
});

describe('reports, blocks and the console', () => {
  it('attack: a blocked author’s review is not shown nor counted while the block lasts', async () => {
    const { owner, product: ownProduct } = await freshCreator('blockstar');
    const troll = await createAccount(app(), { username: 'troll' });
    const good = await review(await insertMission(app(), ownProduct, { user_id: fan.id, status: 'COMPLETED' }), 5);
    const bad = await review(
      await insertMission(app(), ownProduct, { user_id: troll.id, status: 'COMPLETED' }),
      1,
      'spam spam',
      troll,
    );
    expect((await summary(owner.creatorId)).count).toBe(2);
    await db().updateTable('users').set({ login_blocked_at: new Date() }).where('id', '=', troll.id).execute();

    expect((await page('', undefined, owner.creatorId)).items.map((item) => item.id)).toEqual([good.id]);
    expect(await summary(owner.creatorId)).toMatchObject({ count: 1, average: 5 });
    expect((await call('POST', `/mission-reviews/${bad.id}/helpful`, otherFan)).statusCode).toBe(404);

    await db().updateTable('users').set({ login_blocked_at: null }).where('id', '=', troll.id).execute();
    expect((await page('', undefined, owner.creatorId)).items.map((item) => item.id)).toEqual([bad.id, good.id]);
    expect((await summary(owner.creatorId)).count).toBe(2);
  });

  it('hides a review at 5 reports, and the operator hides or shows it with a reason, audited', async () => {
    const { owner, product: ownProduct } = await freshCreator('reportstar');
    const target = await review(await insertMission(app(), ownProduct, { user_id: fan.id, status: 'COMPLETED' }), 2);

    const own = await call('POST', `/mission-reviews/${target.id}/reports`, fan, { reason: 'SPAM' });
    expect(own.statusCode).toBe(400);
    for (const language of ['ko', 'en', 'ja'] as const) {
      const noWords = await call(
        'POST',
        `/mission-reviews/${target.id}/reports`,
        otherFan,
        { reason: 'OTHER' },
        language,
      );
      expect(noWords.statusCode).toBe(400);
      expect(JSON.stringify(noWords.json())).toContain('detail');
      const unknown = await call(
        'POST',
        `/mission-reviews/${target.id}/reports`,
        otherFan,
        { reason: 'BORING' },
        language,
      );
      expect(unknown.statusCode).toBe(400);
      expect(JSON.stringify(unknown.json())).toContain('reason');
    }

    const reporters = await Promise.all([1, 2, 3, 4, 5].map((n) => createAccount(app(), { username: `reporter${n}` })));
    for (const reporter of reporters) {
      const reported = await call('POST', `/mission-reviews/${target.id}/reports`, reporter, { reason: 'ABUSE' });
      expect(reported.statusCode, reported.body).toBe(200);
    }
    expect((await page('', undefined, owner.creatorId)).items).toEqual([]);
    expect((await summary(owner.creatorId)).count).toBe(0);
    await expectRecountEqual(owner.creatorId);

    // Operators only; the to-do block counts it.
    expect((await call('GET', `/api/admin/mission-reviews/${target.id}`, fan)).statusCode).toBe(403);
    const todo = await call('GET', '/api/admin/to-do', operator);
    expect(
      todo.json().items.find((item: { queue: string }) => item.queue === 'reportedReviews').count,
    ).toBeGreaterThanOrEqual(1);
    const listed = await call(
      'GET',
      `/api/admin/mission-reviews?filter=${encodeURIComponent(JSON.stringify({ reported: true, hidden: true, creatorId: owner.creatorId, rating: 2 }))}`,
      operator,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((row: { id: number }) => row.id)).toEqual([target.id]);

    const noReason = await call('PUT', `/api/admin/mission-reviews/${target.id}`, operator, { hidden: false }, 'ko');
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain('moderationReason');

    const shown = await call('PUT', `/api/admin/mission-reviews/${target.id}`, operator, {
      hidden: false,
      moderationReason: 'Fair criticism',
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const detail = adminReviewDetailSchema.parse(shown.json());
    expect(detail).toMatchObject({ hidden: false, moderation: 'VISIBLE', reportsOpenSince: null });
    expect(detail.reports.map((report) => report.outcome)).toEqual(Array(5).fill('DISMISSED'));
    expect((await summary(owner.creatorId)).count).toBe(1);

    const hidden = await call('PUT', `/api/admin/mission-reviews/${target.id}`, operator, {
      hidden: true,
      moderationReason: 'Insults',
    });
    expect(hidden.json()).toMatchObject({ hidden: true, moderationReason: 'Insults' });
    expect((await summary(owner.creatorId)).count).toBe(0);
    await expectRecountEqual(owner.creatorId);
    const audit = await db()
      .selectFrom('admin_audit_log')
      .select(['resource', 'resource_id'])
      .where('actor_id', '=', operator.id)
      .where('resource', '=', 'mission-reviews')
      .where('status_code', '=', 200)
      .execute();
    expect(audit.filter((row) => row.resource_id === String(target.id))).toHaveLength(2);
    // Its author still sees it on his mission; others do not.
    const mission = await db()
      .selectFrom('mission_reviews')
      .select('mission_id')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect((await call('GET', `/missions/${mission.mission_id}/review`, fan)).json().review).not.toBeNull();
    expect((await call('GET', `/missions/${mission.mission_id}/review`, otherFan)).json().review).toBeNull();
  });
});

describe('the cards’ ratings', () => {
  it('shows average and count on product and creator cards, null without reviews; a hidden review leaves them', async () => {
    const { owner, product: ownProduct } = await freshCreator('cardstar');
    const quiet = await registerProduct(app(), owner, { type: 'BASIC', coinPrice: 200 });
    const name = 'cardstar page';
    expect(await productRating(ownProduct.id)).toBeNull();
    expect(await creatorCardRating(name, owner.creatorId)).toBeNull();

    const five = await review(await insertMission(app(), ownProduct, { user_id: fan.id, status: 'COMPLETED' }), 5);
    await review(await insertMission(app(), ownProduct, { user_id: fan.id, status: 'COMPLETED' }), 4);
    await review(await insertMission(app(), quiet, { user_id: fan.id, status: 'COMPLETED' }), 1);
    expect(await productRating(ownProduct.id)).toEqual({ average: 4.5, count: 2 });
    expect(await productRating(quiet.id)).toEqual({ average: 1, count: 1 });
    expect(await creatorCardRating(name, owner.creatorId)).toEqual({ average: 3.3, count: 3 });
    // The creator page's own list of his products carries the same field.
    const listed = await call('GET', `/mission-products?creatorId=${owner.creatorId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      (listed.json() as { id: number; rating: unknown }[]).find((item) => item.id === ownProduct.id)?.rating,
    ).toEqual({ average: 4.5, count: 2 });

    const hidden = await call('PUT', `/api/admin/mission-reviews/${five.id}`, operator, {
      hidden: true,
      moderationReason: 'Off topic',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await productRating(ownProduct.id)).toEqual({ average: 4, count: 1 });
    expect(await creatorCardRating(name, owner.creatorId)).toEqual({ average: 2.5, count: 2 });
    await expectProductRecountEqual(ownProduct.id);

    // A blocked author's reviews leave the cards while the block lasts, as they leave the creator page.
    await db().updateTable('users').set({ login_blocked_at: new Date() }).where('id', '=', fan.id).execute();
    try {
      expect(await productRating(ownProduct.id)).toBeNull();
      expect(await productRating(quiet.id)).toBeNull();
      expect(await creatorCardRating(name, owner.creatorId)).toBeNull();
    } finally {
      await db().updateTable('users').set({ login_blocked_at: null }).where('id', '=', fan.id).execute();
    }
    expect(await productRating(quiet.id)).toEqual({ average: 1, count: 1 });
  });
});

describe('the summary row', () => {
  it('equals a recount after random writes, edits, reports and decisions', async () => {
    const { owner, product: ownProduct } = await freshCreator('recountstar');
    const secondProduct = await registerProduct(app(), owner, { type: 'BASIC', coinPrice: 300 });
    const reviewers = await Promise.all([1, 2, 3].map((n) => createAccount(app(), { username: `recount${n}` })));
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const written: { id: number; missionId: number; author: TestAccount }[] = [];
    for (let step = 0; step < 40; step += 1) {
      const action = random(4);
      const author = reviewers[random(reviewers.length)]!;
      if (action === 0 || written.length === 0) {
        const mission = await insertMission(app(), random(2) === 0 ? ownProduct : secondProduct, {
          user_id: author.id,
          status: 'COMPLETED',
        });
        const made = await review(mission, random(5) + 1, 'x', author);
        written.push({ id: made.id, missionId: mission.id, author });
      } else {
        const target = written[random(written.length)]!;
        if (action === 1) {
          const edited = await call('PUT', `/missions/${target.missionId}/review`, target.author, {
            rating: random(5) + 1,
          });
          expect(edited.statusCode, edited.body).toBe(200);
        } else if (action === 2) {
          const reported = await call('POST', `/mission-reviews/${target.id}/reports`, author, { reason: 'SPAM' });
          // One's own review cannot be reported; a hidden one is not there for other members.
          expect([200, 400, 404], reported.body).toContain(reported.statusCode);
        } else {
          const decided = await call('PUT', `/api/admin/mission-reviews/${target.id}`, operator, {
            hidden: random(2) === 0,
            moderationReason: 'check',
          });
          expect(decided.statusCode, decided.body).toBe(200);
        }
      }
      await expectRecountEqual(owner.creatorId);
      await expectProductRecountEqual(ownProduct.id);
      await expectProductRecountEqual(secondProduct.id);
    }
  });
});
