// Lottery event routes through the HTTP API, without Temporal: creation and its rules, applications, the applicants'
// privacy, the fairness record before the draw, and every route's permission errors. The workflow-driven paths
// (schedule, draw, cancel, prizes) run on the time-skipping server in workflows/src/events/event-workflow.test.ts.
import { kstDate, type EventApplicant, type MissionProduct, type Page } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { entriesHashOf } from './fairness';
import { createFan, createFile, createProduct, createVerifiedCreator } from '@fanmission/tests/support/missions';
import type { TestCreator } from '@fanmission/tests/support/creators';
import { mp4, PNG_1X1, resumablyUploaded } from '@fanmission/tests/support/files';

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;
const DAY = 24 * 60 * 60 * 1000;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => app().inject({ method, url: `/api/v1${url}`, headers: { 'accept-language': 'en', ...headers }, payload });

const day = (offsetDays: number) => kstDate(new Date(Date.now() + offsetDays * DAY));

async function eventBody(creator: TestCreator, overrides: Record<string, unknown> = {}) {
  return {
    creatorId: creator.creatorId,
    type: 'EVENT',
    title: 'Birthday lottery',
    description: 'Signed polaroids',
    drawNumber: 2,
    applyStart: day(0),
    applyEnd: day(3),
    eventEnd: day(10),
    descriptionPictureId: await createFile(db(), creator.id, 'image'),
    ...overrides,
  };
}

async function createEvent(creator?: TestCreator) {
  const owner = creator ?? (await createVerifiedCreator(app()));
  const response = await call('POST', '/mission-products', owner.headers, await eventBody(owner));
  expect(response.statusCode, response.body).toBe(200);
  return { creator: owner, productId: response.json<{ id: number }>().id };
}

/** Without Temporal nothing moves the schedule: the tests set the status the workflow would have set. */
async function setStatus(productId: number, status: 'APPLYING' | 'DRAWING' | 'CANCELED') {
  await db().updateTable('lottery_events').set({ status }).where('product_id', '=', productId).execute();
  if (status === 'DRAWING') {
    // As the workflow's closing of applications does: the entry list frozen with its hash.
    const rows = await db()
      .selectFrom('event_applications')
      .select('mission_id')
      .where('product_id', '=', productId)
      .orderBy('mission_id')
      .execute();
    const entries = rows.map((row) => row.mission_id);
    await db()
      .updateTable('lottery_events')
      .set({ entries, entries_hash: entriesHashOf(entries) })
      .where('product_id', '=', productId)
      .execute();
  }
}

const application = (productId: number, overrides: Record<string, unknown> = {}) => ({
  missionProductId: productId,
  requestComment: 'Big fan',
  phone: '01012345678',
  name: 'Kim Minji',
  address: 'Seoul',
  addressDetail: '101',
  ...overrides,
});

async function applied(productId: number, fan?: TestAccount) {
  const applicant = fan ?? (await createFan(app()));
  const response = await call('POST', '/missions', applicant.headers, application(productId));
  expect(response.statusCode, response.body).toBe(200);
  return { fan: applicant, missionId: response.json<{ id: number }>().id };
}

describe('POST /mission-products (EVENT)', () => {
  it('takes a description video the creator uploaded for it, once, and shows it with the spec’s counts', async () => {
    const creator = await createVerifiedCreator(app());
    const authorization = creator.headers.authorization ?? '';
    const video = await resumablyUploaded(app(), authorization, mp4(), {
      purpose: 'description-video',
      filename: 'teaser.mp4',
      filetype: 'video/mp4',
    });
    const response = await call(
      'POST',
      '/mission-products',
      creator.headers,
      await eventBody(creator, { descriptionVideoId: video.id }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const product = response.json<MissionProduct>();
    expect(product.descriptionVideo).toMatchObject({ id: video.id, contentType: 'video/mp4' });
    expect(product).toMatchObject({ missionCount: 0, eventApplied: false });
    // Public like the cover: anyone reaches it without a signature (a private key answers 404); its rendition is
    // still being made here (no media queue runs in this test), which is the 409 of a file being converted.
    const served = await app().inject({ method: 'GET', url: product.descriptionVideo!.s3Url });
    expect(served.statusCode, served.body).toBe(409);
    expect(served.json()).toMatchObject({ code: 'FILE_PROCESSING' });
    // An application counts, and the applicant sees he applied.
    await setStatus(product.id, 'APPLYING');
    const { fan } = await applied(product.id);
    const seen = await call('GET', `/mission-products/${product.id}`, fan.headers);
    expect(seen.json()).toMatchObject({
      missionCount: 1,
      eventApplied: true,
      event: { applyNumber: 1, applied: true },
    });
    // Products of the other types carry none of them.
    const basic = await call('GET', `/mission-products/${await createProduct(db(), creator.creatorId, 'BASIC')}`);
    expect(basic.json()).toMatchObject({ descriptionVideo: null, missionCount: null, eventApplied: null });
  });

  it('refuses as the description video an upload taken before, one for another use, or a picture', async () => {
    const creator = await createVerifiedCreator(app());
    const authorization = creator.headers.authorization ?? '';
    const used = await resumablyUploaded(app(), authorization, mp4(), {
      purpose: 'description-video',
      filename: 'teaser.mp4',
      filetype: 'video/mp4',
    });
    const first = await call(
      'POST',
      '/mission-products',
      creator.headers,
      await eventBody(creator, { descriptionVideoId: used.id }),
    );
    expect(first.statusCode, first.body).toBe(200);
    await db()
      .updateTable('lottery_events')
      .set({ status: 'CLOSED' })
      .where('product_id', '=', first.json().id)
      .execute();
    const intro = await resumablyUploaded(app(), authorization, mp4(), {
      purpose: 'intro-video',
      filename: 'intro.mp4',
      filetype: 'video/mp4',
    });
    for (const fileId of [used.id, intro.id]) {
      const refused = await call(
        'POST',
        '/mission-products',
        creator.headers,
        await eventBody(creator, { descriptionVideoId: fileId }),
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().subErrors).toEqual([expect.objectContaining({ field: 'descriptionVideoId' })]);
    }
    const picture = await resumablyUploaded(app(), authorization, PNG_1X1, {
      purpose: 'description-video',
      filename: 'cover.png',
      filetype: 'image/png',
    }).catch((error: unknown) => error);
    // A picture is refused by the upload itself (a video only), before any product sees it.
    expect(picture).toBeInstanceOf(Error);
    const products = await db()
      .selectFrom('mission_products')
      .select('id')
      .where('creator_id', '=', creator.creatorId)
      .execute();
    expect(products).toHaveLength(1);
  });

  it('creates the product with its event, a committed seed and the CREATED status; GET shows it', async () => {
    const creator = await createVerifiedCreator(app());
    const body = await eventBody(creator);
    const response = await call('POST', '/mission-products', creator.headers, body);
    expect(response.statusCode, response.body).toBe(200);
    const product = response.json();
    expect(product).toMatchObject({
      type: 'EVENT',
      name: 'Birthday lottery',
      coinPrice: null,
      event: {
        title: 'Birthday lottery',
        description: 'Signed polaroids',
        drawNumber: 2,
        applyNumber: 0,
        pickedNumber: 0,
        status: 'CREATED',
        drawable: false,
        applied: false,
        applyStart: body.applyStart,
        applyEnd: body.applyEnd,
        eventEnd: body.eventEnd,
      },
    });
    expect(product.event.commitment).toMatch(/^[0-9a-f]{64}$/);
    // 00:00 KST is 15:00 UTC the day before.
    expect(product.event.applyStartAt).toMatch(/T15:00:00\.000Z$/);
    const stored = await db()
      .selectFrom('lottery_events')
      .selectAll()
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(stored.server_seed).toHaveLength(32);
    const shown = await call('GET', `/mission-products/${product.id}`);
    expect(shown.json()).toMatchObject({ event: { status: 'CREATED', commitment: product.event.commitment } });
    // Without Temporal the workflow waits for the reconciler.
    expect(stored.workflow_started_at).toBeNull();
  });

  it('refuses missing fields, a draw count of 0, a long description and bad dates, each with its message', async () => {
    const creator = await createVerifiedCreator(app());
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '' }, 'title', 'All information must be entered.'],
      [{ title: undefined }, 'title', 'All information must be entered.'],
      [{ drawNumber: 0 }, 'drawNumber', 'The draw count must be greater than 0.'],
      [{ description: 'x'.repeat(201) }, 'description', 'The description must be at most 200 characters.'],
      [{ applyStart: '2026-02-30' }, 'applyStart', 'Dates must be YYYY-MM-DD.'],
      [{ applyStart: day(-1) }, 'applyStart', 'The application start cannot be in the past.'],
      [{ applyEnd: day(-2), applyStart: day(1) }, 'applyEnd', 'The application end must not be before its start.'],
      [{ eventEnd: day(9) }, 'eventEnd', 'The event end must be at least 7 days after the application end.'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call('POST', '/mission-products', creator.headers, await eventBody(creator, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().subErrors, JSON.stringify(overrides)).toContainEqual(
        expect.objectContaining({ field, message }),
      );
    }
    const korean = await call(
      'POST',
      '/mission-products',
      { ...creator.headers, 'accept-language': 'ko' },
      await eventBody(creator, { drawNumber: 0 }),
    );
    expect(korean.json().subErrors).toContainEqual(
      expect.objectContaining({ field: 'drawNumber', message: '추첨 인원은 0보다 커야 합니다.' }),
    );
    // eventEnd exactly 7 days after applyEnd is allowed.
    const edge = await call(
      'POST',
      '/mission-products',
      creator.headers,
      await eventBody(creator, { eventEnd: day(10) }),
    );
    expect(edge.statusCode).toBe(200);
  });

  it('one ongoing event per creator; BASIC and LUCKY creation refused while it runs; a cancelled one frees the creator', async () => {
    const { creator, productId } = await createEvent();
    const second = await call('POST', '/mission-products', creator.headers, await eventBody(creator));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'EXIST_ONGOING_EVENT', message: 'exist ongoing event' });
    const basic = await call('POST', '/mission-products', creator.headers, {
      creatorId: creator.creatorId,
      type: 'BASIC',
      name: 'Hello',
      coinPrice: 10,
      description: 'Hi',
      descriptionPictureId: await createFile(db(), creator.id, 'image'),
    });
    expect(basic.statusCode).toBe(409);
    await setStatus(productId, 'CANCELED');
    expect((await call('POST', '/mission-products', creator.headers, await eventBody(creator))).statusCode).toBe(200);
  });

  it('permissions: 401 for visitors, 403 for fans and for another creator’s id; operators may create for anybody', async () => {
    const creator = await createVerifiedCreator(app());
    const body = await eventBody(creator);
    expect((await call('POST', '/mission-products', {}, body)).statusCode).toBe(401);
    const fan = await createFan(app());
    expect((await call('POST', '/mission-products', fan.headers, body)).statusCode).toBe(403);
    const other = await createVerifiedCreator(app());
    const foreign = await call('POST', '/mission-products', other.headers, body);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ message: 'access denied' });
    const operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
    expect((await call('POST', '/mission-products', operator.headers, body)).statusCode).toBe(200);
  });

  it('PUT edits only before APPLYING (409 after); without Temporal a CREATED edit is 503; others get 403/404', async () => {
    const { creator, productId } = await createEvent();
    const body = await eventBody(creator, { title: 'New title' });
    expect((await call('PUT', `/mission-products/${productId}`, creator.headers, body)).statusCode).toBe(503);
    const other = await createVerifiedCreator(app());
    expect((await call('PUT', `/mission-products/${productId}`, other.headers, body)).statusCode).toBe(403);
    const invalid = await call('PUT', `/mission-products/${productId}`, creator.headers, { ...body, drawNumber: -1 });
    expect(invalid.statusCode).toBe(400);
    await setStatus(productId, 'APPLYING');
    const late = await call('PUT', `/mission-products/${productId}`, creator.headers, body);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'NOT_EDITABLE' });
  });
});

describe('event lists and pages', () => {
  it('the events tab leaves out cancelled events; the creator page and /users/me carry the event product', async () => {
    const live = await createEvent();
    const canceled = await createEvent();
    await setStatus(canceled.productId, 'CANCELED');
    const page = await call(
      'GET',
      '/mission-products/page?productType=EVENT&order=CREATED&direction=DESC&size=12&emptyCanceledEventFilter=true',
    );
    expect(page.statusCode).toBe(200);
    const ids = page.json<Page<{ id: number }>>().content.map((product) => product.id);
    expect(ids).toContain(live.productId);
    expect(ids).not.toContain(canceled.productId);
    const all = await call('GET', '/mission-products/page?productType=EVENT&size=50');
    expect(all.json<Page<{ id: number }>>().content.map((product) => product.id)).toContain(canceled.productId);

    const creatorPage = await call('GET', `/creators/${live.creator.creatorId}`);
    expect(creatorPage.json()).toMatchObject({ eventProduct: { id: live.productId, event: { status: 'CREATED' } } });
    const none = await call('GET', `/creators/${canceled.creator.creatorId}`);
    expect(none.json()).toMatchObject({ eventProduct: null });
    const me = await call('GET', '/users/me', live.creator.headers);
    expect(me.json()).toMatchObject({ creator: { eventMission: { id: live.productId } } });
  });
});

describe('POST /missions (EVENT application)', () => {
  it('applies while APPLYING: free, REQUESTED, the details stored, applied on the product; a second time 409', async () => {
    const { productId } = await createEvent();
    await setStatus(productId, 'APPLYING');
    const fan = await createFan(app());
    const file = await createFile(db(), fan.id, 'image');
    const response = await call('POST', '/missions', fan.headers, application(productId, { requestFileId: file }));
    expect(response.statusCode, response.body).toBe(200);
    const { id, status } = response.json<{ id: number; status: string }>();
    expect(status).toBe('REQUESTED');
    const mission = await db().selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(mission).toMatchObject({ type: 'EVENT', coin_price: 0, request_file_id: file, product_id: productId });
    const details = await db()
      .selectFrom('event_applications')
      .selectAll()
      .where('mission_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(details).toMatchObject({ name: 'Kim Minji', phone: '01012345678', address: 'Seoul', picked: false });
    const outbox = await db().selectFrom('outbox').select('type').where('aggregate_id', '=', String(id)).execute();
    expect(outbox.map((row) => row.type)).toEqual(['event.applied']);
    expect((await call('GET', `/mission-products/${productId}`, fan.headers)).json()).toMatchObject({
      event: { applied: true, applyNumber: 1 },
    });
    const again = await call('POST', '/missions', fan.headers, application(productId));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_APPLIED', message: 'You have already applied to this event.' });
  });

  it('refuses bad fields with their messages', async () => {
    const { productId } = await createEvent();
    await setStatus(productId, 'APPLYING');
    const fan = await createFan(app());
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ phone: '010-1234-5678' }, 'phone', 'The phone number must be digits only.'],
      [{ phone: undefined }, 'phone', 'Enter your phone number.'],
      [{ name: '' }, 'name', 'Enter your real name.'],
      [{ requestComment: 'x'.repeat(201) }, 'requestComment', 'The story must be at most 200 characters.'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call('POST', '/missions', fan.headers, application(productId, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().subErrors).toContainEqual(expect.objectContaining({ field, message }));
    }
    const video = await createFile(db(), fan.id, 'video');
    const notImage = await call('POST', '/missions', fan.headers, application(productId, { requestFileId: video }));
    expect(notImage.json().subErrors).toContainEqual(
      expect.objectContaining({ field: 'requestFileId', message: 'The attachment must be an image of at most 5 MB.' }),
    );
    const someoneElses = await createFile(db(), (await createFan(app())).id, 'image');
    expect(
      (await call('POST', '/missions', fan.headers, application(productId, { requestFileId: someoneElses })))
        .statusCode,
    ).toBe(400);
  });

  it('refuses creators, unverified members, visitors, unknown products and events not taking applications', async () => {
    const { productId } = await createEvent();
    const body = application(productId);
    expect((await call('POST', '/missions', {}, body)).statusCode).toBe(401);
    await setStatus(productId, 'APPLYING');
    const creator = await createVerifiedCreator(app());
    expect((await call('POST', '/missions', creator.headers, body)).json()).toMatchObject({
      code: 'CREATOR_CANNOT_REQUEST',
    });
    const unverified = await createAccount(app(), { roles: ['ROLE_UNVERIFIED'] });
    const byUnverified = await call('POST', '/missions', unverified.headers, body);
    expect(byUnverified.statusCode).toBe(403);
    expect(byUnverified.json()).toMatchObject({ code: 'UNVERIFIED' });
    const fan = await createFan(app());
    expect((await call('POST', '/missions', fan.headers, application(999_999))).statusCode).toBe(404);
    await setStatus(productId, 'DRAWING');
    const closed = await call('POST', '/missions', fan.headers, body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'NOT_APPLYING' });
    // A BASIC request body against an EVENT product is the wrong product type.
    const basic = await call('POST', '/missions', fan.headers, {
      to: 'Minji',
      requestComment: 'hi',
      missionProductId: productId,
    });
    expect(basic.statusCode).toBe(400);
  });
});

describe('applicants and privacy', () => {
  it('only the event’s creator and operators see name, phone and address; reading one marks it read', async () => {
    const { creator, productId } = await createEvent();
    await setStatus(productId, 'APPLYING');
    const { fan, missionId } = await applied(productId);
    await applied(productId);
    const url = `/mission-products/${productId}/missions/page`;
    const operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
    for (const headers of [creator.headers, operator.headers]) {
      const page = await call('GET', url, headers);
      expect(page.statusCode).toBe(200);
      expect(page.json<Page<EventApplicant>>().content[0]).toMatchObject({
        id: missionId,
        requestComment: 'Big fan',
        event: { name: 'Kim Minji', phone: '01012345678', address: 'Seoul', addressDetail: '101', read: false },
      });
    }
    const otherCreator = await createVerifiedCreator(app());
    for (const headers of [{}, fan.headers, otherCreator.headers]) {
      const page = await call('GET', url, headers);
      expect(page.statusCode).toBe(200);
      const first = page.json<Page<EventApplicant>>().content[0]!;
      expect(first).toMatchObject({
        requestComment: 'Big fan',
        user: { username: expect.any(String) },
        event: { name: null, phone: null, address: null, addressDetail: null, read: false, temporaryAccepted: false },
      });
      const one = await call('GET', `/mission-products/${productId}/missions/${missionId}`, headers);
      expect(one.json()).toMatchObject({ event: { phone: null, read: false } });
    }
    expect((await call('GET', url)).json()).toMatchObject({ size: 5, totalElements: 2 });
    const read = await call('GET', `/mission-products/${productId}/missions/${missionId}`, creator.headers);
    expect(read.json()).toMatchObject({ event: { read: true, phone: '01012345678' } });
    expect((await call('GET', url, creator.headers)).json<Page<EventApplicant>>().content[0]!.event.read).toBe(true);
    const filtered = await call('GET', `${url}?status=ACCEPTED,COMPLETED,TRANSCODING`);
    expect(filtered.json()).toMatchObject({ totalElements: 0 });
    expect((await call('GET', `${url}?status=NOPE`)).statusCode).toBe(400);
    expect((await call('GET', `/mission-products/${productId}/missions/999999`, creator.headers)).statusCode).toBe(404);
  });

  it('an unverified creator’s event is 404 for everybody but its creator and operators', async () => {
    const creator = await createVerifiedCreator(app());
    const { productId } = await createEvent(creator);
    await db().updateTable('creators').set({ verified: false }).where('id', '=', creator.creatorId).execute();
    const fan = await createFan(app());
    for (const url of [
      `/mission-products/${productId}/missions/page`,
      `/mission-products/${productId}/fairness`,
      `/mission-products/${productId}`,
    ]) {
      expect((await call('GET', url, fan.headers)).statusCode, url).toBe(404);
      expect((await call('GET', url, creator.headers)).statusCode, url).toBe(200);
    }
  });
});

describe('draw routes: permissions (the draw itself runs in the workflow suite)', () => {
  it('401 for visitors, 403 for fans and other creators, 404 for unknown events; the creator reaches the workflow (503 here)', async () => {
    const { creator, productId } = await createEvent();
    await setStatus(productId, 'APPLYING');
    const { missionId } = await applied(productId);
    await setStatus(productId, 'DRAWING');
    const fan = await createFan(app());
    const other = await createVerifiedCreator(app());
    const routes: Array<['GET' | 'PUT' | 'DELETE', string, object?]> = [
      ['PUT', `/mission-products/${productId}/missions/${missionId}/pick`],
      ['DELETE', `/mission-products/${productId}/missions/${missionId}/pick`],
      ['PUT', `/mission-products/${productId}/missions/random-pick`],
      ['PUT', `/mission-products/${productId}/draw-event`],
      [
        'PUT',
        `/mission-products/${productId}/missions/${missionId}/perform`,
        { responseComment: 'Yours', pictureId: await createFile(db(), creator.id, 'image') },
      ],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, {}, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, fan.headers, body)).statusCode, `${method} ${url}`).toBe(403);
      const foreign = await call(method, url, other.headers, body);
      expect(foreign.statusCode, `${method} ${url}`).toBe(403);
      expect(foreign.json()).toMatchObject({ message: 'access denied' });
      expect((await call(method, url, creator.headers, body)).statusCode, `${method} ${url}`).toBe(503);
      const unknown = url.replace(`/mission-products/${productId}/`, '/mission-products/999999/');
      expect((await call(method, unknown, creator.headers, body)).statusCode, `${method} ${unknown}`).toBe(404);
    }
    // View one at random needs no workflow: it previews the next fair choice.
    expect((await call('GET', `/mission-products/${productId}/missions/random`, fan.headers)).statusCode).toBe(403);
    expect((await call('GET', `/mission-products/${productId}/missions/random`, other.headers)).statusCode).toBe(403);
    const random = await call('GET', `/mission-products/${productId}/missions/random`, creator.headers);
    expect(random.statusCode, random.body).toBe(200);
    expect(random.json()).toMatchObject({ id: missionId, event: { read: true } });
    // Cancel: the creator or an operator.
    const cancel = `/mission-products/${productId}/cancel-event`;
    expect((await call('PUT', cancel)).statusCode).toBe(401);
    expect((await call('PUT', cancel, fan.headers)).statusCode).toBe(403);
    expect((await call('PUT', cancel, other.headers)).statusCode).toBe(403);
    expect((await call('PUT', cancel, creator.headers)).statusCode).toBe(503);
    await setStatus(productId, 'CANCELED');
    expect((await call('PUT', cancel, creator.headers)).json()).toMatchObject({ code: 'NOT_CANCELABLE' });
  });

  it('perform validates its body: a message and exactly one medium of the right kind', async () => {
    const { creator, productId } = await createEvent();
    await setStatus(productId, 'APPLYING');
    const { missionId } = await applied(productId);
    const url = `/mission-products/${productId}/missions/${missionId}/perform`;
    const picture = await createFile(db(), creator.id, 'image');
    const cases: Array<[object, string]> = [
      [{ pictureId: picture }, 'responseComment'],
      [{ responseComment: 'x'.repeat(201), pictureId: picture }, 'responseComment'],
      [{ responseComment: 'Hi' }, 'videoId'],
      [{ responseComment: 'Hi', pictureId: picture, voiceId: picture }, 'videoId'],
      [{ responseComment: 'Hi', videoId: picture }, 'videoId'],
    ];
    for (const [body, field] of cases) {
      const response = await call('PUT', url, creator.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().subErrors).toContainEqual(expect.objectContaining({ field }));
    }
  });
});

describe('GET /mission-products/{id}/fairness', () => {
  it('publishes the commitment at once and nothing else before the draw; 404 for other products', async () => {
    const { productId } = await createEvent();
    const response = await call('GET', `/mission-products/${productId}/fairness`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      productId,
      algorithm: 'HMAC-SHA256/v1',
      status: 'CREATED',
      entriesHash: null,
      serverSeed: null,
      entries: null,
      draws: [],
      winners: [],
    });
    const creator = await createVerifiedCreator(app());
    const basic = await createProduct(db(), creator.creatorId, 'BASIC');
    expect((await call('GET', `/mission-products/${basic}/fairness`)).statusCode).toBe(404);
    expect((await call('GET', '/mission-products/abc/fairness')).statusCode).toBe(400);
  });
});
