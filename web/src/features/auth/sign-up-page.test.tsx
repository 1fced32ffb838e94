// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { SignUpPage } from './sign-up-page';
import { checkSignUp, signUpFailureMessages, type SignUpValues } from '../../shared/auth/sign-up-rules';

const TODAY = new Date(2026, 5, 15);
const URL_OK = 'http://localhost/email-sent/success-auth-public-user';
const valid: SignUpValues = {
  username: 'fan',
  email: 'fan@example.com',
  password: 'secret123',
  passwordConfirm: 'secret123',
  birthDate: '2000-01-01',
  parentConsent: false,
  phone: '01012345678',
  address: '',
  addressDetail: '',
};

describe('sign-up checks (the contracts schema, confirmation and age)', () => {
  test('a complete adult form passes, with empty optional fields as null', () => {
    const result = checkSignUp(valid, TODAY, URL_OK);
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        provider: 'local',
        email: 'fan@example.com',
        address: '',
        verifySuccessUrl: URL_OK,
      }),
    });
  });

  test('each required field, the e-mail, the password format and the confirmation have their message', () => {
    const empty = checkSignUp(
      { ...valid, username: ' ', email: 'x', password: 'letters', passwordConfirm: '', birthDate: '' },
      TODAY,
      URL_OK,
    );
    expect(empty).toEqual({
      ok: false,
      errors: {
        username: 'validation.required',
        email: 'validation.email',
        password: 'auth.passwordFormat',
        passwordConfirm: 'signUp.passwordsDoNotMatch',
        birthDate: 'validation.required',
      },
    });
    expect(checkSignUp({ ...valid, passwordConfirm: 'secret124' }, TODAY, URL_OK)).toEqual({
      ok: false,
      errors: { passwordConfirm: 'signUp.passwordsDoNotMatch' },
    });
    expect(checkSignUp({ ...valid, phone: '010-12' }, TODAY, URL_OK)).toEqual({
      ok: false,
      errors: { phone: 'validation.numeric' },
    });
  });

  test('under 14 is refused; 14 to 18 needs a parent’s consent; the birthday itself counts', () => {
    expect(checkSignUp({ ...valid, birthDate: '2012-06-16' }, TODAY, URL_OK)).toEqual({
      ok: false,
      errors: { birthDate: 'auth.tooYoung' },
    });
    expect(checkSignUp({ ...valid, birthDate: '2012-06-15' }, TODAY, URL_OK)).toEqual({
      ok: false,
      errors: { parentConsent: 'auth.parentConsentRequired' },
    });
    expect(checkSignUp({ ...valid, birthDate: '2012-06-15', parentConsent: true }, TODAY, URL_OK).ok).toBe(true);
    expect(checkSignUp({ ...valid, birthDate: '2007-06-15' }, TODAY, URL_OK).ok).toBe(true);
  });
});

describe('sign-up failure messages', () => {
  test('409 shows "sub message - value"; 400 maps snsLinks, email and other fields; anything else is generic', async () => {
    const t = await useLanguage('en');
    const conflict = new ApiError(409, {
      message: 'conflict',
      status: 409,
      subErrors: [{ field: 'email', message: 'This e-mail address is already registered.', rejectedValue: 'a@b.c' }],
    });
    expect(signUpFailureMessages(conflict, i18next.t)).toEqual(['This e-mail address is already registered. - a@b.c']);
    const invalid = new ApiError(400, {
      message: 'invalid',
      status: 400,
      subErrors: [
        { field: 'snsLinks', message: 'x' },
        { field: 'email', message: 'x' },
        { field: 'birthDate', message: 'too young' },
      ],
    });
    expect(signUpFailureMessages(invalid, i18next.t)).toEqual([
      t.signUp.snsLinks,
      t.signUp.emailRegistered,
      'Invalid value (birthDate: too young)',
    ]);
    expect(signUpFailureMessages(new ApiError(400, { message: 'Bad body', status: 400 }), i18next.t)).toEqual([
      'Bad body',
    ]);
    expect(signUpFailureMessages(new ApiError(500, undefined), i18next.t)).toEqual([t.signUp.failed]);
    expect(signUpFailureMessages(new TypeError('network'), i18next.t)).toEqual([t.signUp.failed]);
  });
});

describe('sign-up page', () => {
  afterEach(cleanupApp);

  test('without accepted terms it goes back to the terms page', async () => {
    await useLanguage('ko');
    renderAt('/sign-up', <Route path="/sign-up" element={<SignUpPage />} />);
    expect(screen.getByLabelText('current path').textContent).toBe('/signup-accept-terms');
  });

  test.each(['ko', 'en', 'ja'] as const)('submitting empty shows the messages in %s', async (language) => {
    const t = await useLanguage(language);
    const user = userEvent.setup();
    renderAt('/sign-up', <Route path="/sign-up" element={<SignUpPage />} />, { state: { termsAccepted: true } });
    await user.click(screen.getByRole('button', { name: t.signUp.submit }));
    expect(screen.getAllByText(t.validation.required).length).toBe(3); // nickname, confirmation, birth date
    expect(screen.getByText(t.validation.email)).toBeTruthy();
    expect(screen.getByText(t.auth.passwordFormat)).toBeTruthy();
    // The postcode search is offered to Korean users only.
    expect(screen.queryByRole('button', { name: t.signUp.addressSearch }) !== null).toBe(language === 'ko');
  });

  test('a 14-year-old must tick the parent consent box', async () => {
    const t = await useLanguage('ko');
    const user = userEvent.setup();
    renderAt('/sign-up', <Route path="/sign-up" element={<SignUpPage />} />, { state: { termsAccepted: true } });
    const fourteen = new Date();
    fourteen.setFullYear(fourteen.getFullYear() - 15);
    await user.type(screen.getByLabelText(new RegExp(`^${t.signUp.birthDate}`)), fourteen.toISOString().slice(0, 10));
    expect(screen.getByRole('checkbox', { name: t.signUp.parentConsent })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.signUp.submit }));
    expect(screen.getByText(t.auth.parentConsentRequired)).toBeTruthy();
  });
});
