// Share pages of completed missions (docs/rules/sharing.md), as a crawler and a signed-out visitor see them: the
// preview tags and the 1200×630 poster of a public mission and of an unlisted link, and nothing at all (the same
// generic 404 page) for every address an attacker might try.
import type { MissionProduct } from '@fanmission/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { createFile, insertMission, registerProduct, uploadFile } from '@fanmission/tests/support/missions';

const testApp = useTestApp();
const app = () => testApp.current.app;

const KAKAOTALK = 'kakaotalk-scrap/1.0';
const X_BOT = 'Twitterbot/1.0';

let creator: TestCreator;
let fan: TestAccount;
let product: MissionProduct;
/** A stored JPEG, standing for the poster frame the media queue takes from a video rendition. */
let posterFrameKey: string;

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
}

/** A ready video file whose poster frame is the stored JPEG. */
async function videoFile(): Promise<number> {
  const row = await app()
    .db.insertInto('files')
    .values({
      owner_user_id: creator.id,
      storage_key: `test/answer-${Date.now()}-${Math.random()}.mp4`,
      filename: 'answer.mp4',
      content_type: 'video/mp4',
      kind: 'video',
      size_bytes: 1000,
      thumbnail_key: posterFrameKey,
      width: 1080,
      height: 1920,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function completedVideoMission(values: { is_private?: boolean } = {}) {
  return await insertMission(app(), product, {
    user_id: fan.id,
    status: 'COMPLETED',
    video_file_id: await videoFile(),
    ...values,
  });
}

const get = (url: string, userAgent = KAKAOTALK, headers: Record<string, string> = {}) =>
  app().inject({ method: 'GET', url, headers: { 'user-agent': userAgent, ...headers } });

/** The content of `<meta property|name="key">`. */
function tag(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return match?.[1];
}

/** What the page must never show of a mission it does not share: the generic page, nothing of the mission. */
function expectNothingOf(response: { statusCode: number; body: string }, mission: { id: number }) {
  expect(response.statusCode).toBe(404);
  expect(response.body).not.toContain('Haneul');
  expect(response.body).not.toContain(product.name);
  expect(response.body).not.toContain('poster.jpg');
  expect(response.body).not.toContain(String(`/mission-detail/${mission.id}`));
  expect(tag(response.body, 'og:image')).toBeUndefined();
  expect(tag(response.body, 'og:title')).toBe('팬미션');
}

async function makeLink(missionId: number, account: TestAccount = fan) {
  return await app().inject({
    method: 'POST',
    url: `/api/v1/missions/${missionId}/share-links`,
    headers: account.headers,
  });
}

beforeAll(async () => {
  creator = await createCreator(app(), { name: 'Haneul' });
  fan = await createAccount(app());
  product = await registerProduct(app(), creator, { type: 'BASIC', name: 'Birthday song', coinPrice: 100 });
  const frame = await uploadFile(app(), creator, await jpeg(720, 405), 'frame.jpg');
  const stored = await app()
    .db.selectFrom('files')
    .select('storage_key')
    .where('id', '=', frame.id)
    .executeTakeFirstOrThrow();
  posterFrameKey = stored.storage_key;
});

describe('the share page of a public completed mission', () => {
  it('gives a KakaoTalk and an X crawler the preview tags, and its poster is a 1200×630 JPEG signed out', async () => {
    const mission = await completedVideoMission();
    for (const agent of [KAKAOTALK, X_BOT]) {
      const response = await get(`/share/m/${mission.id}`, agent);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).not.toContain('<script');
      expect(tag(response.body, 'og:title')).toBe('Haneul의 Birthday song');
      expect(tag(response.body, 'og:description')).toContain('Haneul');
      expect(tag(response.body, 'og:description')).toContain('Birthday song');
      expect(tag(response.body, 'og:image')).toBe(`http://localhost:8080/share/m/${mission.id}/poster.jpg`);
      expect(tag(response.body, 'og:image:width')).toBe('1200');
      expect(tag(response.body, 'og:image:height')).toBe('630');
      expect(tag(response.body, 'og:video')).toMatch(/^http:\/\/localhost:8080\/files\/test\/answer-/);
      expect(tag(response.body, 'og:video:type')).toBe('video/mp4');
      expect(tag(response.body, 'twitter:card')).toBe('summary_large_image');
      expect(tag(response.body, 'twitter:image')).toBe(tag(response.body, 'og:image'));
      expect(response.body).toContain(`href="/mission-detail/${mission.id}"`);
    }

    const poster = await get(new URL(tag((await get(`/share/m/${mission.id}`)).body, 'og:image')!).pathname);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const { width, height, format } = await sharp(poster.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'jpeg' });
  });

  it('makes a picture answer’s poster from the picture and a voice answer’s from the creator’s picture', async () => {
    const picture = await uploadFile(app(), fan, await jpeg(400, 400), 'answer.jpg');
    const withPicture = await insertMission(app(), product, {
      user_id: fan.id,
      status: 'COMPLETED',
      picture_file_id: picture.id,
    });
    const face = await uploadFile(app(), creator, await jpeg(300, 300), 'face.jpg');
    await app().db.updateTable('users').set({ image_file_id: face.id }).where('id', '=', creator.id).execute();
    const withVoice = await insertMission(app(), product, {
      user_id: fan.id,
      status: 'COMPLETED',
      voice_file_id: await createFile(app().db, creator.id, 'audio'),
    });
    for (const mission of [withPicture, withVoice]) {
      const page = await get(`/share/m/${mission.id}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(tag(page.body, 'og:video')).toBeUndefined();
      const poster = await get(`/share/m/${mission.id}/poster.jpg`);
      expect(poster.statusCode).toBe(200);
      const { width, height } = await sharp(poster.rawPayload).metadata();
      expect({ width, height }).toEqual({ width: 1200, height: 630 });
    }
  });
});

describe('the poster of an answer still processing', () => {
  it('is the neutral 1200×630 card, and the page has no video yet', async () => {
    const pending = await app()
      .db.insertInto('files')
      .values({
        owner_user_id: creator.id,
        storage_key: `test/pending-${Date.now()}.mp4`,
        filename: 'answer.mp4',
        content_type: 'video/mp4',
        kind: 'video',
        size_bytes: 1000,
        thumbnail_key: null,
        processing_status: 'pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mission = await insertMission(app(), product, {
      user_id: fan.id,
      status: 'COMPLETED',
      video_file_id: pending.id,
    });
    const page = await get(`/share/m/${mission.id}`);
    expect(page.statusCode).toBe(200);
    expect(tag(page.body, 'og:video')).toBeUndefined();
    const poster = await get(`/share/m/${mission.id}/poster.jpg`);
    expect(poster.statusCode).toBe(200);
    const { width, height, format } = await sharp(poster.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'jpeg' });
  });
});

describe('share addresses that show nothing', () => {
  it('answers a private mission’s share URL without a token with the generic page, as a missing one', async () => {
    const mission = await completedVideoMission({ is_private: true });
    expectNothingOf(await get(`/share/m/${mission.id}`), mission);
    expect((await get(`/share/m/${mission.id}/poster.jpg`)).statusCode).toBe(404);
    const missing = await get('/share/m/999999999');
    expect((await get(`/share/m/${mission.id}`)).body).toBe(missing.body);
  });

  it('gives an adult-flagged creator’s public mission only the generic site tags, no poster, no title', async () => {
    const adultCreator = await createCreator(app(), { adult: true, name: 'Moonlit' });
    const adultProduct = await registerProduct(app(), adultCreator, {
      type: 'BASIC',
      name: 'Night talk',
      coinPrice: 100,
    });
    const mission = await insertMission(app(), adultProduct, {
      user_id: fan.id,
      status: 'COMPLETED',
      video_file_id: await videoFile(),
    });
    const response = await get(`/share/m/${mission.id}`, X_BOT);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Night talk');
    expect(response.body).not.toContain('Moonlit');
    expect(tag(response.body, 'og:image')).toBeUndefined();
    expect((await get(`/share/m/${mission.id}/poster.jpg`)).statusCode).toBe(404);
  });

  it('has no share page for a refused, refunded, accepted or blocked mission', async () => {
    const refused = await insertMission(app(), product, { user_id: fan.id, status: 'REJECTED' });
    const refunded = await insertMission(app(), product, {
      user_id: fan.id,
      status: 'REJECTED',
      rejection_reason: 'REFUSED',
      refunded_coins: 100,
      rejected_at: new Date(),
    });
    const accepted = await insertMission(app(), product, { user_id: fan.id, status: 'ACCEPTED' });
    const blocked = await insertMission(app(), product, {
      user_id: fan.id,
      status: 'COMPLETED',
      content_blocked_at: new Date(),
      content_block_reason: 'report',
    });
    for (const mission of [refused, refunded, accepted, blocked]) {
      expectNothingOf(await get(`/share/m/${mission.id}`), mission);
      expect((await get(`/share/m/${mission.id}/poster.jpg`)).statusCode).toBe(404);
    }
  });

  it('answers guessed and malformed tokens with the same 404 as a revoked one', async () => {
    const mission = await completedVideoMission({ is_private: true });
    const made = await makeLink(mission.id);
    expect(made.statusCode, made.body).toBe(201);
    const { token } = made.json<{ token: string }>();
    const revoke = await app().inject({
      method: 'DELETE',
      url: `/api/v1/missions/${mission.id}/share-links`,
      headers: fan.headers,
    });
    expect(revoke.statusCode).toBe(204);
    const revoked = await get(`/share/l/${token}`);
    expectNothingOf(revoked, mission);
    // A neighbour of the real token, others of its shape, and addresses of other shapes.
    const neighbour = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const guesses = [neighbour, 'A'.repeat(43), '1', String(mission.id), `${token}x`, '..%2f..%2fetc'];
    for (const guess of guesses) {
      const response = await get(`/share/l/${guess}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(revoked.body);
      expect((await get(`/share/l/${guess}/poster.jpg`)).statusCode).toBe(404);
    }
    expect((await get(`/share/l/${token}/poster.jpg`)).statusCode).toBe(404);
  });

  it('shows nothing of a creator’s missions once he turned sharing off, links included', async () => {
    const quiet = await createCreator(app());
    const quietProduct = await registerProduct(app(), quiet, { type: 'BASIC', name: 'Quiet song', coinPrice: 100 });
    const open = await insertMission(app(), quietProduct, { user_id: fan.id, status: 'COMPLETED' });
    const secret = await insertMission(app(), quietProduct, { user_id: fan.id, status: 'COMPLETED', is_private: true });
    const made = await makeLink(secret.id);
    expect(made.statusCode, made.body).toBe(201);
    const { path } = made.json<{ path: string }>();
    expect((await get(`/share/m/${open.id}`)).statusCode).toBe(200);
    expect((await get(path)).statusCode).toBe(200);

    const off = await app().inject({
      method: 'PUT',
      url: '/api/v1/creators/me/sharing',
      headers: quiet.headers,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    for (const address of [`/share/m/${open.id}`, path, `/share/m/${open.id}/poster.jpg`, `${path}/poster.jpg`]) {
      const response = await get(address);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Quiet song');
    }
    const sharing = await app().inject({ method: 'GET', url: `/api/v1/missions/${open.id}/sharing` });
    expect(sharing.json()).toEqual({ publicPath: null, link: null });
    expect((await makeLink(secret.id)).statusCode).toBe(409);
  });
});

describe('an unlisted link to a private completed mission', () => {
  it('opens its page, video and poster signed out, and stops once revoked', async () => {
    const mission = await completedVideoMission({ is_private: true });
    const made = await makeLink(mission.id);
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json<{ token: string; path: string }>();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.path).toBe(`/share/l/${link.token}`);

    const page = await get(link.path, KAKAOTALK);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(tag(page.body, 'og:title')).toBe('Haneul의 Birthday song');
    expect(tag(page.body, 'og:image')).toBe(`http://localhost:8080${link.path}/poster.jpg`);
    // The private video's address is signed for the visitor.
    expect(tag(page.body, 'og:video')).toMatch(/\/files\/test\/answer-[^"]*\?.*sig=/);
    expect(page.body).not.toContain(`/mission-detail/${mission.id}`);
    const poster = await get(`${link.path}/poster.jpg`, X_BOT);
    expect(poster.statusCode).toBe(200);
    const { width, height } = await sharp(poster.rawPayload).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });

    // A new link revokes the old one; revoking stops the new one.
    const again = await makeLink(mission.id);
    expect(again.statusCode).toBe(201);
    expect((await get(link.path)).statusCode).toBe(404);
    const second = again.json<{ path: string }>().path;
    expect((await get(second)).statusCode).toBe(200);
    await app().inject({ method: 'DELETE', url: `/api/v1/missions/${mission.id}/share-links`, headers: fan.headers });
    expectNothingOf(await get(second), mission);
  });
});
