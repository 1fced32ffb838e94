// @vitest-environment jsdom
// The verification mail's link signs its new member in: he lands on the finished sign-up signed in, and goes on from
// there. A used or expired link signs nobody in and says so.
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readSession, storeLogin } from '../../shared/session/session';
import { currentUser } from '@fanmission/tests/support/web/current-user';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { EmailSentPage } from './email-sent-page';
import { EmailVerificationPage } from './email-verification-page';

const routes = (
  <>
    <Route path="/email-verification" element={<EmailVerificationPage />} />
    <Route path="/email-sent" element={<EmailSentPage />} />
    <Route path="/email-sent/:viewCase" element={<EmailSentPage />} />
  </>
);

function openLink(answer: unknown, me = currentUser({ id: 41, username: '새팬', roles: ['ROLE_USER'] })) {
  window.history.replaceState(null, '', '/email-verification#token=mailed-token');
  const calls = serve({
    'POST /api/v1/users/email-verification': () => json(answer),
    'GET /api/v1/users/me': () => json(me),
  });
  renderAt('/email-verification', routes);
  return calls;
}

describe('the verification link', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  for (const language of ['ko', 'en', 'ja'] as const) {
    test(`signs the new member in and lands on the finished sign-up, signed in (${language})`, async () => {
      const t = await useLanguage(language);
      const calls = openLink({
        redirectUrl: `${window.location.origin}/email-sent/success-auth-public-user`,
        signedIn: { id: 41, roles: ['ROLE_USER'] },
      });
      await screen.findByRole('heading', { name: t.emailSent.authDoneTitle });
      expect(calls[0]).toMatchObject({ method: 'POST', body: { token: 'mailed-token' } });
      expect(readSession()).toMatchObject({ loggedIn: true, userId: 41, userName: '새팬', isVerified: true });
      expect(screen.getByText(t.emailSent.signedInBody.replace('{{name}}', '새팬'))).toBeTruthy();
      expect(screen.getByRole('link', { name: t.emailSent.start }).getAttribute('href')).toBe('/');
      expect(screen.queryByRole('link', { name: t.emailSent.login })).toBeNull();
    });
  }

  test('a new creator goes on, signed in, to his dashboard under review, as his login would take him', async () => {
    const t = await useLanguage('ko');
    openLink(
      {
        redirectUrl: `${window.location.origin}/email-sent/success-auth-public-user`,
        signedIn: { id: 42, roles: ['ROLE_USER', 'ROLE_CREATOR'] },
      },
      currentUser({
        id: 42,
        username: 'maker',
        roles: ['ROLE_USER', 'ROLE_CREATOR'],
        creator: {
          id: 9,
          name: '새 채널',
          verified: false,
          tags: [],
          eventMission: null,
          user: { id: 42, username: 'maker', image: null },
        },
      }),
    );
    await screen.findByRole('heading', { name: t.emailSent.authDoneTitle });
    expect(readSession()).toMatchObject({ loggedIn: true, userId: 42, creatorId: 9 });
    expect(screen.getByText(t.emailSent.signedInBody.replace('{{name}}', '새 채널'))).toBeTruthy();
    expect(screen.getByRole('link', { name: t.emailSent.start }).getAttribute('href')).toBe('/newbie-creator-mypage');
  });

  test('signed in as somebody else in this browser: the link’s member replaces him', async () => {
    const t = await useLanguage('ko');
    storeLogin({ id: 7, roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    window.localStorage.setItem('CreatorId', '3');
    window.localStorage.setItem('CreatorName', '남의 채널');
    openLink({
      redirectUrl: `${window.location.origin}/email-sent/success-auth-public-user`,
      signedIn: { id: 41, roles: ['ROLE_USER'] },
    });
    await screen.findByText(t.emailSent.signedInBody.replace('{{name}}', '새팬'));
    expect(readSession()).toMatchObject({ userId: 41, creatorId: null, creatorName: null });
  });

  test('a used link signs nobody in and says the address is already verified, with the way to log in', async () => {
    const t = await useLanguage('ko');
    openLink({ redirectUrl: `${window.location.origin}/email-sent?view=already-verified`, signedIn: null });
    await screen.findByRole('heading', { name: t.emailSent.alreadyVerifiedTitle });
    expect(readSession().loggedIn).toBe(false);
    expect(screen.getByRole('link', { name: t.emailSent.login }).getAttribute('href')).toBe('/login?view=email');
  });

  test('an expired or altered link signs nobody in and says it is no longer valid', async () => {
    const t = await useLanguage('en');
    openLink({
      redirectUrl: `${window.location.origin}/email-sent?view=suggest-user-authentication&error=expired`,
      signedIn: null,
    });
    await screen.findByText(t.emailSent.expiredLink);
    expect(readSession().loggedIn).toBe(false);
    expect(screen.getByRole('button', { name: t.emailSent.resend })).toBeTruthy();
  });

  test('verified without a session (a blocked member): a stored unverified login is dropped, the page offers login', async () => {
    const t = await useLanguage('ja');
    storeLogin({ id: 41, roles: ['ROLE_UNVERIFIED'] });
    openLink({ redirectUrl: `${window.location.origin}/email-sent/success-auth-public-user`, signedIn: null });
    await screen.findByRole('link', { name: t.emailSent.login });
    expect(readSession().loggedIn).toBe(false);
    expect(screen.queryByRole('link', { name: t.emailSent.start })).toBeNull();
  });
});
