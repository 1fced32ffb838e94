// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { completeLogin, pathAfterLogin } from '../../shared/auth/login';
import { rememberLoginReturn, takeLoginReturn, useGoToLogin } from '../../shared/auth/login-return';
import { currentUser } from '@fanmission/tests/support/web/current-user';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { EmailLoginForm } from './email-login-form';
import { SignInPage } from './sign-in-page';

describe('e-mail login form', () => {
  afterEach(cleanupApp);

  test('the button stays disabled until e-mail and password are filled', async () => {
    const t = await useLanguage('ja');
    const user = userEvent.setup();
    renderAt('/login', <Route path="/login" element={<EmailLoginForm />} />);
    const submit = screen.getByRole('button', { name: t.login.submit }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText(t.login.email), 'a@b.c');
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText(t.login.password), 'x');
    expect(submit.disabled).toBe(false);
    expect(screen.getByRole('link', { name: t.login.signUp }).getAttribute('href')).toBe('/signup-accept-terms');
    expect(screen.getByRole('link', { name: t.login.forgotPassword }).getAttribute('href')).toBe('/forgot-password');
  });

  test('a blocked login shows the server’s message and offers the objection form with the e-mail (en)', async () => {
    const t = await useLanguage('en');
    const blocked = 'This account may not log in because of a policy violation. Please contact support.';
    const reply = { status: 403, message: blocked, code: 'LOGIN_BLOCKED' };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(reply), { status: 403, headers: { 'content-type': 'application/json' } }),
      ),
    );
    try {
      const user = userEvent.setup();
      renderAt('/login', <Route path="/login" element={<EmailLoginForm />} />);
      await user.type(screen.getByLabelText(t.login.email), 'blocked@fan.test');
      await user.type(screen.getByLabelText(t.login.password), 'secret-pass1');
      await user.click(screen.getByRole('button', { name: t.login.submit }));
      await screen.findByText(blocked, { exact: false });
      expect(screen.getByRole('link', { name: t.blockObjection.link }).getAttribute('href')).toBe(
        '/block-objection?email=blocked%40fan.test',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('redirect after login by role', () => {
  const creator = (verified: boolean) => ({
    id: 5,
    name: 'c',
    verified,
    tags: [],
    eventMission: null,
    user: { id: 1, username: 'u', image: null },
  });
  test.each([
    [['ROLE_USER'], null, '/user-mypage'],
    [['ROLE_USER', 'ROLE_CREATOR'], creator(true), '/creator/5'],
    [['ROLE_USER', 'ROLE_CREATOR'], creator(false), '/newbie-creator-mypage'],
    [['ROLE_UNVERIFIED'], null, '/email-sent?view=suggest-user-authentication'],
    [['ROLE_OPERATOR'], null, '/'],
  ] as const)('%j → %s', (roles, withCreator, expected) => {
    expect(pathAfterLogin({ roles: [...roles], creator: withCreator })).toBe(expected);
  });
});

/** A page's action that needs a member, as the creator page's request button is. */
function RequestButton() {
  const goToLogin = useGoToLogin();
  return (
    <button type="button" onClick={goToLogin}>
      request
    </button>
  );
}

describe('back where the login was asked for', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  test('a visitor sent to log in from a creator page comes back to it, not to my page', async () => {
    const t = await useLanguage('ko');
    serve({
      'POST /api/login': () => json({ id: 1, roles: ['ROLE_USER'] }),
      'GET /api/v1/users/me': () => json(currentUser()),
    });
    const user = userEvent.setup();
    renderAt(
      '/starlight?tab=CUSTOM',
      <>
        <Route path="/starlight" element={<RequestButton />} />
        <Route path="/login" element={<EmailLoginForm />} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'request' }));
    expect(screen.getByLabelText('current path').textContent).toBe('/login');
    await user.type(screen.getByLabelText(t.login.email), 'fan@example.com');
    await user.type(screen.getByLabelText(t.login.password), 'secret-pass1');
    await user.click(screen.getByRole('button', { name: t.login.submit }));
    await screen.findByRole('button', { name: 'request' });
    expect(screen.getByLabelText('current path').textContent).toBe('/starlight?tab=CUSTOM');
    // Used once: the next login lands by role again.
    expect(takeLoginReturn()).toBeNull();
  });

  test('sent from an action, the login page says a login is needed and offers a fan’s sign-up first (ko, en, ja)', async () => {
    for (const language of ['ko', 'en', 'ja'] as const) {
      const t = await useLanguage(language);
      serve({ 'GET /api/v1/auth/providers': () => json({ google: false, facebook: false, apple: null }) });
      const user = userEvent.setup();
      renderAt(
        '/starlight',
        <>
          <Route path="/starlight" element={<RequestButton />} />
          <Route path="/login" element={<SignInPage />} />
        </>,
      );
      await user.click(screen.getByRole('button', { name: 'request' }));
      expect(await screen.findByText(t.snsLogin.loginNeeded)).toBeTruthy();
      expect(screen.getByRole('link', { name: t.snsLogin.signUp }).getAttribute('href')).toBe('/sign-up');
      cleanupApp();
      // Opened from the menu, nothing to explain.
      renderAt('/login', <Route path="/login" element={<SignInPage />} />);
      await screen.findByRole('link', { name: t.snsLogin.signUp });
      expect(screen.queryByText(t.snsLogin.loginNeeded)).toBeNull();
      cleanupApp();
      takeLoginReturn();
    }
  });

  test('the kept page survives a social login (the same completion) and is used once', async () => {
    serve({ 'GET /api/v1/users/me': () => json(currentUser()) });
    rememberLoginReturn('/mission-detail/7');
    expect(await completeLogin({ id: 1, roles: ['ROLE_USER'] })).toBe('/mission-detail/7');
    expect(await completeLogin({ id: 1, roles: ['ROLE_USER'] })).toBe('/user-mypage');
  });

  test('only a path of this app is kept, never another site or the login page', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/login', '/sns-login?x=1']) {
      rememberLoginReturn(path);
      expect(takeLoginReturn()).toBeNull();
    }
  });

  test('an unverified account and a creator under review go where they must, whatever the page', () => {
    const pending = {
      id: 5,
      name: 'c',
      verified: false,
      tags: [],
      eventMission: null,
      user: { id: 1, username: 'u', image: null },
    };
    expect(pathAfterLogin({ roles: ['ROLE_UNVERIFIED'], creator: null }, '/starlight')).toBe(
      '/email-sent?view=suggest-user-authentication',
    );
    expect(pathAfterLogin({ roles: ['ROLE_USER', 'ROLE_CREATOR'], creator: pending }, '/starlight')).toBe(
      '/newbie-creator-mypage',
    );
    expect(pathAfterLogin({ roles: ['ROLE_USER'], creator: null }, '/starlight')).toBe('/starlight');
  });
});
