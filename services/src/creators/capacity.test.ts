// A creator's capacity through the HTTP API against a real database: his pause and caps refuse new requests before
// any coin moves, exactly a cap's count of parallel requests get through, nobody else reads or changes his settings,
// and the public availability shows the pause, the caps and the response times.
import { balance, verify, walletAccount } from '@fanmission/ledger';
import { afterAll, describe, expect, it } from 'vitest';
import type { CreatorAvailability, CreatorCapacity } from '@fanmission/contracts';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import {
  basicRequest,
  createFan,
  createProduct,
  createVerifiedCreator,
  insertMission,
} from '@fanmission/tests/support/missions';

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

afterAll(async () => {
  expect((await verify(db())).differences).toEqual([]);
});

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
  language = 'en',
) {
  return app().inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'accept-language': language, ...headers },
    ...(payload && { payload: payload as Record<string, unknown> }),
  });
}

const settings = (overrides: Record<string, unknown> = {}) => ({
  paused: false,
  returnOn: null,
  pauseMessage: null,
  maxOpenRequests: null,
  productCaps: [],
  ...overrides,
});

/** A Korea-time day `days` from today, YYYY-MM-DD. */
const koreaDay = (days: number) =>
  new Date(Date.now() + 9 * 3600_000 + days * 24 * 3600_000).toISOString().slice(0, 10);

/** What the fan's wallet holds and how many ledger postings ever touched it. */
async function walletState(fan: TestAccount) {
  const postings = await db()
    .selectFrom('ledger_postings')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account', '=', walletAccount(fan.id))
    .executeTakeFirstOrThrow();
  return { balance: (await balance(db(), walletAccount(fan.id))).balance, postings: Number(postings.count) };
}

async function missionsOf(fan: TestAccount) {
  return db().selectFrom('missions').select(['id', 'status']).where('user_id', '=', fan.id).execute();
}

describe('a paused creator', () => {
  it('refuses BASIC and CUSTOM requests, lucky opens and rolls before any coin moves, in the caller’s language', async () => {
    const creator = await createVerifiedCreator(app());
    const basic = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 30 });
    const custom = await createProduct(db(), creator.creatorId, 'CUSTOM', { minimumCost: 20 });
    const lucky = await createProduct(db(), creator.creatorId, 'LUCKY', { coinPrice: 5 });
    const fan = await createFan(app(), 100);
    // A roulette the fan opened before the pause.
    const opened = await call('POST', '/missions/lucky', fan.headers, { missionProductId: lucky });
    expect(opened.statusCode, opened.body).toBe(201);
    const before = await walletState(fan);

    const paused = await call(
      'PUT',
      `/creators/${creator.creatorId}/capacity`,
      creator.headers,
      settings({ paused: true, returnOn: koreaDay(7), pauseMessage: '잠시 쉬어가요' }),
    );
    expect(paused.statusCode, paused.body).toBe(200);

    const answers = [
      await call('POST', '/missions', fan.headers, basicRequest(basic)),
      await call('POST', '/missions', fan.headers, basicRequest(custom, { coinPrice: 30 })),
      await call('POST', '/missions/lucky', fan.headers, { missionProductId: lucky }),
      await call('POST', `/missions/${opened.json<{ id: number }>().id}/rolls`, fan.headers),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({
        code: 'CREATOR_PAUSED',
        message: 'This creator is not taking requests at the moment.',
      });
    }
    const korean = await call('POST', '/missions', fan.headers, basicRequest(basic), 'ko');
    expect(korean.json().message).toBe('이 크리에이터는 지금은 요청을 받지 않아요.');
    const japanese = await call('POST', '/missions', fan.headers, basicRequest(basic), 'ja');
    expect(japanese.json().message).toBe('このクリエイターは現在リクエストを受け付けていません。');
    expect(await walletState(fan)).toEqual(before);
    expect(await missionsOf(fan)).toEqual([{ id: opened.json<{ id: number }>().id, status: 'CREATED' }]);
  });

  it('takes requests again once he resumes, and by itself on his return day', async () => {
    const creator = await createVerifiedCreator(app());
    const basic = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 10 });
    const fan = await createFan(app(), 100);
    await call('PUT', `/creators/${creator.creatorId}/capacity`, creator.headers, settings({ paused: true }));
    expect((await call('POST', '/missions', fan.headers, basicRequest(basic))).statusCode).toBe(409);

    const resumed = await call('PUT', `/creators/${creator.creatorId}/capacity`, creator.headers, settings());
    expect(resumed.json<CreatorCapacity>()).toMatchObject({ paused: false, pausedNow: false });
    expect((await call('POST', '/missions', fan.headers, basicRequest(basic))).statusCode).toBe(200);

    // A pause whose return day came (00:00 Korea time) no longer holds.
    await call(
      'PUT',
      `/creators/${creator.creatorId}/capacity`,
      creator.headers,
      settings({ paused: true, returnOn: koreaDay(1) }),
    );
    await db()
      .updateTable('creator_capacity')
      .set({ return_on: koreaDay(0) })
      .where('creator_id', '=', creator.creatorId)
      .execute();
    const own = await call('GET', `/creators/${creator.creatorId}/capacity`, creator.headers);
    expect(own.json<CreatorCapacity>()).toMatchObject({ paused: true, pausedNow: false });
    expect((await call('GET', `/creators/${creator.creatorId}/availability`, {})).json()).toMatchObject({
      paused: false,
    });
    expect((await call('POST', '/missions', fan.headers, basicRequest(basic))).statusCode).toBe(200);
  });
});

describe('caps on open requests', () => {
  it('accepts exactly the product cap out of 20 parallel requests at its edge; the rest hold nothing', async () => {
    const creator = await createVerifiedCreator(app());
    const basic = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 10 });
    const saved = await call(
      'PUT',
      `/creators/${creator.creatorId}/capacity`,
      creator.headers,
      settings({ productCaps: [{ productId: basic, maxOpenRequests: 10 }] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const fans = await Promise.all(Array.from({ length: 20 }, () => createFan(app(), 10)));

    const answers = await Promise.all(fans.map((fan) => call('POST', '/missions', fan.headers, basicRequest(basic))));

    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(409)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'REQUESTS_FULL' });
    }
    const open = await db()
      .selectFrom('missions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('product_id', '=', basic)
      .executeTakeFirstOrThrow();
    expect(Number(open.count)).toBe(10);
    const wallets = await Promise.all(fans.map((fan) => walletState(fan)));
    expect(wallets.filter((wallet) => wallet.balance === 0)).toHaveLength(10);
    expect(wallets.filter((wallet) => wallet.balance === 10 && wallet.postings === 1)).toHaveLength(10);
    const availability = (await call('GET', `/creators/${creator.creatorId}/availability`, {})).json();
    expect(availability.products).toEqual([{ productId: basic, maxOpenRequests: 10, openRequests: 10 }]);
  });

  it('accepts exactly the overall cap across products under 20 parallel requests', async () => {
    const creator = await createVerifiedCreator(app());
    const first = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 10 });
    const second = await createProduct(db(), creator.creatorId, 'CUSTOM', { minimumCost: 10 });
    await call('PUT', `/creators/${creator.creatorId}/capacity`, creator.headers, settings({ maxOpenRequests: 7 }));
    const fans = await Promise.all(Array.from({ length: 20 }, () => createFan(app(), 10)));

    const answers = await Promise.all(
      fans.map((fan, index) =>
        call(
          'POST',
          '/missions',
          fan.headers,
          index % 2 === 0 ? basicRequest(first) : basicRequest(second, { coinPrice: 10 }),
        ),
      ),
    );

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(7);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(13);
    const own = (await call('GET', `/creators/${creator.creatorId}/capacity`, creator.headers)).json();
    expect(own).toMatchObject({ maxOpenRequests: 7, openRequests: 7 });
  });

  it('frees a slot when an open mission completes, is refused, expires or is refunded', async () => {
    const creator = await createVerifiedCreator(app());
    const basic = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 10 });
    await call(
      'PUT',
      `/creators/${creator.creatorId}/capacity`,
      creator.headers,
      settings({ productCaps: [{ productId: basic, maxOpenRequests: 1 }] }),
    );
    const fan = await createFan(app(), 100);
    const first = await call('POST', '/missions', fan.headers, basicRequest(basic));
    expect(first.statusCode).toBe(200);
    const full = await call('POST', '/missions', fan.headers, basicRequest(basic), 'ko');
    expect(full.json()).toMatchObject({ code: 'REQUESTS_FULL', message: expect.stringContaining('가득') });

    const ends = [
      { status: 'COMPLETED', completed_at: new Date(), response_comment: 'Happy birthday!' },
      { status: 'REJECTED', rejection_reason: 'PERFORM_EXPIRED', rejected_at: new Date() },
    ] as const;
    for (const end of ends) {
      const open = await db()
        .selectFrom('missions')
        .select('id')
        .where('product_id', '=', basic)
        .where('status', '=', 'ACCEPTED')
        .executeTakeFirstOrThrow();
      // The workflow's end of the mission (delivered; or refused, expired or refunded: REJECTED) frees its slot.
      await db().updateTable('missions').set(end).where('id', '=', open.id).execute();
      expect((await call('POST', '/missions', fan.headers, basicRequest(basic))).statusCode).toBe(200);
    }
  });
});

describe('GET and PUT /creators/{id}/capacity', () => {
  it('lets the creator read and save his settings, product caps included', async () => {
    const creator = await createVerifiedCreator(app());
    const basic = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 10 });
    const day = koreaDay(3);
    const saved = await call(
      'PUT',
      `/creators/${creator.creatorId}/capacity`,
      creator.headers,
      settings({
        paused: true,
        returnOn: day,
        pauseMessage: '  12월에 돌아옵니다  ',
        maxOpenRequests: 20,
        productCaps: [{ productId: basic, maxOpenRequests: 3 }],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      paused: true,
      pausedNow: true,
      returnOn: day,
      pauseMessage: '12월에 돌아옵니다',
      maxOpenRequests: 20,
      openRequests: 0,
      products: [expect.objectContaining({ productId: basic, maxOpenRequests: 3, openRequests: 0 })],
    };
    expect(saved.json()).toMatchObject(expected);
    expect((await call('GET', `/creators/${creator.creatorId}/capacity`, creator.headers)).json()).toMatchObject(
      expected,
    );
    const publicView = (await call('GET', `/creators/${creator.creatorId}/availability`, {})).json();
    expect(publicView).toMatchObject({
      paused: true,
      returnOn: day,
      pauseMessage: '12월에 돌아옵니다',
      maxOpenRequests: 20,
      openRequests: 0,
    });
    // Without an overall cap fans are not told how many requests he has open; a product left out keeps its cap.
    await call('PUT', `/creators/${creator.creatorId}/capacity`, creator.headers, settings());
    expect((await call('GET', `/creators/${creator.creatorId}/availability`, {})).json()).toMatchObject({
      paused: false,
      maxOpenRequests: null,
      openRequests: null,
      products: [{ productId: basic, maxOpenRequests: 3, openRequests: 0 }],
    });
  });

  it('never shows or changes another creator’s settings: the same 404 as a creator that does not exist', async () => {
    const creator = await createVerifiedCreator(app());
    const basic = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 10 });
    const otherCreator = await createVerifiedCreator(app());
    const fan = await createFan(app());
    const operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
    const missing = await call('PUT', `/creators/999999999/capacity`, fan.headers, settings({ paused: true }));
    expect(missing.statusCode).toBe(404);

    for (const intruder of [fan, otherCreator, operator]) {
      const read = await call('GET', `/creators/${creator.creatorId}/capacity`, intruder.headers);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(missing.json());
      const change = await call(
        'PUT',
        `/creators/${creator.creatorId}/capacity`,
        intruder.headers,
        settings({ paused: true, productCaps: [{ productId: basic, maxOpenRequests: 1 }] }),
      );
      expect(change.statusCode).toBe(404);
      expect(change.json()).toEqual(missing.json());
    }
    expect((await call('GET', `/creators/${creator.creatorId}/capacity`, {})).statusCode).toBe(401);
    expect((await call('GET', `/creators/${creator.creatorId}/capacity`, creator.headers)).json()).toMatchObject({
      paused: false,
      products: [expect.objectContaining({ productId: basic, maxOpenRequests: null })],
    });
    // Another creator cannot cap this creator's product through his own settings either.
    const foreign = await call(
      'PUT',
      `/creators/${otherCreator.creatorId}/capacity`,
      otherCreator.headers,
      settings({ productCaps: [{ productId: basic, maxOpenRequests: 1 }] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().subErrors).toEqual([expect.objectContaining({ field: 'productCaps[0].productId' })]);
    expect(
      (await db().selectFrom('mission_products').select('max_open_requests').where('id', '=', basic).execute())[0],
    ).toEqual({ max_open_requests: null });
  });

  it.each([
    ['a cap below 0', { maxOpenRequests: -1 }, 'maxOpenRequests'],
    ['a cap of 0', { maxOpenRequests: 0 }, 'maxOpenRequests'],
    ['an absurd cap', { maxOpenRequests: 1_000_000 }, 'maxOpenRequests'],
    ['a fractional cap', { maxOpenRequests: 2.5 }, 'maxOpenRequests'],
    [
      'an absurd product cap',
      { productCaps: [{ productId: 1, maxOpenRequests: 5000 }] },
      'productCaps[0].maxOpenRequests',
    ],
    ['a return day that is no day', { returnOn: '2026-02-31' }, 'returnOn'],
    ['a pause message too long', { pauseMessage: '가'.repeat(81) }, 'pauseMessage'],
  ])('refuses %s with a field error in ko, en and ja', async (_name, change, field) => {
    const creator = await createVerifiedCreator(app());
    const messages: string[] = [];
    for (const language of ['ko', 'en', 'ja']) {
      const response = await call(
        'PUT',
        `/creators/${creator.creatorId}/capacity`,
        creator.headers,
        settings(change),
        language,
      );
      expect(response.statusCode, response.body).toBe(400);
      const subErrors = response.json().subErrors as { field: string; message: string }[];
      expect(subErrors.map((error) => error.field)).toEqual([field]);
      messages.push(subErrors[0]!.message);
    }
    expect(new Set(messages).size).toBe(3);
  });

  it('refuses a return day in the past or today, in ko, en and ja', async () => {
    const creator = await createVerifiedCreator(app());
    for (const day of [koreaDay(-1), koreaDay(0), koreaDay(400)]) {
      const messages: string[] = [];
      for (const language of ['ko', 'en', 'ja']) {
        const response = await call(
          'PUT',
          `/creators/${creator.creatorId}/capacity`,
          creator.headers,
          settings({ paused: true, returnOn: day }),
          language,
        );
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().subErrors).toEqual([expect.objectContaining({ field: 'returnOn' })]);
        messages.push(response.json().subErrors[0].message);
      }
      expect(new Set(messages).size).toBe(3);
    }
    expect((await call('GET', `/creators/${creator.creatorId}/capacity`, creator.headers)).json()).toMatchObject({
      paused: false,
      returnOn: null,
    });
  });
});

describe('GET /creators/{id}/availability', () => {
  it('shows response times only from 5 measured missions of the last 90 days, as medians', async () => {
    const creator = await createVerifiedCreator(app());
    const custom = await createProduct(db(), creator.creatorId, 'CUSTOM', { minimumCost: 10 });
    const product = {
      id: custom,
      type: 'CUSTOM',
      coinPrice: null,
      minimumCost: 10,
      creator: { id: creator.creatorId },
    } as const;
    const fan = await createFan(app());
    const hour = 3600_000;
    const now = Date.now();
    const mission = async (acceptHours: number, completeHours: number, daysAgo: number) => {
      const requested = new Date(now - daysAgo * 24 * hour);
      const accepted = new Date(requested.getTime() + acceptHours * hour);
      await insertMission(app(), product, {
        user_id: fan.id,
        status: 'COMPLETED',
        requested_at: requested,
        accepted_at: accepted,
        completed_at: new Date(accepted.getTime() + completeHours * hour),
      });
    };
    for (const [accept, complete] of [
      [10, 30],
      [20, 40],
      [30, 50],
      [40, 60],
    ]) {
      await mission(accept!, complete!, 5);
    }
    // Older than 90 days: left out.
    await mission(5, 5, 100);
    const few = (await call('GET', `/creators/${creator.creatorId}/availability`, {})).json<CreatorAvailability>();
    expect(few.responseTimes).toEqual({ acceptHours: null, completeHours: null });

    await mission(50, 70, 5);
    const enough = (await call('GET', `/creators/${creator.creatorId}/availability`, {})).json<CreatorAvailability>();
    expect(enough.responseTimes).toEqual({ acceptHours: 30, completeHours: 50 });
  });

  it('is 404 for a creator nobody may see yet', async () => {
    const unverified = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    const creator = await db()
      .selectFrom('creators')
      .select('id')
      .where('user_id', '=', unverified.id)
      .executeTakeFirstOrThrow();
    expect((await call('GET', `/creators/${creator.id}/availability`, {})).statusCode).toBe(404);
  });
});
