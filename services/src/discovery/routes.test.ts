import { creatorListItemSchema, creatorReliabilityListSchema, pageSchema } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, createTags, type TestCreator } from '@fanmission/tests/support/creators';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { createProduct } from '@fanmission/tests/support/missions';
import type { NewMission } from '../missions';
import { refreshReliability } from '../trust';

const testApp = useTestApp();
const app = () => testApp.current.app;

let tags: number[];
let starSong: TestCreator;
let starDance: TestCreator;
let moonlight: TestCreator;
let adult: TestCreator;
let pending: TestCreator;
let fans: TestAccount[];

const day = 24 * 60 * 60 * 1000;
const searchPage = pageSchema(creatorListItemSchema);

beforeAll(async () => {
  tags = await createTags(app(), ['노래', '댄스', '요리']);
  const now = Date.now();
  starSong = await createCreator(app(), { name: '별빛 노래', tagIds: [tags[0]!], createdAt: new Date(now - 5 * day) });
  starDance = await createCreator(app(), {
    name: 'Star Dance',
    tagIds: [tags[1]!],
    createdAt: new Date(now - 4 * day),
  });
  moonlight = await createCreator(app(), {
    name: '달빛',
    tagIds: [tags[0]!, tags[1]!],
    createdAt: new Date(now - 3 * day),
  });
  adult = await createCreator(app(), {
    name: '노래왕 별빛',
    adult: true,
    tagIds: [tags[0]!],
    createdAt: new Date(now - day),
  });
  pending = await createCreator(app(), {
    name: '별빛 새싹',
    verified: false,
    tagIds: [tags[0]!],
    createdAt: new Date(now),
  });
  fans = await Promise.all([1, 2, 3].map(() => createAccount(app())));
});

async function search(query: string, headers: Record<string, string> = {}) {
  const response = await app().inject({ method: 'GET', url: `/api/v1/creators/page?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return searchPage.parse(response.json());
}

const names = (page: { content: { creator: { name: string } }[] }) => page.content.map((item) => item.creator.name);

describe('GET /api/v1/creators/page', () => {
  it('lists verified creators newest first, never adult-flagged or unverified ones', async () => {
    const page = await search('');
    expect(names(page)).toEqual(['달빛', 'Star Dance', '별빛 노래']);
    expect(page).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 12, last: true });
    expect(page.content[0]).toEqual({
      creator: {
        id: moonlight.creatorId,
        url: expect.any(String),
        name: '달빛',
        user: { id: moonlight.id, username: '달빛', image: null },
      },
      following: false,
      // No review yet (services/src/reviews/routes.test.ts covers a rated card).
      rating: null,
    });
    const ids = page.content.map((item) => item.creator.id);
    expect(ids).not.toContain(adult.creatorId);
    expect(ids).not.toContain(pending.creatorId);
  });

  it('finds names by any part, ignoring case, in Korean too', async () => {
    expect(names(await search(`name=${encodeURIComponent('빛')}`))).toEqual(['달빛', '별빛 노래']);
    expect(names(await search(`name=${encodeURIComponent('별빛')}`))).toEqual(['별빛 노래']);
    expect(names(await search(`name=${encodeURIComponent('노래')}`))).toEqual(['별빛 노래']);
    expect(names(await search('name=sTaR'))).toEqual(['Star Dance']);
    expect(names(await search('name=dance'))).toEqual(['Star Dance']);
    // Wildcards typed by a user are literal characters.
    expect(names(await search('name=%25'))).toEqual([]);
    expect(names(await search('name=_'))).toEqual([]);
  });

  it('filters by tag (any of several)', async () => {
    expect(names(await search(`tags=${tags[0]}`))).toEqual(['달빛', '별빛 노래']);
    expect(names(await search(`tags=${tags[1]}`))).toEqual(['달빛', 'Star Dance']);
    expect(names(await search(`tags=${tags[0]},${tags[1]}`))).toEqual(['달빛', 'Star Dance', '별빛 노래']);
    expect(names(await search(`tags=${tags[2]}`))).toEqual([]);
    expect(names(await search(`tags=${tags[1]}&name=${encodeURIComponent('달')}`))).toEqual(['달빛']);
  });

  it('pages with `last`', async () => {
    const first = await search('size=2&page=0');
    expect(names(first)).toEqual(['달빛', 'Star Dance']);
    expect(first).toMatchObject({ last: false, totalElements: 3, totalPages: 2 });
    const second = await search('size=2&page=1');
    expect(names(second)).toEqual(['별빛 노래']);
    expect(second.last).toBe(true);
    const beyond = await search('size=2&page=5');
    expect(beyond).toMatchObject({ content: [], last: true, totalElements: 3 });
  });

  it('shows whether the caller follows each creator', async () => {
    const fan = fans[0]!;
    const follow = await app().inject({
      method: 'POST',
      url: `/api/v1/creators/${starDance.creatorId}/follower`,
      headers: fan.headers,
      payload: { userId: fan.id },
    });
    expect(follow.statusCode).toBe(200);
    const asFan = await search('type=newest', fan.headers);
    expect(asFan.content.map((item) => [item.creator.name, item.following])).toEqual([
      ['달빛', false],
      ['Star Dance', true],
      ['별빛 노래', false],
    ]);
    expect((await search('type=newest')).content.every((item) => !item.following)).toBe(true);
  });

  it('sorts by popularity (followers + likes) once the counters have caught up, ties to the newer creator', async () => {
    // Follows through the API; the popularity consumer turns their events into counters.
    for (const [creator, followers] of [
      [starSong, fans],
      [moonlight, fans.slice(0, 1)],
    ] as const) {
      for (const fan of followers) {
        const response = await app().inject({
          method: 'POST',
          url: `/api/v1/creators/${creator.creatorId}/follower`,
          headers: fan.headers,
          payload: { userId: fan.id },
        });
        expect(response.statusCode).toBe(200);
      }
    }
    await drainOutbox(app().db);
    // 별빛 노래 3 followers; 달빛 and Star Dance 1 each (the newer, 달빛, first).
    expect(names(await search('type=popular'))).toEqual(['별빛 노래', '달빛', 'Star Dance']);

    await app()
      .db.updateTable('creator_popularity')
      .set({ like_count: 5 })
      .where('creator_id', '=', starDance.creatorId)
      .execute();
    // Another page size: the same query as above may be served from the one-second result cache.
    expect(names(await search('type=popular&size=3'))).toEqual(['Star Dance', '별빛 노래', '달빛']);
  });

  it('recommends by the 90-day reliability: missions performed on time weighted by the on-time rate', async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * day);
    const fan = fans[0]!;
    const missions: NewMission[] = [];
    const add = (creator: TestCreator, productId: number, count: number, values: Partial<NewMission>) => {
      for (let i = 0; i < count; i += 1) {
        missions.push({
          product_id: productId,
          creator_id: creator.creatorId,
          user_id: fan.id,
          type: 'BASIC',
          status: 'COMPLETED',
          coin_price: 10,
          ...values,
        });
      }
    };
    const done = (days: number, late = false): Partial<NewMission> => ({
      status: 'COMPLETED',
      accepted_at: ago(days + 2),
      completed_at: ago(days),
      perform_due_at: late ? ago(days + 1) : ago(days - 8),
    });
    const expired = (days: number): Partial<NewMission> => ({
      status: 'REJECTED',
      rejection_reason: 'PERFORM_EXPIRED',
      accepted_at: ago(days + 10),
      perform_due_at: ago(days),
      rejected_at: ago(days),
    });
    for (const creator of [starDance, moonlight, starSong, adult]) {
      const productId = await createProduct(app().db, creator.creatorId, 'BASIC');
      if (creator === starDance) add(creator, productId, 10, done(10)); // 10 × 100 % = 10
      if (creator === moonlight) {
        add(creator, productId, 12, done(20)); // 12 × 12/18 = 8
        add(creator, productId, 6, expired(30));
      }
      if (creator === starSong) {
        add(creator, productId, 2, done(5)); // 2; the 30 older than 90 days do not count
        add(creator, productId, 30, done(120));
      }
      if (creator === adult) add(creator, productId, 50, done(1));
    }
    await app().db.insertInto('missions').values(missions).execute();
    await refreshReliability(app().db, now);
    expect(names(await search('type=recommended'))).toEqual(['Star Dance', '달빛', '별빛 노래']);

    const response = await app().inject({
      method: 'GET',
      url: `/api/v1/creators/reliability?ids=${moonlight.creatorId},${starSong.creatorId},${pending.creatorId}`,
    });
    expect(response.statusCode).toBe(200);
    // The pending (unverified) creator is left out; below 5 due missions the figures are hidden.
    expect(creatorReliabilityListSchema.parse(response.json())).toEqual([
      { creatorId: moonlight.creatorId, dueCount: 18, onTimeRate: 12 / 18, medianPerformHours: 48 },
      { creatorId: starSong.creatorId, dueCount: 2, onTimeRate: null, medianPerformHours: null },
    ]);
  });

  it('counts a late performance as due but not on time', async () => {
    const creator = await createCreator(app(), { name: 'Late Larry' });
    const productId = await createProduct(app().db, creator.creatorId, 'BASIC');
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * day);
    await app()
      .db.insertInto('missions')
      .values(
        [1, 2, 3, 4, 5].map((n) => ({
          product_id: productId,
          creator_id: creator.creatorId,
          user_id: fans[0]!.id,
          type: 'BASIC' as const,
          status: 'COMPLETED' as const,
          coin_price: 10,
          accepted_at: at(10),
          completed_at: at(10 - n),
          // The fifth one was performed a day after its deadline.
          perform_due_at: n === 5 ? at(6) : at(0),
        })),
      )
      .execute();
    await refreshReliability(app().db, now, [creator.creatorId]);
    const response = await app().inject({
      method: 'GET',
      url: `/api/v1/creators/reliability?ids=${creator.creatorId}`,
    });
    expect(response.json()).toEqual([
      { creatorId: creator.creatorId, dueCount: 5, onTimeRate: 0.8, medianPerformHours: 72 },
    ]);
  });

  it.each([
    ['no ids', ''],
    ['an id that is not a number', 'ids=abc'],
    ['a negative id', 'ids=-3'],
    ['more than 50 ids', `ids=${Array.from({ length: 51 }, (_, n) => n + 1).join(',')}`],
  ])('refuses reliability for %s with 400 and an ids sub-error in the caller’s language', async (_label, query) => {
    const response = await app().inject({
      method: 'GET',
      url: `/api/v1/creators/reliability?${query}`,
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    const problems = response.json<{ subErrors: { field: string; message: string }[] }>().subErrors;
    expect(problems.map((problem) => problem.field.replace(/\[\d+\]$/, ''))).toEqual(['ids']);
    expect(problems[0]!.message).toMatch(
      /^(This field is required\.|Only digits are allowed\.|The range is not valid\.)$/,
    );
  });

  it.each([
    ['an unknown sort', 'type=hot', 'type'],
    ['a page size of 0', 'size=0', 'size'],
    ['a page size over 100', 'size=101', 'size'],
    ['a negative page', 'page=-1', 'page'],
    ['a tag that is not an id', 'tags=abc', 'tags'],
  ])('refuses %s', async (_name, query, field) => {
    const response = await app().inject({ method: 'GET', url: `/api/v1/creators/page?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors.map((error: { field: string }) => error.field.replace(/\[\d+\]$/, ''))).toEqual([
      field,
    ]);
  });
});

describe('GET /api/v1/tags/creator', () => {
  it('lists every tag with the number of searchable creators carrying it', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/v1/tags/creator' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { tag: { id: tags[0], name: '노래' }, tagCount: 2 },
      { tag: { id: tags[1], name: '댄스' }, tagCount: 2 },
      { tag: { id: tags[2], name: '요리' }, tagCount: 0 },
    ]);
  });

  it("names each tag in the caller's language where the operators wrote it, else in Korean", async () => {
    await app().db.updateTable('tags').set({ name_en: 'Singing', name_ja: '歌' }).where('id', '=', tags[0]!).execute();
    await app().db.updateTable('tags').set({ name_en: 'Dance' }).where('id', '=', tags[1]!).execute();
    try {
      const named = async (language: string) =>
        (await app().inject({ method: 'GET', url: '/api/v1/tags/creator', headers: { 'accept-language': language } }))
          .json<{ tag: { name: string } }[]>()
          .map((item) => item.tag.name);
      expect(await named('en-US,en;q=0.9')).toEqual(['Singing', 'Dance', '요리']);
      expect(await named('ja')).toEqual(['歌', '댄스', '요리']);
      expect(await named('ko')).toEqual(['노래', '댄스', '요리']);
      const page = async (language: string) =>
        (
          await app().inject({
            method: 'GET',
            url: `/api/v1/creators/${moonlight.creatorId}`,
            headers: { 'accept-language': language },
          })
        )
          .json<{ creator: { tags: { id: number; name: string }[] } }>()
          .creator.tags.sort((a, b) => a.id - b.id)
          .map((tag) => tag.name);
      expect(await page('en')).toEqual(['Singing', 'Dance']);
      expect(await page('ja')).toEqual(['歌', '댄스']);
      expect(await page('ko')).toEqual(['노래', '댄스']);
    } finally {
      await app().db.updateTable('tags').set({ name_en: null, name_ja: null }).where('id', 'in', tags).execute();
    }
  });
});
