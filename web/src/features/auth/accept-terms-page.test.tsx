// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { AcceptTermsPage } from './accept-terms-page';

describe('terms acceptance page', () => {
  afterEach(cleanupApp);

  test.each(['ko', 'en', 'ja'] as const)(
    'agree all ticks both required boxes; Next needs both (%s)',
    async (language) => {
      const t = await useLanguage(language);
      const user = userEvent.setup();
      renderAt('/signup-accept-terms', <Route path="/signup-accept-terms" element={<AcceptTermsPage />} />);
      const next = screen.getByRole('button', { name: t.common.next });
      const all = screen.getByRole('checkbox', { name: t.terms.agreeAll });
      const service = screen.getByRole('checkbox', { name: t.terms.service });
      const privacy = screen.getByRole('checkbox', { name: t.terms.privacy });
      expect((next as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText(t.terms.required)).toBeTruthy();

      await user.click(all);
      expect([(service as HTMLInputElement).checked, (privacy as HTMLInputElement).checked]).toEqual([true, true]);
      expect(screen.queryByText(t.terms.required)).toBeNull();
      expect((next as HTMLButtonElement).disabled).toBe(false);

      await user.click(all);
      expect([(service as HTMLInputElement).checked, (privacy as HTMLInputElement).checked]).toEqual([false, false]);

      await user.click(service);
      expect((next as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText(t.terms.required)).toBeTruthy();
      await user.click(privacy);
      expect((all as HTMLInputElement).checked).toBe(true);
      await user.click(next);
      expect(screen.getByLabelText('current path').textContent).toBe('/sign-up');
    },
  );

  test('each detail button opens the full text in a modal', async () => {
    const t = await useLanguage('ko');
    const user = userEvent.setup();
    renderAt('/signup-accept-terms', <Route path="/signup-accept-terms" element={<AcceptTermsPage />} />);
    await user.click(screen.getByRole('button', { name: `${t.terms.privacy} ${t.terms.detail}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('개인정보처리방침');
    expect(dialog.textContent).toContain('탈퇴 후 1년');
  });
});
