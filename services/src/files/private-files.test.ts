import type { MissionView, UploadedFile } from '@fanmission/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { JPEG_2X2, PNG_1X1 } from '@fanmission/tests/support/files';
import { createProduct, createVerifiedCreator, insertMission, uploadFile } from '@fanmission/tests/support/missions';
import { signedQuery, SIGNED_URL_MIN_LIFETIME_SECONDS, SIGNED_URL_STEP_SECONDS } from './signed-url';

// Private files are served only through short-lived signed URLs the API hands to parties.

const testApp = useTestApp();

function fetchUrl(url: string) {
  const { pathname, search } = new URL(url, 'http://localhost');
  return testApp.current.app.inject({ method: 'GET', url: `${pathname}${search}` });
}

const unsigned = (url: string) => url.split('?')[0]!;

async function missionAs(id: number, headers: Record<string, string> = {}) {
  return testApp.current.app.inject({ method: 'GET', url: `/api/v1/missions/${id}`, headers });
}

describe('private files', () => {
  it('serves a private upload only with a valid, unexpired signature; anything else is 404 like a missing key', async () => {
    const { app } = testApp.current;
    const fan = await createAccount(app);
    const file: UploadedFile = await uploadFile(app, fan, PNG_1X1, 'request.png');
    const key = new URL(file.s3Url, 'http://localhost').pathname.replace(/^\/files\//, '');

    const signed = await fetchUrl(file.s3Url);
    expect(signed.statusCode).toBe(200);
    // Served as stored: re-encoded from its pixels, still a PNG.
    expect((await sharp(signed.rawPayload).metadata()).format).toBe('png');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(signed.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(SIGNED_URL_MIN_LIFETIME_SECONDS - 5);
    expect(maxAge).toBeLessThanOrEqual(SIGNED_URL_MIN_LIFETIME_SECONDS + SIGNED_URL_STEP_SECONDS);
    expect((await fetchUrl(file.thumbnail!.s3Url)).statusCode).toBe(200);

    const missing = await fetchUrl(`${app.config.PUBLIC_URL}/files/2020/01/00000000-0000-0000-0000-000000000000.png`);
    expect(missing.statusCode).toBe(404);
    const expiredAt = Math.floor(Date.now() / 1000) - 1;
    const refusals = [
      unsigned(file.s3Url),
      unsigned(file.thumbnail!.s3Url),
      file.s3Url.replace(/sig=[\w-]/, (part) => (part.endsWith('A') ? 'sig=B' : 'sig=A')),
      file.s3Url.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 900}`),
      `${unsigned(file.s3Url)}?${signedQuery(app.config, key, expiredAt)}`,
      // A signature of the thumbnail does not open the original.
      `${unsigned(file.s3Url)}?${new URL(file.thumbnail!.s3Url, 'http://localhost').search.slice(1)}`,
    ];
    for (const url of refusals) {
      const refused = await fetchUrl(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.body).toBe(missing.body);
      expect(refused.headers['cache-control']).toBe('no-store');
    }
  });

  it('gives request attachments and the media of a private mission to its parties only, signed', async () => {
    const { app } = testApp.current;
    const creator = await createVerifiedCreator(app);
    const fan = await createAccount(app);
    const stranger = await createAccount(app);
    const productId = await createProduct(app.db, creator.creatorId, 'BASIC', { allowAttachments: true });
    const attachment = await uploadFile(app, fan, PNG_1X1, 'request.png');
    const answer = await uploadFile(app, creator, JPEG_2X2, 'answer.jpg');
    const mission = await insertMission(
      app,
      { id: productId, type: 'BASIC', coinPrice: 10, minimumCost: null, creator: { id: creator.creatorId } },
      { user_id: fan.id, status: 'COMPLETED', request_file_id: attachment.id, picture_file_id: answer.id },
    );

    // Public mission: the answer is public (long-cached, no signature); the attachment only for the parties.
    const seenByStranger = (await missionAs(mission.id, stranger.headers)).json<MissionView>();
    expect(seenByStranger.requestFile).toBeNull();
    expect(seenByStranger.picture!.s3Url).not.toContain('sig=');
    const publicAnswer = await fetchUrl(seenByStranger.picture!.s3Url);
    expect(publicAnswer.statusCode).toBe(200);
    expect(publicAnswer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await fetchUrl(unsigned(attachment.s3Url))).statusCode).toBe(404);

    const seenByFan = (await missionAs(mission.id, fan.headers)).json<MissionView>();
    expect(seenByFan.requestFile!.s3Url).toContain('sig=');
    expect((await fetchUrl(seenByFan.requestFile!.s3Url)).statusCode).toBe(200);
    const seenByCreator = (await missionAs(mission.id, creator.headers)).json<MissionView>();
    expect((await fetchUrl(seenByCreator.requestFile!.s3Url)).statusCode).toBe(200);

    // Made private: the answer's public URL stops working at once; strangers get no URL at all.
    await app.db.updateTable('missions').set({ is_private: true }).where('id', '=', mission.id).execute();
    expect((await fetchUrl(seenByStranger.picture!.s3Url)).statusCode).toBe(404);
    expect((await missionAs(mission.id, stranger.headers)).statusCode).toBe(404);
    expect((await missionAs(mission.id)).statusCode).toBe(404);
    const privateView = (await missionAs(mission.id, fan.headers)).json<MissionView>();
    expect(privateView.picture!.s3Url).toContain('sig=');
    expect((await fetchUrl(privateView.picture!.s3Url)).statusCode).toBe(200);

    // A blocked mission's media are private too.
    await app.db
      .updateTable('missions')
      .set({ is_private: false, content_blocked_at: new Date() })
      .where('id', '=', mission.id)
      .execute();
    expect((await fetchUrl(seenByStranger.picture!.s3Url)).statusCode).toBe(404);
  });

  it('keeps profile pictures public', async () => {
    const { app } = testApp.current;
    const member = await createAccount(app);
    const image = await uploadFile(app, member, PNG_1X1, 'me.png');
    expect((await fetchUrl(unsigned(image.s3Url))).statusCode).toBe(404);
    await app.db.updateTable('users').set({ image_file_id: image.id }).where('id', '=', member.id).execute();
    const served = await fetchUrl(unsigned(image.thumbnail!.s3Url));
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
