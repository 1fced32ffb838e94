// @vitest-environment jsdom
import type { MissionView } from '@fanmission/contracts';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { clearSession, storeLogin } from '../../../shared/session/session';
import { LikePanel } from './like-panel';

const mission = { id: 7, liked: false, likesCount: 2, blocked: false } as unknown as MissionView;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The blocks API and one mission list, as the server answers them: the list leaves out a mission the member hid.
 * `fail` makes the next block call answer 500.
 */
function serve() {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  let hidden = false;
  let fail = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url.includes('/missions/7/blocks')) {
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (fail) {
          fail = false;
          return json({ message: 'boom', status: 500 }, 500);
        }
        hidden = method === 'POST';
        return json({ ...mission, blocked: hidden });
      }
      return json({ content: hidden ? [] : [{ id: 7 }], last: true, totalElements: hidden ? 0 : 1, number: 0 });
    }),
  );
  return { calls, failNext: () => (fail = true) };
}

/** A list keyed as the browse page's, to see it refetched when the member hides a mission. */
function BrowseList() {
  const list = useQuery({
    queryKey: queryKeys.browseMissions('completed', 90),
    queryFn: async () => (await api<{ totalElements: number }>('/missions/page')).data,
  });
  return <output aria-label="listed">{list.data?.totalElements ?? '…'}</output>;
}

async function closeAlert(user: ReturnType<typeof userEvent.setup>, message: string) {
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText(message)).toBeTruthy();
  await user.click(within(dialog).getByRole('button'));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('hiding a mission from my lists', () => {
  afterEach(() => {
    cleanupApp();
    clearSession();
    vi.unstubAllGlobals();
  });

  test(
    'hides it (mission blocked), the lists drop it at once, and undo brings it back',
    { timeout: 60_000 },
    async () => {
      const t = await useLanguage('en');
      storeLogin({ id: 90, roles: ['ROLE_USER'] });
      const api = serve();
      const user = userEvent.setup();
      renderAt(
        '/m',
        <Route
          path="/m"
          element={
            <>
              <LikePanel mission={mission} />
              <BrowseList />
            </>
          }
        />,
      );
      await waitFor(() => expect(screen.getByLabelText('listed').textContent).toBe('1'));

      await user.click(screen.getByRole('button', { name: t.missionDetail.hide.action }));
      await closeAlert(user, t.missionDetail.hide.done);
      expect(api.calls[0]).toMatchObject({ method: 'POST', body: { userId: 90 } });
      expect(screen.getByText(t.missionDetail.hide.notice)).toBeTruthy();
      expect(screen.getByLabelText('listed').textContent).toBe('0');

      await user.click(screen.getByRole('button', { name: t.missionDetail.hide.undo }));
      await closeAlert(user, t.missionDetail.hide.undone);
      expect(api.calls[1]!.method).toBe('DELETE');
      expect(api.calls[1]!.url).toContain('userId=90');
      expect(screen.queryByText(t.missionDetail.hide.notice)).toBeNull();
      expect(screen.getByLabelText('listed').textContent).toBe('1');
    },
  );

  test('a failure asks to retry and changes nothing', { timeout: 60_000 }, async () => {
    const t = await useLanguage('ko');
    storeLogin({ id: 90, roles: ['ROLE_USER'] });
    const api = serve();
    api.failNext();
    const user = userEvent.setup();
    renderAt('/m', <Route path="/m" element={<LikePanel mission={mission} />} />);
    await user.click(screen.getByRole('button', { name: t.missionDetail.hide.action }));
    await closeAlert(user, t.missionDetail.hide.failed);
    expect(screen.getByRole('button', { name: t.missionDetail.hide.action })).toBeTruthy();
    expect(screen.queryByText(t.missionDetail.hide.notice)).toBeNull();
  });

  test('a visitor is offered no hide', { timeout: 60_000 }, async () => {
    const t = await useLanguage('ja');
    serve();
    renderAt('/m', <Route path="/m" element={<LikePanel mission={mission} />} />);
    expect(screen.getByRole('button', { name: t.missionDetail.like })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.missionDetail.hide.action })).toBeNull();
  });
});
