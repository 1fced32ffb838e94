// @vitest-environment jsdom
// A live notification updates the page in front of the member: the open mission page shows the mission's new state,
// the coin balance is asked for again after a coin notice, and a toast tells the notice with a link to see it.
import type { MissionView, Notification } from '@fanmission/contracts';
import { act, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { useCoinBalance } from '../shared/api/coin-balance';
import { holdUnreadNotifications } from '../shared/notifications/unread';
import { clearSession, storeLogin } from '../shared/session/session';
import { MissionDetailPage } from '../features/mission-detail/mission-detail-page';
import { LiveNotices } from './live-notices';

/** The browser's EventSource as the unread count's stream meets it: the test sends its events. */
class FakeStream extends EventTarget {
  static CLOSED = 2;
  static last: FakeStream | undefined;
  readyState = 1;
  constructor() {
    super();
    FakeStream.last = this;
  }
  close() {
    this.readyState = FakeStream.CLOSED;
  }
}

function sendNotification(notification: Partial<Notification>) {
  const full: Notification = {
    id: 1,
    kind: 'MISSION_ACCEPTED',
    content: '게임왕 민준님이 미션을 수락했습니다.',
    created: '2026-11-29T03:00:00Z',
    thumbnail: null,
    image: null,
    mission: null,
    missionComment: null,
    read: false,
    ...notification,
  };
  act(() => {
    FakeStream.last?.dispatchEvent(new MessageEvent('notification', { data: JSON.stringify(full) }));
  });
}

const mission = (status: MissionView['status']) =>
  ({
    id: 9,
    status,
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
    missionProduct: {
      id: 40,
      type: 'CUSTOM',
      name: '무엇이든 맞춤 미션',
      descriptionPicture: null,
      creator: { id: 3, name: '게임왕 민준', user: { id: 30, image: null } },
    },
  }) as unknown as MissionView;

function Balance() {
  const balance = useCoinBalance();
  return <output aria-label="balance">{balance.data?.point ?? '-'}</output>;
}

describe('live notices', () => {
  let release: (() => void) | undefined;
  afterEach(() => {
    release?.();
    release = undefined;
    cleanupApp();
    clearSession();
    vi.unstubAllGlobals();
  });

  test('the open mission page shows the accepted mission, and a toast says so with a link to it', async () => {
    const t = await useLanguage('ko');
    storeLogin({ id: 2, roles: ['ROLE_USER'] });
    vi.stubGlobal('EventSource', FakeStream);
    let status: MissionView['status'] = 'REQUESTED';
    serve({
      'GET /api/v1/missions/9': () => json(mission(status)),
      'GET /api/v1/missions/9/comments/page': () =>
        json({ content: [], last: true, totalElements: 0, totalPages: 0, number: 0, size: 5 }),
    });
    release = holdUnreadNotifications('ko');
    renderAt(
      '/mission-detail/9',
      <Route
        path="/mission-detail/:missionId"
        element={
          <>
            <LiveNotices />
            <MissionDetailPage />
          </>
        }
      />,
    );
    await screen.findByText(t.missionStatus.REQUESTED);
    status = 'ACCEPTED';
    sendNotification({ kind: 'MISSION_ACCEPTED', mission: { id: 9 } });
    expect(await screen.findByText(t.missionStatus.ACCEPTED)).toBeTruthy();
    const toast = (await screen.findAllByRole('alert')).find((alert) =>
      alert.textContent?.includes('게임왕 민준님이 미션을 수락했습니다.'),
    );
    if (!toast) throw new Error('no toast with the notice');
    expect(within(toast).getByRole('link', { name: t.liveNotice.view }).getAttribute('href')).toBe('/mission-detail/9');
  });

  test('a coin notice asks for the balance again', async () => {
    await useLanguage('ko');
    storeLogin({ id: 2, roles: ['ROLE_USER'] });
    vi.stubGlobal('EventSource', FakeStream);
    let point = 0;
    serve({ 'GET /api/v1/coin-deposit': () => json({ point }) });
    release = holdUnreadNotifications('ko');
    renderAt(
      '/user-mypage',
      <Route
        path="*"
        element={
          <>
            <LiveNotices />
            <Balance />
          </>
        }
      />,
    );
    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'balance' }).textContent).toBe('0'));
    point = 10;
    sendNotification({ kind: 'BONUS_COINS_RECEIVED', content: '무료 코인 10코인이 지급되었습니다.' });
    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'balance' }).textContent).toBe('10'));
  });
});
