// @vitest-environment jsdom
// A member who joined before new terms took effect is asked to accept them over every page: the summary, the date and
// the full text; accepting records it and lets him go on; refusing offers to close his account or to log out.
import type { TermsVersion } from '@fanmission/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { TERMS_REQUIRED_EVENT } from '../../shared/api/client';
import { TermsConsentGate } from './terms-consent-gate';

const version: TermsVersion = {
  id: 4,
  kind: 'terms',
  version: 2,
  effectiveAt: '2026-12-14T15:00:00.000Z',
  unfavourable: false,
  summary: '제3조의 결제 수단에 카카오페이와 휴대폰 결제를 더했습니다.',
  body: '## 제1조 (목적)\n\n새 약관의 본문입니다.',
};

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderGate(path = '/browse-missions') {
  renderAt(
    path,
    <>
      <Route path="/browse-missions" element={<TermsConsentGate />} />
      <Route path="/edit-user-profile" element={<TermsConsentGate />} />
      <Route path="/" element={<TermsConsentGate />} />
    </>,
  );
}

describe('the terms consent dialog', () => {
  test.each(['ko', 'en', 'ja'] as const)(
    'shows the new version’s summary, date and full text, and records the acceptance (%s)',
    async (language) => {
      const t = await useLanguage(language);
      window.localStorage.setItem('UserId', '5');
      let pending = [version];
      const calls = serve({
        'GET /api/v1/users/me/terms-consent': () => json({ pending }),
        'POST /api/v1/users/me/terms-acceptances': () => {
          pending = [];
          return json({ pending });
        },
      });
      renderGate();
      const user = userEvent.setup();
      const dialog = await screen.findByRole('dialog', { name: t.legal.consent.title });
      expect(within(dialog).getByRole('heading', { name: t.legal.titles.terms })).toBeTruthy();
      expect(dialog.textContent).toContain(version.summary);
      expect(dialog.textContent).toContain(
        t.legal.consent.effective
          .replace('{{version}}', '2')
          .replace('{{date}}', { ko: '2026.12.15', en: 'Dec 15, 2026', ja: '2026/12/15' }[language]),
      );
      expect(dialog.textContent).not.toContain('새 약관의 본문입니다.');
      await user.click(within(dialog).getByRole('button', { name: t.legal.consent.fullText }));
      expect(dialog.textContent).toContain('새 약관의 본문입니다.');

      // Escape does not dismiss it.
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog')).toBeTruthy();

      await user.click(within(dialog).getByRole('button', { name: t.legal.consent.agree }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        expect.objectContaining({ path: '/api/v1/users/me/terms-acceptances', body: { versionIds: [4] } }),
      ]);
    },
  );

  test('refusing offers to close the account, where the dialog waits, or to log out', async () => {
    const t = await useLanguage('ko');
    window.localStorage.setItem('UserId', '5');
    const calls = serve({
      'GET /api/v1/users/me/terms-consent': () => json({ pending: [version] }),
      'POST /api/logout': () => json({}),
    });
    renderGate();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: t.legal.consent.title });
    await user.click(within(dialog).getByRole('button', { name: t.legal.consent.refuse }));
    const refused = screen.getByRole('dialog', { name: t.legal.consent.refusedTitle });
    expect(refused.textContent).toContain(t.legal.consent.refusedBody);

    await user.click(within(refused).getByRole('button', { name: t.legal.consent.withdraw }));
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/edit-user-profile'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.path === '/api/v1/users/me/terms-acceptances')).toBe(false);
  });

  test('logging out instead ends the session; a creator is offered no account deletion', async () => {
    const t = await useLanguage('ko');
    window.localStorage.setItem('UserId', '5');
    window.localStorage.setItem('CreatorId', '9');
    const calls = serve({
      'GET /api/v1/users/me/terms-consent': () => json({ pending: [version] }),
      'POST /api/logout': () => json({}),
    });
    renderGate();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: t.legal.consent.refuse }));
    const refused = screen.getByRole('dialog', { name: t.legal.consent.refusedTitle });
    expect(refused.textContent).toContain(t.legal.consent.creatorRefused);
    expect(within(refused).queryByRole('button', { name: t.legal.consent.withdraw })).toBeNull();
    await user.click(within(refused).getByRole('button', { name: t.legal.consent.logout }));
    // The session is cleared before the gate navigates (logout() resolves, then `/`): wait for the address, the
    // last of the two, not for the storage.
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/'));
    expect(window.localStorage.getItem('UserId')).toBeNull();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/logout')).toBe(true);
  });

  test('asks again when the API refuses a change for the terms', async () => {
    await useLanguage('ko');
    window.localStorage.setItem('UserId', '5');
    let pending: TermsVersion[] = [];
    serve({ 'GET /api/v1/users/me/terms-consent': () => json({ pending }) });
    renderGate();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    pending = [version];
    window.dispatchEvent(new Event(TERMS_REQUIRED_EVENT));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
