import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  koreaDate,
  MISSION_COUNT_CAP,
  missionPageSchema,
  missionSchema,
  type MissionProduct,
  type MissionView,
  type Page,
} from '@fanmission/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { JPEG_2X2, mp4, PNG_1X1, wav, writeTestVideo } from '@fanmission/tests/support/files';
import { drainMediaQueue, storageDriverFor } from '../files';
import type { MissionRow } from '../missions';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct, uploadFile } from '@fanmission/tests/support/missions';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-missions-'));
const testApp = useTestApp({ config: testConfig({ STORAGE_DIR: storageDir }) });
const app = () => testApp.current.app;
afterAll(async () => {
  await fs.rm(storageDir, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, account?: TestAccount, payload?: unknown) {
  return app().inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'accept-language': 'en', ...(account && account.headers) },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

async function page(url: string, account?: TestAccount): Promise<Page<MissionView>> {
  const response = await call('GET', url, account);
  expect(response.statusCode, response.body).toBe(200);
  return missionPageSchema.parse(response.json());
}
const ids = (result: Page<MissionView> | MissionView[]) =>
  ('content' in result ? result.content : result).map((m) => m.id);

let creator: TestCreator;
let otherCreator: TestCreator;
let fan: TestAccount;
let friend: TestAccount;
let stranger: TestAccount;
let operator: TestAccount;
let basic: MissionProduct;
let lucky: MissionProduct;
let custom: MissionProduct;
let otherBasic: MissionProduct;

/** Missions of the shared scene, by name. */
const m: Record<string, MissionRow> = {};

beforeAll(async () => {
  creator = await createCreator(app(), { username: 'starlight' });
  otherCreator = await createCreator(app());
  fan = await createAccount(app(), { username: 'fanone' });
  friend = await createAccount(app(), { username: 'friend' });
  stranger = await createAccount(app(), { username: 'stranger' });
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  basic = await registerProduct(app(), creator, { type: 'BASIC', coinPrice: 100 });
  lucky = await registerProduct(app(), creator, { type: 'LUCKY', coinPrice: 10 });
  custom = await registerProduct(app(), creator, { type: 'CUSTOM', minimumCost: 300 });
  otherBasic = await registerProduct(app(), otherCreator, { type: 'BASIC', coinPrice: 50 });

  const attachment = await uploadFile(app(), fan, PNG_1X1, 'reference.png');
  const at = (iso: string) => new Date(iso);
  m.completedMarch = await insertMission(app(), basic, {
    user_id: fan.id,
    status: 'COMPLETED',
    created_at: at('2026-02-20T00:00:00Z'),
    completed_at: at('2026-03-01T00:00:00Z'),
    request_file_id: attachment.id,
    feedback: 'Thanks for asking',
  });
  // Requested 1 March 00:30 in Korea (still February in UTC), completed in April.
  m.completedApril = await insertMission(app(), custom, {
    user_id: friend.id,
    status: 'COMPLETED',
    coin_price: 900,
    created_at: at('2026-02-28T15:30:00Z'),
    completed_at: at('2026-04-02T00:00:00Z'),
  });
  m.accepted = await insertMission(app(), basic, {
    user_id: friend.id,
    status: 'ACCEPTED',
    created_at: at('2026-03-05T00:00:00Z'),
  });
  m.privateAccepted = await insertMission(app(), basic, {
    user_id: fan.id,
    status: 'ACCEPTED',
    is_private: true,
    created_at: at('2026-03-06T00:00:00Z'),
  });
  m.luckyWon = await insertMission(app(), lucky, {
    user_id: fan.id,
    status: 'ACCEPTED',
    recipient_name: null,
    created_at: at('2026-03-07T00:00:00Z'),
  });
  m.luckyUnplayed = await insertMission(app(), lucky, {
    user_id: friend.id,
    status: 'CREATED',
    created_at: at('2026-03-08T00:00:00Z'),
  });
  m.customRequested = await insertMission(app(), custom, {
    user_id: fan.id,
    status: 'REQUESTED',
    coin_price: 400,
    created_at: at('2026-03-09T00:00:00Z'),
  });
  m.rejected = await insertMission(app(), basic, {
    user_id: friend.id,
    status: 'REJECTED',
    created_at: at('2026-03-10T00:00:00Z'),
  });
  m.elsewhere = await insertMission(app(), otherBasic, {
    user_id: stranger.id,
    status: 'ACCEPTED',
    created_at: at('2026-03-11T00:00:00Z'),
  });
});

describe('GET /missions/{id}', () => {
  it('shows a public mission to anybody, with its requester, product, creator and request', async () => {
    const response = await call('GET', `/missions/${m.accepted!.id}`);
    expect(response.statusCode).toBe(200);
    const mission = missionSchema.parse(response.json());
    expect(mission).toMatchObject({
      id: m.accepted!.id,
      status: 'ACCEPTED',
      user: { id: friend.id, username: 'friend' },
      missionProduct: {
        id: basic.id,
        type: 'BASIC',
        coinPrice: 100,
        creator: { id: creator.creatorId, user: { username: 'starlight' } },
      },
      coinPrice: 100,
      private: false,
      to: 'Minji',
      requestComment: 'Please say happy birthday',
      liked: false,
      likesCount: 0,
      blocked: false,
      event: null,
    });
    expect(mission.missionProduct.descriptionPicture?.s3Url).toMatch(/\/files\/.+\.png$/);
  });

  it('shows the requester’s username as the recipient of a LUCKY mission', async () => {
    const response = await call('GET', `/missions/${m.luckyWon!.id}`);
    expect(response.json()).toMatchObject({ to: 'fanone', missionProduct: { type: 'LUCKY' } });
  });

  it('shows the attachment and the feedback to the parties only', async () => {
    for (const account of [fan, creator, operator]) {
      const mission = (await call('GET', `/missions/${m.completedMarch!.id}`, account)).json<MissionView>();
      expect(mission.requestFile).toMatchObject({ filename: 'reference.png' });
      expect(mission.feedback).toBe('Thanks for asking');
    }
    for (const account of [stranger, undefined]) {
      const mission = (await call('GET', `/missions/${m.completedMarch!.id}`, account)).json<MissionView>();
      expect(mission).toMatchObject({ requestFile: null, feedback: null, responseComment: 'Happy birthday!' });
    }
  });

  it('answers 404 to everybody but the requester, the creator and operators for a private or unplayed mission', async () => {
    for (const mission of [m.privateAccepted!, m.luckyUnplayed!]) {
      const requester = mission === m.privateAccepted ? fan : friend;
      for (const account of [requester, creator, operator]) {
        expect((await call('GET', `/missions/${mission.id}`, account)).statusCode).toBe(200);
      }
      for (const account of [stranger, otherCreator, undefined]) {
        const response = await call('GET', `/missions/${mission.id}`, account);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: 'The mission was not found.', code: 'NOT_FOUND' });
      }
    }
    expect((await call('GET', '/missions/999999')).statusCode).toBe(404);
    expect((await call('GET', '/missions/zero')).statusCode).toBe(400);
  });
});

describe('GET /missions/page and /missions', () => {
  it('lists public missions newest first, never private ones of others nor unplayed roulettes', async () => {
    const result = await page(`/missions/page?creatorId=${creator.creatorId}`);
    expect(ids(result)).toEqual([
      m.rejected!.id,
      m.customRequested!.id,
      m.luckyWon!.id,
      m.accepted!.id,
      m.completedApril!.id,
      m.completedMarch!.id,
    ]);
    expect(result).toMatchObject({ totalElements: 6, totalPages: 1, number: 0, size: 12, last: true });
  });

  it('adds private missions for their requester and their creator', async () => {
    expect(ids(await page(`/missions/page?creatorId=${creator.creatorId}`, fan))).toContain(m.privateAccepted!.id);
    const forCreator = await page(`/missions/page?creatorId=${creator.creatorId}&status=ACCEPTED`, creator);
    expect(ids(forCreator)).toEqual([m.luckyWon!.id, m.privateAccepted!.id, m.accepted!.id]);
    expect(ids(await page(`/missions/page?creatorId=${creator.creatorId}`, stranger))).not.toContain(
      m.privateAccepted!.id,
    );
  });

  it("merges the missions only a party sees into a browse of everyone's, in order and page by page", async () => {
    const all = await page('/missions/page?status=ACCEPTED', creator);
    expect(ids(all)).toContain(m.privateAccepted!.id);
    expect(ids(await page('/missions/page?status=ACCEPTED', stranger))).not.toContain(m.privateAccepted!.id);
    expect(all.totalElements).toBe(all.content.length);
    const onePerPage = [];
    for (let index = 0; index < all.content.length; index++) {
      onePerPage.push(...ids(await page(`/missions/page?status=ACCEPTED&size=1&page=${index}`, creator)));
    }
    expect(onePerPage).toEqual(ids(all));
  });

  it('pages a browse of many public and private missions exactly as one list, at every size, page and past the end', async () => {
    // A party of his own: 9 private missions interleaved in time with 14 public ones of others (status REQUESTED).
    const party = await createAccount(app(), { username: 'manyprivate' });
    const other = await createAccount(app());
    const day = (index: number) => new Date(Date.UTC(2026, 5, 1 + index));
    for (let index = 0; index < 23; index++) {
      const mine = index % 5 === 1 || index % 5 === 3 || index > 19;
      await insertMission(app(), otherBasic, {
        user_id: mine ? party.id : other.id,
        status: 'REQUESTED',
        is_private: mine,
        created_at: day(index),
      });
    }
    const whole = await page('/missions/page?status=REQUESTED&size=100', party);
    expect(whole.totalElements).toBe(whole.content.length);
    for (const size of [1, 2, 3, 5, 7]) {
      const pages: number[] = [];
      for (let index = 0; index * size < whole.content.length + size; index++) {
        const one = await page(`/missions/page?status=REQUESTED&size=${size}&page=${index}`, party);
        expect(one.totalElements, `size ${size} page ${index}`).toBe(whole.totalElements);
        pages.push(...ids(one));
      }
      expect(pages, `size ${size}`).toEqual(ids(whole));
    }
  });

  it('pages a creator’s list of several statuses exactly as one list, newest first, at every size and page', async () => {
    // 17 missions of a creator of his own in three statuses, interleaved in time, two at the same instant.
    const owner = await createCreator(app());
    const product = await registerProduct(app(), owner, { type: 'BASIC', coinPrice: 5 });
    const buyer = await createAccount(app());
    const statuses = ['REQUESTED', 'ACCEPTED', 'REJECTED'] as const;
    const expected: number[] = [];
    for (let index = 0; index < 17; index++) {
      const status = statuses[(index * 7) % 3]!;
      const mission = await insertMission(app(), product, {
        user_id: buyer.id,
        status,
        created_at: new Date(Date.UTC(2026, 6, 1, index === 9 ? 8 : index)),
        ...(status === 'REJECTED' && { rejection_reason: 'PERFORM_EXPIRED', rejected_at: new Date('2026-07-02') }),
      });
      expected.push(mission.id);
    }
    // Newest first; the two of 08:00 (index 8 and 9) the higher id first.
    const newestFirst = [...expected].reverse();
    const query = `creatorId=${owner.creatorId}&status=REQUESTED,ACCEPTED,REJECTED&order=CREATED`;
    const whole = await page(`/missions/page?${query}&size=100`, owner);
    expect(ids(whole)).toEqual(newestFirst);
    for (const size of [1, 2, 3, 5, 7]) {
      const pages: number[] = [];
      for (let index = 0; index * size < 17 + size; index++) {
        const one = await page(`/missions/page?${query}&size=${size}&page=${index}`, owner);
        expect(one.totalElements, `size ${size} page ${index}`).toBe(17);
        pages.push(...ids(one));
      }
      expect(pages, `size ${size}`).toEqual(newestFirst);
    }
    const oldestFirst = await page(`/missions/page?${query}&direction=ASC&size=4&page=1`, owner);
    expect(ids(oldestFirst)).toEqual(expected.slice(4, 8));
  });

  it('filters by comma-joined statuses, product type and product', async () => {
    const done = await page(`/missions/page?status=COMPLETED,REJECTED&creatorId=${creator.creatorId}&order=CREATED`);
    expect(ids(done)).toEqual([m.rejected!.id, m.completedApril!.id, m.completedMarch!.id]);
    const customOnly = await page(`/missions/page?productType=CUSTOM&status=REQUESTED`);
    expect(ids(customOnly)).toEqual([m.customRequested!.id]);
    const byProduct = await page(`/missions/page?productId=${lucky.id}`);
    expect(ids(byProduct)).toEqual([m.luckyWon!.id]);
    const created = await page(`/missions/page?status=CREATED`, stranger);
    expect(created.totalElements).toBe(0);
  });

  it('sorts a completed list by completion, and by price either way when asked', async () => {
    const completed = await page('/missions/page?status=COMPLETED');
    expect(ids(completed)).toEqual([m.completedApril!.id, m.completedMarch!.id]);
    const cheapFirst = await page(`/missions/page?creatorId=${creator.creatorId}&order=COIN_PRICE&direction=ASC`);
    expect(cheapFirst.content.map((mission) => mission.coinPrice)).toEqual([10, 100, 100, 100, 400, 900]);
    const dearFirst = await page(`/missions/page?creatorId=${creator.creatorId}&order=COIN_PRICE&direction=DESC`);
    expect(dearFirst.content[0]!.coinPrice).toBe(900);
  });

  it('filters by Korea-time month: completion for a completed list, request otherwise', async () => {
    const completedInMarch = await page('/missions/page?status=COMPLETED&createdYear=2026&createdMonth=3');
    expect(ids(completedInMarch)).toEqual([m.completedMarch!.id]);
    const requestedInMarch = await page(
      `/missions/page?creatorId=${creator.creatorId}&status=COMPLETED,ACCEPTED&createdYear=2026&createdMonth=3`,
    );
    expect(ids(requestedInMarch)).toEqual([m.luckyWon!.id, m.accepted!.id, m.completedApril!.id]);
    const wholeYear = await page(`/missions/page?creatorId=${creator.creatorId}&createdYear=2026`);
    expect(wholeYear.totalElements).toBe(6);
  });

  it('pages with the requested size', async () => {
    const second = await page(`/missions/page?creatorId=${creator.creatorId}&size=4&page=1`);
    expect(second).toMatchObject({ totalElements: 6, totalPages: 2, number: 1, size: 4, last: true });
    expect(ids(second)).toEqual([m.completedApril!.id, m.completedMarch!.id]);
  });

  it('refuses unknown statuses, orders and a month without its year', async () => {
    for (const query of ['status=DONE', 'status=COMPLETED,NOPE', 'order=NAME', 'direction=UP', 'size=0']) {
      expect((await call('GET', `/missions/page?${query}`)).statusCode, query).toBe(400);
    }
    const monthOnly = await call('GET', '/missions/page?createdMonth=3');
    expect(monthOnly.statusCode).toBe(400);
    expect(monthOnly.json().subErrors).toEqual([
      { field: 'createdYear', message: 'Choose a year together with the month.' },
    ]);
  });

  it('answers GET /missions with the same missions as a plain list', async () => {
    const response = await call('GET', `/missions?productId=${basic.id}&status=ACCEPTED,COMPLETED`, fan);
    expect(response.statusCode).toBe(200);
    expect(ids(response.json<MissionView[]>())).toEqual([m.privateAccepted!.id, m.accepted!.id, m.completedMarch!.id]);
  });
});

describe('GET /users/me/missions/page', () => {
  it('lists the caller’s own requests, private ones included, 6 per page', async () => {
    const mine = await page('/users/me/missions/page', fan);
    expect(ids(mine)).toEqual([m.customRequested!.id, m.luckyWon!.id, m.privateAccepted!.id, m.completedMarch!.id]);
    expect(mine.size).toBe(6);
    const reserved = await page('/users/me/missions/page?status=ACCEPTED&productType=BASIC', fan);
    expect(ids(reserved)).toEqual([m.privateAccepted!.id]);
    const unplayed = await page('/users/me/missions/page?status=CREATED', friend);
    expect(ids(unplayed)).toEqual([m.luckyUnplayed!.id]);
  });

  it('wants a login', async () => {
    expect((await call('GET', '/users/me/missions/page')).statusCode).toBe(401);
  });
});

describe('GET /creators/me/missions/count', () => {
  it('counts the creator’s missions for his management menu', async () => {
    const response = await call('GET', '/creators/me/missions/count', creator);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      basic: 2,
      lucky: 1,
      customRequested: 1,
      customAccepted: 0,
      completed: 2,
      rejected: 1,
    });
  });

  it('counts each badge up to MISSION_COUNT_CAP, so a busy creator costs no more than a thousand missions', async () => {
    const busy = await createCreator(app());
    const product = await registerProduct(app(), busy, { type: 'BASIC', coinPrice: 7 });
    const mission = (status: 'COMPLETED' | 'ACCEPTED') => ({
      product_id: product.id,
      creator_id: busy.creatorId,
      type: 'BASIC' as const,
      user_id: fan.id,
      status,
      coin_price: 7,
      recipient_name: 'Minji',
      request_comment: 'Please',
      ...(status === 'COMPLETED'
        ? { response_comment: 'Done', completed_at: new Date() }
        : { accepted_at: new Date() }),
    });
    const completed = Array.from({ length: MISSION_COUNT_CAP + 5 }, () => mission('COMPLETED'));
    await app().db.insertInto('missions').values(completed).execute();
    await app()
      .db.insertInto('missions')
      .values(Array.from({ length: 3 }, () => mission('ACCEPTED')))
      .execute();
    const response = await call('GET', '/creators/me/missions/count', busy);
    expect(response.json()).toMatchObject({ basic: 3, completed: MISSION_COUNT_CAP, rejected: 0 });
  });

  it('is for creators', async () => {
    expect((await call('GET', '/creators/me/missions/count')).statusCode).toBe(401);
    const byFan = await call('GET', '/creators/me/missions/count', fan);
    expect(byFan.statusCode).toBe(403);
    expect(byFan.json()).toMatchObject({ message: 'access denied' });
  });
});

describe('GET /creators/me/missions/totals', () => {
  it('totals a whole month of the completed list, however many pages it has (105 missions, pages of 12)', async () => {
    const busy = await createCreator(app());
    const product = await registerProduct(app(), busy, { type: 'BASIC', coinPrice: 7 });
    const base = { product_id: product.id, creator_id: busy.creatorId, type: 'BASIC' as const };
    const rows = Array.from({ length: 105 }, (_, index) => ({
      ...base,
      user_id: fan.id,
      status: 'COMPLETED' as const,
      coin_price: index < 100 ? 7 : 11,
      recipient_name: 'Minji',
      request_comment: 'Please',
      response_comment: 'Done',
      created_at: new Date('2026-04-01T00:00:00Z'),
      // 10 May 09:00 in Korea onwards, one an hour: all in May 2026 (Korea time).
      completed_at: new Date(Date.UTC(2026, 4, 10, 0, 0) + index * 3_600_000),
    }));
    await app().db.insertInto('missions').values(rows).execute();
    // 30 April 23:30 in Korea is still April; 1 June 00:10 in Korea is June (31 May in UTC): both left out of May.
    await app()
      .db.insertInto('missions')
      .values([
        { ...rows[0]!, completed_at: new Date('2026-04-30T14:30:00Z') },
        { ...rows[0]!, completed_at: new Date('2026-05-31T15:10:00Z') },
        {
          ...rows[0]!,
          status: 'REJECTED',
          completed_at: null,
          rejection_reason: 'PERFORM_EXPIRED',
          rejected_at: new Date('2026-05-12T00:00:00Z'),
        },
      ])
      .execute();

    const month = await call(
      'GET',
      '/creators/me/missions/totals?status=COMPLETED&createdYear=2026&createdMonth=5',
      busy,
    );
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json()).toEqual({ count: 105, coins: 100 * 7 + 5 * 11 });
    const listed = await page('/missions/page?status=COMPLETED&createdYear=2026&createdMonth=5&size=12', busy);
    expect(listed.totalElements).toBe(105);
    expect(listed.totalPages).toBe(9);

    const year = await call('GET', '/creators/me/missions/totals?status=COMPLETED&createdYear=2026', busy);
    expect(year.json()).toEqual({ count: 107, coins: 100 * 7 + 5 * 11 + 2 * 7 });
    const all = await call('GET', '/creators/me/missions/totals?status=COMPLETED', busy);
    expect(all.json()).toEqual({ count: 107, coins: 769 });
    const basicOnly = await call('GET', '/creators/me/missions/totals?status=COMPLETED&productType=LUCKY', busy);
    expect(basicOnly.json()).toEqual({ count: 0, coins: 0 });
    // Only the caller's own missions: another creator's month is his, not this one's.
    const mine = await call(
      'GET',
      '/creators/me/missions/totals?status=COMPLETED&createdYear=2026&createdMonth=5',
      creator,
    );
    expect((mine.json() as { count: number }).count).toBeLessThan(105);

    // The totals are kept as missions change (a trigger on missions): one mission of May taken back to REJECTED
    // leaves the completed month, one deleted leaves it, and one the creator hid is not counted while hidden.
    const [first, second, third] = await app()
      .db.selectFrom('missions')
      .select(['id', 'coin_price'])
      .where('creator_id', '=', busy.creatorId)
      .where('status', '=', 'COMPLETED')
      .where('coin_price', '=', 11)
      .orderBy('id')
      .limit(3)
      .execute();
    await app()
      .db.updateTable('missions')
      .set({
        status: 'REJECTED',
        completed_at: null,
        rejection_reason: 'PERFORM_EXPIRED',
        rejected_at: new Date('2026-05-20T00:00:00Z'),
      })
      .where('id', '=', first!.id)
      .execute();
    await app().db.deleteFrom('missions').where('id', '=', second!.id).execute();
    const hidden = await call('POST', `/missions/${third!.id}/blocks`, busy, { userId: busy.id });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const after = await call(
      'GET',
      '/creators/me/missions/totals?status=COMPLETED&createdYear=2026&createdMonth=5',
      busy,
    );
    expect(after.json()).toEqual({ count: 102, coins: 100 * 7 + 2 * 11 });
    const rejected = await call('GET', '/creators/me/missions/totals?status=REJECTED,COMPLETED', busy);
    expect(rejected.json()).toEqual({ count: 106, coins: 769 - 2 * 11 + 7 });
    await call('DELETE', `/missions/${third!.id}/blocks?userId=${busy.id}`, busy);
    const shown = await call(
      'GET',
      '/creators/me/missions/totals?status=COMPLETED&createdYear=2026&createdMonth=5',
      busy,
    );
    expect(shown.json()).toEqual({ count: 103, coins: 100 * 7 + 3 * 11 });
  });

  it('validates the filters: a month needs a year, months are 1–12', async () => {
    const noYear = await call('GET', '/creators/me/missions/totals?status=COMPLETED&createdMonth=5', creator);
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json()).toMatchObject({ code: 'VALIDATION_FAILED', subErrors: [{ field: 'createdYear' }] });
    const badMonth = await call('GET', '/creators/me/missions/totals?createdYear=2026&createdMonth=13', creator);
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json()).toMatchObject({ code: 'VALIDATION_FAILED', subErrors: [{ field: 'createdMonth' }] });
    expect((await call('GET', '/creators/me/missions/totals?status=NOPE', creator)).statusCode).toBe(400);
  });

  it('is for creators', async () => {
    expect((await call('GET', '/creators/me/missions/totals')).statusCode).toBe(401);
    const byFan = await call('GET', '/creators/me/missions/totals?status=COMPLETED', fan);
    expect(byFan.statusCode).toBe(403);
    expect(byFan.json()).toMatchObject({ message: 'access denied' });
  });
});

async function outboxEvents(type: string, missionId: number) {
  return await app()
    .db.selectFrom('outbox')
    .select(['type', 'payload'])
    .where('type', '=', type)
    .where('aggregate_id', '=', String(missionId))
    .execute();
}

describe('likes', () => {
  it('likes once however often asked, records one event, and shows it to the liker', async () => {
    const target = m.accepted!.id;
    const first = await call('POST', `/missions/${target}/likes`, stranger);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: target, liked: true, likesCount: 1 });
    const again = await call('POST', `/missions/${target}/likes`, stranger);
    expect(again.json()).toEqual({ id: target, liked: true, likesCount: 1 });
    expect(await outboxEvents('mission.liked', target)).toEqual([
      { type: 'mission.liked', payload: { missionId: target, creatorId: creator.creatorId, userId: stranger.id } },
    ]);
    expect((await call('GET', `/missions/${target}`, stranger)).json()).toMatchObject({ liked: true, likesCount: 1 });
    expect((await call('GET', `/missions/${target}`, fan)).json()).toMatchObject({ liked: false, likesCount: 1 });

    const undone = await call('DELETE', `/missions/${target}/likes`, stranger);
    expect(undone.json()).toEqual({ id: target, liked: false, likesCount: 0 });
    const undoneAgain = await call('DELETE', `/missions/${target}/likes`, stranger);
    expect(undoneAgain.json()).toEqual({ id: target, liked: false, likesCount: 0 });
    expect(await outboxEvents('mission.unliked', target)).toHaveLength(1);
  });

  it('keeps the count exact under concurrent likes and unlikes', async () => {
    const target = m.completedApril!.id;
    const likers = await Promise.all(Array.from({ length: 12 }, () => createAccount(app())));
    const likes = likers.flatMap((liker) => [0, 1, 2].map(() => call('POST', `/missions/${target}/likes`, liker)));
    const responses = await Promise.all(likes);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const counted = await app()
      .db.selectFrom('missions')
      .select('likes_count')
      .where('id', '=', target)
      .executeTakeFirst();
    expect(counted?.likes_count).toBe(12);
    expect(await outboxEvents('mission.liked', target)).toHaveLength(12);

    const leaving = likers.slice(0, 5);
    await Promise.all(leaving.flatMap((liker) => [0, 1].map(() => call('DELETE', `/missions/${target}/likes`, liker))));
    const after = (await call('GET', `/missions/${target}`)).json<MissionView>();
    expect(after.likesCount).toBe(7);
    expect(await outboxEvents('mission.unliked', target)).toHaveLength(5);
  });

  it('lists what the caller likes, last liked first, in the liked list’s statuses', async () => {
    const liker = await createAccount(app());
    for (const mission of [m.completedMarch!, m.rejected!, m.customRequested!, m.luckyWon!]) {
      expect((await call('POST', `/missions/${mission.id}/likes`, liker)).statusCode).toBe(200);
    }
    const liked = await page('/users/me/missions/liked', liker);
    expect(ids(liked)).toEqual([m.luckyWon!.id, m.customRequested!.id, m.rejected!.id, m.completedMarch!.id]);
    expect(liked.content.every((mission) => mission.liked)).toBe(true);
    expect(liked.size).toBe(6);
    const completedOnly = await page('/users/me/missions/liked?status=COMPLETED&size=1', liker);
    expect(ids(completedOnly)).toEqual([m.completedMarch!.id]);
    expect((await call('GET', '/users/me/missions/liked')).statusCode).toBe(401);
  });

  it('wants a login and a mission the caller may see', async () => {
    expect((await call('POST', `/missions/${m.accepted!.id}/likes`)).statusCode).toBe(401);
    expect((await call('DELETE', `/missions/${m.accepted!.id}/likes`)).statusCode).toBe(401);
    expect((await call('POST', `/missions/${m.privateAccepted!.id}/likes`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/missions/${m.luckyUnplayed!.id}/likes`, stranger)).statusCode).toBe(404);
    expect((await call('POST', '/missions/999999/likes', stranger)).statusCode).toBe(404);
    expect((await call('POST', '/missions/x/likes', stranger)).statusCode).toBe(400);
  });
});

describe('blocks', () => {
  it('hides a mission from the caller’s lists only, and shows it again on DELETE', async () => {
    const blocker = await createAccount(app());
    const target = m.rejected!.id;
    await call('POST', `/missions/${target}/likes`, blocker);
    const blocked = await call('POST', `/missions/${target}/blocks`, blocker, { userId: blocker.id });
    expect(blocked.statusCode).toBe(200);
    expect(missionSchema.parse(blocked.json())).toMatchObject({ id: target, blocked: true });
    expect((await call('POST', `/missions/${target}/blocks`, blocker, { userId: blocker.id })).statusCode).toBe(200);

    expect(ids(await page(`/missions/page?creatorId=${creator.creatorId}`, blocker))).not.toContain(target);
    expect(ids(await page('/users/me/missions/liked', blocker))).not.toContain(target);
    expect(ids(await page(`/missions/page?creatorId=${creator.creatorId}`, stranger))).toContain(target);
    expect((await call('GET', `/missions/${target}`, blocker)).json()).toMatchObject({ blocked: true });

    const shown = await call('DELETE', `/missions/${target}/blocks?userId=${blocker.id}`, blocker);
    expect(shown.json()).toMatchObject({ blocked: false });
    expect(ids(await page(`/missions/page?creatorId=${creator.creatorId}`, blocker))).toContain(target);
  });

  it('blocks only for the caller himself, with a login, on a mission he may see', async () => {
    const target = m.accepted!.id;
    expect((await call('POST', `/missions/${target}/blocks`, undefined, { userId: fan.id })).statusCode).toBe(401);
    const forSomebodyElse = await call('POST', `/missions/${target}/blocks`, stranger, { userId: fan.id });
    expect(forSomebodyElse.statusCode).toBe(403);
    expect((await call('DELETE', `/missions/${target}/blocks?userId=${fan.id}`, stranger)).statusCode).toBe(403);
    const noBody = await call('POST', `/missions/${target}/blocks`, stranger, {});
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().subErrors).toEqual([{ field: 'userId', message: 'This field is required.' }]);
    const privateOne = await call('POST', `/missions/${m.privateAccepted!.id}/blocks`, stranger, {
      userId: stranger.id,
    });
    expect(privateOne.statusCode).toBe(404);
  });
});

describe('GET /missions/{id}/media', () => {
  let creatorName: string;
  let video: MissionRow;
  let voice: MissionRow;
  let picture: MissionRow;
  let jpeg: MissionRow;
  let converting: MissionRow;

  beforeAll(async () => {
    creatorName = (
      await app().db.selectFrom('creators').select('name').where('id', '=', creator.creatorId).executeTakeFirstOrThrow()
    ).name;
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-answers-'));
    const clip = writeTestVideo(path.join(folder, 'answer.mov'));
    const videoFile = await uploadFile(app(), creator, await fs.readFile(clip), 'answer.mov');
    const voiceFile = await uploadFile(app(), creator, wav(8000), 'voice.wav');
    const pictureFile = await uploadFile(app(), creator, PNG_1X1, 'answer.png');
    const jpegFile = await uploadFile(app(), creator, JPEG_2X2, 'answer.jpg');
    await fs.rm(folder, { recursive: true, force: true });
    await drainMediaQueue({ ctx: app().ctx, storage: storageDriverFor(app().config) });
    // Uploaded after the queue ran: still being converted.
    const pendingFile = await uploadFile(app(), creator, mp4(64), 'later.mp4');
    video = await insertMission(app(), basic, {
      user_id: fan.id,
      status: 'COMPLETED',
      response_comment: '생일 축하해요 "민지"/',
      video_file_id: videoFile.id,
    });
    voice = await insertMission(app(), basic, {
      user_id: fan.id,
      status: 'COMPLETED',
      response_comment: 'Hello',
      voice_file_id: voiceFile.id,
    });
    picture = await insertMission(app(), basic, {
      user_id: fan.id,
      status: 'COMPLETED',
      is_private: true,
      response_comment: null,
      picture_file_id: pictureFile.id,
    });
    jpeg = await insertMission(app(), basic, {
      user_id: fan.id,
      status: 'COMPLETED',
      response_comment: 'Smile',
      picture_file_id: jpegFile.id,
    });
    converting = await insertMission(app(), basic, {
      user_id: fan.id,
      status: 'COMPLETED',
      response_comment: 'Soon',
      video_file_id: pendingFile.id,
    });
  });

  it('downloads the video’s H.264 rendition named after the creator, the product and the day, plus .mp4', async () => {
    const response = await call('GET', `/missions/${video.id}/media`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    // An MP4 (ftyp) of H.264 (avc1), whatever the upload was (a QuickTime .mov here).
    expect(response.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(response.rawPayload.includes(Buffer.from('avc1'))).toBe(true);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[^"]+\.mp4"; /);
    // Not the response comment: the creator, the product and the Korea-time day it was performed.
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`${answerName(video)}.mp4`)}`);
  });

  it('downloads a voice as its AAC rendition named .m4a, whatever was uploaded (a WAV)', async () => {
    const response = await call('GET', `/missions/${voice.id}/media`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mp4');
    expect(response.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(response.rawPayload.includes(Buffer.from('mp4a'))).toBe(true);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${answerName(voice)}.m4a`);
  });

  it('names a JPEG picture .jpg and keeps a PNG’s own extension', async () => {
    const photo = await call('GET', `/missions/${jpeg.id}/media?kind=picture`);
    expect(photo.headers['content-disposition']).toContain(`filename*=UTF-8''${answerName(jpeg)}.jpg`);
    const png = await call('GET', `/missions/${picture.id}/media`, fan);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-disposition']).toContain(`filename="${answerName(picture)}.png"`);
  });

  /** creator_product_day of a mission of `basic` (the creator's name and "Birthday song", no spaces). */
  const answerName = (mission: MissionRow) =>
    `${creatorName.replaceAll(' ', '')}_${basic.name.replaceAll(' ', '')}_${koreaDate(mission.completed_at!)}`;

  it('says a file still being converted is not ready instead of handing out anything', async () => {
    const response = await call('GET', `/missions/${converting.id}/media`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'FILE_PROCESSING' });
  });

  it('serves only completed missions the caller may see, and only the kinds they have', async () => {
    expect((await call('GET', `/missions/${picture.id}/media`, stranger)).statusCode).toBe(404);
    const notDone = await call('GET', `/missions/${m.accepted!.id}/media`);
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json()).toMatchObject({ code: 'MISSION_NOT_COMPLETED' });
    const noVoice = await call('GET', `/missions/${video.id}/media?kind=voice`);
    expect(noVoice.statusCode).toBe(404);
    expect(noVoice.json()).toMatchObject({ message: 'This mission has no such file.' });
    expect((await call('GET', `/missions/${video.id}/media?kind=sound`)).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the mission and mission product routes', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/missions/page',
        '/api/v1/missions/{id}',
        '/api/v1/missions/{id}/likes',
        '/api/v1/missions/{id}/blocks',
        '/api/v1/missions/{id}/media',
        '/api/v1/users/me/missions/liked',
        '/api/v1/creators/me/missions/count',
        '/api/v1/mission-products/page',
        '/api/v1/creators/{id}/mission-products/{productId}/sort/increase',
      ]),
    );
  });
});
