// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { pathAfterLogin } from '../../shared/auth/login';
import { cleanupApp, renderAt, useLanguage } from '../../test/render';
import { EmailLoginForm } from './email-login-form';

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
});

describe('redirect after login by role (01 §4)', () => {
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
