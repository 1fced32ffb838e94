// A creator's whole journey over the real stack (Temporal test server and worker of the served app's own): sign-up
// through the creator form, the verification mail from the mailbox, the profile (a photo cropped and rotated in the
// photo editor, an intro video, tags, an SNS link, the business type), a BASIC product registered in mission
// management, the pending banner; the operator approves through the admin API; the creator appears in search; a fan
// requests the product; the creator performs it through the perform modal with a real video file; the fan sees the
// video and downloads it. Then CUSTOM requests: one accepted and one refused (the fan refunded) through the modal.
// Screenshots: tests/artifacts/screenshots/web-creator-<screen>-<lang>.png.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Language } from '@fanmission/contracts';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { createTags } from '@fanmission/tests/support/creators';
import { createReviewMailConsumer } from '@fanmission/services/creators';
import { createDevMailbox } from '@fanmission/services/mail';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { fund } from '@fanmission/tests/support/missions';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { savedDownload, screenshot, useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { sessionState, sessionTokenOf, untilStill } from '../support/browser';
import { expectAccessibleDialog } from '../support/web-a11y';

const texts = (language: Language) => resources[language].translation;
const ko = texts('ko');
const LANGUAGES: Language[] = ['ko', 'en', 'ja'];

describe('web app: a creator signs up, is approved and performs missions', () => {
  const mailbox = createDevMailbox({ from: 'Fanmission <no-reply@fanmission.local>' });
  const served = useServedApp({ temporal: true, mailer: mailbox, devMailbox: mailbox });
  const browser = useBrowser();
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);
  const email = `maker-${suffix}@example.com`;
  const password = 'letters123';
  const tagName = `춤${suffix}`;
  let operator: TestAccount;
  let fan: TestAccount;
  let video: string;
  let photo: string;
  let cover: string;

  beforeAll(async () => {
    const app = served.testApp.app;
    await createTags(app, [tagName, `노래${suffix}`]);
    operator = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
    fan = await createAccount(app, { username: `fan${suffix}` });
    await fund(app.db, fan.id, 500, app.ctx.now());
    const dir = mkdtempSync(path.join(tmpdir(), 'creator-journey-'));
    video = path.join(dir, 'performance.mp4');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=360x640:rate=10',
      '-t',
      '2',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-y',
      video,
    ]);
    photo = path.join(dir, 'me.png');
    await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 80, g: 120, b: 220 } } })
      .png()
      .toFile(photo);
    cover = path.join(dir, 'cover.png');
    await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 240, g: 90, b: 140 } } })
      .png()
      .toFile(cover);
  }, 120_000);

  async function newPage(language: Language, session?: Record<string, string>) {
    // The session is the new context's storage from the start (no page of the app loaded to write it).
    const page = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
      storageState: sessionState(served.baseUrl, { lang: language, ...session }),
    });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    return { page, errors };
  }

  const fanSession = () => ({ token: `Bearer ${fan.token}`, UserId: String(fan.id), IsVerified: 'true' });

  async function shot(page: Page, name: string, language: Language) {
    await screenshot(page, `web-creator-${name}-${language}.png`);
  }

  /** Closes the alert showing `text` with its OK (a request's confirmation also has a way to the mission). */
  async function confirmAlert(page: Page, text: string) {
    await page.getByRole('alertdialog').getByText(text).waitFor();
    const ok = new RegExp(`^(${[...new Set(LANGUAGES.map((language) => texts(language).common.ok))].join('|')})$`);
    await page.getByRole('alertdialog').getByRole('button', { name: ok }).click();
  }

  const v1 = (method: 'GET' | 'POST' | 'PUT', path: string, account: TestAccount | null, payload?: object) =>
    served.testApp.app.inject({ method, url: `/api/v1${path}`, ...(account && { headers: account.headers }), payload });

  const balanceOf = async (account: TestAccount) =>
    (await v1('GET', '/coin-deposit', account)).json<{ point: number }>().point;

  const missionStatus = async (id: number) =>
    (await served.testApp.app.db.selectFrom('missions').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  let creatorId = 0;
  let creatorToken = '';
  let creatorUserId = 0;

  test('sign-up, verification, profile, product, approval, search, a performed BASIC mission downloaded', async () => {
    const { page, errors } = await newPage('ko');
    const s = ko.creatorStudio;

    // The creator form, reached from the sign-in page's creator notice.
    await page.goto(url('/login'));
    await page.getByRole('link', { name: ko.snsLogin.creatorSignUp }).click();
    await page.waitForURL('**/signup-for-creator');
    await page.locator('input[name=creatorName]').fill(`Maker ${suffix}`);
    await page.locator('input[name=username]').fill(`maker${suffix}`);
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill(password);
    await page.locator('input[name=passwordConfirm]').fill(password);
    await page.locator('input[name=birthDate]').fill('1995-03-01');
    await page.getByLabel(s.signUp.agreeAll).check();
    await shot(page, 'signup-filled', 'ko');
    await page.getByRole('button', { name: s.signUp.submit }).click();
    await page.waitForURL('**/email-sent?view=success-creator-user');
    await page.getByText(ko.emailSent.creatorTitle).waitFor();

    // The verification mail, from the mailbox.
    await expect.poll(() => mailbox.list().filter((mail) => mail.to === email).length).toBe(1);
    const link = mailbox
      .list()
      .find((mail) => mail.to === email)!
      .text.match(/https?:\/\/\S+/)![0];
    await page.goto(link);
    await page.waitForURL('**/email-sent/success-auth-public-user');

    // The link signed him in: he goes on to the newbie dashboard, as his login would take him.
    await page.getByRole('link', { name: ko.emailSent.start }).click();
    await page.waitForURL('**/newbie-creator-mypage');
    await page.getByText(s.newbie.todoBanner).waitFor();
    const session = await page.evaluate(() => ({
      creatorId: Number(window.localStorage.getItem('CreatorId')),
      userId: Number(window.localStorage.getItem('UserId')),
    }));
    creatorId = session.creatorId;
    // The login's token is the HttpOnly session cookie; the page's localStorage holds none.
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    creatorToken = (await sessionTokenOf(page))!;
    creatorUserId = session.userId;
    expect(creatorId).toBeGreaterThan(0);

    // The profile: photo through the editor (rotate, crop 9:16), intro video, tag, SNS, business type.
    await page.getByRole('link', { name: s.newbie.profileUpload }).click();
    await page.waitForURL('**/edit-creator-profile');
    await page.getByRole('button', { name: s.profile.save, exact: true }).click();
    await page.getByRole('alert').getByText(s.profile.items.tags, { exact: false }).waitFor();
    await shot(page, 'profile-missing', 'ko');

    await page.getByRole('button', { name: s.profile.photoUpload }).click();
    const editor = page.getByRole('dialog', { name: s.photoEditor.title });
    await editor.getByLabel(s.photoEditor.choose).setInputFiles(photo);
    await editor.getByRole('button', { name: s.photoEditor.rotateRight }).click();
    await shot(page, 'photo-editor', 'ko');
    await editor.getByRole('button', { name: s.photoEditor.applyCrop }).click();
    await editor.getByRole('img', { name: s.photoEditor.cropped }).waitFor();
    await editor.getByRole('button', { name: s.photoEditor.confirm }).click();
    // Said in place, not in a dialog to dismiss.
    await page
      .getByRole('region', { name: s.profile.photo })
      .getByRole('status')
      .filter({ hasText: s.profile.uploadDone })
      .waitFor();
    const avatar = page.getByRole('img', { name: s.profile.photo });
    await avatar.waitFor();
    // The stored photo is the 9:16 crop.
    const stored = await served.testApp.app.db
      .selectFrom('users')
      .innerJoin('files', 'files.id', 'users.image_file_id')
      .select('files.storage_key')
      .where('users.id', '=', creatorUserId)
      .executeTakeFirstOrThrow();
    expect(stored.storage_key).toBeTruthy();
    const shown = await avatar.evaluate((image) => {
      const element = image as HTMLImageElement;
      return { width: element.naturalWidth, height: element.naturalHeight };
    });
    expect(Math.abs(shown.width / shown.height - 9 / 16)).toBeLessThan(0.02);

    await page.getByTestId('intro-input').setInputFiles(video);
    const introSection = page.getByRole('region', { name: s.profile.intro });
    await introSection.getByRole('status').filter({ hasText: s.profile.uploadDone }).waitFor();
    await shot(page, 'profile-intro-uploaded', 'ko');
    await page.setViewportSize({ width: 360, height: 780 });
    await shot(page, 'profile-intro-uploaded-360', 'ko');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The intro is converted after its upload: its place says so, then the player comes without a reload.
    await introSection.locator('video').waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: `#${tagName}` }).click();
    await page.locator('#creator-profile-url').fill(`maker${suffix}`);
    await page.getByLabel(s.profile.snsNames.YOUTUBE).fill('https://youtube.com/@maker');
    await page.getByLabel(s.profile.businessTypes.NONE).check();
    await page.locator('#creator-profile-businessCashReceiptNumber').fill('01012345678');
    await shot(page, 'profile-filled', 'ko');
    await page.getByRole('button', { name: s.profile.save, exact: true }).click();
    await page.waitForURL('**/newbie-creator-mypage');
    await page.getByText(s.newbie.todoBanner).waitFor();

    // A BASIC product from mission management; the cover is uploaded first.
    await page.getByRole('link', { name: s.newbie.missionRegister }).click();
    await page.waitForURL('**/mission-management/normal');
    await page.getByRole('button', { name: s.missions.products.register }).click();
    const dialog = page.getByRole('dialog', { name: s.missions.dialog.registerTitle });
    await dialog.getByLabel(s.missions.dialog.name).fill('Birthday video');
    await dialog.getByLabel(s.missions.dialog.price).fill('40');
    await dialog.getByLabel(s.missions.dialog.description).fill('I sing happy birthday for you');
    await dialog.getByLabel(s.missions.dialog.cover).setInputFiles(cover);
    await dialog.getByRole('button', { name: s.missions.dialog.save }).click();
    await confirmAlert(page, s.missions.dialog.created);
    await page.getByText('Birthday video').waitFor();
    await shot(page, 'mission-management-normal', 'ko');

    await page.goto(url('/newbie-creator-mypage'));
    await page.getByText(s.newbie.pendingBanner.replace('{{min}}', '7').replace('{{max}}', '14')).waitFor();
    await shot(page, 'newbie-pending', 'ko');

    // The operator approves through the admin API; the creator is found in search.
    const queue = await served.testApp.app.inject({
      method: 'GET',
      url: `/api/admin/creators?filter=${encodeURIComponent(JSON.stringify({ reviewStatus: 'PENDING', queued: true }))}`,
      headers: operator.headers,
    });
    expect(queue.json<{ id: number }[]>().map((row) => row.id)).toContain(creatorId);
    const approved = await served.testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/creators/${creatorId}`,
      headers: operator.headers,
      payload: { reviewStatus: 'APPROVED' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // The decision mail goes out from the outbox, by the consumer the worker runs.
    await drainOutbox(served.testApp.app.db, {
      consumers: [createReviewMailConsumer({ mailer: mailbox, publicUrl: served.testApp.config.PUBLIC_URL })],
    });
    await expect.poll(() => mailbox.list().filter((mail) => mail.to === email).length).toBe(2);

    const fanView = await newPage('ko', fanSession());
    await fanView.page.goto(url('/creator-search'));
    await fanView.page.getByRole('textbox').first().fill(`Maker ${suffix}`);
    await fanView.page.keyboard.press('Enter');
    await fanView.page.getByText(`Maker ${suffix}`).first().click();
    await fanView.page.waitForURL(`**/maker${suffix}`);

    // The fan requests the BASIC product from the creator page.
    const product = fanView.page.getByRole('region', { name: 'Birthday video' });
    await product.getByRole('button', { name: /Birthday video/ }).click();
    await product.getByRole('button', { name: ko.creatorPage.request }).click();
    const request = fanView.page.getByRole('dialog');
    await request.getByRole('textbox', { name: ko.missionRequest.to }).fill('Minji');
    await request.getByRole('textbox', { name: ko.missionRequest.detail }).fill('Sing for my sister');
    await request.getByRole('checkbox', { name: ko.missionRequest.terms }).check();
    await request.getByRole('button', { name: ko.missionRequest.submit }).click();
    await confirmAlert(fanView.page, ko.missionRequest.done);
    const reserved = await v1('GET', '/users/me/missions/page?status=ACCEPTED', fan);
    const missionId = reserved.json<{ content: { id: number }[] }>().content[0]!.id;

    // The creator sees it under Basic and performs it through the perform modal with a real video.
    await page.goto(url('/mission-management/normal'));
    const row = page.getByRole('row').filter({ hasText: `fan${suffix}` });
    await row.waitFor();
    await row.click();
    const perform = page.getByRole('dialog', { name: s.missions.perform.title });
    await perform.getByLabel(s.missions.perform.choose).setInputFiles(video);
    await perform.getByRole('status').getByText(s.missions.perform.uploadDone).waitFor();
    await perform.getByLabel(s.missions.perform.comment).fill('Happy birthday Minji');
    await shot(page, 'perform-modal', 'ko');
    await perform.getByRole('button', { name: s.missions.perform.send }).click();
    await confirmAlert(page, s.missions.perform.done);
    await expect.poll(() => missionStatus(missionId), { timeout: 20_000 }).toBe('COMPLETED');

    // The fan sees the video and downloads it.
    await fanView.page.goto(url(`/mission-detail/${missionId}`));
    await fanView.page.locator('video').first().waitFor();
    const [download] = await Promise.all([
      fanView.page.waitForEvent('download'),
      fanView.page.getByRole('button', { name: s.missions.media.download }).click(),
    ]);
    // Named creator_product_day in safe characters, never after the creator's comment.
    expect(download.suggestedFilename()).toMatch(/^[\p{L}\p{N}-]+_Birthdayvideo_\d{4}-\d{2}-\d{2}\.mp4$/u);
    const saved = await savedDownload(download);
    expect(readFileSync(saved).subarray(4, 8).toString('latin1')).toBe('ftyp');
    await shot(fanView.page, 'detail-download', 'ko');

    expect(errors).toEqual([]);
    expect(fanView.errors).toEqual([]);
  }, 300_000);

  test('custom settings, one CUSTOM request accepted and one refused with a reason (fan refunded)', async () => {
    expect(creatorId).toBeGreaterThan(0);
    const creatorSession = {
      token: creatorToken,
      UserId: String(creatorUserId),
      CreatorId: String(creatorId),
      IsVerified: 'true',
    };
    const { page, errors } = await newPage('ko', creatorSession);
    const s = ko.creatorStudio.missions;
    await page.goto(url('/mission-management/list/custom'));
    const settings = page.getByRole('region', { name: s.custom.title });
    const save = settings.getByRole('button', { name: s.custom.save });
    // The settings start again from each reading of the creator, and the empty list below reads him again: the form
    // is filled once the page is at rest.
    await settings.waitFor();
    await untilStill(page);
    expect(await save.isDisabled()).toBe(true);
    await settings.getByLabel(s.custom.available).check();
    await settings.getByLabel(s.custom.minimum).fill('50');
    await save.click();
    await confirmAlert(page, s.custom.saved);

    const product = (await v1('GET', `/mission-products?creatorId=${creatorId}&productType=CUSTOM`, null)).json<
      { id: number }[]
    >()[0]!;
    const before = await balanceOf(fan);
    const ids: number[] = [];
    for (const comment of ['Dance with my cat', 'Read my poem']) {
      const requested = await v1('POST', '/missions', fan, {
        missionProductId: product.id,
        to: 'Minji',
        requestComment: comment,
        coinPrice: 60,
      });
      expect(requested.statusCode, requested.body).toBe(200);
      ids.push(requested.json<{ id: number }>().id);
    }
    expect(await balanceOf(fan)).toBe(before - 120);

    await page.reload();
    const acceptRow = page
      .getByRole('row')
      .filter({ hasText: `fan${suffix}` })
      .first();
    await acceptRow.waitFor();
    // Each request says its decision's D-day: 30 Korea-time calendar days from the request, D-30 on its day.
    await acceptRow
      .getByTestId('due-in')
      .getByText(ko.creatorStudio.missions.list.dueIn.replace('{{days}}', '30'))
      .waitFor();
    await shot(page, 'custom-pending', 'ko');
    await page.setViewportSize({ width: 360, height: 780 });
    await shot(page, 'custom-pending-360', 'ko');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The decision dialog on a phone in ko (this page), en and ja, opened from the newest request's title.
    for (const language of LANGUAGES) {
      const view = language === 'ko' ? { page, errors } : await newPage(language, creatorSession);
      if (language !== 'ko') await view.page.goto(url('/mission-management/list/custom'));
      await expectAccessibleDialog(view.page, {
        name: 'mission-decision',
        language,
        open: async () => {
          await view.page.getByRole('row').nth(1).getByRole('button').first().click();
          const title = texts(language).creatorStudio.missions.decision.title;
          await view.page.getByRole('dialog', { name: title }).getByText('Read my poem').waitFor();
        },
      });
      if (language !== 'ko') {
        expect(view.errors).toEqual([]);
        await view.page.close();
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // Newest first: the poem, then the cat, each with its request's first line.
    await page.getByRole('row').nth(1).getByTestId('request-first-line').getByText('Read my poem').waitFor();
    await page.getByRole('row').nth(1).click();
    const decision = page.getByRole('dialog', { name: s.decision.title });
    await decision.getByText('Read my poem').waitFor();
    await decision.getByRole('button', { name: s.decision.refuse }).click();
    await decision.getByText(s.decision.refuseWarning).waitFor();
    await decision.getByRole('button', { name: s.decision.refuseConfirm }).click();
    await decision.getByText(s.decision.reasonRequired).waitFor();
    await decision.getByRole('textbox').fill('Not my style');
    await decision.getByRole('button', { name: s.decision.refuseConfirm }).click();
    await confirmAlert(page, s.decision.refused);
    await expect.poll(() => missionStatus(ids[1]!), { timeout: 20_000 }).toBe('REJECTED');
    await expect.poll(() => balanceOf(fan), { timeout: 20_000 }).toBe(before - 60);
    // The refused request has left the list (its refetch may still be on its way when the alert is closed), and the
    // side menu's Rejected badge counts it.
    await expect
      .poll(() =>
        page
          .getByRole('row')
          .filter({ hasText: `fan${suffix}` })
          .count(),
      )
      .toBe(1);
    const rejectedEntry = page.getByRole('navigation', { name: s.title }).getByRole('link', { name: s.menu.reject });
    await expect.poll(() => rejectedEntry.textContent()).toBe(`${s.menu.reject}1`);

    await page.getByRole('row').nth(1).click();
    await decision.getByText('Dance with my cat').waitFor();
    await decision.getByRole('button', { name: s.decision.accept }).click();
    await decision.getByRole('button', { name: s.decision.acceptConfirm }).click();
    await confirmAlert(page, s.decision.accepted);
    await expect.poll(() => missionStatus(ids[0]!), { timeout: 20_000 }).toBe('ACCEPTED');
    await page.getByRole('tab', { name: s.list.accepted }).click();
    await page
      .getByRole('row')
      .filter({ hasText: `fan${suffix}` })
      .waitFor();
    await shot(page, 'custom-accepted', 'ko');
    expect(errors).toEqual([]);
  }, 180_000);

  test('every new creator screen in ko, en and ja', async () => {
    const creatorSession = {
      token: creatorToken,
      UserId: String(creatorUserId),
      CreatorId: String(creatorId),
      IsVerified: 'true',
    };
    for (const language of LANGUAGES) {
      const t = texts(language).creatorStudio;
      const visitor = await newPage(language);
      await visitor.page.goto(url('/signup-for-creator'));
      await visitor.page.getByRole('button', { name: t.signUp.submit }).click();
      await shot(visitor.page, 'signup', language);
      await visitor.page.goto(url('/get-creator-account-number'));
      await visitor.page.getByRole('heading', { name: t.accountNumber.newTitle }).waitFor();
      await shot(visitor.page, 'account-number', language);
      await visitor.page.goto(url('/email-sent?view=success-creator-user'));
      await shot(visitor.page, 'email-sent', language);

      const fanPage = await newPage(language, fanSession());
      await fanPage.page.goto(url('/creator-registration'));
      await fanPage.page.getByText(t.registration.warningIrreversible).waitFor();
      await shot(fanPage.page, 'registration', language);

      const creator = await newPage(language, creatorSession);
      await creator.page.goto(url('/edit-creator-profile'));
      await creator.page.getByRole('button', { name: t.profile.save, exact: true }).waitFor();
      await shot(creator.page, 'profile', language);
      await creator.page.getByRole('button', { name: t.profile.photoUpload }).click();
      const editor = creator.page.getByRole('dialog', { name: t.photoEditor.title });
      await editor.getByLabel(t.photoEditor.choose).setInputFiles(photo);
      await editor.getByRole('button', { name: t.photoEditor.applyCrop }).waitFor();
      await shot(creator.page, 'photo-editor-dialog', language);
      await editor.getByRole('button', { name: t.photoEditor.cancel }).click();
      await editor.waitFor({ state: 'detached' });
      await creator.page.getByRole('link', { name: t.profile.bankAccountChange }).click();
      // The profile editor has a save button of the same name: the bank page's once it is the one shown.
      await creator.page.waitForURL((url) => url.pathname === '/bank-account-change');
      await creator.page.getByRole('button', { name: t.bank.save, exact: true }).waitFor();
      await shot(creator.page, 'bank-account', language);
      for (const [path, name] of [
        ['/mission-management/normal', 'missions-normal'],
        ['/mission-management/lucky', 'missions-lucky'],
        ['/mission-management/list/custom', 'missions-custom'],
        ['/mission-management/list/complete', 'missions-complete'],
        ['/mission-management/list/reject', 'missions-reject'],
      ] as const) {
        await creator.page.goto(url(path));
        await creator.page.getByRole('navigation', { name: t.missions.title }).waitFor();
        await shot(creator.page, name, language);
        if (name === 'missions-lucky') {
          // The register dialog, with its messages: every field required, then the probability rule.
          await creator.page.getByRole('button', { name: t.missions.products.register }).click();
          const dialog = creator.page.getByRole('dialog', { name: t.missions.dialog.registerTitle });
          await dialog.getByRole('button', { name: t.missions.dialog.save }).click();
          await dialog.getByRole('alert').getByText(t.missions.dialog.required).waitFor();
          await shot(creator.page, 'product-dialog', language);
          await dialog.getByRole('button', { name: t.missions.dialog.cancel }).click();
          await dialog.waitFor({ state: 'detached' });
        }
      }
      await creator.page.setViewportSize({ width: 360, height: 800 });
      await creator.page.goto(url('/mission-management/normal'));
      await creator.page.getByRole('navigation', { name: t.missions.title }).waitFor();
      await shot(creator.page, 'missions-normal-360', language);
      await creator.page.goto(url('/edit-creator-profile'));
      await creator.page.getByRole('button', { name: t.profile.save, exact: true }).waitFor();
      await shot(creator.page, 'profile-360', language);
      // Nothing sticks out of a 360 px screen (the elements that do are named in the failure).
      const overflowing = await creator.page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .map((element) => `${element.tagName}.${element.className}`.slice(0, 80))
          .slice(0, 5),
      );
      expect(overflowing).toEqual([]);
      for (const opened of [visitor, fanPage, creator]) expect(opened.errors).toEqual([]);
    }
  }, 300_000);
});
