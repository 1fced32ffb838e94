// @vitest-environment jsdom
// The profile page's mobile number card: a code texted to the typed number, the six digits sent back, the server's
// refusal shown on its field, in ko/en/ja; nothing in it fails axe.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { currentUser } from '@fanmission/tests/support/web/current-user';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { clearSession, storeLogin } from '../../shared/session/session';
import { PhoneConfirmationCard } from './phone-confirmation';

describe('mobile number confirmation', () => {
  beforeEach(() => storeLogin({ id: 1, roles: ['ROLE_USER'] }));
  afterEach(() => {
    cleanupApp();
    clearSession();
  });

  test.each(['ko', 'en', 'ja'] as const)(
    'texts a code, shows a wrong one on its field, confirms (%s)',
    async (language) => {
      const t = await useLanguage(language);
      const user = userEvent.setup();
      let confirmed = false;
      let tries = 0;
      const calls = serve({
        'GET /api/v1/users/me': () =>
          json(currentUser({ id: 1, phone: confirmed ? '01012345678' : null, phoneConfirmed: confirmed })),
        'POST /api/v1/users/me/phone/code': () =>
          json({ phone: '01012345678', expiresAt: '2026-11-28T01:05:00Z', resendAt: '2026-11-28T01:01:00Z' }),
        'POST /api/v1/users/me/phone/confirmation': () => {
          tries += 1;
          if (tries === 1) {
            return json(
              { message: 'invalid', status: 400, subErrors: [{ field: 'code', message: 'wrong code (4 left)' }] },
              400,
            );
          }
          confirmed = true;
          return json({ phone: '01012345678', confirmedAt: '2026-11-28T01:01:00Z' });
        },
      });
      const { container } = renderAt(
        '/edit-user-profile',
        <Route path="/edit-user-profile" element={<PhoneConfirmationCard />} />,
      );
      expect(await screen.findByText(t.notificationSettings.phone.none)).toBeTruthy();
      await user.type(screen.getByLabelText(t.notificationSettings.phone.number), '010-1234-5678');
      await user.click(screen.getByRole('button', { name: t.notificationSettings.phone.send }));
      const code = await screen.findByLabelText(t.notificationSettings.phone.code);
      expect(calls.find((call) => call.path === '/api/v1/users/me/phone/code')?.body).toEqual({ phone: '01012345678' });
      const confirm = screen.getByRole('button', { name: t.notificationSettings.phone.confirm }) as HTMLButtonElement;
      expect(confirm.disabled).toBe(true);
      await user.type(code, '123456');
      await user.click(confirm);
      expect(await screen.findByText('wrong code (4 left)')).toBeTruthy();
      await user.clear(code);
      await user.type(code, '654321');
      await user.click(screen.getByRole('button', { name: t.notificationSettings.phone.confirm }));
      expect(await screen.findByText(t.notificationSettings.phone.done)).toBeTruthy();
      expect(
        await screen.findByText(t.notificationSettings.phone.confirmed.replace('{{phone}}', '01012345678')),
      ).toBeTruthy();
      const results = await axe.run(container);
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    },
  );

  test('a refusal that is not about a field (too many codes) shows above the buttons', async () => {
    await useLanguage('en');
    const user = userEvent.setup();
    serve({
      'GET /api/v1/users/me': () => json(currentUser({ id: 1, phone: '01012345678', phoneConfirmed: false })),
      'POST /api/v1/users/me/phone/code': () =>
        json({ message: 'Too many code messages asked for. Please try again in 42 seconds.', status: 429 }, 429),
    });
    renderAt('/p', <Route path="/p" element={<PhoneConfirmationCard />} />);
    expect(await screen.findByText('01012345678 not confirmed yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect((await screen.findByRole('alert')).textContent).toContain('42 seconds');
  });
});
