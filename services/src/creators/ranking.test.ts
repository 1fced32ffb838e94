import { CREATOR_RANK_LIMIT, creatorRankingSchema, type CreatorRanking } from '@fanmission/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { createProduct, insertMission } from '@fanmission/tests/support/missions';
import { migrations } from '../db';

// GET /creators/{id}/ranking: the creator page's Top-3 supporters (from `creator_supporters`, kept by a trigger as
// missions complete) and the creator's rank in the popular order (counted along its index, up to a limit).
const testApp = useTestApp();
const app = () => testApp.current.app;

let creator: TestCreator;
let product: { id: number; type: 'BASIC'; coinPrice: number; minimumCost: null; creator: { id: number } };

function get(id: number | string, headers: Record<string, string> = {}, language = 'en') {
  return app().inject({
    method: 'GET',
    url: `/api/v1/creators/${id}/ranking`,
    headers: { ...headers, 'accept-language': language },
  });
}

async function ranking(id: number, headers: Record<string, string> = {}): Promise<CreatorRanking> {
  const response = await get(id, headers);
  expect(response.statusCode, response.body).toBe(200);
  return creatorRankingSchema.parse(response.json());
}

async function setPopularity(creatorId: number, followers: number, likes = 0) {
  await app()
    .db.updateTable('creator_popularity')
    .set({ follower_count: followers, like_count: likes })
    .where('creator_id', '=', creatorId)
    .execute();
}

const complete = (fan: TestAccount, coins: number, status: 'COMPLETED' | 'ACCEPTED' = 'COMPLETED') =>
  insertMission(app(), { ...product, coinPrice: coins }, { user_id: fan.id, status });

beforeAll(async () => {
  creator = await createCreator(app());
  const productId = await createProduct(app().db, creator.creatorId, 'BASIC', { coinPrice: 10 });
  product = { id: productId, type: 'BASIC', coinPrice: 10, minimumCost: null, creator: { id: creator.creatorId } };
});

describe('top-3 supporters', () => {
  it('ranks fans by coins spent on the creator’s completed missions, kept as missions complete', async () => {
    const [ana, bo, cy, dee, eve] = await Promise.all(
      ['ana', 'bo', 'cy', 'dee', 'eve'].map((username) => createAccount(app(), { username: `${username}-rank` })),
    );
    expect((await ranking(creator.creatorId)).topSupporters).toEqual([]);

    await complete(ana!, 30);
    await complete(ana!, 30);
    await complete(bo!, 50);
    await complete(cy!, 20);
    const pending = await complete(cy!, 100, 'ACCEPTED');
    await complete(eve!, 5);
    // A member who deleted his account is left out however much he spent.
    await complete(dee!, 500);
    await app().db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', dee!.id).execute();
    // Another creator's missions count for him, not for this one.
    const other = await createCreator(app());
    const otherProduct = await createProduct(app().db, other.creatorId, 'BASIC', { coinPrice: 900 });
    await insertMission(
      app(),
      { id: otherProduct, type: 'BASIC', coinPrice: 900, minimumCost: null, creator: { id: other.creatorId } },
      { user_id: eve!.id, status: 'COMPLETED' },
    );

    const first = await ranking(creator.creatorId);
    expect(first.topSupporters.map((supporter) => [supporter.rank, supporter.user.username])).toEqual([
      [1, 'ana-rank'],
      [2, 'bo-rank'],
      [3, 'cy-rank'],
    ]);
    expect(first.topSupporters[0]!.user).toEqual({ id: ana!.id, username: 'ana-rank', image: null });

    // The accepted mission is performed: its coins count from the completing transaction on.
    await app()
      .db.updateTable('missions')
      .set({ status: 'COMPLETED', completed_at: new Date() })
      .where('id', '=', pending.id)
      .execute();
    const second = await ranking(creator.creatorId);
    expect(second.topSupporters.map((supporter) => supporter.user.username)).toEqual([
      'cy-rank',
      'ana-rank',
      'bo-rank',
    ]);

    // The counter equals a recount of the missions it counts.
    const { rows } = await sql<{ off: number }>`
      select count(*)::int as off from creator_supporters s
      full join (
        select creator_id, user_id, sum(coin_price) as coins, count(*)::int as missions from missions
        where status = 'COMPLETED' and type <> 'EVENT' and not is_private and content_blocked_at is null group by 1, 2
      ) m using (creator_id, user_id)
      where s.coins is distinct from m.coins or s.missions is distinct from m.missions`.execute(app().db);
    expect(rows[0]!.off).toBe(0);
  });
});

describe('top-3 supporters count only what anyone may see', () => {
  const usernames = async (creatorId: number) =>
    (await ranking(creatorId)).topSupporters.map((supporter) => supporter.user.username);

  it('leaves out private and content-blocked missions, as they become so', async () => {
    const shy = await createCreator(app());
    const productId = await createProduct(app().db, shy.creatorId, 'BASIC', { coinPrice: 10 });
    const shyProduct = {
      id: productId,
      type: 'BASIC' as const,
      coinPrice: 10,
      minimumCost: null,
      creator: { id: shy.creatorId },
    };
    const [secret, blocked, open] = await Promise.all(
      ['secret', 'blocked', 'open'].map((username) => createAccount(app(), { username: `${username}-rank` })),
    );
    await insertMission(
      app(),
      { ...shyProduct, coinPrice: 900 },
      { user_id: secret!.id, status: 'COMPLETED', is_private: true },
    );
    await insertMission(
      app(),
      { ...shyProduct, coinPrice: 800 },
      { user_id: blocked!.id, status: 'COMPLETED', content_blocked_at: new Date() },
    );
    const shown = await insertMission(
      app(),
      { ...shyProduct, coinPrice: 5 },
      { user_id: open!.id, status: 'COMPLETED' },
    );
    expect(await usernames(shy.creatorId)).toEqual(['open-rank']);

    // Made private after completion: out at once; public again: back.
    const setPrivate = (isPrivate: boolean) =>
      app().db.updateTable('missions').set({ is_private: isPrivate }).where('id', '=', shown.id).execute();
    await setPrivate(true);
    expect(await usernames(shy.creatorId)).toEqual([]);
    await setPrivate(false);
    await app().db.updateTable('missions').set({ content_blocked_at: new Date() }).where('id', '=', shown.id).execute();
    expect(await usernames(shy.creatorId)).toEqual([]);
  });

  it('omits a member who left the ranking in his profile, until he joins again', async () => {
    const loved = await createCreator(app());
    const productId = await createProduct(app().db, loved.creatorId, 'BASIC', { coinPrice: 10 });
    const lovedProduct = {
      id: productId,
      type: 'BASIC' as const,
      coinPrice: 10,
      minimumCost: null,
      creator: { id: loved.creatorId },
    };
    const [quiet, loud] = await Promise.all(
      ['quiet', 'loud'].map((username) => createAccount(app(), { username: `${username}-rank` })),
    );
    await insertMission(app(), { ...lovedProduct, coinPrice: 70 }, { user_id: quiet!.id, status: 'COMPLETED' });
    await insertMission(app(), { ...lovedProduct, coinPrice: 60 }, { user_id: loud!.id, status: 'COMPLETED' });
    expect(await usernames(loved.creatorId)).toEqual(['quiet-rank', 'loud-rank']);

    const setOptOut = async (rankingOptOut: unknown) =>
      await app().inject({
        method: 'PUT',
        url: `/api/v1/users/${quiet!.id}`,
        headers: { ...quiet!.headers, 'accept-language': 'en' },
        payload: { username: 'quiet-rank', rankingOptOut },
      });
    const invalid = await setOptOut('yes');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().subErrors).toEqual([expect.objectContaining({ field: 'rankingOptOut' })]);
    expect((await setOptOut(true)).statusCode).toBe(200);
    expect(await usernames(loved.creatorId)).toEqual(['loud-rank']);
    const me = await app().inject({ method: 'GET', url: '/api/v1/users/me', headers: quiet!.headers });
    expect(me.json()).toMatchObject({ rankingOptOut: true });
    expect((await setOptOut(false)).statusCode).toBe(200);
    expect(await usernames(loved.creatorId)).toEqual(['quiet-rank', 'loud-rank']);
  });

  it('is recounted by its migration from missions counted under the earlier rule', async () => {
    const db = app().db;
    const publicSupporters = migrations['0371_creator_supporters_public']!;
    const old = await createCreator(app());
    const productId = await createProduct(db, old.creatorId, 'BASIC', { coinPrice: 10 });
    const oldProduct = {
      id: productId,
      type: 'BASIC' as const,
      coinPrice: 10,
      minimumCost: null,
      creator: { id: old.creatorId },
    };
    const fan = await createAccount(app(), { username: 'earlier-rank' });
    await db.transaction().execute((trx) => publicSupporters.down!(trx));
    // Counted by the earlier trigger, which knew nothing of privacy.
    await insertMission(
      app(),
      { ...oldProduct, coinPrice: 40 },
      { user_id: fan.id, status: 'COMPLETED', is_private: true },
    );
    const counted = await db
      .selectFrom('creator_supporters')
      .select('coins')
      .where('creator_id', '=', old.creatorId)
      .execute();
    expect(counted).toEqual([{ coins: 40 }]);
    await db.transaction().execute((trx) => publicSupporters.up(trx));
    expect(await usernames(old.creatorId)).toEqual([]);
    const { rows } = await sql<{ off: number }>`
      select count(*)::int as off from creator_supporters s
      full join (
        select creator_id, user_id, sum(coin_price) as coins, count(*)::int as missions from missions
        where status = 'COMPLETED' and type <> 'EVENT' and not is_private and content_blocked_at is null group by 1, 2
      ) m using (creator_id, user_id)
      where s.coins is distinct from m.coins or s.missions is distinct from m.missions`.execute(db);
    expect(rows[0]!.off).toBe(0);
  });
});

describe('rank among creators', () => {
  it('is the place in the popular order among listed creators, null below the limit or when not listed', async () => {
    // Creators made by earlier tests have no followers: a creator with followers ranks above them all.
    // One at a time: createCreator names its URL after a counter read once the account exists.
    const top = await createCreator(app());
    const second = await createCreator(app());
    const adult = await createCreator(app(), { adult: true });
    const unverified = await createCreator(app(), { verified: false });
    await setPopularity(top.creatorId, 5_000_000);
    await setPopularity(adult.creatorId, 4_000_000);
    await setPopularity(unverified.creatorId, 3_500_000);
    await setPopularity(second.creatorId, 2_000_000, 1_000_000);
    await setPopularity(creator.creatorId, 2_000_000, 1_000_000);

    expect((await ranking(top.creatorId)).popularityRank).toBe(1);
    // Adult-flagged and unverified creators are not in the search, so not ahead of anybody.
    // On a tie the higher id comes first, as in the search.
    expect((await ranking(second.creatorId)).popularityRank).toBe(2);
    expect((await ranking(creator.creatorId)).popularityRank).toBe(3);
    expect((await ranking(top.creatorId)).listed).toBe(true);
    // Behind the adult gate for others (services/src/adult-content/gate.test.ts): the creator reads his own.
    expect(await ranking(adult.creatorId, adult.headers)).toMatchObject({ popularityRank: null, listed: false });
    expect(await ranking(unverified.creatorId, unverified.headers)).toMatchObject({
      popularityRank: null,
      listed: false,
    });

    const result = await ranking(creator.creatorId);
    expect(result.rankLimit).toBe(CREATOR_RANK_LIMIT);
    // With the limit's number of listed creators ahead, he is not ranked.
    for (let index = 0; index < CREATOR_RANK_LIMIT; index += 1) {
      await setPopularity((await createCreator(app())).creatorId, 3_100_000);
    }
    expect((await ranking(creator.creatorId)).popularityRank).toBeNull();
    expect((await ranking(top.creatorId)).popularityRank).toBe(1);
  });
});

describe('validation and permissions', () => {
  it('answers 400 for an id that is not a positive number, in the caller’s language', async () => {
    for (const [language, id] of [
      ['en', 'abc'],
      ['ko', '0'],
      ['ja', '-3'],
    ] as const) {
      const response = await get(id, {}, language);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, subErrors: [expect.objectContaining({ field: 'id' })] });
    }
  });

  it('is public for a verified creator, and 404 for an unverified one except to its owner and operators', async () => {
    const fan = await createAccount(app());
    const operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
    expect((await get(creator.creatorId)).statusCode).toBe(200);
    expect((await get(creator.creatorId, fan.headers)).statusCode).toBe(200);

    const hidden = await createCreator(app(), { verified: false });
    const unknown = await get(999_999_999);
    expect(unknown.statusCode).toBe(404);
    for (const headers of [{}, fan.headers, creator.headers]) {
      const response = await get(hidden.creatorId, headers);
      expect(response.statusCode).toBe(404);
      // The same answer as for a creator that does not exist: nothing tells the two apart.
      expect(response.json()).toEqual(unknown.json());
    }
    expect((await get(hidden.creatorId, hidden.headers)).statusCode).toBe(200);
    expect((await get(hidden.creatorId, operator.headers)).statusCode).toBe(200);
  });
});
