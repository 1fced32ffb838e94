// Mission requests, the lucky roulette and the creator actions through the HTTP API, without Temporal: requests
// commit with their coin hold and wait for the reconciler; actions that need the workflow answer 503. The workflow
// paths themselves are in workflows/src/missions/mission-workflow.test.ts.
import { balance, escrowAccount, verify, walletAccount } from '@fanmission/ledger';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import {
  basicRequest,
  createFan,
  createFile,
  createProduct,
  createVerifiedCreator,
} from '@fanmission/tests/support/missions';
import { markWorkflowStarted } from './repository';

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  app().inject({ method: 'POST', url: `/api/v1${url}`, headers: { 'accept-language': 'en', ...headers }, payload });

afterAll(async () => {
  expect((await verify(db())).differences).toEqual([]);
});

async function outboxTypes(missionId: number): Promise<string[]> {
  const rows = await db()
    .selectFrom('outbox')
    .select('type')
    .where('aggregate_id', '=', String(missionId))
    .where('aggregate_type', '=', 'mission')
    .orderBy('position')
    .execute();
  return rows.map((row) => row.type);
}

describe('POST /missions', () => {
  it('requests a BASIC mission: ACCEPTED, coins held in escrow with the mission, event recorded', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 30 });
    const fan = await createFan(app(), 100);

    const response = await post('/missions', fan.headers, basicRequest(product, { private: true }));

    expect(response.statusCode).toBe(200);
    const { id, status } = response.json<{ id: number; status: string }>();
    expect(status).toBe('ACCEPTED');
    const mission = await db().selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(mission).toMatchObject({ user_id: fan.id, creator_id: creator.creatorId, coin_price: 30, is_private: true });
    expect(mission.perform_due_at!.getTime() - mission.accepted_at!.getTime()).toBe(10 * 24 * 60 * 60 * 1000);
    // Without Temporal the workflow waits for the reconciler.
    expect(mission.workflow_started_at).toBeNull();
    expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 70 });
    expect(await balance(db(), escrowAccount(id))).toMatchObject({ balance: 30 });
    expect(await outboxTypes(id)).toEqual(['mission.requested']);
  });

  it('requests a CUSTOM mission for a friend with an attachment: REQUESTED, the offer held, 30 days to decide', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'CUSTOM', { minimumCost: 50 });
    const fan = await createFan(app(), 100);
    const file = await createFile(db(), fan.id, 'image');

    const response = await post(
      '/missions',
      fan.headers,
      basicRequest(product, { toFriend: true, from: 'Jisoo', coinPrice: 60, requestFileId: file }),
    );

    expect(response.statusCode).toBe(200);
    const { id, status } = response.json<{ id: number; status: string }>();
    expect(status).toBe('REQUESTED');
    const mission = await db().selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(mission).toMatchObject({ coin_price: 60, sender_name: 'Jisoo', to_friend: true, request_file_id: file });
    expect(mission.decision_due_at!.getTime() - mission.requested_at!.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    expect(await balance(db(), escrowAccount(id))).toMatchObject({ balance: 60 });
  });

  it('answers a retry with the same Idempotency-Key with the first mission, holding once', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 10 });
    const fan = await createFan(app(), 100);
    const headers = { ...fan.headers, 'idempotency-key': 'request-1' };

    const answers = await Promise.all([1, 2, 3].map(() => post('/missions', headers, basicRequest(product))));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json<{ id: number }>().id)).size).toBe(1);
    expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 90 });
    const other = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 10 });
    const conflict = await post('/missions', headers, basicRequest(other));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    // The same product with another comment or recipient is another request too, not a replay.
    for (const changed of [
      { ...basicRequest(product), requestComment: 'another comment' },
      { ...basicRequest(product), to: 'someone else' },
      { ...basicRequest(product), private: true },
    ]) {
      const response = await post('/missions', headers, changed);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    }
    expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 90 });
  });

  it('refuses a BASIC request whose shown price is no longer the price, holding nothing', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 10 });
    const fan = await createFan(app(), 100);
    await db().updateTable('mission_products').set({ coin_price: 25 }).where('id', '=', product).execute();

    const stale = await post('/missions', fan.headers, basicRequest(product, { expectedCoinPrice: 10 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PRICE_CHANGED' });
    expect(await db().selectFrom('missions').select('id').where('user_id', '=', fan.id).execute()).toEqual([]);
    expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 100 });

    const current = await post('/missions', fan.headers, basicRequest(product, { expectedCoinPrice: 25 }));
    expect(current.statusCode).toBe(200);
    expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 75 });

    const custom = await createProduct(db(), creator.creatorId, 'CUSTOM', { minimumCost: 5 });
    const wrongKind = await post(
      '/missions',
      fan.headers,
      basicRequest(custom, { coinPrice: 5, expectedCoinPrice: 5 }),
    );
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().subErrors).toEqual([expect.objectContaining({ field: 'expectedCoinPrice' })]);
  });

  it("refuses a short wallet with 'not enough coins, please charge' and leaves nothing behind", async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 30 });
    const fan = await createFan(app(), 20);

    const response = await post('/missions', fan.headers, basicRequest(product));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'NOT_ENOUGH_COINS', message: 'Not enough coins, please charge.' });
    expect(await db().selectFrom('missions').select('id').where('user_id', '=', fan.id).execute()).toEqual([]);
    expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 20 });
  });

  it('lets exactly 100 of 200 parallel 1-coin requests through against a 100-coin wallet', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 1 });
    const fan = await createFan(app(), 100);

    const answers = await Promise.all(
      Array.from({ length: 200 }, () => post('/missions', fan.headers, basicRequest(product))),
    );

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.filter((status) => status === 409)).toHaveLength(100);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'NOT_ENOUGH_COINS' });
    }
    expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 0 });
    const missions = await db().selectFrom('missions').select('id').where('user_id', '=', fan.id).execute();
    expect(missions).toHaveLength(100);
    expect((await verify(db())).differences).toEqual([]);
  }, 120_000);

  it('writes concurrent workflow-start marks together, each with its own time, never over an earlier mark', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 1 });
    const fan = await createFan(app(), 20);
    const ids: number[] = [];
    for (let n = 0; n < 20; n += 1) {
      const answer = await post('/missions', fan.headers, basicRequest(product));
      ids.push(answer.json<{ id: number }>().id);
    }
    let statements = 0;
    const counted = db().withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n));

    // The first mark goes out at once; the 20 that come while it is under way go out together after it.
    await Promise.all([
      markWorkflowStarted(counted, ids[0]!, at(0)),
      ...ids.map((id, n) => markWorkflowStarted(counted, id, at(n + 1))),
    ]);

    expect(statements).toBe(2);
    const rows = await db()
      .selectFrom('missions')
      .select(['id', 'workflow_started_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.workflow_started_at)).toEqual(ids.map((_, n) => at(n === 0 ? 0 : n + 1)));
  });

  describe('validation', () => {
    it('answers each invalid field with its sub-error', async () => {
      const creator = await createVerifiedCreator(app());
      const basic = await createProduct(db(), creator.creatorId, 'BASIC');
      const custom = await createProduct(db(), creator.creatorId, 'CUSTOM', { minimumCost: 50 });
      const fan = await createFan(app(), 1_000);
      const othersFile = await createFile(db(), creator.id, 'image');
      const cases: Array<[object, string, string?]> = [
        [{ ...basicRequest(basic), to: undefined }, 'to', 'This field is required.'],
        [basicRequest(basic, { to: 'x'.repeat(201) }), 'to'],
        [{ ...basicRequest(basic), requestComment: undefined }, 'requestComment', 'This field is required.'],
        [basicRequest(basic, { requestComment: 'x'.repeat(201) }), 'requestComment'],
        [basicRequest(basic, { toFriend: true, from: 'x'.repeat(31) }), 'from'],
        [basicRequest(basic, { toFriend: true }), 'from', 'A mission for a friend needs the sender’s name.'],
        [basicRequest(basic, { from: 'Jisoo' }), 'from', 'The sender’s name is only for a mission for a friend.'],
        [basicRequest(basic, { coinPrice: 20 }), 'coinPrice', 'Only a custom mission takes an amount.'],
        [basicRequest(custom), 'coinPrice', 'A custom mission needs an amount.'],
        [basicRequest(custom, { coinPrice: 49 }), 'coinPrice', 'Must be at least 50 coins.'],
        [basicRequest(basic, { requestFileId: othersFile }), 'requestFileId', 'This mission takes no attachment.'],
        [
          basicRequest(custom, { coinPrice: 50, requestFileId: othersFile }),
          'requestFileId',
          'The file was not found.',
        ],
        [{ ...basicRequest(basic), missionProductId: 'one' }, 'missionProductId'],
        [basicRequest(basic, { surprise: true }), 'surprise'],
      ];
      for (const [payload, field, message] of cases) {
        const response = await post('/missions', fan.headers, payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        const subErrors = response.json<{ subErrors: Array<{ field: string; message: string }> }>().subErrors;
        expect(subErrors.map((error) => error.field)).toContain(field);
        if (message) expect(subErrors.find((error) => error.field === field)?.message).toBe(message);
      }
      expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 1_000 });
    });

    it('says it in Korean by default', async () => {
      const creator = await createVerifiedCreator(app());
      const custom = await createProduct(db(), creator.creatorId, 'CUSTOM', { minimumCost: 50 });
      const fan = await createFan(app(), 100);
      const response = await app().inject({
        method: 'POST',
        url: '/api/v1/missions',
        headers: fan.headers,
        payload: basicRequest(custom, { coinPrice: 10 }),
      });
      expect(response.json().subErrors[0].message).toBe('최소 50코인 이상이어야 합니다.');
    });
  });

  describe('permissions and availability', () => {
    it('needs a login', async () => {
      const response = await post('/missions', {}, basicRequest(1));
      expect(response.statusCode).toBe(401);
    });

    it('refuses creators and unverified members', async () => {
      const creator = await createVerifiedCreator(app());
      const product = await createProduct(db(), creator.creatorId, 'BASIC');
      const otherCreator = await createVerifiedCreator(app());
      const unverified = await createAccount(app(), { roles: ['ROLE_UNVERIFIED'] });

      const byCreator = await post('/missions', otherCreator.headers, basicRequest(product));
      expect(byCreator.statusCode).toBe(403);
      expect(byCreator.json().message).toBe(
        'Missions of other creators cannot be requested; sign up with an individual account.',
      );
      const byUnverified = await post('/missions', unverified.headers, basicRequest(product));
      expect(byUnverified.statusCode).toBe(403);
      expect(byUnverified.json()).toMatchObject({ code: 'UNVERIFIED' });
    });

    it('refuses unknown, inactive, unverified-creator and wrong-type products', async () => {
      const creator = await createVerifiedCreator(app());
      const fan = await createFan(app(), 100);
      const inactive = await createProduct(db(), creator.creatorId, 'BASIC');
      await db().updateTable('mission_products').set({ active: false }).where('id', '=', inactive).execute();
      const lucky = await createProduct(db(), creator.creatorId, 'LUCKY');
      const newbie = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
      const newbieCreator = await db()
        .selectFrom('creators')
        .select('id')
        .where('user_id', '=', newbie.id)
        .executeTakeFirstOrThrow();
      const unreviewed = await createProduct(db(), newbieCreator.id, 'BASIC');

      expect((await post('/missions', fan.headers, basicRequest(999_999))).statusCode).toBe(404);
      expect((await post('/missions', fan.headers, basicRequest(unreviewed))).statusCode).toBe(404);
      expect((await post('/missions', fan.headers, basicRequest(inactive))).json()).toMatchObject({
        status: 409,
        code: 'PRODUCT_INACTIVE',
      });
      expect((await post('/missions', fan.headers, basicRequest(lucky))).json()).toMatchObject({
        status: 400,
        code: 'WRONG_PRODUCT_TYPE',
      });
    });

    it('refuses CUSTOM requests when the creator takes none', async () => {
      const creator = await createVerifiedCreator(app(), { availableCustom: false });
      const custom = await createProduct(db(), creator.creatorId, 'CUSTOM');
      const fan = await createFan(app(), 100);
      const response = await post('/missions', fan.headers, basicRequest(custom, { coinPrice: 60 }));
      expect(response.json()).toMatchObject({ status: 409, code: 'CUSTOM_NOT_AVAILABLE' });
    });

    it('refuses new requests while a penalty blocks the creator, and again after an operator lifts it', async () => {
      const creator = await createVerifiedCreator(app());
      const product = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 1 });
      const fan = await createFan(app(), 10);
      const first = (await post('/missions', fan.headers, basicRequest(product))).json<{ id: number }>();
      const penalty = await db()
        .insertInto('creator_penalties')
        .values({
          creator_id: creator.creatorId,
          mission_id: first.id,
          level: 2,
          requests_blocked_until: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
          created_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      const blocked = await post('/missions', fan.headers, basicRequest(product));
      expect(blocked.json()).toMatchObject({
        status: 409,
        code: 'CREATOR_BLOCKED',
        message: 'This creator cannot take new missions at the moment.',
      });
      const lucky = await createProduct(db(), creator.creatorId, 'LUCKY');
      expect((await post('/missions/lucky', fan.headers, { missionProductId: lucky })).statusCode).toBe(409);

      const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
      const lifted = await app().inject({
        method: 'PUT',
        url: `/api/admin/creator-penalties/${penalty.id}`,
        headers: operator.headers,
        payload: { liftNote: 'appeal accepted' },
      });
      // Lifting gives back a payout rate: a finance member approves it, and it runs then.
      const finance = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
      expect(await approveAs(app(), finance, lifted)).toMatchObject({ id: penalty.id, liftNote: 'appeal accepted' });
      expect((await post('/missions', fan.headers, basicRequest(product))).statusCode).toBe(200);
    });
  });
});

describe('lucky roulette', () => {
  it('opens a CREATED mission once per product, rolls until a win, then refuses more rolls', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'LUCKY', { coinPrice: 5, winProbability: 10 });
    const fan = await createFan(app(), 5 * 400);

    const opened = await post('/missions/lucky', fan.headers, { missionProductId: product });
    expect(opened.statusCode).toBe(201);
    const { id } = opened.json<{ id: number }>();
    expect((await post('/missions/lucky', fan.headers, { missionProductId: product })).json()).toEqual({ id });
    expect(await db().selectFrom('missions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: 'CREATED',
    });

    let rolls = 0;
    let won = false;
    while (!won && rolls < 400) {
      const roll = await post(`/missions/${id}/rolls`, fan.headers);
      expect(roll.statusCode).toBe(200);
      won = roll.json<{ success: boolean }>().success;
      rolls += 1;
    }
    expect(won).toBe(true);

    const mission = await db().selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(mission.status).toBe('ACCEPTED');
    expect(mission.perform_due_at!.getTime() - mission.accepted_at!.getTime()).toBe(10 * 24 * 60 * 60 * 1000);
    expect(await balance(db(), escrowAccount(id))).toMatchObject({ balance: 5 });
    expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 5 * 400 - 5 * rolls });
    const events = await outboxTypes(id);
    expect(events.filter((type) => type === 'mission.rolled')).toHaveLength(rolls);
    expect(events.at(-1)).toBe('mission.requested');

    const again = await post(`/missions/${id}/rolls`, fan.headers);
    expect(again.json()).toMatchObject({ status: 409, code: 'ROULETTE_CLOSED' });
    // A new roulette of the same product opens after the win.
    const next = await post('/missions/lucky', fan.headers, { missionProductId: product });
    expect(next.json<{ id: number }>().id).not.toBe(id);
  }, 60_000);

  it("charges each roll, refuses one the wallet cannot pay, and hides others' roulettes", async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'LUCKY', { coinPrice: 7, winProbability: 0.1 });
    const fan = await createFan(app(), 10);
    const { id } = (await post('/missions/lucky', fan.headers, { missionProductId: product })).json<{ id: number }>();

    const first = await post(`/missions/${id}/rolls`, fan.headers);
    expect(first.statusCode).toBe(200);
    const second = await post(`/missions/${id}/rolls`, fan.headers);
    if (first.json<{ success: boolean }>().success) {
      expect(second.json()).toMatchObject({ code: 'ROULETTE_CLOSED' });
    } else {
      expect(second.json()).toMatchObject({ status: 409, code: 'NOT_ENOUGH_COINS' });
      expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 3 });
    }

    const stranger = await createFan(app(), 100);
    expect((await post(`/missions/${id}/rolls`, stranger.headers)).statusCode).toBe(404);
    expect((await post(`/missions/${id}/rolls`, {})).statusCode).toBe(401);
    expect((await post('/missions/lucky', fan.headers, {})).statusCode).toBe(400);
    const basic = await createProduct(db(), creator.creatorId, 'BASIC');
    expect((await post('/missions/lucky', fan.headers, { missionProductId: basic })).statusCode).toBe(400);
    expect((await post('/missions/lucky', creator.headers, { missionProductId: product })).statusCode).toBe(403);
  });

  it('answers a retried roll with the same Idempotency-Key with the first outcome, charging once', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'LUCKY', { coinPrice: 3, winProbability: 5 });
    const fan = await createFan(app(), 30);
    const { id } = (await post('/missions/lucky', fan.headers, { missionProductId: product })).json<{ id: number }>();
    const headers = { ...fan.headers, 'idempotency-key': 'roll-1' };

    const first = await post(`/missions/${id}/rolls`, headers);
    const retry = await post(`/missions/${id}/rolls`, headers);

    expect(retry.json()).toEqual(first.json());
    expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 27 });
  });

  it('answers a roll and its retries sent at once (the first still in flight) with one outcome, charging once', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'LUCKY', { coinPrice: 1, winProbability: 10 });
    const fan = await createFan(app(), 1_000);
    // Until a roll wins: a retry that waited for a winning roll must answer its win, not "roulette closed".
    let won = false;
    let rolls = 0;
    while (!won && rolls < 150) {
      const { id } = (await post('/missions/lucky', fan.headers, { missionProductId: product })).json<{ id: number }>();
      const headers = { ...fan.headers, 'idempotency-key': `roll-at-once-${rolls}` };
      const answers = await Promise.all(Array.from({ length: 4 }, () => post(`/missions/${id}/rolls`, headers)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      won = answers[0]!.json<{ success: boolean }>().success;
      rolls += 1;
    }
    expect(won).toBe(true);
    const stored = await db().selectFrom('lucky_rolls').select('id').where('user_id', '=', fan.id).execute();
    expect(stored).toHaveLength(rolls);
    expect(await balance(db(), walletAccount(fan.id))).toMatchObject({ balance: 1_000 - rolls });
  }, 60_000);
});

describe('creator actions without Temporal', () => {
  it('checks who may act, the body, and answers 503 when the workflow cannot be reached', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'CUSTOM', { minimumCost: 5 });
    const fan = await createFan(app(), 100);
    const { id } = (await post('/missions', fan.headers, basicRequest(product, { coinPrice: 5 }))).json<{
      id: number;
    }>();
    const otherCreator = await createVerifiedCreator(app());
    const video = await createFile(db(), creator.id, 'video');
    const picture = await createFile(db(), creator.id, 'image');

    expect((await post(`/missions/${id}/accept`, {}, {})).statusCode).toBe(401);
    expect((await post(`/missions/${id}/accept`, fan.headers, {})).statusCode).toBe(403);
    expect((await post(`/missions/${id}/accept`, otherCreator.headers, {})).statusCode).toBe(403);
    expect((await post('/missions/999999/accept', creator.headers, {})).statusCode).toBe(404);
    const noReason = await post(`/missions/${id}/refuse`, creator.headers, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().subErrors[0]).toMatchObject({ field: 'feedback', message: 'This field is required.' });
    expect((await post(`/missions/${id}/accept`, creator.headers, { feedback: 'x'.repeat(201) })).statusCode).toBe(400);
    // A CUSTOM mission not accepted yet cannot be performed.
    const early = await post(`/missions/${id}/perform`, creator.headers, { responseComment: 'hi', videoId: video });
    expect(early.json()).toMatchObject({ status: 409, code: 'NOT_ACCEPTED' });

    const twoMedia = await post(`/missions/${id}/perform`, creator.headers, {
      responseComment: 'hi',
      videoId: video,
      pictureId: picture,
    });
    expect(twoMedia.statusCode).toBe(400);
    expect(twoMedia.json().subErrors[0].message).toBe('Send exactly one of a video, a picture or a voice file.');
    expect((await post(`/missions/${id}/perform`, creator.headers, { videoId: video })).statusCode).toBe(400);

    expect((await post(`/missions/${id}/accept`, creator.headers, {})).json()).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('checks the performed file: the creator’s own upload of the named kind', async () => {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 1 });
    const fan = await createFan(app(), 10);
    const { id } = (await post('/missions', fan.headers, basicRequest(product))).json<{ id: number }>();
    const picture = await createFile(db(), creator.id, 'image');
    const fansVideo = await createFile(db(), fan.id, 'video');

    const wrongKind = await post(`/missions/${id}/perform`, creator.headers, {
      responseComment: 'hi',
      videoId: picture,
    });
    expect(wrongKind.json().subErrors[0]).toMatchObject({ field: 'videoId', message: 'Unknown file format.' });
    const notHis = await post(`/missions/${id}/perform`, creator.headers, {
      responseComment: 'hi',
      videoId: fansVideo,
    });
    expect(notHis.json().subErrors[0]).toMatchObject({ field: 'videoId', message: 'The file was not found.' });
  });
});

describe('a fan cancelling his request without Temporal', () => {
  async function customRequest() {
    const creator = await createVerifiedCreator(app());
    const product = await createProduct(db(), creator.creatorId, 'CUSTOM', { minimumCost: 5 });
    const fan = await createFan(app(), 100);
    const { id } = (await post('/missions', fan.headers, basicRequest(product, { coinPrice: 5 }))).json<{
      id: number;
    }>();
    return { creator, fan, id };
  }

  it('checks the id, who asks, and answers 503 when the workflow cannot be reached, holding the coins still', async () => {
    const { creator, fan, id } = await customRequest();
    const otherFan = await createFan(app(), 0);

    const badId = await post('/missions/one/cancel', fan.headers);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().subErrors[0]).toMatchObject({ field: 'id' });
    const badIdKo = await app().inject({ method: 'POST', url: '/api/v1/missions/0/cancel', headers: fan.headers });
    expect(badIdKo.json().subErrors[0]).toMatchObject({ field: 'id', message: expect.stringMatching(/[가-힣]/) });
    expect((await post(`/missions/${id}/cancel`, {})).statusCode).toBe(401);
    // Another fan's, the creator's view of it and an unknown one: the same 404, which says nothing of its existence.
    const unknown = await post('/missions/999999/cancel', fan.headers);
    expect(unknown.statusCode).toBe(404);
    for (const stranger of [otherFan, creator]) {
      const response = await post(`/missions/${id}/cancel`, stranger.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(unknown.json().message);
    }

    expect((await post(`/missions/${id}/cancel`, fan.headers)).json()).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(await balance(db(), escrowAccount(id))).toMatchObject({ balance: 5 });
  });

  it('refuses a request already decided, and a BASIC mission, with 409', async () => {
    const { fan, id } = await customRequest();
    await db()
      .updateTable('missions')
      .set({ status: 'ACCEPTED', accepted_at: new Date(), perform_due_at: new Date(Date.now() + 86_400_000) })
      .where('id', '=', id)
      .execute();
    expect((await post(`/missions/${id}/cancel`, fan.headers)).json()).toMatchObject({
      status: 409,
      code: 'ALREADY_DECIDED',
    });

    const creator = await createVerifiedCreator(app());
    const basic = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 1 });
    const bought = (await post('/missions', fan.headers, basicRequest(basic))).json<{ id: number }>();
    expect((await post(`/missions/${bought.id}/cancel`, fan.headers)).json()).toMatchObject({
      status: 409,
      code: 'NOT_REQUESTED',
    });
  });
});

describe('/api/admin/creator-penalties', () => {
  it('lists penalties for operators only, and 404s an unknown one', async () => {
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    const fan = await createFan(app());
    const list = await app().inject({ method: 'GET', url: '/api/admin/creator-penalties', headers: operator.headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toMatch(/^creator-penalties /);
    const byFan = await app().inject({ method: 'GET', url: '/api/admin/creator-penalties', headers: fan.headers });
    expect(byFan.statusCode).toBe(403);
    const missing = await app().inject({
      method: 'PUT',
      url: '/api/admin/creator-penalties/999999',
      headers: operator.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
  });
});
