// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { AcceptTermsPage } from './accept-terms-page';

describe('terms acceptance page', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test.each(['ko', 'en', 'ja'] as const)(
    'agree all ticks both required boxes; Next needs both, and says so only once pressed (%s)',
    async (language) => {
      const t = await useLanguage(language);
      const user = userEvent.setup();
      renderAt('/signup-accept-terms', <Route path="/signup-accept-terms" element={<AcceptTermsPage />} />);
      const next = screen.getByRole('button', { name: t.common.next });
      const all = screen.getByRole('checkbox', { name: t.terms.agreeAll });
      const service = screen.getByRole('checkbox', { name: t.terms.service });
      const privacy = screen.getByRole('checkbox', { name: t.terms.privacy });
      // Nothing touched yet: no warning.
      expect(screen.queryByText(t.terms.required)).toBeNull();
      await user.click(next);
      expect(screen.getByRole('alert').textContent).toBe(t.terms.required);
      expect(screen.getByLabelText('current path').textContent).toBe('/signup-accept-terms');

      await user.click(all);
      expect([(service as HTMLInputElement).checked, (privacy as HTMLInputElement).checked]).toEqual([true, true]);
      expect(screen.queryByText(t.terms.required)).toBeNull();

      await user.click(all);
      expect([(service as HTMLInputElement).checked, (privacy as HTMLInputElement).checked]).toEqual([false, false]);

      await user.click(service);
      await user.click(next);
      expect(screen.getByText(t.terms.required)).toBeTruthy();
      expect(screen.getByLabelText('current path').textContent).toBe('/signup-accept-terms');
      await user.click(privacy);
      expect((all as HTMLInputElement).checked).toBe(true);
      expect(screen.queryByText(t.terms.required)).toBeNull();
      await user.click(next);
      expect(screen.getByLabelText('current path').textContent).toBe('/sign-up');
    },
  );

  test('each detail button opens the full text of the version in force in a modal', async () => {
    const t = await useLanguage('ko');
    serve({
      'GET /api/v1/terms/privacy': () =>
        json({
          current: {
            id: 2,
            kind: 'privacy',
            version: 1,
            effectiveAt: '2024-12-31T15:00:00.000Z',
            unfavourable: false,
            summary: '최초 버전',
            body: '## 보유 기간\n\n회원 정보: 탈퇴 후 1년.',
          },
          next: null,
        }),
    });
    const user = userEvent.setup();
    renderAt('/signup-accept-terms', <Route path="/signup-accept-terms" element={<AcceptTermsPage />} />);
    await user.click(screen.getByRole('button', { name: `${t.terms.privacy} ${t.terms.detail}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('개인정보처리방침');
    expect(await within(dialog).findByText('회원 정보: 탈퇴 후 1년.')).toBeTruthy();
    expect(dialog.textContent).toContain('버전 1 · 2025.01.01 시행');
  });
});
