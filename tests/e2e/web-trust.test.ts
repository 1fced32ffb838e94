// Browser journeys of the trust features over the real API serving the built app: the escrow timeline of
// a completed, a refunded and a running mission on /mission-detail/{id} (requester and creator see it, others do
// not), the refund back in the coin history with the mission's name, and a fan deleting his account from the profile
// page after seeing his coins and the refunds, then signing up again with the same e-mail; a blocked member objecting
// from the login's message through the web form, decided in the console. Screenshots land in
// tests/artifacts/screenshots/web-trust-<screen>-<lang>.png.
import type { MissionProduct } from '@fanmission/contracts';
import { holdForMission, refundMission, releaseToCreator } from '@fanmission/ledger';
import type { MissionRow } from '@fanmission/services/missions';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { createProduct, fund, insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { refreshReliability } from '@fanmission/services/trust';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { raKorean } from '../../admin-ui/src/i18n/ra-ko';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { creatorSession, fanSession, useWebPages } from '../support/browser';
import { axeViolations, measureLayout } from '../support/web-a11y';

const LANGUAGES = ['ko', 'en', 'ja'] as const;
/** A moment in Korea time as each language writes it: 2026.11.29 10:30, Nov 29, 2026, 10:30 AM KST, 2026/11/29 10:30（韓国時間）. */
const MOMENT = {
  ko: /\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}/,
  en: /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M KST/,
  ja: /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}（韓国時間）/,
} as const;
const texts = {
  ko: resources.ko.translation,
  en: resources.en.translation,
  ja: resources.ja.translation,
};
const ko = texts.ko;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
const DAY = 24 * 60 * 60 * 1000;

describe('web app: escrow timeline and leaving the service', () => {
  const served = useServedApp();
  const { openPage, screenshot } = useWebPages(served, 'web-trust');
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);
  let creator: TestCreator;
  let fan: TestAccount;
  let product: MissionProduct;
  let completed: MissionRow;
  let refunded: MissionRow;
  let running: MissionRow;

  beforeAll(async () => {
    const app = served.testApp.app;
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY);
    creator = await createCreator(app, { name: `Trusty ${suffix}`, url: `trusty${suffix}` });
    fan = await createAccount(app, { username: `escrowfan${suffix}` });
    product = await registerProduct(app, creator, { type: 'BASIC', name: 'Birthday song', coinPrice: 100 });
    await fund(app.db, fan.id, 500, ago(20));
    const hold = (mission: MissionRow, at: Date) =>
      holdForMission(app.db, {
        userId: fan.id,
        missionId: mission.id,
        coins: 100,
        idempotencyKey: `hold-${mission.id}`,
        now: at,
      });

    completed = await insertMission(app, product, {
      user_id: fan.id,
      status: 'COMPLETED',
      created_at: ago(15),
      requested_at: ago(15),
      accepted_at: ago(15),
      perform_due_at: ago(5),
      completed_at: ago(12),
      response_comment: 'Happy birthday!',
    });
    await hold(completed, ago(15));
    await releaseToCreator(app.db, {
      missionId: completed.id,
      creatorId: creator.creatorId,
      idempotencyKey: `release-${completed.id}`,
      now: ago(12),
    });

    refunded = await insertMission(app, product, {
      user_id: fan.id,
      status: 'REJECTED',
      created_at: ago(14),
      requested_at: ago(14),
      accepted_at: ago(14),
      perform_due_at: ago(4),
      rejected_at: ago(4),
      rejection_reason: 'PERFORM_EXPIRED',
    });
    await hold(refunded, ago(14));
    await refundMission(app.db, {
      missionId: refunded.id,
      reason: 'REJECTED',
      idempotencyKey: `refund-${refunded.id}`,
      now: ago(4),
    });

    running = await insertMission(app, product, {
      user_id: fan.id,
      status: 'ACCEPTED',
      created_at: ago(1),
      requested_at: ago(1),
      accepted_at: ago(1),
      perform_due_at: new Date(now + 9 * DAY),
    });
    await hold(running, ago(1));
  });

  test(
    'the requester follows his coins: released, refunded (back in the coin history), still held',
    { timeout: 120_000 },
    async () => {
      for (const language of LANGUAGES) {
        const t = texts[language];
        const { page, errors } = await openPage(language, fanSession(fan));
        await page.goto(url(`/mission-detail/${completed.id}`));
        const panel = page.getByRole('region', { name: t.trust.escrow.title });
        await panel.waitFor();
        await panel.getByTestId('escrow-state').getByText(t.trust.escrow.stateRELEASED).waitFor();
        const steps = panel.locator('li[data-step]');
        expect(await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-step')))).toEqual([
          'REQUESTED',
          'HELD',
          'PERFORMED',
          'RELEASED',
        ]);
        await panel.getByText(fill(t.trust.escrow.stepHELD, { coins: 100 })).waitFor();
        expect(await panel.locator('li[data-step="RELEASED"]').innerText()).toContain('100');
        // Every language writes a step's moment in Korea time as its readers write moments (web/src/shared/format/date.ts).
        expect(await panel.locator('li[data-step="REQUESTED"]').innerText()).toMatch(MOMENT[language]);
        await screenshot(page, 'escrow-completed', language);

        await page.goto(url(`/mission-detail/${running.id}`));
        await panel
          .getByTestId('escrow-state')
          .getByText(fill(t.trust.escrow.stateHELD, { coins: 100 }))
          .waitFor();
        // Nine days ahead: "8 d 23 h" or "9 d 0 h" depending on the second the page opened.
        const countdown = await panel.getByTestId('escrow-countdown').innerText();
        expect(countdown).toMatch(/(8|9)/);
        await screenshot(page, 'escrow-running', language);

        await page.goto(url(`/mission-detail/${refunded.id}`));
        await panel.getByTestId('escrow-state').getByText(t.trust.escrow.stateREFUNDED).waitFor();
        expect(await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-step')))).toEqual([
          'REQUESTED',
          'HELD',
          'DEADLINE',
          'REFUSED',
          'REFUNDED',
        ]);
        await panel.getByText(t.trust.escrow.reasonPERFORM_EXPIRED, { exact: false }).waitFor();
        await screenshot(page, 'escrow-refunded', language);
        if (language === 'ko') {
          // The refund is in the coin history, with the mission's name.
          await panel.getByRole('link', { name: t.trust.escrow.history }).click();
          await page.waitForURL(/\/coin-history/);
          const row = page
            .getByTestId('coin-history-row')
            .filter({ hasText: '+100' })
            .filter({ hasText: `${t.income.productType.BASIC} · ${product.name}` });
          await row.first().waitFor();
        }
        expect(errors).toEqual([]);
        await page.close();
      }
    },
  );

  test('the creator sees the timeline, a stranger does not; it fits 360 px', { timeout: 120_000 }, async () => {
    const { page, errors } = await openPage('ko', creatorSession(creator));
    await page.goto(url(`/mission-detail/${completed.id}`));
    const panel = page.getByRole('region', { name: ko.trust.escrow.title });
    await panel.getByTestId('escrow-state').getByText(ko.trust.escrow.stateRELEASED).waitFor();
    await page.close();

    const stranger = await createAccount(served.testApp.app);
    const other = await openPage('ko', fanSession(stranger));
    await other.page.goto(url(`/mission-detail/${completed.id}`));
    await other.page.getByRole('heading', { name: product.name }).waitFor();
    await other.page.waitForLoadState('networkidle');
    expect(await other.page.getByRole('region', { name: ko.trust.escrow.title }).count()).toBe(0);
    await other.page.close();

    const narrow = await openPage('ko', fanSession(fan), { width: 360, height: 780 });
    await narrow.page.goto(url(`/mission-detail/${refunded.id}`));
    const small = narrow.page.getByRole('region', { name: ko.trust.escrow.title });
    await small.getByTestId('escrow-state').waitFor();
    const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(narrow.page, 'escrow-refunded-360', 'ko');
    expect([...errors, ...other.errors, ...narrow.errors]).toEqual([]);
    await narrow.page.close();
  });

  test(
    'a punctual creator shows his on-time rate and, once, his time to perform on his page; first in the recommended search',
    { timeout: 120_000 },
    async () => {
      const app = served.testApp.app;
      const punctual = await createCreator(app, { name: `Punctual ${suffix}`, url: `punctual${suffix}` });
      const productId = await createProduct(app.db, punctual.creatorId, 'BASIC');
      const now = Date.now();
      const at = (days: number) => new Date(now - days * DAY);
      await app.db
        .insertInto('missions')
        .values(
          [1, 2, 3, 4, 5, 6].map((n) => ({
            product_id: productId,
            creator_id: punctual.creatorId,
            user_id: fan.id,
            type: 'BASIC' as const,
            status: 'COMPLETED' as const,
            coin_price: 10,
            accepted_at: at(n + 2),
            completed_at: at(n),
            // The sixth was performed after its deadline: 5 of 6 on time.
            perform_due_at: n === 6 ? at(7) : at(n - 8),
          })),
        )
        .execute();
      await refreshReliability(app.db, new Date(now));
      for (const language of LANGUAGES) {
        const t = texts[language];
        const { page, errors } = await openPage(language);
        await page.goto(url(`/punctual${suffix}`));
        const chips = page.getByTestId('creator-reliability');
        await chips.getByText(fill(t.trust.reliability.onTime, { rate: 83 })).waitFor();
        // Two days in the language's own words: 2일, 2 days, 2日.
        const twoDays = { ko: '2일', en: '2 days', ja: '2日' }[language];
        // His time to perform is shown once: the response times line (90-day medians), not a chip beside it.
        const complete = fill(t.capacity.responseTimes.complete, { time: twoDays });
        await page.getByTestId('creator-availability').getByText(complete).waitFor();
        expect(await chips.getByText(fill(t.trust.reliability.median, { time: twoDays })).count()).toBe(0);
        await screenshot(page, 'reliability-creator-page', language);
        if (language === 'ko') {
          await page.goto(url('/creator-search'));
          await page.getByRole('button', { name: t.creatorSearch.sort.recommended }).click();
          // The sort is shown (the router renders the new address in a transition): until then the newest list,
          // which holds the same card, is still on the page.
          await page.getByRole('button', { name: t.creatorSearch.sort.recommended, pressed: true }).waitFor();
          const first = page
            .getByRole('main')
            .getByRole('link')
            .filter({ has: page.getByText(`Punctual ${suffix}`) });
          // The search's card has no response times line: its chips keep the median time.
          await first
            .getByTestId('creator-reliability')
            .getByText(fill(t.trust.reliability.median, { time: twoDays }))
            .waitFor();
          const cards = await page.getByRole('main').getByRole('link').allInnerTexts();
          const ours = cards.filter((text) => text.includes(suffix));
          expect(ours[0]).toContain(`Punctual ${suffix}`);
          // A creator with one due mission shows no figures.
          const trusty = page
            .getByRole('main')
            .getByRole('link')
            .filter({ has: page.getByText(`Trusty ${suffix}`) });
          await trusty.waitFor();
          expect(await trusty.getByTestId('creator-reliability').count()).toBe(0);
          await screenshot(page, 'reliability-search', language);
        }
        expect(errors).toEqual([]);
        await page.close();
      }
    },
  );

  test(
    'a fan deletes his account after seeing his coins and the refunds, then signs up again with the e-mail',
    { timeout: 120_000 },
    async () => {
      const email = `leaving-${suffix}@example.com`;
      const leaving = await createAccount(served.testApp.app, { email, username: `leaving${suffix}` });
      await fund(served.testApp.app.db, leaving.id, 50);
      for (const language of ['en', 'ja'] as const) {
        const t = texts[language];
        const { page } = await openPage(language, fanSession(leaving));
        await page.goto(url('/edit-user-profile'));
        await page.getByRole('button', { name: t.trust.deletion.open }).click();
        await page.getByRole('dialog').getByTestId('deletion-coins').waitFor();
        await screenshot(page, 'deletion-dialog', language);
        await page.close();
      }

      const { page, errors } = await openPage('ko', fanSession(leaving), { width: 360, height: 780 });
      await page.goto(url('/edit-user-profile'));
      await page.getByRole('button', { name: ko.trust.deletion.open }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByTestId('deletion-coins')
        .getByText(fill(ko.trust.deletion.coinsTitle, { coins: 50 }))
        .waitFor();
      await dialog.getByRole('link', { name: ko.trust.deletion.refundLink }).waitFor();
      const confirm = dialog.getByRole('button', { name: ko.trust.deletion.confirm });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel(ko.trust.deletion.password).fill('wrong-password');
      await dialog.getByRole('checkbox', { name: ko.trust.deletion.forfeit }).check();
      await screenshot(page, 'deletion-dialog-360', 'ko');
      await confirm.click();
      await dialog.getByText('비밀번호가 일치하지 않습니다.').waitFor();
      await dialog.getByLabel(ko.trust.deletion.password).fill(leaving.password);
      await confirm.click();
      await page.getByRole('alertdialog').getByText(ko.trust.deletion.done).waitFor();
      await page.getByRole('button', { name: ko.common.ok }).click();
      await page.waitForURL((current) => current.pathname === '/');
      expect(await page.evaluate(() => window.localStorage.getItem('UserId'))).toBeNull();

      // Signing up again with the same e-mail works.
      await page.goto(url('/signup-accept-terms'));
      await page.getByRole('checkbox', { name: ko.terms.agreeAll }).check();
      await page.getByRole('button', { name: ko.common.next }).click();
      await page.getByRole('heading', { name: ko.signUp.title }).waitFor();
      const field = (label: string) =>
        page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`));
      await field(ko.signUp.nickname).fill('돌아온팬');
      await field(ko.signUp.email).fill(email);
      await field(ko.signUp.password).fill('journey123');
      await field(ko.signUp.passwordConfirm).fill('journey123');
      await field(ko.signUp.birthDate).fill('2000-05-05');
      await page.getByRole('button', { name: ko.signUp.submit }).click();
      await page.getByRole('heading', { name: ko.emailSent.publicTitle }).waitFor();
      const rows = await served.testApp.app.db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', '=', email)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).not.toBe(leaving.id);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  test(
    'a blocked member objects; an operator accepts it in the console and he can log in again',
    { timeout: 120_000 },
    async () => {
      const app = served.testApp.app;
      const blocked = await createAccount(app, { username: `blocked${suffix}`, password: 'blocked-pass1' });
      await app.db
        .updateTable('users')
        .set({ login_blocked_at: new Date(Date.now() - 2 * DAY), login_block_reason: '광고성 댓글 반복' })
        .where('id', '=', blocked.id)
        .execute();
      // His login is refused with the reason and a link to the objection form, which has his e-mail already.
      const member = await openPage('ko');
      await member.page.goto(url('/login?view=email'));
      const field = (label: string) => member.page.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));
      await field(ko.login.email).fill(blocked.email);
      await field(ko.login.password).fill('blocked-pass1');
      await member.page.getByRole('button', { name: ko.login.submit, exact: true }).click();
      const refusal = member.page.getByRole('alert').filter({ hasText: '로그인이 제한된 계정입니다' });
      await refusal.getByRole('link', { name: ko.blockObjection.link }).click();
      await member.page.waitForURL((current) => current.pathname === '/block-objection');
      const objection = member.page.getByRole('form', { name: ko.blockObjection.title });
      expect(await objection.getByRole('textbox', { name: ko.blockObjection.email }).inputValue()).toBe(blocked.email);
      await objection.getByRole('button', { name: ko.blockObjection.submit }).click();
      // The form's validation runs after the click returns: its messages are counted once they show.
      await expect.poll(() => objection.getByText(ko.validation.required).count()).toBe(2);
      await objection.getByLabel(ko.blockObjection.password).fill('blocked-pass1');
      // Before he writes, he learns why and since when he is blocked, and until when he may object.
      await objection.getByRole('button', { name: ko.blockObjection.showBlock }).click();
      const block = member.page.getByRole('region', { name: ko.blockObjection.blockTitle });
      await block.getByText(ko.blockObjection.blockReason.replace('{{reason}}', '광고성 댓글 반복')).waitFor();
      await block.getByText(/^제한일: \d{4}\.\d{2}\.\d{2}$/).waitFor();
      await block.getByText(/^이의 신청 기한: \d{4}\.\d{2}\.\d{2}까지$/).waitFor();
      await objection.getByRole('textbox', { name: ko.blockObjection.reason }).fill(`Not me ${suffix}`);
      await screenshot(member.page, 'block-objection', 'ko');
      await member.page.setViewportSize({ width: 360, height: 780 });
      await screenshot(member.page, 'block-objection-360', 'ko');
      expect(await axeViolations(member.page)).toEqual([]);
      expect((await member.page.evaluate(measureLayout)).overflow).toEqual([]);
      await objection.getByRole('button', { name: ko.blockObjection.submit }).click();
      await member.page
        .getByRole('status')
        .getByText(/이의 신청이 접수되었습니다/)
        .waitFor();
      expect(member.errors).toEqual([]);
      await member.page.close();

      const operator = await createAccount(app, { roles: ['ROLE_OPERATOR'], password: 'operator-pass1' });
      const { page, errors } = await openPage('ko');
      await page.goto(url('/admin/'));
      await page.locator('input[name="username"]').fill(operator.email);
      await page.locator('input[name="password"]').fill('operator-pass1');
      await page.getByRole('button', { name: '로그인' }).click();
      await page.waitForURL((current) => current.pathname === '/admin/' || current.pathname === '/admin');
      await page.goto(url('/admin/block-objections'));
      const row = page.getByRole('row').filter({ hasText: `Not me ${suffix}` });
      await row.waitFor();
      await screenshot(page, 'console-objections', 'ko');
      await row.getByRole('button', { name: consoleKo.console.actions.approve }).click();
      // Accepting asks first, naming the member whose block it lifts.
      await page.getByRole('dialog').getByRole('button', { name: raKorean.ra.action.confirm }).click();
      await expect
        .poll(async () => {
          const user = await app.db
            .selectFrom('users')
            .select('login_blocked_at')
            .where('id', '=', blocked.id)
            .executeTakeFirstOrThrow();
          return user.login_blocked_at;
        })
        .toBeNull();
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: blocked.email, password: 'blocked-pass1' },
      });
      expect(login.statusCode).toBe(200);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
