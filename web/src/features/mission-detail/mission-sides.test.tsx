// @vitest-environment jsdom
// The right side of a mission's page by its state: nothing to like and no comment coin event before there is content;
// a refused or cancelled lottery entry keeps its event card (the link to its event) and its comments, readable, with
// no box for new ones.
import type { MissionView } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { clearSession, storeLogin } from '../../shared/session/session';
import { MissionDetailPage } from './mission-detail-page';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const page = (content: unknown[]) => ({
  content,
  last: true,
  totalElements: content.length,
  totalPages: 1,
  number: 0,
  size: 5,
});

const creator = { id: 3, name: 'Haru', user: { id: 30, image: null } };
function missionOf(overrides: Partial<MissionView>): MissionView {
  return {
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
    to: 'Jisu',
    from: null,
    toFriend: false,
    requestComment: 'Sing please',
    requestFile: null,
    created: '2026-11-20T03:00:00Z',
    commentsCount: 1,
    likesCount: 2,
    liked: false,
    contentHidden: null,
    missionProduct: { id: 40, type: 'CUSTOM', name: 'Anything', descriptionPicture: null, creator },
    ...overrides,
  } as unknown as MissionView;
}

const comment = {
  id: 70,
  missionId: 9,
  content: 'Good luck everyone',
  parentCommentId: null,
  user: { id: 5, username: 'other', image: null },
  creator: false,
  authorName: 'other',
  created: '2026-11-21T03:00:00Z',
  edited: null,
  liked: false,
  likedCount: 0,
  childrenCount: 0,
  blocked: false,
  commentEventWin: false,
  winPoint: 0,
};

function serve(mission: MissionView) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path.endsWith(`/missions/${mission.id}`)) return json(mission);
      if (path.endsWith('/comments/page')) return json(page([comment]));
      if (path.endsWith('/comment-events/current')) {
        return json({
          event: { id: 1, title: 'Comment fest', winProbability: 10, coinsPerWin: 50, endsAt: '2026-12-31T00:00:00Z' },
        });
      }
      if (path.endsWith(`/mission-products/${mission.missionProduct.id}`)) {
        return json({ ...mission.missionProduct, event: null });
      }
      return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

describe('the mission page’s right side', () => {
  afterEach(() => {
    cleanupApp();
    clearSession();
    vi.unstubAllGlobals();
  });

  test.each(['REQUESTED', 'ACCEPTED'] as const)(
    'offers no like and no comment coin event while %s (nothing performed yet)',
    async (status) => {
      const t = await useLanguage('ko');
      storeLogin({ id: 2, roles: ['ROLE_USER'] });
      serve(missionOf({ status }));
      renderAt('/mission-detail/9', <Route path="/mission-detail/:missionId" element={<MissionDetailPage />} />);
      await screen.findByText('Good luck everyone');
      expect(screen.queryByRole('button', { name: t.missionDetail.like })).toBeNull();
      expect(screen.queryByTestId('comment-event')).toBeNull();
    },
  );

  test('offers likes and the comment coin event once completed', async () => {
    const t = await useLanguage('ko');
    storeLogin({ id: 2, roles: ['ROLE_USER'] });
    serve(missionOf({ status: 'COMPLETED' }));
    renderAt('/mission-detail/9', <Route path="/mission-detail/:missionId" element={<MissionDetailPage />} />);
    await screen.findByTestId('comment-event');
    expect(screen.getByRole('button', { name: t.missionDetail.like })).toBeTruthy();
  });

  test('keeps a refused lottery entry’s event card and its comments readable, with no box for new ones', async () => {
    const t = await useLanguage('ko');
    storeLogin({ id: 2, roles: ['ROLE_USER'] });
    const entry = missionOf({
      status: 'REJECTED',
      rejectionReason: 'NOT_WON',
      missionProduct: { id: 41, type: 'EVENT', name: 'Lucky draw', descriptionPicture: null, creator },
    } as unknown as Partial<MissionView>);
    serve(entry);
    renderAt('/mission-detail/9', <Route path="/mission-detail/:missionId" element={<MissionDetailPage />} />);
    await screen.findByText('Good luck everyone');
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toContain('/lottery-event/41');
    expect(screen.queryByLabelText(t.comments.placeholder)).toBeNull();
    expect(screen.queryByTestId('comment-event')).toBeNull();
  });
});
