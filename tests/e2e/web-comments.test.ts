// Comments on the mission detail, over the real API in a browser: a fan comments, the creator replies, the fan likes
// the reply, another fan reports it and sees the blocked message, the author edits and deletes his own comment; a
// comment during a 100 % comment coin event shows the win and the coins appear in the coin history; the best
// comments on browse missions; the login gate. Screenshots land in
// tests/artifacts/screenshots/web-comments-<screen>-<lang>.png and are looked at.
import type { MissionProduct } from '@fanmission/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct, uploadFile } from '@fanmission/tests/support/missions';
import { PNG_1X1 } from '@fanmission/tests/support/files';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot, useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { sessionState } from '../support/browser';
import { expectAccessibleDialog } from '../support/web-a11y';

const LANGUAGES = ['ko', 'en', 'ja'] as const;
type Language = (typeof LANGUAGES)[number];
const text = (language: Language) => resources[language].translation;

const sessionOf = (account: TestAccount) => ({
  token: `Bearer ${account.token}`,
  UserId: String(account.id),
  IsVerified: 'true',
});

describe('web app: mission comments', () => {
  const served = useServedApp();
  const browser = useBrowser();
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);

  let creator: TestCreator;
  let fan: TestAccount;
  let otherFan: TestAccount;
  let winner: TestAccount;
  let operator: TestAccount;
  let product: MissionProduct;
  let missionId: number;

  async function open(language: Language, account?: TestAccount, viewport = { width: 1280, height: 900 }) {
    // The session is the new context's storage from the start (no page of the app loaded to write it).
    const storageState = sessionState(served.baseUrl, { lang: language, ...(account ? sessionOf(account) : {}) });
    const page = await browser.newPage({ viewport, storageState });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    return { page, errors };
  }

  async function shot(page: Page, name: string, language: Language) {
    await screenshot(page, `web-comments-${name}-${language}.png`);
  }

  async function okAlert(page: Page, language: Language, message: string) {
    await page.getByRole('alertdialog').getByText(message).waitFor();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: text(language).common.ok })
      .click();
  }

  const item = (page: Page, language: Language, username: string) =>
    page.getByRole('listitem', { name: text(language).comments.item.replace('{{user}}', username) });

  beforeAll(async () => {
    const app = served.testApp.app;
    creator = await createCreator(app, { name: `Mira${suffix}` });
    fan = await createAccount(app, { username: `fan${suffix}` });
    otherFan = await createAccount(app, { username: `other${suffix}` });
    winner = await createAccount(app, { username: `lucky${suffix}` });
    operator = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
    product = await registerProduct(app, creator, { type: 'BASIC', name: 'Birthday song' });
    const picture = await uploadFile(app, creator, PNG_1X1, 'answer.png');
    missionId = (
      await insertMission(app, product, {
        user_id: fan.id,
        status: 'COMPLETED',
        picture_file_id: picture.id,
        thumbnail_file_id: picture.id,
      })
    ).id;
  });

  test(
    'fan comments, creator replies, fan likes the reply, another fan reports it, the author edits and deletes',
    { timeout: 120_000 },
    async () => {
      const ko = text('ko');
      // The login gate.
      {
        const { page } = await open('ko');
        await page.goto(url(`/mission-detail/${missionId}`));
        await page.getByRole('button', { name: ko.comments.submit, exact: true }).click();
        await okAlert(page, 'ko', ko.comments.mustLogin);
        await page.waitForURL('**/login');
        await page.close();
      }
      // The fan comments (the counter follows) and sees an empty comment refused.
      {
        const { page, errors } = await open('ko', fan);
        await page.goto(url(`/mission-detail/${missionId}`));
        await page.getByText(ko.discover.empty.comments).waitFor();
        await page.getByRole('button', { name: ko.comments.submit, exact: true }).click();
        await okAlert(page, 'ko', ko.comments.enterComment);
        await page.getByRole('textbox', { name: ko.comments.placeholder }).fill('노래 너무 좋아요!');
        await page.getByText('10/200').waitFor();
        await page.getByRole('button', { name: ko.comments.submit, exact: true }).click();
        await item(page, 'ko', `fan${suffix}`).getByText('노래 너무 좋아요!').waitFor();
        expect(errors).toEqual([]);
        await page.close();
      }
      // The creator replies; his reply carries the creator icon.
      {
        const { page, errors } = await open('ko', creator);
        await page.goto(url(`/mission-detail/${missionId}`));
        const comment = item(page, 'ko', `fan${suffix}`);
        await comment.getByRole('button', { name: ko.comments.reply, exact: true }).click();
        await comment.getByRole('textbox', { name: ko.comments.replyPlaceholder }).fill('고마워요!');
        await comment.getByRole('button', { name: ko.comments.replySubmit }).click();
        const reply = item(page, 'ko', `Mira${suffix}`);
        await reply.getByText('고마워요!').waitFor();
        await reply.getByRole('img', { name: ko.comments.creator }).waitFor();
        expect(errors).toEqual([]);
        await page.close();
      }
      // The fan opens the replies and likes the creator's reply.
      {
        const { page, errors } = await open('ko', fan);
        await page.goto(url(`/mission-detail/${missionId}`));
        await page.getByRole('button', { name: ko.comments.showReplies.replace('{{count}}', '1') }).click();
        const reply = item(page, 'ko', `Mira${suffix}`);
        await reply.getByRole('button', { name: ko.comments.like, exact: true }).click();
        await reply.getByRole('button', { name: ko.comments.unlike }).waitFor();
        // The count follows the server's answer, which may come after the button has turned.
        await expect.poll(() => reply.getByLabel(ko.comments.likes).textContent()).toBe('1');
        await shot(page, 'thread', 'ko');
        expect(errors).toEqual([]);
        await page.close();
      }
      // Another fan reports the reply and sees the blocked message; he can take it back.
      {
        const { page, errors } = await open('ko', otherFan);
        await page.goto(url(`/mission-detail/${missionId}`));
        await page.getByRole('button', { name: ko.comments.showReplies.replace('{{count}}', '1') }).click();
        const reply = item(page, 'ko', `Mira${suffix}`);
        // The reason is asked; "other" needs his words.
        await reply.getByRole('button', { name: ko.comments.report, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: ko.comments.reportTitle });
        await dialog.getByRole('button', { name: ko.comments.report }).click();
        await dialog.getByText(ko.comments.reportReasonRequired).waitFor();
        await dialog.getByRole('radio', { name: ko.comments.reportReasons.OTHER }).check();
        await dialog.getByRole('button', { name: ko.comments.report }).click();
        await dialog.getByText(ko.comments.reportDetailRequired).waitFor();
        await dialog.getByRole('textbox', { name: ko.comments.reportDetailRequiredLabel }).fill('다른 사람을 사칭해요');
        await shot(page, 'report-dialog', 'ko');
        await page.setViewportSize({ width: 360, height: 780 });
        await shot(page, 'report-dialog-360', 'ko');
        await page.setViewportSize({ width: 1280, height: 900 });
        await dialog.getByRole('button', { name: ko.comments.report }).click();
        await okAlert(page, 'ko', ko.comments.reported);
        await reply.getByText(ko.comments.blockedMessage).waitFor();
        expect(await reply.getByText('고마워요!').count()).toBe(0);
        await shot(page, 'blocked', 'ko');
        await reply.getByRole('button', { name: ko.comments.cancelReport }).click();
        await okAlert(page, 'ko', ko.comments.reportCancelled);
        await reply.getByText('고마워요!').waitFor();
        await reply.getByRole('button', { name: ko.comments.report, exact: true }).click();
        await dialog.getByRole('radio', { name: ko.comments.reportReasons.SPAM }).check();
        await dialog.getByRole('button', { name: ko.comments.report }).click();
        await okAlert(page, 'ko', ko.comments.reported);
        expect(errors).toEqual([]);
        await page.close();
      }
      // The fan edits his comment; deleting it is refused while it has a reply (409); a new one he deletes.
      {
        const { page, errors } = await open('ko', fan);
        await page.goto(url(`/mission-detail/${missionId}`));
        const comment = item(page, 'ko', `fan${suffix}`);
        await comment.getByRole('button', { name: ko.comments.edit, exact: true }).click();
        await comment.getByRole('textbox', { name: ko.comments.editLabel }).fill('노래 정말 최고예요!');
        await comment.getByRole('button', { name: ko.common.save }).click();
        await okAlert(page, 'ko', ko.comments.edited);
        await comment.getByText('노래 정말 최고예요!').waitFor();
        await comment.getByText(ko.comments.editedMark).waitFor();

        await comment.getByRole('button', { name: ko.comments.delete, exact: true }).first().click();
        await page.getByRole('dialog').getByText(ko.comments.confirmDelete).waitFor();
        await page.getByRole('dialog').getByRole('button', { name: ko.common.ok }).click();
        await okAlert(page, 'ko', "Can't Remove Comment");

        await page.getByRole('textbox', { name: ko.comments.placeholder }).fill('지울 댓글');
        await page.getByRole('button', { name: ko.comments.submit, exact: true }).click();
        await page.getByText('지울 댓글').waitFor();
        const doomed = page.getByRole('listitem').filter({ hasText: '지울 댓글' });
        await doomed.getByRole('button', { name: ko.comments.delete, exact: true }).click();
        await page.getByRole('dialog').getByRole('button', { name: ko.common.ok }).click();
        await okAlert(page, 'ko', ko.comments.deleted);
        await page.waitForFunction(() => !document.body.innerText.includes('지울 댓글'));
        expect(errors).toEqual([]);
        await page.close();
      }
    },
  );

  test(
    'a comment during a 100 % coin event shows the win, and the coins are in the coin history',
    { timeout: 180_000 },
    async () => {
      const start = await served.testApp.app.inject({
        method: 'POST',
        url: '/api/admin/comment-events',
        headers: operator.headers,
        payload: {
          title: 'Comment festival',
          startsAt: new Date(Date.now() - 3_600_000).toISOString(),
          endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          winProbability: 100,
          coinsPerWin: 30,
          dailyBudget: 1000,
        },
      });
      expect(start.statusCode, start.body).toBe(200);
      const ko = text('ko');
      const { page, errors } = await open('ko', winner);
      await page.goto(url(`/mission-detail/${missionId}`));
      // The event is told beside the comment box, at 1280 and at 360 px.
      const hint = page.getByTestId('comment-event');
      await hint.getByText('Comment festival', { exact: false }).waitFor();
      expect(await hint.textContent()).toContain('100%');
      await hint.scrollIntoViewIfNeeded();
      await shot(page, 'event-hint', 'ko');
      await page.setViewportSize({ width: 360, height: 800 });
      await hint.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shot(page, 'event-hint-360', 'ko');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('textbox', { name: ko.comments.placeholder }).fill('이벤트 참여합니다!');
      await page.getByRole('button', { name: ko.comments.submit, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: ko.comments.winTitle });
      await dialog.getByText(ko.comments.winCoins.replace('{{coins}}', '30')).waitFor();
      await shot(page, 'win', 'ko');
      await dialog.getByRole('link', { name: ko.comments.winHistory }).click();
      await page.waitForURL('**/coin-history');
      await page.getByRole('cell', { name: ko.coinHistory.earnBonus }).waitFor();
      await page.getByRole('cell', { name: ko.coinHistory.eventType.EARN, exact: true }).first().waitFor();
      await shot(page, 'win-coin-history', 'ko');
      expect(errors).toEqual([]);
      await page.close();

      // The win dialog on a phone in ko, en and ja: one more winner each (a member wins once a day).
      for (const language of LANGUAGES) {
        const t = text(language);
        const account = await createAccount(served.testApp.app, { username: `${language}win${suffix}` });
        const view = await open(language, account, { width: 360, height: 800 });
        await view.page.goto(url(`/mission-detail/${missionId}`));
        await view.page.getByRole('textbox', { name: t.comments.placeholder }).fill(`Win ${language}`);
        await expectAccessibleDialog(view.page, {
          name: 'comment-win',
          language,
          open: async () => {
            await view.page.getByRole('button', { name: t.comments.submit, exact: true }).click();
            await view.page.getByRole('dialog', { name: t.comments.winTitle }).waitFor();
          },
        });
        expect(view.errors).toEqual([]);
        await view.page.close();
      }
    },
  );

  test('screens in ko, en and ja, and at 360 px; best comments on browse missions', { timeout: 90_000 }, async () => {
    for (const language of LANGUAGES) {
      const t = text(language);
      const { page, errors } = await open(language, fan);
      await page.goto(url(`/mission-detail/${missionId}`));
      await page.getByRole('list', { name: t.comments.list }).waitFor();
      await shot(page, 'panel', language);
      await page.goto(url('/browse-missions'));
      await page.getByRole('heading', { name: t.comments.bestTitle }).waitFor();
      await shot(page, 'best', language);
      expect(errors).toEqual([]);
      await page.close();
    }
    const { page, errors } = await open('ko', otherFan, { width: 360, height: 780 });
    await page.goto(url(`/mission-detail/${missionId}`));
    await page.getByRole('list', { name: text('ko').comments.list }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('list', { name: text('ko').comments.list }).scrollIntoViewIfNeeded();
    await shot(page, 'panel-360', 'ko');
    expect(errors).toEqual([]);
    await page.close();
  });
});
