// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { currentUser } from '@fanmission/tests/support/web/current-user';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { checkProfile, EditProfileForm } from './edit-profile-page';
import { NewPasswordForm } from '../../shared/password/new-password-form';
import { PasswordChangePage } from './password-change-page';

describe('password forms', () => {
  afterEach(cleanupApp);

  test.each(['ko', 'en', 'ja'] as const)('disabled until filled; new and confirm must match (%s)', async (language) => {
    const t = await useLanguage(language);
    const user = userEvent.setup();
    const submitted = vi.fn(async () => null);
    renderAt('/form', <Route path="/form" element={<NewPasswordForm withCurrent onSubmit={submitted} />} />);
    const submit = screen.getByRole('button', { name: t.password.submit }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText(t.password.current), 'old12345');
    await user.type(screen.getByLabelText(t.password.new), 'newpassword');
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText(t.password.confirm), 'newpasswore');
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe(t.password.notIdentical);
    await user.type(screen.getByLabelText(t.password.confirm), '{Backspace}d');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe(t.auth.passwordFormat);
    expect(submitted).not.toHaveBeenCalled();
  });

  test('opened from a bookmark or a reload: the signed-in member’s own page; abnormal only without an e-mail', async () => {
    const t = await useLanguage('en');
    window.localStorage.setItem('UserId', '1');
    serve({ 'GET /api/v1/users/me': () => json(currentUser()) });
    renderAt('/password-change', <Route path="/password-change" element={<PasswordChangePage />} />);
    expect(await screen.findByRole('heading', { name: t.password.changeTitle })).toBeTruthy();
    expect(screen.getByLabelText('current path').textContent).toBe('/password-change');
    cleanupApp();

    serve({ 'GET /api/v1/users/me': () => json(currentUser({ email: null, provider: 'google' })) });
    renderAt('/password-change', <Route path="/password-change" element={<PasswordChangePage />} />);
    expect(await screen.findByText(t.common.abnormalAccess)).toBeTruthy();
    expect(screen.getByLabelText('current path').textContent).toBe('/');
    await userEvent.setup().click(screen.getByRole('button', { name: t.common.ok }));
    window.localStorage.clear();
  });
});

describe('edit profile', () => {
  afterEach(cleanupApp);

  test('the nickname is required with its own message; the mobile number is not a field of the form', async () => {
    expect(checkProfile({ username: ' ', address: '', addressDetail: '', rankingOptOut: false })).toEqual({
      ok: false,
      errors: { username: 'validation.nicknameRequired' },
    });
    const t = await useLanguage('ko');
    const user = userEvent.setup();
    renderAt(
      '/edit-user-profile',
      <Route path="/edit-user-profile" element={<EditProfileForm user={currentUser({ imageUrl: '' })} />} />,
    );
    expect(screen.queryByLabelText(t.signUp.phone)).toBeNull();
    await user.clear(screen.getByLabelText(new RegExp(`^${t.signUp.nickname}`)));
    await user.click(screen.getByRole('button', { name: t.editProfile.save }));
    expect(screen.getByText(t.validation.nicknameRequired)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: t.editProfile.passwordChange }));
    expect(screen.getByLabelText('current path').textContent).toBe('/password-change');
  });

  test.each(['ko', 'en', 'ja'] as const)(
    'leaving the supporter rankings is a setting of the profile (%s)',
    async (language) => {
      const t = await useLanguage(language);
      const user = userEvent.setup();
      const calls = serve({
        'PUT /api/v1/users/1': () => json({ id: 1 }),
        'GET /api/v1/users/me': () => json(currentUser({ rankingOptOut: true })),
      });
      renderAt(
        '/edit-user-profile',
        <Route path="/edit-user-profile" element={<EditProfileForm user={currentUser({ id: 1, imageUrl: '' })} />} />,
      );
      const optOut = screen.getByLabelText(t.editProfile.rankingOptOut) as HTMLInputElement;
      expect(optOut.checked).toBe(false);
      await user.click(optOut);
      await user.click(screen.getByRole('button', { name: t.editProfile.save }));
      expect(await screen.findByText(t.editProfile.saved)).toBeTruthy();
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ rankingOptOut: true });
    },
  );
});
