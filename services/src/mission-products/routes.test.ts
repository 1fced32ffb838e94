import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  errorResponseSchema,
  missionProductSchema,
  type MissionProduct,
  type Page,
  type ErrorResponse,
} from '@fanmission/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { mp4 } from '@fanmission/tests/support/files';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct, uploadFile } from '@fanmission/tests/support/missions';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-products-'));
const testApp = useTestApp({ config: testConfig({ STORAGE_DIR: storageDir }) });
const app = () => testApp.current.app;
afterAll(async () => {
  await fs.rm(storageDir, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, account?: TestAccount, payload?: unknown) {
  return app().inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'accept-language': 'en', ...(account && account.headers) },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
}

function subErrors(body: string): Record<string, string> {
  const error = errorResponseSchema.parse(JSON.parse(body));
  return Object.fromEntries((error.subErrors ?? []).map((sub) => [sub.field, sub.message]));
}

let creator: TestCreator;
let otherCreator: TestCreator;
let newbie: TestCreator;
let fan: TestAccount;
let operator: TestAccount;
let cover: number;

beforeAll(async () => {
  creator = await createCreator(app(), { username: 'starlight' });
  otherCreator = await createCreator(app());
  newbie = await createCreator(app(), { verified: false });
  fan = await createAccount(app());
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  cover = (await uploadFile(app(), creator)).id;
});

const basic = (fields: Record<string, unknown> = {}) => ({
  creatorId: creator.creatorId,
  type: 'BASIC',
  name: 'Birthday song',
  coinPrice: 100,
  description: 'I sing your name',
  descriptionPictureId: cover,
  allowAttachments: true,
  ...fields,
});
const lucky = (fields: Record<string, unknown> = {}) => ({
  creatorId: creator.creatorId,
  type: 'LUCKY',
  name: 'Lucky dance',
  coinPrice: 10,
  winProbability: 2.5,
  description: 'A dance with your name',
  descriptionPictureId: cover,
  alwaysPrivate: true,
  ...fields,
});

describe('POST /mission-products', () => {
  it('registers a BASIC product with its cover, creator and zero counts, last in the creator’s order', async () => {
    const response = await call('POST', '/mission-products', creator, basic());
    expect(response.statusCode, response.body).toBe(200);
    const product = missionProductSchema.parse(response.json());
    expect(product).toMatchObject({
      name: 'Birthday song',
      type: 'BASIC',
      coinPrice: 100,
      minimumCost: null,
      winProbability: null,
      allowAttachments: true,
      alwaysPrivate: false,
      description: 'I sing your name',
      active: true,
      currentRequested: 0,
      accumulated: 0,
      creator: { id: creator.creatorId, verified: true, user: { id: creator.id, username: 'starlight' } },
      descriptionPicture: { id: cover },
    });
    expect(product.descriptionPicture?.s3Url).toMatch(/^\/files\/.+\.png$/);
    const next = missionProductSchema.parse((await call('POST', '/mission-products', creator, basic())).json());
    expect(next.sortOrder).toBe(product.sortOrder + 1);
  });

  it('registers a LUCKY product with its win probability, perform item and alwaysPrivate', async () => {
    const response = await call('POST', '/mission-products', creator, lucky({ winProbability: 0.3 }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      type: 'LUCKY',
      coinPrice: 10,
      winProbability: 0.3,
      description: 'A dance with your name',
      alwaysPrivate: true,
      allowAttachments: false,
    });
  });

  it('registers a CUSTOM product from its minimum cost alone, with attachments always allowed', async () => {
    const response = await call('POST', '/mission-products', creator, {
      creatorId: creator.creatorId,
      type: 'CUSTOM',
      minimumCost: 500,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      type: 'CUSTOM',
      name: 'Custom mission',
      minimumCost: 500,
      coinPrice: null,
      allowAttachments: true,
      descriptionPicture: null,
    });
  });

  it('names every missing BASIC field', async () => {
    const response = await call('POST', '/mission-products', creator, { creatorId: creator.creatorId, type: 'BASIC' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(subErrors(response.body)).sort()).toEqual(
      ['coinPrice', 'description', 'descriptionPictureId', 'name'].sort(),
    );
  });

  it('refuses a blank name, a description over 200 characters and a price that is not a positive whole number', async () => {
    const tooLong = await call('POST', '/mission-products', creator, basic({ description: 'x'.repeat(201) }));
    expect(tooLong.statusCode).toBe(400);
    expect(subErrors(tooLong.body)).toEqual({ description: 'The description can be at most 200 characters.' });
    expect((await call('POST', '/mission-products', creator, basic({ description: 'x'.repeat(200) }))).statusCode).toBe(
      200,
    );
    const blank = await call('POST', '/mission-products', creator, basic({ name: '   ' }));
    expect(subErrors(blank.body)).toEqual({ name: 'This field is required.' });
    for (const coinPrice of [0, -5, 1.5]) {
      const response = await call('POST', '/mission-products', creator, basic({ coinPrice }));
      expect(response.statusCode).toBe(400);
      expect(subErrors(response.body)).toEqual({ coinPrice: 'The price must be a whole number of coins, at least 1.' });
    }
  });

  it('holds the win probability to 0.1–10 % in steps of 0.1 with the spec’s message, in the caller’s language', async () => {
    for (const winProbability of [0, 0.05, 10.1, 0.15, 2.55]) {
      const response = await call('POST', '/mission-products', creator, lucky({ winProbability }));
      expect(response.statusCode, String(winProbability)).toBe(400);
      expect(subErrors(response.body)).toEqual({
        winProbability: 'The win probability must be at least 0.1% and at most 10%.',
      });
    }
    for (const winProbability of [0.1, 10, 7.7]) {
      const response = await call('POST', '/mission-products', creator, lucky({ winProbability }));
      expect(response.statusCode, String(winProbability)).toBe(200);
    }
    const korean = await app().inject({
      method: 'POST',
      url: '/api/v1/mission-products',
      headers: { ...creator.headers, 'accept-language': 'ko' },
      payload: lucky({ winProbability: 11 }),
    });
    expect(subErrors(korean.body)).toEqual({ winProbability: '당첨 확률은 0.1% 이상 10% 이하로 입력해 주세요.' });
  });

  it('names every missing LUCKY field and a perform item over 200 characters', async () => {
    const missing = await call('POST', '/mission-products', creator, { creatorId: creator.creatorId, type: 'LUCKY' });
    expect(Object.keys(subErrors(missing.body)).sort()).toEqual(
      ['coinPrice', 'description', 'descriptionPictureId', 'name', 'winProbability'].sort(),
    );
    const tooLong = await call('POST', '/mission-products', creator, lucky({ description: 'x'.repeat(201) }));
    expect(subErrors(tooLong.body)).toEqual({ description: 'The perform item can be at most 200 characters.' });
  });

  it('wants the minimum cost of a CUSTOM product, and refuses EVENT and unknown types here', async () => {
    const custom = await call('POST', '/mission-products', creator, { creatorId: creator.creatorId, type: 'CUSTOM' });
    expect(subErrors(custom.body)).toEqual({ minimumCost: 'This field is required.' });
    for (const type of ['EVENT', 'PREMIUM']) {
      const response = await call('POST', '/mission-products', creator, basic({ type }));
      expect(response.statusCode).toBe(400);
    }
    expect((await call('POST', '/mission-products', creator, basic({ creatorId: undefined }))).statusCode).toBe(400);
  });

  it('takes as cover only an image the creator uploaded', async () => {
    const strangersImage = await uploadFile(app(), fan);
    const video = await uploadFile(app(), creator, mp4(), 'clip.mp4');
    for (const descriptionPictureId of [strangersImage.id, video.id, 999_999]) {
      const response = await call('POST', '/mission-products', creator, basic({ descriptionPictureId }));
      expect(response.statusCode).toBe(400);
      expect(subErrors(response.body)).toEqual({ descriptionPictureId: 'The cover must be an image you uploaded.' });
    }
  });

  it('is for creators registering their own products, and operators', async () => {
    expect((await call('POST', '/mission-products', undefined, basic())).statusCode).toBe(401);
    const byFan = await call('POST', '/mission-products', fan, basic());
    expect(byFan.statusCode).toBe(403);
    expect(byFan.json<ErrorResponse>().message).toBe('access denied');
    expect((await call('POST', '/mission-products', otherCreator, basic())).statusCode).toBe(403);
    const othersCover = (await uploadFile(app(), otherCreator)).id;
    const byOperator = await call(
      'POST',
      '/mission-products',
      operator,
      basic({ creatorId: otherCreator.creatorId, descriptionPictureId: othersCover }),
    );
    expect(byOperator.statusCode, byOperator.body).toBe(200);
    expect(byOperator.json()).toMatchObject({ creator: { id: otherCreator.creatorId } });
    const noSuchCreator = await call('POST', '/mission-products', operator, basic({ creatorId: 999_999 }));
    expect(noSuchCreator.statusCode).toBe(404);
  });

  it('answers a malformed EVENT body with 400 before it asks who calls, and refuses a fan a well-formed one', async () => {
    // Dates that are no dates (an empty text, the year 0) once reached the Korea-time conversion and answered 500.
    const event = (dates: Record<string, string>) => ({
      creatorId: creator.creatorId,
      type: 'EVENT',
      title: 'Fan meeting',
      description: 'Come and meet me',
      drawNumber: 1,
      descriptionPictureId: cover,
      ...dates,
    });
    const malformed = event({ applyStart: '0000-01-01', applyEnd: '0000-01-01', eventEnd: '' });
    for (const account of [fan, creator]) {
      const created = await call('POST', '/mission-products', account, malformed);
      expect(created.statusCode, created.body).toBe(400);
      expect(subErrors(created.body)).toEqual({
        applyStart: 'Dates must be YYYY-MM-DD.',
        applyEnd: 'Dates must be YYYY-MM-DD.',
        eventEnd: 'Dates must be YYYY-MM-DD.',
      });
      const edited = await call('PUT', '/mission-products/1', account, { ...malformed, creatorId: undefined });
      expect(edited.statusCode, edited.body).toBe(400);
    }
    const day = (offset: number) => new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const wellFormed = event({ applyStart: day(2), applyEnd: day(3), eventEnd: day(12) });
    const byFan = await call('POST', '/mission-products', fan, wellFormed);
    expect(byFan.statusCode, byFan.body).toBe(403);
  });

  it('lets an unverified creator register products (his newbie dashboard needs one)', async () => {
    const product = await registerProduct(app(), newbie, { type: 'BASIC' });
    expect(product.creator).toMatchObject({ id: newbie.creatorId, verified: false });
  });

  it('refuses creation while the creator has an ongoing lottery event, leaving the cover deletable', async () => {
    const eventCreator = await createCreator(app());
    const event = await app()
      .db.insertInto('mission_products')
      .values({ creator_id: eventCreator.creatorId, type: 'EVENT', name: 'Summer draw', sort_order: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Ongoing: its lottery event is neither closed nor cancelled.
    await app()
      .db.insertInto('lottery_events')
      .values({
        product_id: event.id,
        creator_id: eventCreator.creatorId,
        title: 'Summer draw',
        description: 'Polaroids',
        draw_number: 1,
        apply_start: '2030-01-01',
        apply_end: '2030-01-02',
        event_end: '2030-01-10',
        status: 'APPLYING',
        server_seed: Buffer.alloc(32, 1),
        commitment: 'a'.repeat(64),
        entries: null,
        entries_hash: null,
        applying_at: null,
        drawing_at: null,
        drawn_at: null,
        prize_due_at: null,
        closed_at: null,
        canceled_at: null,
        workflow_started_at: null,
      })
      .execute();
    // His studio knows before he fills the form: GET /creators/me says an event is under way.
    const me = await app().inject({ method: 'GET', url: '/api/v1/creators/me', headers: eventCreator.headers });
    expect(me.json()).toMatchObject({ ongoingEvent: true });
    const eventCover = await uploadFile(app(), eventCreator);
    const payload = basic({ creatorId: eventCreator.creatorId, descriptionPictureId: eventCover.id });
    for (const language of ['en', 'ko']) {
      const refused = await app().inject({
        method: 'POST',
        url: '/api/v1/mission-products',
        headers: { ...eventCreator.headers, 'accept-language': language },
        payload,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: 'exist ongoing event', code: 'EXIST_ONGOING_EVENT' });
    }
    const products = await app()
      .db.selectFrom('mission_products')
      .select('id')
      .where('creator_id', '=', eventCreator.creatorId)
      .execute();
    expect(products).toEqual([{ id: event.id }]);
    // What the client does after a failed creation: the cover is nobody's, so it can go.
    expect((await call('DELETE', `/files/s3/${eventCover.id}`, eventCreator)).statusCode).toBe(204);

    // Once the event is closed the creator may register products again.
    await app().db.updateTable('lottery_events').set({ status: 'CLOSED' }).where('product_id', '=', event.id).execute();
    const afterEvent = await registerProduct(app(), eventCreator, { type: 'BASIC' });
    expect(afterEvent.sortOrder).toBe(1);
  });

  it('keeps a cover in use from being deleted', async () => {
    const product = await registerProduct(app(), creator, { type: 'BASIC' });
    const response = await call('DELETE', `/files/s3/${product.descriptionPicture!.id}`, creator);
    expect(response.statusCode).toBe(409);
    expect((await call('GET', `/mission-products/${product.id}`)).json()).toMatchObject({
      descriptionPicture: { id: product.descriptionPicture!.id },
    });
  });

  it('numbers concurrent registrations of one creator without collisions', async () => {
    const busy = await createCreator(app());
    const covers = await Promise.all(Array.from({ length: 6 }, () => uploadFile(app(), busy)));
    const responses = await Promise.all(
      covers.map((file) =>
        call('POST', '/mission-products', busy, basic({ creatorId: busy.creatorId, descriptionPictureId: file.id })),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    const orders = responses.map((response) => response.json<MissionProduct>().sortOrder).sort();
    expect(orders).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('reading mission products', () => {
  let shown: MissionProduct;
  let inactive: MissionProduct;
  let unverified: MissionProduct;
  let seller: TestCreator;

  beforeAll(async () => {
    seller = await createCreator(app());
    shown = await registerProduct(app(), seller, { type: 'BASIC', name: 'Morning call', coinPrice: 300 });
    await registerProduct(app(), seller, { type: 'LUCKY', name: 'Lucky call', coinPrice: 20 });
    inactive = await registerProduct(app(), seller, { type: 'BASIC', name: 'Old song', coinPrice: 50 });
    expect((await call('PUT', `/mission-products/${inactive.id}/inactivate`, seller)).statusCode).toBe(200);
    unverified = await registerProduct(app(), newbie, { type: 'BASIC', name: 'Newbie song' });
  });

  it('shows a product with counts of its missions: in progress, and every real request', async () => {
    const buyer = await createAccount(app());
    const missions = [];
    for (const status of ['REQUESTED', 'ACCEPTED', 'TRANSCODING', 'COMPLETED', 'REJECTED', 'CREATED'] as const) {
      missions.push(await insertMission(app(), shown, { user_id: buyer.id, status }));
    }
    const response = await call('GET', `/mission-products/${shown.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: shown.id, currentRequested: 3, accumulated: 5 });
    // Kept as missions change (a trigger on missions): the CREATED one requested, the REJECTED one deleted.
    const [, , , , rejected, created] = missions;
    await app().db.updateTable('missions').set({ status: 'REQUESTED' }).where('id', '=', created!.id).execute();
    await app().db.deleteFrom('missions').where('id', '=', rejected!.id).execute();
    const after = await call('GET', `/mission-products/${shown.id}`);
    expect(after.json()).toMatchObject({ id: shown.id, currentRequested: 4, accumulated: 5 });
  });

  it('hides inactive products and products of unverified creators from everybody but their owner and operators', async () => {
    for (const product of [inactive, unverified]) {
      const owner = product === inactive ? seller : newbie;
      expect((await call('GET', `/mission-products/${product.id}`)).statusCode).toBe(404);
      expect((await call('GET', `/mission-products/${product.id}`, fan)).statusCode).toBe(404);
      expect((await call('GET', `/mission-products/${product.id}`, otherCreator)).statusCode).toBe(404);
      expect((await call('GET', `/mission-products/${product.id}`, owner)).statusCode).toBe(200);
      expect((await call('GET', `/mission-products/${product.id}`, operator)).statusCode).toBe(200);
    }
    expect((await call('GET', '/mission-products/999999')).statusCode).toBe(404);
    expect((await call('GET', '/mission-products/abc')).statusCode).toBe(400);
  });

  it('lists by creator, type, name and active flag, in the creator’s order', async () => {
    const everything = await call('GET', `/mission-products?creatorId=${seller.creatorId}`);
    expect(everything.json<MissionProduct[]>().map((product) => product.name)).toEqual(['Morning call', 'Lucky call']);
    const own = await call('GET', `/mission-products?creatorId=${seller.creatorId}&productType=BASIC`, seller);
    expect(own.json<MissionProduct[]>().map((product) => product.name)).toEqual(['Morning call', 'Old song']);
    const ownInactive = await call('GET', `/mission-products?creatorId=${seller.creatorId}&active=false`, seller);
    expect(ownInactive.json<MissionProduct[]>().map((product) => product.name)).toEqual(['Old song']);
    const strangerInactive = await call('GET', `/mission-products?creatorId=${seller.creatorId}&active=false`, fan);
    expect(strangerInactive.json()).toEqual([]);
    const byName = await call(
      'GET',
      `/mission-products?creatorId=${seller.creatorId}&name=${encodeURIComponent('CALL')}`,
    );
    expect(byName.json<MissionProduct[]>().map((product) => product.name)).toEqual(['Morning call', 'Lucky call']);
    const newbies = await call('GET', `/mission-products?creatorId=${newbie.creatorId}`);
    expect(newbies.json()).toEqual([]);
    expect((await call('GET', '/mission-products?active=maybe')).statusCode).toBe(400);
    expect((await call('GET', '/mission-products?productType=GOLD')).statusCode).toBe(400);
  });

  it('pages with order, direction and filters, and accepts the event list’s emptyCanceledEventFilter', async () => {
    const byPrice = await call(
      'GET',
      `/mission-products/page?creatorId=${seller.creatorId}&order=COIN_PRICE&direction=ASC&size=1&page=1`,
      seller,
    );
    expect(byPrice.statusCode).toBe(200);
    const page = byPrice.json<Page<MissionProduct>>();
    expect(page).toMatchObject({ totalElements: 3, totalPages: 3, number: 1, size: 1, last: false });
    expect(page.content.map((product) => product.name)).toEqual(['Old song']);
    const events = await call(
      'GET',
      `/mission-products/page?productType=EVENT&order=CREATED&direction=DESC&size=12&page=0&emptyCanceledEventFilter=true`,
    );
    expect(events.statusCode).toBe(200);
    expect(events.json()).toMatchObject({ size: 12, number: 0 });
    expect((await call('GET', '/mission-products/page?order=PRICE')).statusCode).toBe(400);
    expect((await call('GET', '/mission-products/page?size=0')).statusCode).toBe(400);
  });
});

describe('changing mission products', () => {
  let seller: TestCreator;
  let products: MissionProduct[];

  beforeAll(async () => {
    seller = await createCreator(app());
    products = [];
    for (const name of ['First', 'Second', 'Third']) {
      products.push(await registerProduct(app(), seller, { type: 'BASIC', name }));
    }
    await registerProduct(app(), seller, { type: 'LUCKY', name: 'Lucky one' });
  });

  it('edits a product’s fields, keeping its type, creator and order', async () => {
    const [first] = products;
    const newCover = await uploadFile(app(), seller);
    const response = await call('PUT', `/mission-products/${first!.id}`, seller, {
      type: 'BASIC',
      name: 'First, renamed',
      coinPrice: 250,
      description: 'New words',
      descriptionPictureId: newCover.id,
      allowAttachments: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: first!.id,
      name: 'First, renamed',
      coinPrice: 250,
      description: 'New words',
      allowAttachments: true,
      sortOrder: first!.sortOrder,
      descriptionPicture: { id: newCover.id },
    });
  });

  it('validates an edit like a registration and refuses a change of type', async () => {
    const [first] = products;
    const changedType = await call('PUT', `/mission-products/${first!.id}`, seller, lucky({ creatorId: undefined }));
    expect(changedType.statusCode).toBe(400);
    expect(subErrors(changedType.body)).toEqual({ type: 'The type of a mission product cannot change.' });
    const tooLong = await call(
      'PUT',
      `/mission-products/${first!.id}`,
      seller,
      basic({ description: 'x'.repeat(201) }),
    );
    expect(subErrors(tooLong.body)).toEqual({ description: 'The description can be at most 200 characters.' });
    const foreignCover = await call('PUT', `/mission-products/${first!.id}`, seller, basic({ creatorId: undefined }));
    expect(subErrors(foreignCover.body)).toEqual({ descriptionPictureId: 'The cover must be an image you uploaded.' });
  });

  it('lets only the owner or an operator edit, and hides what the caller may not see', async () => {
    const [, second] = products;
    const payload = { type: 'BASIC', name: 'Hijacked', coinPrice: 1, description: 'x', descriptionPictureId: cover };
    expect((await call('PUT', `/mission-products/${second!.id}`, undefined, payload)).statusCode).toBe(401);
    expect((await call('PUT', `/mission-products/${second!.id}`, fan, payload)).statusCode).toBe(403);
    expect((await call('PUT', `/mission-products/${second!.id}`, creator, payload)).statusCode).toBe(403);
    const moved = await call('PUT', `/mission-products/${second!.id}`, seller, {
      ...payload,
      creatorId: creator.creatorId,
      descriptionPictureId: second!.descriptionPicture!.id,
    });
    expect(moved.statusCode).toBe(403);
    const hidden = await registerProduct(app(), newbie, { type: 'BASIC' });
    expect((await call('PUT', `/mission-products/${hidden.id}`, creator, payload)).statusCode).toBe(404);
    const byOperator = await call('PUT', `/mission-products/${second!.id}`, operator, {
      ...payload,
      name: 'Fixed by an operator',
      descriptionPictureId: second!.descriptionPicture!.id,
    });
    expect(byOperator.statusCode, byOperator.body).toBe(200);
    expect(byOperator.json()).toMatchObject({ name: 'Fixed by an operator' });
  });

  it('activates and inactivates, for the owner and operators only', async () => {
    const [, , third] = products;
    const off = await call('PUT', `/mission-products/${third!.id}/inactivate`, seller);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expect((await call('GET', `/mission-products/${third!.id}`)).statusCode).toBe(404);
    const again = await call('PUT', `/mission-products/${third!.id}/inactivate`, seller);
    expect(again.json()).toMatchObject({ active: false });
    const on = await call('PUT', `/mission-products/${third!.id}/activate`, operator);
    expect(on.json()).toMatchObject({ active: true });
    expect((await call('PUT', `/mission-products/${third!.id}/activate`)).statusCode).toBe(401);
    expect((await call('PUT', `/mission-products/${third!.id}/inactivate`, fan)).statusCode).toBe(403);
    expect((await call('PUT', `/mission-products/${third!.id}/inactivate`, creator)).statusCode).toBe(403);
    expect((await call('PUT', '/mission-products/999999/activate', seller)).statusCode).toBe(404);
  });

  it('moves a product one place later or earlier among the creator’s products of its type', async () => {
    const names = (response: { json: <T>() => T }) => response.json<MissionProduct[]>().map((product) => product.id);
    const [first, second, third] = products.map((product) => product.id);
    const base = `/creators/${seller.creatorId}/mission-products`;

    const later = await call('PUT', `${base}/${first}/sort/increase`, seller);
    expect(later.statusCode).toBe(200);
    expect(names(later)).toEqual([second, first, third]);
    expect(later.json<MissionProduct[]>().map((product) => product.sortOrder)).toEqual([1, 2, 3]);

    const earlier = await call('PUT', `${base}/${third}/sort/decrease`, seller);
    expect(names(earlier)).toEqual([second, third, first]);
    const atTop = await call('PUT', `${base}/${second}/sort/decrease`, seller);
    expect(names(atTop)).toEqual([second, third, first]);
    const atBottom = await call('PUT', `${base}/${first}/sort/increase`, operator);
    expect(names(atBottom)).toEqual([second, third, first]);

    const listed = await call('GET', `/mission-products?creatorId=${seller.creatorId}&productType=BASIC`);
    expect(listed.json<MissionProduct[]>().map((product) => product.id)).toEqual([second, third, first]);
  });

  it('refuses a move by others and for a product of another creator', async () => {
    const [first] = products;
    const base = `/creators/${seller.creatorId}/mission-products`;
    expect((await call('PUT', `${base}/${first!.id}/sort/increase`)).statusCode).toBe(401);
    expect((await call('PUT', `${base}/${first!.id}/sort/increase`, fan)).statusCode).toBe(403);
    expect((await call('PUT', `${base}/${first!.id}/sort/increase`, creator)).statusCode).toBe(403);
    const wrongCreator = `/creators/${creator.creatorId}/mission-products/${first!.id}/sort/increase`;
    expect((await call('PUT', wrongCreator, seller)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/abc/sort/increase`, seller)).statusCode).toBe(400);
  });
});
