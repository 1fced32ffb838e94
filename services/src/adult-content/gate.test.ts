// The adult gate through the HTTP API: every route that shows an adult-flagged creator's content answers 401
// ADULT_LOGIN_REQUIRED to a visitor and 403 ADULT_VERIFICATION_REQUIRED to a member not verified as an adult, and
// the content to a verified adult, the creator himself, a mission's requester and operators; a missing or private
// thing stays 404 first. Every list across creators (browse in each status tab, the landing's, likes, the week's best
// comments, products) leaves his content out for everybody, and follows his flag when an operator changes it.
import {
  DAY_MS,
  kstDate,
  MISSION_STATUSES,
  type MissionProduct,
  type MissionView,
  type Page,
} from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { basicRequest, createFile, insertMission, registerProduct } from '@fanmission/tests/support/missions';
import type { MissionRow } from '../missions';

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => app().db;

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  account?: TestAccount,
  payload?: object,
  language = 'en',
) =>
  app().inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'accept-language': language, ...(account && account.headers) },
    ...(payload !== undefined && { payload }),
  });

let adultCreator: TestCreator;
let plainCreator: TestCreator;
let otherCreator: TestCreator;
let fan: TestAccount;
let adultFan: TestAccount;
let requester: TestAccount;
let operator: TestAccount;
let adultBasic: MissionProduct;
let plainBasic: MissionProduct;
let adultLucky: MissionProduct;
let adultEventId: number;
let adultCompleted: MissionRow;
let adultPrivate: MissionRow;
let plainCompleted: MissionRow;
let commentId: number;

beforeAll(async () => {
  adultCreator = await createCreator(app(), { adult: true, url: 'night-whispers' });
  plainCreator = await createCreator(app());
  otherCreator = await createCreator(app());
  fan = await createAccount(app());
  adultFan = await createAccount(app());
  requester = await createAccount(app());
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'], session: 'web' });
  await db()
    .updateTable('users')
    .set({ adult_verified_at: new Date(), adult_verification_id: 'identity-verification-gate-test' })
    .where('id', '=', adultFan.id)
    .execute();
  adultBasic = await registerProduct(app(), adultCreator, { type: 'BASIC' });
  plainBasic = await registerProduct(app(), plainCreator, { type: 'BASIC' });
  adultLucky = await registerProduct(app(), adultCreator, { type: 'LUCKY' });
  // Days in Korea time, as the event's dates are checked (a UTC date is yesterday in Korea after 15:00 UTC).
  const day = (offset: number) => kstDate(new Date(Date.now() + offset * DAY_MS));
  const event = await call('POST', '/mission-products', adultCreator, {
    creatorId: adultCreator.creatorId,
    type: 'EVENT',
    title: 'Night lottery',
    description: 'Signed polaroids',
    drawNumber: 1,
    applyStart: day(0),
    applyEnd: day(3),
    eventEnd: day(10),
    descriptionPictureId: await createFile(db(), adultCreator.id, 'image'),
  });
  expect(event.statusCode, event.body).toBe(200);
  adultEventId = event.json<{ id: number }>().id;
  const videoId = await createFile(db(), adultCreator.id, 'video');
  adultCompleted = await insertMission(app(), adultBasic, {
    user_id: requester.id,
    status: 'COMPLETED',
    video_file_id: videoId,
  });
  adultPrivate = await insertMission(app(), adultBasic, {
    user_id: requester.id,
    status: 'ACCEPTED',
    is_private: true,
  });
  plainCompleted = await insertMission(app(), plainBasic, { user_id: requester.id, status: 'COMPLETED' });
  for (const status of MISSION_STATUSES.filter((status) => status !== 'CREATED' && status !== 'COMPLETED')) {
    await insertMission(app(), adultBasic, { user_id: requester.id, status });
    await insertMission(app(), plainBasic, { user_id: requester.id, status });
  }
  const comment = await call('POST', `/missions/${adultCompleted.id}/comments`, adultCreator, { content: 'Thank you' });
  expect(comment.statusCode, comment.body).toBe(200);
  commentId = comment.json<{ id: number }>().id;
});

/** Every route that shows the adult creator's content, as a read anyone else gets. */
const gatedReads = () => [
  `/creators/${adultCreator.creatorId}`,
  '/creators/by-url/night-whispers',
  `/creators/${adultCreator.creatorId}/ranking`,
  `/mission-products?creatorId=${adultCreator.creatorId}`,
  `/mission-products/page?creatorId=${adultCreator.creatorId}`,
  `/mission-products/${adultBasic.id}`,
  `/mission-products/${adultEventId}`,
  `/mission-products/${adultEventId}/missions/page`,
  `/mission-products/${adultEventId}/fairness`,
  `/missions/page?creatorId=${adultCreator.creatorId}`,
  `/missions?creatorId=${adultCreator.creatorId}`,
  `/missions/page?productId=${adultBasic.id}`,
  `/missions/${adultCompleted.id}`,
  `/missions/${adultCompleted.id}/comments/page`,
  `/missions/${adultCompleted.id}/media`,
];

describe('the adult gate on an adult-flagged creator’s content', () => {
  it('answers a visitor 401 ADULT_LOGIN_REQUIRED on every route, in his language', async () => {
    for (const url of gatedReads()) {
      const response = await call('GET', url, undefined, undefined, 'ko');
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({
        status: 401,
        code: 'ADULT_LOGIN_REQUIRED',
        message: '19세 이상만 볼 수 있는 콘텐츠입니다. 로그인 후 성인 인증을 해 주세요.',
      });
    }
    const english = await call('GET', `/creators/${adultCreator.creatorId}`);
    expect(english.json().message).toBe(
      'This content is for adults aged 19 or over. Please log in and verify your age.',
    );
  });

  it('answers a member not verified 403 ADULT_VERIFICATION_REQUIRED on every route, a creator of others too', async () => {
    for (const member of [fan, otherCreator]) {
      for (const url of gatedReads()) {
        const response = await call('GET', url, member, undefined, 'ja');
        expect(response.statusCode, url).toBe(403);
        expect(response.json(), url).toEqual({
          status: 403,
          code: 'ADULT_VERIFICATION_REQUIRED',
          message: '19歳以上のみ閲覧できるコンテンツです。本人認証で成人認証を行ってください。',
        });
      }
    }
  });

  it('refuses likes, comments, requests, lucky roulettes and lottery applications the same way', async () => {
    const writes: Array<[method: 'POST' | 'DELETE', url: string, payload?: object]> = [
      ['POST', `/missions/${adultCompleted.id}/likes`],
      ['DELETE', `/missions/${adultCompleted.id}/likes`],
      ['POST', `/missions/${adultCompleted.id}/comments`, { content: 'Hello' }],
      ['POST', `/mission-comments/${commentId}/likes`],
      ['POST', `/missions/${adultCompleted.id}/blocks`, { userId: fan.id }],
      ['POST', '/missions', basicRequest(adultBasic.id)],
      ['POST', '/missions/lucky', { missionProductId: adultLucky.id }],
      ['POST', `/creators/${adultCreator.creatorId}/follower`, { userId: fan.id }],
      [
        'POST',
        '/missions',
        {
          missionProductId: adultEventId,
          requestComment: 'Big fan',
          phone: '01012345678',
          name: 'Kim Minji',
          address: 'Seoul',
          addressDetail: '101',
        },
      ],
    ];
    for (const [method, url, payload] of writes) {
      const response = await call(method, url, fan, payload);
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(403);
      expect(response.json().code, url).toBe('ADULT_VERIFICATION_REQUIRED');
    }
  });

  it('lets a verified adult follow the creator, and anyone unfollow him', async () => {
    const followed = await call('POST', `/creators/${adultCreator.creatorId}/follower`, adultFan, {
      userId: adultFan.id,
    });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toMatchObject({ following: true });
    const left = await call('DELETE', `/creators/${adultCreator.creatorId}/follower?userId=${fan.id}`, fan);
    expect(left.statusCode, left.body).toBe(200);
  });

  it('shows everything to a verified adult, the creator himself and operators', async () => {
    // The media download is left out: the test's files have no bytes to send.
    const reads = gatedReads().filter((url) => !url.endsWith('/media'));
    for (const member of [adultFan, adultCreator, operator]) {
      for (const url of reads) {
        const response = await call('GET', url, member);
        expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      }
    }
    const liked = await call('POST', `/missions/${adultCompleted.id}/likes`, adultFan);
    expect(liked.statusCode, liked.body).toBe(200);
    const commented = await call('POST', `/missions/${adultCompleted.id}/comments`, adultFan, { content: 'Lovely' });
    expect(commented.statusCode, commented.body).toBe(200);
  });

  it('lets the requester keep seeing his own mission of the creator, and not the creator’s other content', async () => {
    for (const url of [
      `/missions/${adultCompleted.id}`,
      `/missions/${adultCompleted.id}/comments/page`,
      `/missions/${adultCompleted.id}/escrow`,
      `/missions/${adultPrivate.id}`,
    ]) {
      expect((await call('GET', url, requester)).statusCode, url).toBe(200);
    }
    const mine = await call('GET', `/users/me/missions/page?size=50`, requester);
    expect(mine.json<Page<MissionView>>().content.map((mission) => mission.id)).toEqual(
      expect.arrayContaining([adultCompleted.id, adultPrivate.id]),
    );
    expect((await call('GET', `/creators/${adultCreator.creatorId}`, requester)).statusCode).toBe(403);
  });

  it('answers 404 first: a missing creator, product or mission and another member’s private mission tell nothing', async () => {
    for (const url of ['/creators/999999', '/mission-products/999999', '/missions/999999']) {
      expect((await call('GET', url)).statusCode, url).toBe(404);
    }
    for (const member of [undefined, fan]) {
      const response = await call('GET', `/missions/${adultPrivate.id}`, member);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('never makes the adult creator’s mission media a public file: their URLs are signed', async () => {
    const mission = await call('GET', `/missions/${adultCompleted.id}`, adultFan);
    const video = mission.json<MissionView>().video;
    expect(video?.s3Url).toMatch(/\?exp=\d+&sig=/);
    const file = await db()
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', adultCompleted.video_file_id!)
      .executeTakeFirstOrThrow();
    const unsigned = await app().inject({ method: 'GET', url: `/files/${file.storage_key}` });
    expect(unsigned.statusCode).not.toBe(200);
  });

  it('keeps the escrow timeline its parties’ own: the requester sees it, a verified stranger does not', async () => {
    expect((await call('GET', `/missions/${adultCompleted.id}/escrow`, requester)).statusCode).toBe(200);
    expect((await call('GET', `/missions/${adultCompleted.id}/escrow`, adultFan)).statusCode).toBe(404);
    expect((await call('GET', `/missions/${adultCompleted.id}/escrow`)).statusCode).toBe(401);
  });
});

describe('public lists across creators', () => {
  const listed = async (url: string, member?: TestAccount) => {
    const response = await call('GET', url, member);
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    const body = response.json<Page<{ id: number }> | Array<{ id: number }>>();
    return ('content' in body ? body.content : body).map((item) => item.id);
  };

  it('leave the adult creator’s missions out of browse (each status tab) and the landing, for everybody', async () => {
    const adultIds = (
      await db().selectFrom('missions').select('id').where('creator_id', '=', adultCreator.creatorId).execute()
    ).map((row) => row.id);
    const tabs = [
      '',
      ...MISSION_STATUSES.filter((status) => status !== 'CREATED').map((status) => `&status=${status}`),
    ];
    for (const member of [undefined, fan, adultFan, requester, adultCreator]) {
      for (const tab of tabs) {
        const ids = await listed(`/missions/page?size=100${tab}`, member);
        expect(
          ids.filter((id) => adultIds.includes(id)),
          tab,
        ).toEqual([]);
      }
      expect(await listed('/missions/page?status=COMPLETED&page=0&size=8', member)).toContain(plainCompleted.id);
    }
  });

  it('leave them out of likes lists and the week’s best comments', async () => {
    await call('POST', `/missions/${adultCompleted.id}/likes`, adultFan);
    await call('POST', `/mission-comments/${commentId}/likes`, adultFan);
    expect(await listed('/users/me/missions/liked', adultFan)).not.toContain(adultCompleted.id);
    const best = await call('GET', '/mission-comments/best-3', adultFan);
    expect(best.json<Array<{ id: number }>>().map((comment) => comment.id)).not.toContain(commentId);
  });

  it('leave his products out of product lists across creators, but not for himself', async () => {
    for (const member of [undefined, fan, adultFan]) {
      const ids = await listed('/mission-products/page?size=100', member);
      expect(ids).not.toContain(adultBasic.id);
      expect(ids).toContain(plainBasic.id);
    }
    expect(await listed('/mission-products/page?size=100', adultCreator)).toContain(adultBasic.id);
  });

  it('follow the flag when it changes: his missions join the feed when it is lifted, and leave it when set', async () => {
    await db()
      .updateTable('creators')
      .set({ contain_adult_content: false })
      .where('id', '=', adultCreator.creatorId)
      .execute();
    expect(await listed('/missions/page?size=100&status=COMPLETED')).toContain(adultCompleted.id);
    expect((await call('GET', `/creators/${adultCreator.creatorId}`)).statusCode).toBe(200);
    await db()
      .updateTable('creators')
      .set({ contain_adult_content: true })
      .where('id', '=', adultCreator.creatorId)
      .execute();
    expect(await listed('/missions/page?size=100&status=COMPLETED')).not.toContain(adultCompleted.id);
    const later = await insertMission(app(), adultBasic, { user_id: requester.id, status: 'COMPLETED' });
    expect(later.creator_adult).toBe(true);
    expect(await listed('/missions/page?size=100&status=COMPLETED')).not.toContain(later.id);
  });
});
