// @vitest-environment jsdom
// The share button of a completed mission: the phone's share sheet when there is one, else the link copied with a
// toast; a private mission's requester makes and revokes its unlisted link; nothing to share, no button.
import type { MissionSharing, MissionView } from '@fanmission/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { clearSession, storeLogin } from '../../../shared/session/session';
import { SharePanel } from './share-panel';

const creator = { id: 3, name: 'Haneul', user: { id: 30, image: null } };
const missionOf = (overrides: Partial<MissionView> = {}) =>
  ({
    id: 7,
    status: 'COMPLETED',
    private: false,
    missionProduct: { id: 40, name: 'Birthday song', creator },
    ...overrides,
  }) as unknown as MissionView;

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The share API as the server answers it, for one mission; the calls it got. */
function serve(initial: MissionSharing) {
  let sharing = initial;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url, 'http://x').pathname;
      calls.push(`${method} ${path}`);
      if (path === '/api/v1/missions/7/share-links' && method === 'POST') {
        sharing = { ...sharing, link: { canCreate: true, activeSince: '2026-11-29T03:00:00Z' } };
        return json(
          { token: 'T'.repeat(43), path: `/share/l/${'T'.repeat(43)}`, created: '2026-11-29T03:00:00Z' },
          201,
        );
      }
      if (path === '/api/v1/missions/7/share-links' && method === 'DELETE') {
        sharing = { ...sharing, link: { canCreate: true, activeSince: null } };
        return new Response(null, { status: 204 });
      }
      if (path === '/api/v1/missions/7/sharing') return json(sharing);
      return json({ message: 'not found', status: 404 }, 404);
    }),
  );
  return calls;
}

/** A stand-in for the phone's share sheet, recording what it was given. */
function stubShareSheet() {
  const shared: ShareData[] = [];
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    value: vi.fn(async (data: ShareData) => {
      shared.push(data);
    }),
  });
  return shared;
}

const render = (mission: MissionView) => renderAt('/m', <Route path="/m" element={<SharePanel mission={mission} />} />);

describe('sharing a completed mission', () => {
  afterEach(() => {
    cleanupApp();
    clearSession();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'share');
  });

  test('opens the share sheet with the public share page', async () => {
    const t = await useLanguage('ko');
    serve({ publicPath: '/share/m/7', link: null });
    const shared = stubShareSheet();
    const user = userEvent.setup();
    const { container } = render(missionOf());
    await user.click(await screen.findByRole('button', { name: t.sharing.share }));
    expect(shared).toEqual([{ title: 'Haneul의 Birthday song', url: `${window.location.origin}/share/m/7` }]);
    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test('copies the link with a toast where there is no share sheet', async () => {
    const t = await useLanguage('en');
    serve({ publicPath: '/share/m/7', link: null });
    const user = userEvent.setup();
    render(missionOf());
    await user.click(await screen.findByRole('button', { name: t.sharing.share }));
    expect(await screen.findByText(t.sharing.copied)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/share/m/7`);
  });

  test('lets the requester of a private mission make, share and revoke its link', async () => {
    const t = await useLanguage('ko');
    storeLogin({ id: 2, roles: ['ROLE_USER'] });
    const calls = serve({ publicPath: null, link: { canCreate: true, activeSince: null } });
    const shared = stubShareSheet();
    const user = userEvent.setup();
    const { container } = render(missionOf({ private: true }));
    await user.click(await screen.findByRole('button', { name: t.sharing.createLink }));
    expect(await screen.findByText(t.sharing.linkCreated)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: t.sharing.share }));
    expect(shared).toEqual([
      { title: 'Haneul의 Birthday song', url: `${window.location.origin}/share/l/${'T'.repeat(43)}` },
    ]);
    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: t.sharing.revokeLink }));
    expect(await screen.findByText(t.sharing.linkRevoked)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: t.sharing.createLink })).toBeTruthy());
    expect(screen.queryByRole('button', { name: t.sharing.share })).toBeNull();
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([
      'POST /api/v1/missions/7/share-links',
      'DELETE /api/v1/missions/7/share-links',
    ]);
  });

  test('shows no button when the mission has nothing to share (sharing off, adult, another’s private)', async () => {
    const t = await useLanguage('ja');
    const calls = serve({ publicPath: null, link: null });
    render(missionOf());
    await waitFor(() => expect(calls).toContain('GET /api/v1/missions/7/sharing'));
    await waitFor(() => expect(screen.queryByRole('region', { name: t.sharing.section })).toBeNull());
    expect(screen.queryByRole('button', { name: t.sharing.share })).toBeNull();
  });
});
