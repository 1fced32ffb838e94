// A losing roll decided from what the API process remembers of the fan's seed and wallet is checked and written in
// one statement. Whatever moved since, by another process (coins bought through another pool, a client seed changed,
// the roulette won meanwhile), makes that statement write nothing and the roll go the usual way: the same nonce of
// the same seed, every coin balanced, every roll verifiable.
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { purchase, verify, walletAccount } from '@fanmission/ledger';
import { createDb, type Db } from '@fanmission/services/db';
import { fairness } from '@fanmission/services/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import type { TestAccount } from '@fanmission/tests/harness/accounts';
import { createFan, createProduct, createVerifiedCreator } from '@fanmission/tests/support/missions';

// Every statement this process sends, the transactions' included, goes through a pg client's query(), which the
// pool's clients bind when they are made: recorded from before the app's pool exists.
const sent: string[] = [];
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config] = args as [string | { text: string }];
  sent.push(typeof config === 'string' ? config : config.text);
  return (sendQuery as (...inner: unknown[]) => unknown).apply(this, args);
} as typeof sendQuery;

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;
/** Another API process's pool on the same database: it remembers nothing of this process's. */
let otherProcess: Db;

beforeAll(() => {
  otherProcess = createDb(testApp.current.database.url, { max: 2 });
});
afterAll(async () => {
  pg.Client.prototype.query = sendQuery;
  await otherProcess.destroy();
  expect((await verify(db())).differences).toEqual([]);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, fan: TestAccount, payload?: object) =>
  app().inject({ method, url: `/api/v1${url}`, headers: { 'accept-language': 'en', ...fan.headers }, payload });

const ONE_TENTH_PERCENT = 0.1;

/** A fan on a 0.1 % roulette whose client seed makes his next `rolls` rolls lose (found from his server seed). */
async function losingFan(rolls: number) {
  const fan = await createFan(app(), 50);
  const creator = await createVerifiedCreator(app());
  const product = await createProduct(db(), creator.creatorId, 'LUCKY', {
    coinPrice: 2,
    winProbability: ONE_TENTH_PERCENT,
  });
  expect((await call('GET', '/users/me/roulette-seed', fan)).statusCode).toBe(200);
  const { server_seed: serverSeed } = await db()
    .selectFrom('roulette_seeds')
    .select('server_seed')
    .where('user_id', '=', fan.id)
    .executeTakeFirstOrThrow();
  let clientSeed = '';
  for (let attempt = 0; !clientSeed; attempt += 1) {
    const candidate = `losing-${attempt}`;
    const nonces = Array.from({ length: rolls }, (_, nonce) => nonce);
    const loses = (nonce: number) =>
      !fairness.rollWins(fairness.rollValue(serverSeed, candidate, nonce), ONE_TENTH_PERCENT);
    if (nonces.every(loses)) clientSeed = candidate;
  }
  expect((await call('PUT', '/users/me/roulette-seed', fan, { clientSeed })).statusCode).toBe(200);
  const missionId = (await call('POST', '/missions/lucky', fan, { missionProductId: product })).json<{ id: number }>()
    .id;
  return { fan, missionId, clientSeed };
}

/** Rolls once and says how it went: in one statement from memory, or the usual way (a ledger read) after it. */
async function rollOnce(fan: TestAccount, missionId: number) {
  sent.length = 0;
  const response = await call('POST', `/missions/${missionId}/rolls`, fan);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ success: false });
  return {
    fromMemory: sent.some((text) => text.includes('lucky_roll_remembered')),
    readTheLedger: sent.some((text) => text.includes('ledger_read')),
  };
}

const rollsOf = (fan: TestAccount) =>
  db()
    .selectFrom('lucky_rolls')
    .select(['nonce', 'client_seed', 'coins', 'success', 'ledger_transaction_id'])
    .where('user_id', '=', fan.id)
    .orderBy('id')
    .execute();

describe('a losing roll from remembered state', () => {
  it('after a first roll the usual way, the next rolls go in one statement, with consecutive nonces', async () => {
    const { fan, missionId } = await losingFan(4);
    expect(await rollOnce(fan, missionId)).toEqual({ fromMemory: false, readTheLedger: true });
    for (let i = 0; i < 3; i += 1) {
      expect(await rollOnce(fan, missionId)).toEqual({ fromMemory: true, readTheLedger: false });
    }
    const rolls = await rollsOf(fan);
    expect(rolls.map((roll) => roll.nonce)).toEqual([0, 1, 2, 3]);
    expect(rolls.every((roll) => roll.coins === 2 && !roll.success && roll.ledger_transaction_id > 0)).toBe(true);
    const seed = await call('GET', '/users/me/roulette-seed', fan);
    expect(seed.json()).toMatchObject({ nextNonce: 4 });
    const wallet = await db()
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('account', '=', walletAccount(fan.id))
      .executeTakeFirstOrThrow();
    expect(Number(wallet.balance)).toBe(50 - 4 * 2);
  });

  it('coins bought through another process: the statement writes nothing and the roll reads the wallet', async () => {
    const { fan, missionId } = await losingFan(3);
    await rollOnce(fan, missionId);
    await purchase(otherProcess, {
      userId: fan.id,
      coins: 10,
      paymentId: `payment-${randomUUID()}`,
      idempotencyKey: `purchase-${randomUUID()}`,
      now: app().ctx.now(),
    });
    expect(await rollOnce(fan, missionId)).toEqual({ fromMemory: true, readTheLedger: true });
    // Remembered again after that roll: the next one goes in one statement.
    expect(await rollOnce(fan, missionId)).toEqual({ fromMemory: true, readTheLedger: false });
    expect((await rollsOf(fan)).map((roll) => roll.nonce)).toEqual([0, 1, 2]);
    const wallet = await db()
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('account', '=', walletAccount(fan.id))
      .executeTakeFirstOrThrow();
    expect(Number(wallet.balance)).toBe(50 + 10 - 3 * 2);
    expect((await verify(db())).differences).toEqual([]);
  });

  it('a client seed changed by another process: the roll takes the next nonce with the new client seed', async () => {
    const { fan, missionId, clientSeed } = await losingFan(2);
    await rollOnce(fan, missionId);
    const { server_seed: serverSeed } = await db()
      .selectFrom('roulette_seeds')
      .select('server_seed')
      .where('user_id', '=', fan.id)
      .executeTakeFirstOrThrow();
    let changed = '';
    for (let attempt = 0; !changed; attempt += 1) {
      const candidate = `changed-${attempt}`;
      if (!fairness.rollWins(fairness.rollValue(serverSeed, candidate, 1), ONE_TENTH_PERCENT)) changed = candidate;
    }
    await otherProcess
      .updateTable('roulette_seeds')
      .set({ client_seed: changed })
      .where('user_id', '=', fan.id)
      .where('revealed_at', 'is', null)
      .execute();
    expect(await rollOnce(fan, missionId)).toEqual({ fromMemory: true, readTheLedger: true });
    expect((await rollsOf(fan)).map((roll) => [roll.nonce, roll.client_seed])).toEqual([
      [0, clientSeed],
      [1, changed],
    ]);
  });

  it('a capped product at its cap: the roll goes the usual way and is refused, whatever is remembered', async () => {
    const { fan, missionId } = await losingFan(2);
    await rollOnce(fan, missionId);
    const { product_id: productId, creator_id: creatorId } = await db()
      .selectFrom('missions')
      .select(['product_id', 'creator_id'])
      .where('id', '=', missionId)
      .executeTakeFirstOrThrow();
    // Another fan's roulette of the same product, won: the product's one open request.
    const other = await createFan(app(), 10);
    const won = (await call('POST', '/missions/lucky', other, { missionProductId: productId })).json<{ id: number }>();
    await otherProcess
      .updateTable('missions')
      .set({ status: 'ACCEPTED', requested_at: new Date(), accepted_at: new Date(), perform_due_at: new Date() })
      .where('id', '=', won.id)
      .execute();
    await otherProcess.insertInto('creator_capacity').values({ creator_id: creatorId }).execute();
    await otherProcess
      .updateTable('mission_products')
      .set({ max_open_requests: 1 })
      .where('id', '=', productId)
      .execute();
    const before = await rollsOf(fan);
    sent.length = 0;
    const response = await call('POST', `/missions/${missionId}/rolls`, fan);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'REQUESTS_FULL' });
    expect(sent.some((text) => text.includes('lucky_roll_remembered'))).toBe(false);
    expect(await rollsOf(fan)).toEqual(before);
  });

  it('a roulette closed by another process meanwhile: no coin moves and the roll answers as the usual way does', async () => {
    const { fan, missionId } = await losingFan(2);
    await rollOnce(fan, missionId);
    await otherProcess
      .updateTable('missions')
      .set({
        status: 'ACCEPTED',
        requested_at: new Date(),
        accepted_at: new Date(),
        perform_due_at: new Date(Date.now() + 864e6),
      })
      .where('id', '=', missionId)
      .execute();
    const before = await rollsOf(fan);
    const response = await call('POST', `/missions/${missionId}/rolls`, fan);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await rollsOf(fan)).toEqual(before);
    const seed = await call('GET', '/users/me/roulette-seed', fan);
    expect(seed.json()).toMatchObject({ nextNonce: 1 });
  });
});
