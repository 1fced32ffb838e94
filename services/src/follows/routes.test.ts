import { followItemSchema, pageSchema } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';

const testApp = useTestApp();
const app = () => testApp.current.app;

let creator: TestCreator;
let fan: TestAccount;
let other: TestAccount;
let operator: TestAccount;

beforeAll(async () => {
  creator = await createCreator(app(), { name: '별빛' });
  fan = await createAccount(app());
  other = await createAccount(app());
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
});

const follow = (creatorId: number, userId: number, headers: Record<string, string> = {}, language = 'en') =>
  app().inject({
    method: 'POST',
    url: `/api/v1/creators/${creatorId}/follower`,
    headers: { ...headers, 'accept-language': language },
    payload: { userId },
  });

const unfollow = (creatorId: number, userId: number | string, headers: Record<string, string> = {}) =>
  app().inject({ method: 'DELETE', url: `/api/v1/creators/${creatorId}/follower?userId=${userId}`, headers });

async function followEvents(type: string, creatorId: number) {
  const rows = await app()
    .db.selectFrom('outbox')
    .select(['type', 'payload'])
    .where('type', '=', type)
    .where('aggregate_id', '=', String(creatorId))
    .execute();
  return rows.map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload));
}

describe('POST and DELETE /api/v1/creators/{id}/follower', () => {
  it('follows once however often asked, and writes creator.followed only for the real follow', async () => {
    const first = await follow(creator.creatorId, fan.id, fan.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ creatorId: creator.creatorId, following: true, followerCount: 1 });
    const again = await follow(creator.creatorId, fan.id, fan.headers);
    expect(again.json()).toEqual({ creatorId: creator.creatorId, following: true, followerCount: 1 });
    expect(await followEvents('creator.followed', creator.creatorId)).toEqual([
      { creatorId: creator.creatorId, userId: fan.id },
    ]);

    const page = await app().inject({ method: 'GET', url: `/api/v1/creators/${creator.creatorId}` });
    expect(page.json().followerCount).toBe(1);

    const gone = await unfollow(creator.creatorId, fan.id, fan.headers);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ creatorId: creator.creatorId, following: false, followerCount: 0 });
    const goneAgain = await unfollow(creator.creatorId, fan.id, fan.headers);
    expect(goneAgain.json()).toMatchObject({ following: false, followerCount: 0 });
    expect(await followEvents('creator.unfollowed', creator.creatorId)).toEqual([
      { creatorId: creator.creatorId, userId: fan.id },
    ]);
  });

  it('lets a member follow only as himself: visitors 401, someone else’s userId 403', async () => {
    expect((await follow(creator.creatorId, fan.id)).statusCode).toBe(401);
    expect((await follow(creator.creatorId, fan.id, other.headers)).statusCode).toBe(403);
    expect((await follow(creator.creatorId, fan.id, operator.headers)).statusCode).toBe(403);
    expect((await unfollow(creator.creatorId, fan.id)).statusCode).toBe(401);
    expect((await unfollow(creator.creatorId, fan.id, other.headers)).statusCode).toBe(403);
    expect(await followEvents('creator.followed', creator.creatorId)).toHaveLength(1);
  });

  it('refuses hidden or unknown creators (404), oneself (400) and malformed input (400)', async () => {
    const pending = await createCreator(app(), { verified: false });
    expect((await follow(pending.creatorId, fan.id, fan.headers)).statusCode).toBe(404);
    expect((await follow(999999, fan.id, fan.headers)).statusCode).toBe(404);
    const self = await follow(creator.creatorId, creator.id, creator.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'CANNOT_FOLLOW_SELF', message: 'You cannot follow yourself.' });

    const noUser = await app().inject({
      method: 'POST',
      url: `/api/v1/creators/${creator.creatorId}/follower`,
      headers: fan.headers,
      payload: {},
    });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().subErrors).toEqual([expect.objectContaining({ field: 'userId' })]);
    expect((await unfollow(creator.creatorId, 'me', fan.headers)).statusCode).toBe(400);
    expect((await follow(0, fan.id, fan.headers)).statusCode).toBe(400);
  });

  it('lets two fans follow one creator at once: neither waits for the other’s commit, and the count is exact', async () => {
    const star = await createCreator(app(), { name: '인기' });
    const first = await createAccount(app());
    let second = await createAccount(app());
    // Fans whose follows count in different rows of the creator's counts (by the fan's id; migration 0350).
    while (second.id % 16 === first.id % 16) second = await createAccount(app());
    const rolledBack: Error & { waited?: unknown } = new Error('rolled back');
    const answered = await app()
      .db.transaction()
      .execute(async (trx) => {
        // The first fan's follow, not yet committed: its count's row stays locked until this transaction ends.
        await trx.insertInto('follows').values({ user_id: first.id, creator_id: star.creatorId }).execute();
        const waited = await Promise.race([
          follow(star.creatorId, second.id, second.headers).then((response) => response.json()),
          new Promise((resolve) => setTimeout(() => resolve('still waiting after 2 s'), 2000)),
        ]);
        rolledBack.waited = waited;
        throw rolledBack;
      })
      .catch((error: unknown) => (error === rolledBack ? rolledBack.waited : Promise.reject(error)));
    expect(answered).toEqual({ creatorId: star.creatorId, following: true, followerCount: 1 });
    const both = await follow(star.creatorId, first.id, first.headers);
    expect(both.json()).toEqual({ creatorId: star.creatorId, following: true, followerCount: 2 });
  });
});

describe('GET /api/v1/users/{id}/follows and /follows/page', () => {
  it('lists the followed verified creators, newest follow first, a page at a time', async () => {
    const member = await createAccount(app());
    const followed: TestCreator[] = [];
    for (const name of ['하나', '둘', '셋']) {
      const next = await createCreator(app(), { name });
      expect((await follow(next.creatorId, member.id, member.headers)).statusCode).toBe(200);
      followed.push(next);
    }
    // A creator taken back into review disappears from the list.
    await app().db.updateTable('creators').set({ verified: false }).where('id', '=', followed[1]!.creatorId).execute();

    const all = await app().inject({
      method: 'GET',
      url: `/api/v1/users/${member.id}/follows`,
      headers: member.headers,
    });
    expect(all.statusCode).toBe(200);
    const items = z.array(followItemSchema).parse(all.json());
    expect(items.map((item) => item.creator.name)).toEqual(['셋', '하나']);
    expect(items[0]!.creator).toMatchObject({ id: followed[2]!.creatorId, user: { id: followed[2]!.id } });

    const first = await app().inject({
      method: 'GET',
      url: `/api/v1/users/${member.id}/follows/page?size=1&page=0`,
      headers: member.headers,
    });
    const firstPage = pageSchema(followItemSchema).parse(first.json());
    expect(firstPage).toMatchObject({ totalElements: 2, totalPages: 2, last: false, number: 0, size: 1 });
    expect(firstPage.content.map((item) => item.creator.name)).toEqual(['셋']);
    const second = await app().inject({
      method: 'GET',
      url: `/api/v1/users/${member.id}/follows/page?size=1&page=1`,
      headers: member.headers,
    });
    expect(second.json()).toMatchObject({ last: true, content: [{ creator: { name: '하나' } }] });

    const byOperator = await app().inject({
      method: 'GET',
      url: `/api/v1/users/${member.id}/follows/page`,
      headers: operator.headers,
    });
    expect(byOperator.json()).toMatchObject({ size: 12, totalElements: 2 });
  });

  it('is private to the member: 401 for visitors, 403 for others, 400 for a bad page', async () => {
    for (const url of [`/api/v1/users/${fan.id}/follows`, `/api/v1/users/${fan.id}/follows/page`]) {
      expect((await app().inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await app().inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(403);
    }
    const badPage = await app().inject({
      method: 'GET',
      url: `/api/v1/users/${fan.id}/follows/page?size=0`,
      headers: fan.headers,
    });
    expect(badPage.statusCode).toBe(400);
  });
});
