// Browser journeys of the account screens in a real Chromium against the real API serving the built app.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createDevMailbox } from '@fanmission/services/mail';
import type { sandboxSmsProvider } from '@fanmission/services/sms';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import {
  collectPageErrors,
  creatorSession,
  fanSession,
  screenshot,
  storeSession,
  untilStill,
  useBrowser,
} from '../support/browser';
import { multipartForm } from '../support/files';

const ko = resources.ko.translation;
const en = resources.en.translation;
const ja = resources.ja.translation;

const mailbox = createDevMailbox({ from: 'Fanmission <no-reply@fanmission.local>' });

/** The newest mail to `to`, and the first link in it that contains `pathPart`. */
function linkFromMail(to: string, pathPart: string): string {
  const mail = mailbox.list().find((entry) => entry.to.includes(to));
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = mail.text.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in the mail to ${to}: ${mail.text}`);
  return link;
}

/** A form field by its label; required fields carry a ' *' in their accessible name. */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

describe('web app: accounts', () => {
  const served = useServedApp({ mailer: mailbox });
  const browser = useBrowser();
  const url = (path: string) => `${served.baseUrl}${path}`;

  async function pathOf(page: Page, expected: string) {
    await page.waitForURL((current) => current.pathname === expected);
    return new URL(page.url()).pathname;
  }

  async function loginWithEmail(page: Page, email: string, password: string, texts = ko) {
    await page.goto(url('/login?view=email'));
    await field(page, texts.login.email).fill(email);
    await field(page, texts.login.password).fill(password);
    await page.getByRole('button', { name: texts.login.submit, exact: true }).click();
  }

  test('sign up, verify from the mailbox, log in and land on my page', { timeout: 90_000 }, async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    const email = `journey-${Date.now()}@example.com`;

    await page.goto(url('/sns-login'));
    await page.getByRole('link', { name: ko.snsLogin.emailLogin }).click();
    await page.getByRole('link', { name: ko.login.signUp }).click();
    expect(await pathOf(page, '/signup-accept-terms')).toBe('/signup-accept-terms');

    const next = page.getByRole('button', { name: ko.common.next });
    // The warning waits for Next (looked for once the terms screen, not the login screen it replaces, is shown).
    await page.getByRole('checkbox', { name: ko.terms.agreeAll }).waitFor();
    expect(await page.getByText(ko.terms.required).count()).toBe(0);
    await next.click();
    await page.getByText(ko.terms.required).waitFor();
    await page.getByRole('checkbox', { name: ko.terms.agreeAll }).check();
    await expect.poll(() => page.getByRole('checkbox', { name: ko.terms.service }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('checkbox', { name: ko.terms.privacy }).isChecked()).toBe(true);
    await next.click();

    await page.getByRole('heading', { name: ko.signUp.title }).waitFor();
    await field(page, ko.signUp.nickname).fill('여정팬');
    await field(page, ko.signUp.email).fill(email);
    await field(page, ko.signUp.password).fill('journey123');
    await field(page, ko.signUp.passwordConfirm).fill('journey124');
    await field(page, ko.signUp.birthDate).fill('2000-05-05');
    await page.getByRole('button', { name: ko.signUp.submit }).click();
    await page.getByText(ko.signUp.passwordsDoNotMatch).waitFor();

    await field(page, ko.signUp.passwordConfirm).fill('journey123');
    await field(page, ko.signUp.phone).fill('010-1234 5678');
    expect(await field(page, ko.signUp.phone).inputValue()).toBe('01012345678');
    await page.getByRole('button', { name: ko.signUp.submit }).click();

    await page.getByRole('heading', { name: ko.emailSent.publicTitle }).waitFor();
    expect(new URL(page.url()).search).toBe('?view=success-public-user');
    // The resend button works with the token the sign-up obtained (navigation state).
    await page.getByRole('button', { name: ko.emailSent.resend }).click();
    await page.getByRole('alertdialog').getByText(ko.emailSent.resendDone).waitFor();
    await page.getByRole('button', { name: ko.common.ok }).click();

    // The mail's link signs the new member in: no e-mail and password to type again.
    const link = linkFromMail(email, '/email-verification#token=');
    await page.goto(link);
    await page.getByRole('heading', { name: ko.emailSent.authDoneTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/email-sent/success-auth-public-user');
    await page.getByText(ko.emailSent.signedInBody.replace('{{name}}', '여정팬')).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: ko.emailSent.login }).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: ko.emailSent.start }).click();
    expect(await pathOf(page, '/')).toBe('/');
    await page.goto(url('/user-mypage'));
    expect(await pathOf(page, '/user-mypage')).toBe('/user-mypage');

    // The same link opened again, in another browser: it is spent, signs nobody in and says so.
    const elsewhere = await browser.newPage();
    await elsewhere.goto(link);
    await elsewhere.getByRole('heading', { name: ko.emailSent.alreadyVerifiedTitle }).waitFor();
    await elsewhere.getByRole('main').getByRole('link', { name: ko.emailSent.login }).waitFor();
    expect((await elsewhere.context().cookies()).find((cookie) => cookie.name === 'fm_session')).toBeUndefined();
    expect(await elsewhere.evaluate(() => window.localStorage.getItem('UserId'))).toBeNull();
    await elsewhere.context().close();
    await page.getByRole('heading', { name: '여정팬' }).waitFor();
    await page.getByText(email).waitFor();
    await page.getByText(`${ko.myPage.coins}: 0코인`).waitFor();
    await page.getByRole('tab', { name: ko.myPage.tabs.follow }).waitFor();
    await page.getByText(ko.myPage.empty.follow).waitFor();
    expect(await page.getByRole('tab', { name: ko.myPage.tabs.rejected }).count()).toBe(0);
    const session = await page.evaluate(() => ({ ...window.localStorage }));
    expect(session).toMatchObject({ UserName: '여정팬', IsVerified: 'true' });
    // The session is the HttpOnly cookie: nothing the page's scripts can read holds the token.
    expect(session.token).toBeUndefined();
    expect(session.UserId).toMatch(/^\d+$/);
    expect(await page.evaluate(() => document.cookie)).not.toContain('fm_session');
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'fm_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api',
    });
    expect(session.CreatorId).toBeUndefined();
    await screenshot(page, 'web-journey-my-page-ko.png');
    expect(errors).toEqual([]);
  });

  test('an unverified account is sent to the verification suggestion after login', async () => {
    const page = await browser.newPage();
    const account = await createAccount(served.testApp.app, { roles: ['ROLE_UNVERIFIED'] });
    await loginWithEmail(page, account.email, account.password);
    await page.getByRole('heading', { name: ko.emailSent.suggestTitle }).waitFor();
    expect(new URL(page.url()).search).toBe('?view=suggest-user-authentication');
    expect(await page.evaluate(() => window.localStorage.getItem('IsVerified'))).toBe('false');
  });

  test('a wrong password shows the login failure message, in ko and in en', async () => {
    const page = await browser.newPage();
    const account = await createAccount(served.testApp.app);
    await loginWithEmail(page, account.email, 'not-the-password1');
    await page.getByText(ko.login.failed).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
    await loginWithEmail(page, account.email, 'not-the-password1', en);
    await page.getByText(en.login.failed).waitFor();
  });

  test('the login button stays disabled until e-mail and password are filled', async () => {
    const page = await browser.newPage();
    await page.goto(url('/login?view=email'));
    const submit = page.getByRole('button', { name: ko.login.submit, exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await field(page, ko.login.email).fill('a@example.com');
    expect(await submit.isDisabled()).toBe(true);
    await field(page, ko.login.password).fill('x');
    await expect.poll(() => submit.isDisabled()).toBe(false);
  });

  test('forgot password, reset from the mailed link, log in with the new password', { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    const account = await createAccount(served.testApp.app);

    await page.goto(url('/forgot-password'));
    await field(page, ko.forgotPassword.email).fill('nobody@example.com');
    await page.getByRole('button', { name: ko.forgotPassword.submit }).click();
    await page.getByText(ko.forgotPassword.mismatch).waitFor();

    await field(page, ko.forgotPassword.email).fill(account.email);
    await page.getByRole('button', { name: ko.forgotPassword.submit }).click();
    await page.getByRole('heading', { name: ko.emailSent.forgotTitle }).waitFor();

    await page.goto(linkFromMail(account.email, '/password-reset#code='));
    const submit = page.getByRole('button', { name: ko.password.submit });
    // The page took the code out of the address bar (no copy in the history); it goes in the PUT's body.
    await expect.poll(() => page.url()).not.toContain('code=');
    expect(await submit.isDisabled()).toBe(true);
    await field(page, ko.password.new).fill('newpass123');
    await field(page, ko.password.confirm).fill('newpass124');
    await submit.click();
    await page.getByText(ko.password.notIdentical).waitFor();
    await field(page, ko.password.new).fill('short');
    await field(page, ko.password.confirm).fill('short');
    await submit.click();
    await page.getByText(ko.auth.passwordFormat).waitFor();
    await field(page, ko.password.new).fill('newpass123');
    await field(page, ko.password.confirm).fill('newpass123');
    await submit.click();
    await page.getByRole('alertdialog').getByText(ko.password.changed).waitFor();
    await page.getByRole('button', { name: ko.common.ok }).click();
    expect(await pathOf(page, '/login')).toBe('/login');

    await field(page, ko.login.email).fill(account.email);
    await field(page, ko.login.password).fill('newpass123');
    await page.getByRole('button', { name: ko.login.submit, exact: true }).click();
    expect(await pathOf(page, '/user-mypage')).toBe('/user-mypage');
  });

  test('the reset page without a code alerts abnormal access and goes home', async () => {
    const page = await browser.newPage();
    await page.goto(url('/password-reset'));
    await page.getByRole('alertdialog').getByText(ko.common.abnormalAccess).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('password change checks the current password; it opens from a bookmark or a reload too', async () => {
    const page = await browser.newPage();
    const account = await createAccount(served.testApp.app, { password: 'current123' });
    await loginWithEmail(page, account.email, 'current123');
    await pathOf(page, '/user-mypage');

    // Typed or reloaded: the signed-in member's own page, no 'abnormal access'.
    await page.goto(url('/password-change'));
    await page.getByRole('heading', { name: ko.password.changeTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/password-change');
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    await page.goto(url('/edit-user-profile'));
    await page.getByRole('link', { name: ko.editProfile.passwordChange }).click();
    await page.getByRole('heading', { name: ko.password.changeTitle }).waitFor();
    await field(page, ko.password.current).fill('wrong12345');
    await field(page, ko.password.new).fill('changed123');
    await field(page, ko.password.confirm).fill('changed123');
    await page.getByRole('button', { name: ko.password.submit }).click();
    await page.getByText(ko.password.existingMismatch).waitFor();
    await field(page, ko.password.current).fill('current123');
    await page.getByRole('button', { name: ko.password.submit }).click();
    await page.getByRole('alertdialog').getByText(ko.password.changed).waitFor();
  });

  test('edit profile requires a nickname and saves the profile', async () => {
    const page = await browser.newPage();
    const account = await createAccount(served.testApp.app, { username: 'before' });
    await loginWithEmail(page, account.email, account.password);
    await pathOf(page, '/user-mypage');
    await page.getByRole('link', { name: ko.myPage.editProfile }).click();
    const nickname = field(page, ko.signUp.nickname);
    await nickname.fill('   ');
    await page.getByRole('button', { name: ko.editProfile.save }).click();
    await page.getByText(ko.validation.nicknameRequired).waitFor();
    await nickname.fill('after');
    await page.getByRole('button', { name: ko.editProfile.save }).click();
    await page.getByRole('alertdialog').getByText(ko.editProfile.saved).waitFor();
    await page.getByRole('alertdialog').getByRole('button').first().click();
    expect(await page.evaluate(() => window.localStorage.getItem('UserName'))).toBe('after');

    // The mobile number: a code texted to it (the SMS sandbox), typed back, confirms it.
    const phone = `0109${String(Date.now()).slice(-7)}`;
    await field(page, ko.notificationSettings.phone.number).fill(phone);
    await page.getByRole('button', { name: ko.notificationSettings.phone.send }).click();
    const codeField = field(page, ko.notificationSettings.phone.code);
    await codeField.waitFor();
    const sms = served.testApp.app.ctx.sms as ReturnType<typeof sandboxSmsProvider>;
    const code = /\[(\d{6})\]/.exec(sms.sent().find((message) => message.to === phone)?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: '/work/shots/phone-confirm/edit-profile-code-ko-1280.png', fullPage: true });
    await codeField.fill(code!);
    await page.getByRole('button', { name: ko.notificationSettings.phone.confirm }).click();
    await page.getByText(ko.notificationSettings.phone.done).waitFor();
    await page.screenshot({ path: '/work/shots/phone-confirm/edit-profile-confirmed-ko-1280.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: '/work/shots/phone-confirm/edit-profile-confirmed-ko-360.png', fullPage: true });
    const stored = await served.testApp.app.db
      .selectFrom('users')
      .select(['username', 'phone'])
      .select((eb) => eb('phone_confirmed_at', 'is not', null).as('confirmed'))
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ username: 'after', phone, confirmed: true });
  });

  test('a mail’s unsubscribe link opened in the browser asks first; its button turns the topic’s mails off', async () => {
    const page = await browser.newPage();
    const account = await createAccount(served.testApp.app);
    const token = createHash('sha256').update(`unsubscribe-${account.id}`).digest('base64url');
    await served.testApp.app.db
      .insertInto('mail_unsubscribe_tokens')
      .values({ user_id: account.id, topic: 'COMMENTS', token })
      .execute();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url(`/api/v1/notification-mail/unsubscribe?token=${token}`));
    const button = page.getByRole('button', { name: '수신 거부하기' });
    await expect.poll(() => button.isVisible()).toBe(true);
    await page.screenshot({ path: '/work/shots/phone-confirm/mail-unsubscribe-ko-1280.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: '/work/shots/phone-confirm/mail-unsubscribe-ko-360.png', fullPage: true });
    const mailOf = async () =>
      (
        await served.testApp.app.db
          .selectFrom('notification_preferences')
          .select('mail')
          .where('user_id', '=', account.id)
          .where('topic', '=', 'COMMENTS')
          .executeTakeFirst()
      )?.mail;
    expect(await mailOf()).toBeUndefined();
    await button.click();
    await page.getByRole('link', { name: '알림 설정 열기' }).waitFor();
    await page.screenshot({ path: '/work/shots/phone-confirm/mail-unsubscribed-ko-360.png', fullPage: true });
    expect(await mailOf()).toBe(false);
  });

  test('my page: the profile photo is uploaded, shown (also in the header) and removed again', async () => {
    const page = await browser.newPage();
    const account = await createAccount(served.testApp.app);
    await loginWithEmail(page, account.email, account.password);
    await pathOf(page, '/user-mypage');
    // Without a photo, the initials (web/src/shared/cards/pictures.tsx) on my page and in the header, no silhouette.
    const photoButton = page.getByRole('button', { name: ko.myPage.photoEdit });
    const photo = photoButton.locator('img');
    const headerPhoto = page.getByRole('button', { name: ko.header.userMenu }).locator('img');
    await photoButton.waitFor();
    expect(await photo.count()).toBe(0);
    expect(await headerPhoto.count()).toBe(0);
    await page
      .getByLabel(ko.myPage.photoChange)
      .setInputFiles(fileURLToPath(new URL('../../web/public/images/profile-noimg.png', import.meta.url)));
    await page.waitForFunction(
      () => window.localStorage.getItem('ImageUrl') !== '/images/profile-noimg.png',
      undefined,
      { timeout: 10_000 },
    );
    const uploaded = await page.evaluate(() => window.localStorage.getItem('ImageUrl'));
    // The header and the page each render the new picture when their own state catches up: wait for both.
    await expect.poll(() => photo.getAttribute('src'), { timeout: 10_000 }).toBe(uploaded);
    await expect.poll(() => headerPhoto.getAttribute('src'), { timeout: 10_000 }).toBe(uploaded);

    await photoButton.click();
    await page.getByRole('menuitem', { name: ko.myPage.photoRemove }).click();
    await page.waitForFunction(() => window.localStorage.getItem('ImageUrl') === '/images/profile-noimg.png');
    await expect.poll(() => headerPhoto.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => photo.count(), { timeout: 10_000 }).toBe(0);
  });

  test('my page: switching to a creator account warns first, then lands on the creator dashboard', async () => {
    const page = await browser.newPage();
    const account = await createAccount(served.testApp.app, { username: 'switcher' });
    await loginWithEmail(page, account.email, account.password);
    await pathOf(page, '/user-mypage');
    await page.getByRole('button', { name: ko.myPage.changeToCreator }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(ko.myPage.switchWarning.replace('{{min}}', '7').replace('{{max}}', '14')).waitFor();
    await dialog.getByRole('button', { name: ko.common.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => window.localStorage.getItem('CreatorId'))).toBeNull();

    await page.getByRole('button', { name: ko.myPage.changeToCreator }).click();
    await dialog.getByRole('button', { name: ko.myPage.switchConfirm }).click();
    expect(await pathOf(page, '/newbie-creator-mypage')).toBe('/newbie-creator-mypage');
    const creator = await served.testApp.app.db
      .selectFrom('creators')
      .select('id')
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(await page.evaluate(() => window.localStorage.getItem('CreatorId'))).toBe(String(creator.id));
    await page.getByRole('button', { name: ko.header.userMenu }).click();
    await page.getByRole('menuitem', { name: ko.header.missionManagement }).waitFor();
    await page.getByRole('menuitem', { name: ko.header.incomeManagement }).waitFor();
  });

  test('guards send each role to / where it may not go', { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    const fan = await createAccount(served.testApp.app);
    const creator = await createAccount(served.testApp.app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    const creatorId = (
      await served.testApp.app.db
        .selectFrom('creators')
        .select('id')
        .where('user_id', '=', creator.id)
        .executeTakeFirstOrThrow()
    ).id;
    const expectPath = async (path: string, expected: string) => {
      await page.goto(url(path));
      await page.waitForURL((current) => current.pathname === expected);
      await page.locator('main').first().waitFor();
      expect(new URL(page.url()).pathname, `${path} → ${expected}`).toBe(expected);
    };

    // Visitor
    for (const path of ['/user-mypage', '/edit-user-profile', '/coin-history', '/creator-registration']) {
      await expectPath(path, '/');
    }
    for (const path of ['/newbie-creator-mypage', '/mission-management', '/password-change', '/notifications']) {
      await expectPath(path, '/');
    }
    for (const path of ['/login', '/sns-login', '/forgot-password', '/signup-accept-terms', '/faq', '/provideterms']) {
      await expectPath(path, path);
    }

    // Verified fan
    await storeSession(page, served.baseUrl, fanSession(fan));
    for (const path of [
      '/login',
      '/sns-login',
      '/forgot-password',
      '/password-reset',
      '/signup-accept-terms',
      '/sign-up',
    ]) {
      await expectPath(path, '/');
    }
    for (const path of [
      '/newbie-creator-mypage',
      '/edit-creator-profile',
      '/adjustment-page',
      '/bank-account-change',
    ]) {
      await expectPath(path, '/');
    }
    await expectPath('/user-mypage', '/user-mypage');
    await expectPath('/notifications', '/notifications');

    // Unverified fan
    await page.evaluate(() => window.localStorage.setItem('IsVerified', 'false'));
    await expectPath('/user-mypage', '/');

    // Creator
    await storeSession(page, served.baseUrl, creatorSession({ ...creator, creatorId }));
    await expectPath('/user-mypage', '/');
    await expectPath('/edit-user-profile', '/');
    // Mission management opens on its Basic list (/mission-management → /normal).
    await expectPath('/mission-management', '/mission-management/normal');
    await expectPath('/newbie-creator-mypage', '/newbie-creator-mypage');
    // The coin charge sends a creator to his own page with the refusal's message.
    await expectPath('/coin-history', `/creator/${creatorId}`);
    await page.getByRole('alertdialog').getByText(ko.coinCharge.creatorsCannotCharge).waitFor();
  });

  test('an invalid token ends the session, keeps language and popup dismissals, and goes to /login', async () => {
    const page = await browser.newPage();
    const fan = await createAccount(served.testApp.app);
    await storeSession(page, served.baseUrl, {
      token: 'Bearer not-a-jwt',
      UserId: String(fan.id),
      IsVerified: 'true',
      lang: 'en',
      'ignore-logged-on-popup': '[5]',
      'ignore-logged-off-popup': '[7]',
    });
    await page.goto(url('/user-mypage'));
    await page.getByRole('alertdialog').getByText(en.session.tokenExpired).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => ({ ...window.localStorage }))).toEqual({
      lang: 'en',
      'ignore-logged-on-popup': '[5]',
      'ignore-logged-off-popup': '[7]',
    });
  });

  test('logout from the fan menu clears the session and returns home', async () => {
    const page = await browser.newPage();
    const account = await createAccount(served.testApp.app);
    await loginWithEmail(page, account.email, account.password);
    await pathOf(page, '/user-mypage');
    await page.getByRole('button', { name: ko.header.userMenu }).click();
    await page.getByRole('menuitem', { name: ko.header.myPage }).waitFor();
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    await page.getByRole('menuitem', { name: ko.header.logout }).click();
    expect(await pathOf(page, '/')).toBe('/');
    await page.getByRole('link', { name: ko.header.login }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    // The server revoked the session too: the old token is refused.
    const me = await served.testApp.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: token! },
    });
    expect(me.statusCode).toBe(401);
  });

  test('the language menu switches to ENGLISH and JAPANESE and reloads', async () => {
    const page = await browser.newPage();
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1, name: ko.landing.headline }).waitFor();
    await page.getByRole('button', { name: `${ko.language.label}: KOREAN` }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'ENGLISH' }).click()]);
    await page.getByRole('heading', { level: 1, name: en.landing.headline }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('en');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.getByRole('button', { name: `${en.language.label}: ENGLISH` }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'JAPANESE' }).click()]);
    await page.getByRole('heading', { level: 1, name: ja.landing.headline }).waitFor();
    await page.getByRole('link', { name: ja.header.login }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('ja');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');

    // The stored value jp (the original client's spelling) means Japanese.
    await page.evaluate(() => window.localStorage.setItem('lang', 'jp'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: ja.landing.headline }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
  });

  test('app mode (app-api=true) hides header and footer and the FAQ title', async () => {
    const page = await browser.newPage();
    await page.goto(url('/faq?app-api=true'));
    await page
      .getByRole('button', { name: ko.faq.liveChat })
      .or(page.getByRole('link', { name: ko.faq.liveChat }))
      .waitFor();
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    expect(await page.getByRole('heading', { name: ko.faq.title }).count()).toBe(0);
    await screenshot(page, 'web-faq-app-mode-ko.png');

    await page.goto(url('/faq?app-api=false'));
    await page.getByRole('heading', { name: ko.faq.title }).waitFor();
    expect(await page.locator('header').count()).toBe(1);
  });

  test('the popup shows once per id and state, closing it stores the dismissal, "not today" hides it until midnight', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const operator = await createAccount(served.testApp.app, { roles: ['ROLE_OPERATOR'] });
    // A tall picture (600 × 1600), as operators upload posters.
    const poster = await sharp({ create: { width: 600, height: 1600, channels: 3, background: '#5b3cc4' } })
      .png()
      .toBuffer();
    const form = await multipartForm('image', poster, 'poster.png');
    const image = await served.testApp.app.inject({
      method: 'POST',
      url: '/api/admin/popups/images',
      headers: { ...form.headers, ...operator.headers },
      payload: form.payload,
    });
    expect(image.statusCode, image.body).toBeLessThan(300);
    const created = await served.testApp.app.inject({
      method: 'POST',
      url: '/api/admin/popups',
      headers: operator.headers,
      payload: {
        title: 'Spring event',
        webImageId: image.json<{ id: number }>().id,
        linkBackgroundColor: '#5b3cc4',
        linkTextColor: '#ffffff',
        linkLoggedOn: '/faq',
        linkLoggedOff: '/login',
        linkTextLoggedOn: 'See the FAQ',
        linkTextLoggedOff: 'Log in to join',
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const popupId = (JSON.parse(created.body) as { id: number }).id;
    await page.goto(url('/'));
    const dialog = page.getByRole('dialog', { name: 'Spring event' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Log in to join' }).waitFor();
    await untilStill(page); // the dialog's fade-in done
    await dialog.getByRole('img', { name: 'Spring event' }).evaluate((img: HTMLImageElement) => img.decode());
    // Under a tall picture the link's button is still in view at 1280 × 900, without scrolling the dialog.
    const button = (await dialog.getByRole('button', { name: 'Log in to join' }).boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(900);
    await screenshot(page, 'web-popup-logged-off-ko.png');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'web-popup-logged-off-ko-360.png');
    await page.setViewportSize({ width: 1280, height: 900 });
    // "Not today": no popup until the next midnight in Korea time, and this one not dismissed.
    const nextKoreanMidnight = (at: number) =>
      `${new Date(at + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)}T00:00:00.000Z`;
    // The click's midnight is the one after the time before it or, if a Korean midnight passed meanwhile, after it.
    const beforeClick = Date.now();
    await dialog.getByRole('button', { name: ko.popup.notToday }).click();
    await dialog.waitFor({ state: 'hidden' });
    const quietUntil = Number(await page.evaluate(() => window.localStorage.getItem('popups-quiet-until')));
    expect([nextKoreanMidnight(beforeClick), nextKoreanMidnight(Date.now())]).toContain(
      new Date(quietUntil + 9 * 3_600_000).toISOString(),
    );
    expect(await page.evaluate(() => window.localStorage.getItem('ignore-logged-off-popup'))).toBeNull();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Loaded and drawn: a popup the app fetched would be on the page by now.
    await untilStill(page);
    expect(await dialog.count()).toBe(0);
    // The next day it shows again; closing it dismisses it for good.
    await page.evaluate(() => window.localStorage.setItem('popups-quiet-until', String(Date.now() - 1)));
    await page.reload();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: ko.popup.close }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => window.localStorage.getItem('ignore-logged-off-popup'))).toBe(`[${popupId}]`);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await untilStill(page);
    expect(await dialog.count()).toBe(0);

    // Logged in, the same popup is shown again (its own state) until its link is followed.
    const fan = await createAccount(served.testApp.app);
    await storeSession(page, served.baseUrl, fanSession(fan));
    await page.goto(url('/'));
    await dialog.getByRole('button', { name: 'See the FAQ' }).click();
    expect(await pathOf(page, '/faq')).toBe('/faq');
    expect(await page.evaluate(() => window.localStorage.getItem('ignore-logged-on-popup'))).toBe(`[${popupId}]`);
  });

  test('social login returns: only this tab’s login code logs in, an error is shown, a provider not configured answers 404', async () => {
    const page = await browser.newPage();
    const fan = await createAccount(served.testApp.app);
    // A session token in the URL (the attacker's link of M1) signs nobody in.
    await page.goto(url(`/sns-login?token=${fan.token}`));
    await page.getByRole('heading', { level: 1 }).waitFor();
    // At rest: a login the page started from the address would have ended by now.
    await untilStill(page);
    const signedIn = async () =>
      (await page.evaluate(() => window.localStorage.getItem('UserId'))) !== null ||
      (await page.context().cookies()).some((cookie) => cookie.name === 'fm_session');
    expect(await signedIn()).toBe(false);

    // A one-time code the callback would have issued for a login this tab started (state kept in sessionStorage).
    const issueCode = async (code: string, clientState: string) => {
      const hash = (value: string) => createHash('sha256').update(value).digest('hex');
      await sql`insert into login_codes (code_hash, user_id, client_state_hash, expires_at)
        values (${hash(code)}, ${fan.id}, ${hash(clientState)}, now() + interval '2 minutes')`.execute(
        served.testApp.database.db,
      );
    };
    // Another tab (the victim's) opening a link with a code of a login it did not start: refused.
    await issueCode('code-of-the-attacker-login', 'attacker-state-0123456789');
    await page.goto(url('/sns-login#login_code=code-of-the-attacker-login'));
    await page.getByText(ko.login.failed).waitFor();
    expect(await signedIn()).toBe(false);

    // This tab started a login (its state kept), then the return opens the page afresh.
    await page.goto(url('/faq'));
    await page.evaluate(() => sessionStorage.setItem('fm.socialLogin.state', 'this-tab-state-0123456789'));
    await issueCode('code-of-this-tab', 'this-tab-state-0123456789');
    await page.goto(url('/sns-login#login_code=code-of-this-tab'));
    expect(await pathOf(page, '/user-mypage')).toBe('/user-mypage');
    // Logged in through the HttpOnly cookie; the page's storage holds who, never the token.
    expect(await page.evaluate(() => window.localStorage.getItem('UserId'))).toBe(String(fan.id));
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'fm_session')?.httpOnly).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('fm.socialLogin.state'))).toBeNull();

    const visitor = await browser.newPage();
    await visitor.goto(url('/sns-login?error=access_denied'));
    await visitor.getByText(ko.snsLogin.failed.replace('{{reason}}', ko.snsLogin.reasons.access_denied)).waitFor();
    await visitor.goto(url('/sns-login#id_token=not-a-real-token&code=abc'));
    await visitor.getByRole('alertdialog').getByText(ko.snsLogin.appleFailed).waitFor();
  });
});
