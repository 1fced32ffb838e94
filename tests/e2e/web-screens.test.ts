// Every screen of the web app's part 1 in ko, en and ja, saved under tests/artifacts/screenshots/web-<screen>-<lang>.png
// (looked at by a person; the test itself checks each screen's heading in its language and that no script failed).
import { describe, expect, test } from 'vitest';
import { resources, type Messages } from '../../web/src/shared/i18n/resources';
import { createAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { fanSession, useWebPages } from '../support/browser';

const LANGUAGES = ['ko', 'en', 'ja'] as const;

describe('web app screens', () => {
  const served = useServedApp();
  // A longer pause before each screenshot lets dialog and menu transitions finish.
  const { openPage, screenshot } = useWebPages(served, 'web');
  const url = (path: string) => `${served.baseUrl}${path}`;

  for (const language of LANGUAGES) {
    const t: Messages = resources[language].translation;

    test(`public and logged-out screens in ${language}`, { timeout: 120_000 }, async () => {
      const { page, errors } = await openPage(language);
      const visit = async (path: string, name: string, heading: string) => {
        await page.goto(url(path));
        await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
        await screenshot(page, name, language);
      };
      await visit('/', 'landing', t.landing.headline);
      await visit('/sns-login', 'sns-login', t.snsLogin.title);
      await visit('/login?view=email', 'email-login', t.login.title);
      await visit('/sns-login?error=access_denied', 'sns-login-error', t.snsLogin.title);
      await visit('/forgot-password', 'forgot-password', t.forgotPassword.title);
      await visit('/password-reset#code=some-code', 'password-reset', t.password.resetTitle);
      await visit('/signup-accept-terms', 'accept-terms', t.terms.title);
      await page.getByRole('button', { name: `${t.terms.service} ${t.terms.detail}` }).click();
      await page.getByRole('dialog').getByRole('heading', { name: t.legal.titles.terms }).waitFor();
      await screenshot(page, 'accept-terms-modal', language);
      await page.getByRole('dialog').getByRole('button', { name: t.common.close }).click();
      await page.getByRole('checkbox', { name: t.terms.agreeAll }).check();
      await page.getByRole('button', { name: t.common.next }).click();
      await page.getByRole('heading', { name: t.signUp.title }).waitFor();
      await page.getByRole('button', { name: t.signUp.submit }).click();
      await page.getByText(t.validation.required).first().waitFor();
      await screenshot(page, 'sign-up-errors', language);
      for (const view of [
        ['forgot-password-email', t.emailSent.forgotTitle],
        ['success-creator-user', t.emailSent.creatorTitle],
        ['success-public-user', t.emailSent.publicTitle],
        ['suggest-user-authentication', t.emailSent.suggestTitle],
      ] as const) {
        await visit(`/email-sent?view=${view[0]}`, `email-sent-${view[0]}`, view[1]);
      }
      await visit(
        '/email-sent/success-auth-public-user',
        'email-sent-success-auth-public-user',
        t.emailSent.authDoneTitle,
      );
      await visit('/faq', 'faq', t.faq.title);
      await visit('/provideterms', 'legal-terms', t.legal.titles.terms);
      await visit('/privacyTerms', 'legal-privacy', t.legal.titles.privacy);
      await visit('/operating-policies', 'legal-operating', t.legal.titles.operating);
      await visit('/collectterms', 'legal-collect', t.legal.titles.collect);
      await visit('/browse-missions', 'browse-missions', t.browseMissions.title);
      await visit('/signup-for-creator', 'creator-sign-up', t.creatorStudio.signUp.title);
      await visit('/no/such/page', 'not-found', t.notFound.title);

      await page.goto(url('/'));
      await page.getByRole('button', { name: t.footer.contact }).click();
      await page.getByRole('alertdialog').getByText(t.footer.contactAlert).waitFor();
      await screenshot(page, 'contact-alert', language);
      await page.getByRole('button', { name: t.common.ok }).click();
      await page.getByRole('button', { name: new RegExp(`^${t.language.label}: `) }).click();
      await page.getByRole('menuitem', { name: 'JAPANESE' }).waitFor();
      await screenshot(page, 'language-menu', language);
      await page.keyboard.press('Escape');
      // Scrolled on a page surely longer than the screen (the terms): the landing page's lists may still be loading.
      // The title shows at once and the body when its version is read: the scroll waits for a page it can move.
      await page.goto(url('/provideterms'));
      await page.getByRole('heading', { name: t.legal.titles.terms, exact: true }).first().waitFor();
      await page.waitForFunction(() => document.documentElement.scrollHeight > window.innerHeight + 300);
      await page.evaluate(() => window.scrollTo(0, 300));
      await page.waitForSelector('header[data-scrolled="true"]');
      await screenshot(page, 'header-scrolled', language);
      expect(errors).toEqual([]);
    });

    test(`fan screens in ${language}`, { timeout: 90_000 }, async () => {
      const fan = await createAccount(served.testApp.app, { username: `fan-${language}` });
      const { page, errors } = await openPage(language, { ...fanSession(fan), UserName: `fan-${language}` });
      await page.goto(url('/user-mypage'));
      await page.getByRole('heading', { name: t.myPage.title }).waitFor();
      await page.getByText(t.myPage.empty.follow).waitFor();
      await screenshot(page, 'my-page', language);
      await page.getByRole('tab', { name: t.myPage.tabs.completed }).click();
      await page.getByText(t.myPage.empty.completed).waitFor();
      await screenshot(page, 'my-page-completed', language);
      await page.getByRole('button', { name: t.myPage.changeToCreator }).click();
      await page.getByRole('dialog').getByRole('heading', { name: t.myPage.switchTitle }).waitFor();
      await screenshot(page, 'my-page-switch-modal', language);
      await page.getByRole('button', { name: t.common.cancel }).click();
      await page.getByRole('button', { name: t.header.userMenu }).click();
      await page.getByRole('menuitem', { name: t.header.logout }).waitFor();
      await screenshot(page, 'fan-menu', language);
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: t.myPage.editProfile }).click();
      await page.getByRole('heading', { name: t.editProfile.title }).waitFor();
      await screenshot(page, 'edit-profile', language);
      await page.getByRole('link', { name: t.editProfile.passwordChange }).click();
      await page.getByRole('heading', { name: t.password.changeTitle }).waitFor();
      await screenshot(page, 'password-change', language);
      expect(errors).toEqual([]);
    });
  }
});
