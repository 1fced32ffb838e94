// A creator's answer upload at 360 px over the real API, resumable (tus): the upload is slowed, cut off at about half
// (offline), the page reloaded, the same file picked again, and the upload resumes where the server stands instead of
// from zero; the progress bar (percent, size left, pause) is seen, and the mission is performed with that file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { paddedPng } from '@fanmission/tests/support/files';
import { createProduct, fund } from '@fanmission/tests/support/missions';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { creatorSession, useWebPages } from '../support/browser';

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
    creator = await createCreator(app, { username: 'upload-maker' });
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
        // The bar's own transition (0.4 s) done.
        await page.waitForTimeout(500);
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
});
