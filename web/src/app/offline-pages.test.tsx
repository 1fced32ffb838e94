// @vitest-environment jsdom
// Pages opened without a connection say that they could not be loaded offline (not "no results", not an endless
// spinner), and load by themselves once the browser is back online.
import { act, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { json } from '@fanmission/tests/support/web/fake-api';
import { CreatorSearchPage } from '../features/creator-search/creator-search-page';
import { MissionDetailPage } from '../features/mission-detail/mission-detail-page';
import { ConnectionBanner } from './connection-banner';

const creator = { id: 3, url: 'gameking', name: '게임왕 민준', user: { id: 30, username: 'minjun', image: null } };
const mission = {
  id: 9,
  status: 'REQUESTED',
  rejectionReason: null,
  private: false,
  user: { id: 2, username: 'fan', image: null },
  thumbnail: null,
  video: null,
  voice: null,
  picture: null,
  feedback: null,
  responseComment: null,
  to: 'Minji',
  from: null,
  toFriend: false,
  requestComment: 'Please sing',
  requestFile: null,
  created: '2026-11-20T03:00:00Z',
  commentsCount: 0,
  likesCount: 0,
  liked: false,
  contentHidden: null,
  missionProduct: { id: 40, type: 'CUSTOM', name: '무엇이든 맞춤 미션', descriptionPicture: null, creator },
};

/** A fetch with no network until `online` is set, then answering these paths. */
function network(routes: Record<string, () => Response>) {
  const state = { online: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (!state.online) throw new TypeError('Failed to fetch');
      const route = routes[new URL(input, 'http://localhost').pathname];
      return route ? route() : json({ message: 'no route' }, 404);
    }),
  );
  return state;
}

function backOnline(state: { online: boolean }) {
  state.online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('pages opened offline', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test('creator search says it is offline, then shows the creators once back online', async () => {
    const t = await useLanguage('ko');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const state = network({
      '/api/v1/creators/page': () =>
        json({
          content: [{ creator, following: false }],
          last: true,
          totalElements: 1,
          totalPages: 1,
          number: 0,
          size: 20,
        }),
      '/api/v1/tags/creator': () => json([{ tag: { id: 5, name: '노래' }, tagCount: 1 }]),
    });
    renderAt(
      '/creator-search',
      <Route
        path="/creator-search"
        element={
          <>
            <ConnectionBanner />
            <CreatorSearchPage />
          </>
        }
      />,
    );
    expect(await screen.findByText(t.network.pageOffline)).toBeTruthy();
    expect(screen.queryByText(t.creatorSearch.empty)).toBeNull();
    backOnline(state);
    expect(await screen.findByText('게임왕 민준')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /#노래/ })).toBeTruthy();
    expect(screen.queryByText(t.network.pageOffline)).toBeNull();
    vi.mocked(console.warn).mockRestore();
  });

  test('a mission page says it is offline instead of a spinner, then shows the mission once back online', async () => {
    const t = await useLanguage('ko');
    const state = network({
      '/api/v1/missions/9': () => json(mission),
      '/api/v1/missions/9/comments/page': () =>
        json({ content: [], last: true, totalElements: 0, totalPages: 0, number: 0, size: 5 }),
    });
    renderAt(
      '/mission-detail/9',
      <Route
        path="/mission-detail/:missionId"
        element={
          <>
            <ConnectionBanner />
            <MissionDetailPage />
          </>
        }
      />,
    );
    expect(await screen.findByText(t.network.pageOffline)).toBeTruthy();
    backOnline(state);
    expect(await screen.findByRole('heading', { name: '무엇이든 맞춤 미션' })).toBeTruthy();
  });
});
