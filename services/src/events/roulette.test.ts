// The provably fair lucky roulette through the HTTP API: the fan's committed seed, his client seed and nonces, rolls
// decided by them, rotation revealing the seed, and the independent verifier recomputing every roll.
import type { Page, RouletteRoll, RouletteSeed } from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import { verifyRolls } from '@fanmission/tests/support/fairness-verifier';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import type { TestAccount } from '@fanmission/tests/harness/accounts';
import { createFan, createProduct, createVerifiedCreator } from '@fanmission/tests/support/missions';

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: object) =>
  app().inject({ method, url: `/api/v1${url}`, headers: { 'accept-language': 'en', ...headers }, payload });

afterAll(async () => {
  expect((await verify(db())).differences).toEqual([]);
});

/** Rolls `count` times on a 10 % roulette (a new roulette after each win). */
async function roll(fan: TestAccount, count: number): Promise<boolean[]> {
  const creator = await createVerifiedCreator(app());
  const product = await createProduct(db(), creator.creatorId, 'LUCKY', { coinPrice: 1, winProbability: 10 });
  const outcomes: boolean[] = [];
  let missionId: number | null = null;
  for (let i = 0; i < count; i += 1) {
    if (missionId === null) {
      missionId = (await call('POST', '/missions/lucky', fan.headers, { missionProductId: product })).json<{
        id: number;
      }>().id;
    }
    const response = await call('POST', `/missions/${missionId}/rolls`, fan.headers);
    expect(response.statusCode, response.body).toBe(200);
    const { success } = response.json<{ success: boolean }>();
    outcomes.push(success);
    if (success) missionId = null;
  }
  return outcomes;
}

describe('provably fair lucky roulette', () => {
  it('rolls use the committed seed, the client seed and consecutive nonces; rotating reveals the seed and every roll verifies', async () => {
    const fan = await createFan(app(), 100);
    const seed = await call('GET', '/users/me/roulette-seed', fan.headers);
    expect(seed.statusCode).toBe(200);
    const first = seed.json<RouletteSeed>();
    expect(first.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(first.nextNonce).toBe(0);
    const changed = await call('PUT', '/users/me/roulette-seed', fan.headers, { clientSeed: 'my-lucky-seed' });
    expect(changed.json()).toEqual({ commitment: first.commitment, clientSeed: 'my-lucky-seed', nextNonce: 0 });

    const outcomes = await roll(fan, 12);
    expect((await call('GET', '/users/me/roulette-seed', fan.headers)).json()).toMatchObject({ nextNonce: 12 });
    const before = (await call('GET', '/users/me/rolls/page?size=50', fan.headers)).json<Page<RouletteRoll>>();
    expect(before.totalElements).toBe(12);
    expect(before.content.map((r) => r.nonce)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(before.content.map((r) => r.success).reverse()).toEqual(outcomes);
    expect(before.content.every((r) => r.serverSeed === null && r.commitment === first.commitment)).toBe(true);
    // Each roll names whose roulette it was and what it cost.
    const creatorRow = await db()
      .selectFrom('missions as m')
      .innerJoin('mission_products as p', 'p.id', 'm.product_id')
      .innerJoin('creators as c', 'c.id', 'p.creator_id')
      .select(['c.id', 'c.name'])
      .where('m.id', '=', before.content[0]!.missionId)
      .executeTakeFirstOrThrow();
    expect(before.content[0]).toMatchObject({ creatorId: creatorRow.id, creatorName: creatorRow.name, coins: 1 });
    // Not revealed yet: nothing can be verified.
    expect(await verifyRolls(before.content)).toHaveLength(12);

    const rotated = await call('POST', '/users/me/roulette-seed/rotate', fan.headers);
    expect(rotated.statusCode).toBe(200);
    const rotation = rotated.json<{ revealedServerSeed: string; revealedCommitment: string; commitment: string }>();
    expect(rotation.revealedCommitment).toBe(first.commitment);
    expect(rotation.commitment).not.toBe(first.commitment);
    expect((await call('GET', '/users/me/roulette-seed', fan.headers)).json()).toEqual({
      commitment: rotation.commitment,
      clientSeed: 'my-lucky-seed',
      nextNonce: 0,
    });

    const after = (await call('GET', '/users/me/rolls/page?size=50', fan.headers)).json<Page<RouletteRoll>>();
    expect(after.content.every((r) => r.serverSeed === rotation.revealedServerSeed)).toBe(true);
    expect(await verifyRolls(after.content)).toEqual([]);
    // A changed outcome, client seed or seed fails the verifier.
    expect(await verifyRolls(after.content.map((r, i) => (i === 0 ? { ...r, success: !r.success } : r)))).toHaveLength(
      1,
    );
    const forged = await verifyRolls(after.content.map((r) => ({ ...r, serverSeed: '00'.repeat(32) })));
    expect(forged.filter((problem) => problem.includes('does not match its commitment'))).toHaveLength(12);

    // Rolls after the rotation use the new seed from nonce 0, and are not revealed.
    await roll(fan, 1);
    const newest = (await call('GET', '/users/me/rolls/page?size=1', fan.headers)).json<Page<RouletteRoll>>();
    expect(newest.content[0]).toMatchObject({ nonce: 0, commitment: rotation.commitment, serverSeed: null });
    expect(newest).toMatchObject({ totalElements: 13, size: 1, totalPages: 13 });
  });

  it('lists only the caller’s rolls; validates the client seed; 401 without a session', async () => {
    const fan = await createFan(app(), 10);
    const other = await createFan(app(), 10);
    await roll(other, 2);
    expect((await call('GET', '/users/me/rolls/page', fan.headers)).json()).toMatchObject({ totalElements: 0 });
    for (const clientSeed of ['', 'with space', 'x'.repeat(65)]) {
      const response = await call('PUT', '/users/me/roulette-seed', fan.headers, { clientSeed });
      expect(response.statusCode, clientSeed).toBe(400);
      expect(response.json().subErrors[0]).toMatchObject({ field: 'clientSeed' });
    }
    expect((await call('GET', '/users/me/roulette-seed')).statusCode).toBe(401);
    expect((await call('PUT', '/users/me/roulette-seed', {}, { clientSeed: 'a' })).statusCode).toBe(401);
    expect((await call('POST', '/users/me/roulette-seed/rotate')).statusCode).toBe(401);
    expect((await call('GET', '/users/me/rolls/page')).statusCode).toBe(401);
  });
});
