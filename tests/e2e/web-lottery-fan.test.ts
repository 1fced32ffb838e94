// Lottery events from the fans' side over the real stack (the served app's own time-skipping Temporal server and a
// worker with the event activities): a creator's event is registered through the API with applications opening
// today; three fans apply through the apply modal in ko, en and ja; the events tab lists it; the applications close
// by skipping the test server's clock to the end of applyEnd (the app's clock follows the server's, as in
// tests/integration-events); the creator draws through the API (one manual pick, one random pick, finish); the
// public page shows the winners and the "verify this draw" panel recomputes every pick in the browser (WebCrypto),
// all matching. Then the provably fair roulette: the seed panel in the roulette modal, a changed client seed, rolls,
// the seed revealed, and /my-rolls recomputing each roll.
// Screenshots: tests/artifacts/screenshots/web-lottery-<screen>-<lang>[-360].png.
import {
  eventSchedule,
  kstDate,
  type EventApplicant,
  type EventStatus,
  type Language,
  type Page as ApiPage,
} from '@fanmission/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { createFan, fund, registerProduct, uploadFile } from '@fanmission/tests/support/missions';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { verifyEventDraw, verifyRolls } from '@fanmission/tests/support/fairness-verifier';
import { DESKTOP, fanSession, useWebPages } from '@fanmission/tests/support/browser';
import type { Page } from 'playwright-core';
import type { TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { resources } from '../../web/src/shared/i18n/resources';

const LANGUAGES: Language[] = ['ko', 'en', 'ja'];
const PHONE = { width: 360, height: 780 };
const DAY = 24 * 60 * 60 * 1000;
const texts = (language: Language) => resources[language].translation;

describe('web app: fans apply to a lottery event, see the winners and verify the draw', () => {
  // The app's clock follows the time-skipping server's, which runs ahead of the wall clock by every skipped day.
  let skew = 0;
  const served = useServedApp({ temporal: true, now: () => new Date(Date.now() + skew) });
  const web = useWebPages(served, 'web-lottery');
  const url = (path: string) => `${served.baseUrl}${path}`;
  const temporalEnv = () => served.temporal!.env;
  const app = () => served.testApp.app;
  const syncClock = async () => {
    skew = (await temporalEnv().currentTimeMs()) - Date.now();
  };
  const suffix = Date.now().toString(36);
  const title = `Polaroid lottery ${suffix}`;
  let creator: TestCreator;
  let fans: TestAccount[];
  let looker: TestAccount;
  let productId: number;
  let schedule: ReturnType<typeof eventSchedule>;

  const eventStatus = async () =>
    (
      await app()
        .db.selectFrom('lottery_events')
        .select('status')
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).status;

  /** Polls until the stored event reaches the status (its workflow's timers and activities run asynchronously). */
  async function statusBecomes(status: EventStatus): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const current = await eventStatus();
      if (current === status) return;
      if (Date.now() > deadline) throw new Error(`event ${productId} is ${current}, expected ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const call = async (method: 'GET' | 'PUT' | 'POST', path: string, account: TestAccount, payload?: object) => {
    const response = await app().inject({
      method,
      url: `/api/v1${path}`,
      headers: {
        'accept-language': 'en',
        ...account.headers,
        ...(method === 'POST' && { 'idempotency-key': crypto.randomUUID() }),
      },
      payload,
    });
    expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };

  beforeAll(async () => {
    await syncClock();
    creator = await createCreator(app(), { name: `Mina ${suffix}`, verified: true });
    // A lucky product for the roulette part, registered before the event (none may be while an event runs).
    await registerProduct(app(), creator, { type: 'LUCKY', name: 'Fair wink', coinPrice: 1, winProbability: 10 });
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 250, g: 170, b: 60 } } })
      .composite([
        {
          input: Buffer.from('<svg width="600" height="600"><circle cx="300" cy="300" r="200" fill="#e0306a"/></svg>'),
        },
      ])
      .png()
      .toBuffer();
    const cover = await uploadFile(app(), creator, png, 'cover.png');
    const now = await temporalEnv().currentTimeMs();
    const dates = {
      applyStart: kstDate(new Date(now)),
      applyEnd: kstDate(new Date(now + DAY)),
      eventEnd: kstDate(new Date(now + 30 * DAY)),
    };
    const product = await registerProduct(app(), creator, {
      type: 'EVENT',
      title,
      description: 'Three signed polaroids.\nTell me your favourite stage!',
      drawNumber: 2,
      ...dates,
      descriptionPictureId: cover.id,
    });
    productId = product.id;
    schedule = eventSchedule(dates);
    // Applications open at 00:00 KST of applyStart, today: at once.
    await statusBecomes('APPLYING');
    fans = [await createFan(app()), await createFan(app()), await createFan(app())];
    looker = await createFan(app());
  }, 120_000);

  async function expectNoErrors(errors: Error[]) {
    expect(errors.map((error) => error.message)).toEqual([]);
  }

  /** Screenshots at desktop width, then at 360 px (`…-<lang>-360.png`), back at desktop width afterwards. */
  async function bothSizes(page: Page, name: string, language: Language) {
    await web.screenshot(page, name, language);
    await page.setViewportSize(PHONE);
    await web.screenshot(page, name, `${language}-360`);
    await page.setViewportSize(DESKTOP);
  }

  test(
    'three fans apply through the modal (ko, en, ja); the events tab lists the event',
    { timeout: 240_000 },
    async () => {
      for (const [index, language] of LANGUAGES.entries()) {
        const t = texts(language).lotteryEvent;
        const common = texts(language).common;
        const { page, errors } = await web.openPage(language, fanSession(fans[index]!));
        await page.goto(url(`/lottery-event/${productId}`));
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        expect(await page.getByTestId('event-status').textContent()).toBe(t.status.APPLYING);
        await page.getByText(t.verify.notYet).waitFor();
        await page.getByRole('button', { name: t.apply, exact: true }).click();
        const dialog = page.getByRole('dialog');
        // Nothing filled: the messages, and no application.
        await dialog.getByRole('button', { name: t.applyDialog.submit, exact: true }).click();
        await dialog.getByText(t.applyDialog.nameRequired).waitFor();
        await dialog.getByText(t.applyDialog.termsRequired).waitFor();
        await dialog.getByLabel(t.applyDialog.realName).fill(`Fan ${index + 1}`);
        await dialog.getByLabel(t.applyDialog.phone).fill('010-5555-000' + index);
        expect(await dialog.getByLabel(t.applyDialog.phone).inputValue()).toBe(`0105555000${index}`);
        await dialog.getByLabel(t.applyDialog.story).fill(`I have been a fan for ${index + 2} years`);
        if (language !== 'ko') await dialog.getByText(t.applyDialog.liveInKorea).waitFor();
        await dialog.getByLabel(t.applyDialog.agreeAll).check();
        // The modal at desktop width, then at 360 px, where the fan sends it.
        await web.screenshot(page, 'apply-modal', language);
        await page.setViewportSize(PHONE);
        await web.screenshot(page, 'apply-modal', `${language}-360`);
        await dialog.getByRole('button', { name: t.applyDialog.submit, exact: true }).click();
        await page.getByText(t.applyDialog.done).waitFor();
        await page.getByRole('button', { name: common.ok }).click();
        await expect
          .poll(() => page.getByTestId('event-status').textContent(), { timeout: 15_000 })
          .toBe(t.status.APPLIED);
        expect(await page.getByRole('button', { name: t.applied, exact: true }).isDisabled()).toBe(true);
        if (language === 'ko') await web.screenshot(page, 'event-applied', `${language}-360`);
        await expectNoErrors(errors);
        await page.close();
      }

      const applicants = await app()
        .db.selectFrom('event_applications')
        .select(['name', 'phone'])
        .where('product_id', '=', productId)
        .orderBy('name')
        .execute();
      expect(applicants).toEqual([
        { name: 'Fan 1', phone: '01055550000' },
        { name: 'Fan 2', phone: '01055550001' },
        { name: 'Fan 3', phone: '01055550002' },
      ]);

      for (const language of LANGUAGES) {
        const { page, errors } = await web.openPage(language);
        await page.goto(url('/browse-missions'));
        await page.getByRole('tab', { name: texts(language).browseMissions.tabs.events }).click();
        // Named by what it shows (the "event" chip, its status, the title, the period), not by a label of its own.
        const card = page.getByRole('link', { name: title });
        await card.waitFor();
        await bothSizes(page, 'events-tab', language);
        await card.click();
        await page.waitForURL(`**/lottery-event/${productId}`);
        await expectNoErrors(errors);
        await page.close();
      }
    },
  );

  test(
    'the draw (manual pick, random pick, finish); winners and every pick verified in the browser',
    { timeout: 240_000 },
    async () => {
      // Applications close at the end of applyEnd (KST): skip the test server's clock there.
      const now = await temporalEnv().currentTimeMs();
      await temporalEnv().sleep(schedule.applyEndAt.getTime() - now + 1000);
      await syncClock();
      await statusBecomes('DRAWING');

      const page0 = (await call(
        'GET',
        `/mission-products/${productId}/missions/page?size=5`,
        creator,
      )) as ApiPage<EventApplicant>;
      const ids = page0.content.map((applicant) => applicant.id).sort((a, b) => a - b);
      expect(ids).toHaveLength(3);
      await call('PUT', `/mission-products/${productId}/missions/${ids[1]}/pick`, creator);
      const state = await call('PUT', `/mission-products/${productId}/missions/random-pick`, creator);
      expect(state).toMatchObject({ pickedNumber: 2, drawable: true });
      await call('PUT', `/mission-products/${productId}/draw-event`, creator);
      await statusBecomes('DRAWN');

      // The tests' own verifier agrees before the browser is asked.
      const record = await call('GET', `/mission-products/${productId}/fairness`, looker);
      expect(record.draws.map((draw: { manual: boolean }) => draw.manual)).toEqual([true, false]);
      expect(await verifyEventDraw(record)).toEqual([]);

      for (const language of LANGUAGES) {
        const t = texts(language).lotteryEvent;
        const { page, errors } = await web.openPage(language, fanSession(looker));
        await page.goto(url(`/lottery-event/${productId}`));
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        expect(await page.getByTestId('event-status').textContent()).toBe(t.status.DRAWN);
        expect(await page.getByRole('button', { name: t.apply, exact: true }).count()).toBe(0);
        const winners = page.getByRole('list', { name: t.winners.title });
        await expect
          .poll(() => winners.getByText(t.winners.pending, { exact: true }).count(), { timeout: 15_000 })
          .toBe(2);
        await page.getByText(t.verify.allMatch).waitFor();
        const picks = page.getByRole('list', { name: t.verify.picksTitle });
        await expect.poll(() => picks.getByText(t.verify.match, { exact: true }).count(), { timeout: 15_000 }).toBe(2);
        expect(await page.getByText(t.verify.mismatch, { exact: true }).count()).toBe(0);
        expect(await page.getByText(t.verify.match, { exact: true }).count()).toBe(5); // 3 checks + 2 picks
        await bothSizes(page, 'event-drawn', language);
        await expectNoErrors(errors);
        await page.close();
      }
    },
  );

  test(
    'the fair roulette: seed panel, client seed, rolls, reveal, /my-rolls recomputes each roll',
    { timeout: 180_000 },
    async () => {
      const fan = fans[0]!;
      await fund(app().db, fan.id, 20, app().ctx.now());
      const en = texts('en');
      const { page, errors } = await web.openPage('en', fanSession(fan));
      await page.goto(url(`/creator/${creator.creatorId}`));
      const wink = page.getByRole('region', { name: 'Fair wink' });
      await wink.getByRole('button', { name: /Fair wink/ }).click();
      await wink.getByRole('button', { name: en.creatorPage.request }).click();
      const dialog = page.getByRole('dialog');
      const commitment = dialog.getByTestId('roulette-commitment');
      // The fairness details wait behind their button, out of the way of the roll.
      const fairness = dialog.getByRole('button', { name: en.lucky.fairness });
      await fairness.waitFor();
      expect(await commitment.count()).toBe(0);
      await fairness.click();
      await commitment.waitFor();
      const committed = await commitment.textContent();
      expect(committed).toMatch(/^[0-9a-f]{64}$/);
      await dialog.getByLabel(en.lotteryEvent.seed.clientSeed).fill('my-lucky-seed');
      await dialog.getByRole('button', { name: en.lotteryEvent.seed.save }).click();
      await dialog.getByText(en.lotteryEvent.seed.saved).waitFor();
      await web.screenshot(page, 'roulette-seed', 'en');
      await dialog.getByRole('button', { name: en.common.close }).click();

      // Three rolls under that seed (through the API: the modal's spin is covered by web-discovery).
      for (let roll = 0; roll < 3; roll += 1) {
        const opened = (await call('POST', '/missions/lucky', fan, { missionProductId: await luckyProductId() })) as {
          id: number;
        };
        await call('POST', `/missions/${opened.id}/rolls`, fan);
      }

      await page.goto(url('/my-rolls'));
      await page.getByRole('heading', { name: en.lotteryEvent.rolls.title }).waitFor();
      const rolls = page.getByRole('list', { name: en.lotteryEvent.rolls.title });
      await expect.poll(() => rolls.getByText(en.lotteryEvent.rolls.pending).count(), { timeout: 15_000 }).toBe(3);

      // Reveal: the seed whose hash the modal showed.
      await page.goto(url(`/creator/${creator.creatorId}`));
      await wink.getByRole('button', { name: /Fair wink/ }).click();
      await wink.getByRole('button', { name: en.creatorPage.request }).click();
      await dialog.getByRole('button', { name: en.lucky.fairness }).click();
      await dialog.getByTestId('roulette-commitment').waitFor();
      await dialog.getByRole('button', { name: en.lotteryEvent.seed.rotate }).click();
      const revealed = dialog.getByTestId('roulette-revealed-seed');
      await revealed.waitFor();
      expect(await revealed.textContent()).toMatch(/^[0-9a-f]{64}$/);
      await expect
        .poll(() => dialog.getByTestId('roulette-commitment').textContent(), { timeout: 15_000 })
        .not.toBe(committed);
      await web.screenshot(page, 'roulette-revealed', 'en');
      await dialog.getByRole('button', { name: en.common.close }).click();
      await expectNoErrors(errors);
      await page.close();
      const revealedRolls = (await call('GET', '/users/me/rolls/page', fan)) as ApiPage<
        Parameters<typeof verifyRolls>[0][number]
      >;
      expect(revealedRolls.content).toHaveLength(3);
      expect(revealedRolls.content.every((roll) => roll.clientSeed === 'my-lucky-seed')).toBe(true);
      expect(await verifyRolls(revealedRolls.content)).toEqual([]);

      for (const language of LANGUAGES) {
        const t = texts(language).lotteryEvent.verify;
        const rollTexts = texts(language).lotteryEvent.rolls;
        const rollsPage = await web.openPage(language, fanSession(fan));
        await rollsPage.page.goto(url('/my-rolls'));
        const list = rollsPage.page.getByRole('list', { name: rollTexts.title });
        await expect.poll(() => list.getByText(t.match, { exact: true }).count(), { timeout: 15_000 }).toBe(3);
        expect(await list.getByText(t.mismatch, { exact: true }).count()).toBe(0);
        await bothSizes(rollsPage.page, 'my-rolls', language);
        await expectNoErrors(rollsPage.errors);
        await rollsPage.page.close();
      }
    },
  );

  async function luckyProductId(): Promise<number> {
    const row = await app()
      .db.selectFrom('mission_products')
      .select('id')
      .where('creator_id', '=', creator.creatorId)
      .where('type', '=', 'LUCKY')
      .executeTakeFirstOrThrow();
    return row.id;
  }
});
