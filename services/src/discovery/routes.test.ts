import { creatorListItemSchema, pageSchema } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, createTags, type TestCreator } from '../creators/test-helpers';
import { drainOutbox } from '@fanmission/tests/support/outbox';

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

  it('recommends by completed missions weighted by the on-time rate', async () => {
    const counters = [
      { creator_id: starDance.creatorId, completed_count: 10, expired_count: 0 }, // 10 × 100 % = 10
      { creator_id: moonlight.creatorId, completed_count: 12, expired_count: 6 }, // 12 × 67 % = 8
      { creator_id: starSong.creatorId, completed_count: 2, expired_count: 0 }, // 2
      { creator_id: adult.creatorId, completed_count: 50, expired_count: 0 },
    ];
    for (const row of counters) {
      await app()
        .db.insertInto('creator_popularity')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('creator_id')
            .doUpdateSet({ completed_count: row.completed_count, expired_count: row.expired_count }),
        )
        .execute();
    }
    expect(names(await search('type=recommended'))).toEqual(['Star Dance', '달빛', '별빛 노래']);
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
});
