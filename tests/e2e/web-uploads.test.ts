// A creator's answer upload at 360 px over the real API, resumable (tus): the upload is slowed, cut off at about half
// (offline), the page reloaded, the same file picked again, and the upload resumes where the server stands instead of
// from zero; the progress bar (percent, size left, pause) is seen, and the mission is performed with that file. Then
// what a phone sends both ways: the fan's photo with a CUSTOM request in the creator's accept and perform dialogs, and
// the creator's phone video (with a location) played on the fan's phone as its clean 720p rendition.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { paddedPng, resumablyUploaded } from '@fanmission/tests/support/files';
import { createProduct, fund } from '@fanmission/tests/support/missions';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { creatorSession, fanSession, untilStill, useWebPages } from '../support/browser';

const ko = resources.ko.translation;
const perform = ko.creatorStudio.missions.perform;
const PHONE = { width: 360, height: 740 };
/** A picture of a few MB, made here: big enough to be cut off in the middle of its upload. */
const PICTURE_BYTES = 4 * 1024 * 1024;

describe('web app: a resumable answer upload', () => {
  const served = useServedApp({ temporal: true });
  const { openPage } = useWebPages(served, 'web-uploads');
  let creator: TestCreator;
  let fan: TestAccount;
  let missionId: number;
  let picture: string;

  beforeAll(async () => {
    const app = served.testApp.app;
    creator = await createCreator(app, { username: 'upload-maker', availableCustom: true, minimumCost: 50 });
    fan = await createAccount(app, { username: 'upload-fan' });
    await fund(app.db, fan.id, 1_000);
    const productId = await createProduct(app.db, creator.creatorId, 'BASIC', { coinPrice: 10 });
    const requested = await app.inject({
      method: 'POST',
      url: '/api/v1/missions',
      headers: fan.headers,
      payload: { to: 'Minji', requestComment: 'A picture please', missionProductId: productId },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    missionId = requested.json<{ id: number }>().id;
    const folder = mkdtempSync(path.join(os.tmpdir(), 'fanmission-uploads-'));
    picture = path.join(folder, 'answer.png');
    writeFileSync(picture, paddedPng(PICTURE_BYTES));
  });

  const offsetOnServer = async () => {
    const row = await served.testApp.app.db
      .selectFrom('resumable_uploads')
      .select('id')
      .where('owner_user_id', '=', creator.id)
      .executeTakeFirst();
    if (!row) return 0;
    const head = await served.testApp.app.inject({
      method: 'HEAD',
      url: `/api/v1/files/tus/${row.id}`,
      headers: { ...creator.headers, 'tus-resumable': '1.0.0' },
    });
    return Number(head.headers['upload-offset'] ?? 0);
  };

  async function openPerformDialog(page: Page) {
    await page.goto(`${served.baseUrl}/mission-management/normal`);
    const row = page.getByRole('row').filter({ hasText: 'upload-fan' });
    await row.first().click();
    return page.getByRole('dialog', { name: perform.title });
  }

  test('cut off at about half, resumed after a reload with the same file, then performed', async () => {
    const { page, errors } = await openPage('ko', creatorSession(creator), PHONE);
    // The first PATCH reaches the server with only the first half of its bytes, then its connection is cut.
    let cutAt = 0;
    await page.route('**/api/v1/files/tus/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH' || cutAt > 0) return route.continue();
      const body = request.postDataBuffer()!;
      const half = body.subarray(0, Math.floor(body.length / 2));
      const sent = await served.testApp.app.inject({
        method: 'PATCH',
        url: new URL(request.url()).pathname,
        headers: {
          ...creator.headers,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: half,
      });
      expect(sent.statusCode, sent.body).toBe(204);
      cutAt = Number(sent.headers['upload-offset']);
      await route.abort('connectionreset');
    });
    let dialog = await openPerformDialog(page);
    await dialog.getByLabel(perform.choose).setInputFiles(picture);
    await expect.poll(offsetOnServer, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(cutAt).toBe(PICTURE_BYTES / 2);
    // Offline, the page goes away (its retries with it); the upload's fingerprint stays in localStorage.
    await page.context().setOffline(true);
    await page.goto('about:blank');
    await page.unrouteAll();
    await page.context().setOffline(false);

    // The same file picked again after the reload resumes where the server stands: the progress bar is seen while
    // the resumed PATCH is held a moment.
    const resumedFrom: number[] = [];
    await page.route('**/api/v1/files/tus/*', async (route) => {
      const request = route.request();
      if (request.method() === 'PATCH') {
        resumedFrom.push(Number(request.headers()['upload-offset']));
        await page.getByTestId('upload-progress').getByText(/남음/).waitFor();
        // The bar's own transition done (the request this handler holds is still in flight).
        await untilStill(page, { requestHeld: true });
        await screenshot(page, 'web-uploads-progress-ko.png');
      }
      await route.continue();
    });
    dialog = await openPerformDialog(page);
    await dialog.getByLabel(perform.choose).setInputFiles(picture);
    await dialog.getByRole('status').getByText(perform.uploadDone).waitFor({ timeout: 60_000 });
    // Resumed where the server stood, not from zero.
    expect(resumedFrom).toEqual([cutAt]);
    await dialog.getByLabel(perform.comment).fill('Happy birthday Minji');
    await dialog.getByRole('button', { name: perform.send }).click();
    await page.getByRole('alertdialog').getByText(perform.done).waitFor();
    await page.getByRole('alertdialog').getByRole('button').click();

    await expect
      .poll(
        async () =>
          (
            await served.testApp.app.db
              .selectFrom('missions')
              .select('status')
              .where('id', '=', missionId)
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: 20_000 },
      )
      .toBe('COMPLETED');
    const file = await served.testApp.app.db
      .selectFrom('files')
      .selectAll()
      .where('owner_user_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(file.kind).toBe('image');
    expect(errors).toEqual([]);
  }, 240_000);

  test('a fan’s photo reaches the creator’s dialogs; the creator’s phone video plays on the fan’s phone', async () => {
    const app = served.testApp.app;
    const folder = mkdtempSync(path.join(os.tmpdir(), 'fanmission-phone-media-'));
    const ffmpeg = (...args: string[]) => execFileSync('/usr/bin/ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args]);
    const photoFile = path.join(folder, 'photo.jpg');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=640x480', '-frames:v', '1', photoFile);
    // A phone's portrait 1080p clip with its location, as a camera app writes it.
    const clip = path.join(folder, 'answer.mp4');
    ffmpeg(
      ...['-f', 'lavfi', '-i', 'testsrc=size=1080x1920:rate=30:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
      ...['-metadata', 'location=+37.5665+126.9780/', '-movflags', 'use_metadata_tags'],
      clip,
    );

    const photoFan = await createAccount(app, { username: 'photo-fan' });
    await fund(app.db, photoFan.id, 1_000);
    const productId = await createProduct(app.db, creator.creatorId, 'CUSTOM', { minimumCost: 50 });
    const photo = await resumablyUploaded(app, photoFan.headers.authorization, readFileSync(photoFile), {
      purpose: 'request-attachment',
      filename: 'photo.jpg',
      filetype: 'image/jpeg',
    });
    const requested = await app.inject({
      method: 'POST',
      url: '/api/v1/missions',
      headers: photoFan.headers,
      payload: {
        to: 'Minji',
        requestComment: 'Dance in front of this place',
        missionProductId: productId,
        coinPrice: 60,
        requestFileId: photo.id,
      },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const customId = requested.json<{ id: number }>().id;
    const status = async () =>
      (await app.db.selectFrom('missions').select('status').where('id', '=', customId).executeTakeFirstOrThrow())
        .status;

    /** The dialog shows the fan's photo, loaded (decoded by the browser), with its name. */
    const expectPhotoIn = async (dialog: ReturnType<Page['getByRole']>) => {
      const picture = dialog.getByTestId('request-attachment').getByRole('img', { name: 'photo.jpg' });
      await picture.waitFor();
      await expect
        .poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await dialog.getByTestId('request-attachment').getByRole('link', { name: 'photo.jpg' }).waitFor();
    };

    const { page, errors } = await openPage('ko', creatorSession(creator), PHONE);
    await page.goto(`${served.baseUrl}/mission-management/list/custom`);
    await page.getByRole('row').filter({ hasText: 'photo-fan' }).first().click();
    const decision = page.getByRole('dialog', { name: ko.creatorStudio.missions.decision.title });
    await expectPhotoIn(decision);
    // The dialog's fade-in done.
    await untilStill(page);
    await screenshot(page, 'web-uploads-decision-photo-ko.png');
    await decision.getByRole('button', { name: ko.creatorStudio.missions.decision.accept }).click();
    await decision.getByRole('button', { name: ko.creatorStudio.missions.decision.acceptConfirm }).click();
    await page.getByRole('alertdialog').getByRole('button').click();
    await expect.poll(status, { timeout: 20_000 }).toBe('ACCEPTED');

    await page.goto(`${served.baseUrl}/mission-management/list/custom`);
    // Loaded and drawn before the tab is chosen: the creator's settings arriving late must not take the choice back.
    await untilStill(page);
    await page.getByRole('tab', { name: ko.creatorStudio.missions.list.accepted }).click();
    await page.getByRole('row').filter({ hasText: 'photo-fan' }).first().click();
    const performDialog = page.getByRole('dialog', { name: perform.title });
    await expectPhotoIn(performDialog);
    // The dialog's fade-in done.
    await untilStill(page);
    await screenshot(page, 'web-uploads-perform-photo-ko.png');
    await performDialog.getByLabel(perform.choose).setInputFiles(clip);
    await performDialog.getByRole('status').getByText(perform.uploadDone).waitFor({ timeout: 60_000 });
    await performDialog.getByLabel(perform.comment).fill('Here you go');
    await performDialog.getByRole('button', { name: perform.send }).click();
    await page.getByRole('alertdialog').getByText(perform.done).waitFor();
    // The mission completes once its video is transcoded: a state waited for, with a last guard generous enough for
    // a transcode queued behind the other lanes' media on a busy machine (one waited past 20 s beside them).
    await expect.poll(status, { timeout: 60_000 }).toBe('COMPLETED');
    expect(errors).toEqual([]);

    // The fan's phone: the answer plays inline once converted (the page asks again meanwhile), the 720p rendition.
    const fanView = await openPage('ko', fanSession(photoFan), PHONE);
    await fanView.page.goto(`${served.baseUrl}/mission-detail/${customId}`);
    const video = fanView.page.locator('main video');
    await video.waitFor({ timeout: 60_000 });
    const played = await video.evaluate(async (element) => {
      const player = element as HTMLVideoElement;
      player.muted = true;
      await player.play();
      await new Promise((resolve) => player.requestVideoFrameCallback(resolve));
      player.pause();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [36, 64];
      const context = canvas.getContext('2d')!;
      context.drawImage(player, 0, 0, canvas.width, canvas.height);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let lit = 0;
      for (let index = 0; index < pixels.length; index += 4) if (pixels[index]! + pixels[index + 1]! > 60) lit += 1;
      return {
        readyState: player.readyState,
        source: player.currentSrc,
        lit,
        size: [player.videoWidth, player.videoHeight],
      };
    });
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    // A decoded frame of the test pattern, not a black or empty one.
    expect(played.lit).toBeGreaterThan(100);
    expect(played.source).toMatch(/\.720p\.mp4/);
    expect(played.size).toEqual([720, 1280]);
    await screenshot(fanView.page, 'web-uploads-fan-plays-ko.png');

    // The bytes served carry no location.
    const served720p = await app.inject({
      method: 'GET',
      url: new URL(played.source).pathname + new URL(played.source).search,
    });
    expect(served720p.statusCode).toBe(200);
    const servedFile = path.join(folder, 'served.mp4');
    writeFileSync(servedFile, served720p.rawPayload);
    const tags = execFileSync('/usr/bin/ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format_tags:stream_tags',
      '-of',
      'json',
      servedFile,
    ]).toString();
    expect(tags).not.toMatch(/location|37\.5665/i);

    // Operators hide the answer: its fan is told since when and why, at 360 and 1280 px.
    await app.db
      .updateTable('missions')
      .set({ content_blocked_at: new Date(), content_block_reason: '초상권 침해 신고가 접수되어 확인 중입니다.' })
      .where('id', '=', customId)
      .execute();
    await fanView.page.reload();
    await fanView.page.getByRole('alert').filter({ hasText: '초상권 침해 신고가 접수되어' }).waitFor();
    await screenshot(fanView.page, 'web-uploads-fan-hidden-360-ko.png');
    await fanView.page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(fanView.page, 'web-uploads-fan-hidden-1280-ko.png');
    expect(fanView.errors).toEqual([]);
  }, 240_000);
});
