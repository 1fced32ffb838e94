// @vitest-environment jsdom
// The custom settings keep what the creator is typing while his data is read again (his intro still being made is
// read every few seconds); they start again only when what is stored changes.
import type { MyCreator } from '@fanmission/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PENDING_MEDIA_REFETCH_MS } from '../../../shared/media/pending';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { MissionListPage } from './mission-management-page';

const creatorWith = (customMission: MyCreator['customMission']) =>
  ({
    id: 7,
    name: 'Mina',
    intro: { id: 5, s3Url: '/files/intro.mp4', contentType: 'video/mp4', thumbnail: null, processing: 'PENDING' },
    avatar: null,
    user: { id: 3, username: 'mina', image: null },
    customMission,
  }) as unknown as MyCreator;

beforeEach(() => {
  window.localStorage.setItem('UserId', '3');
  window.localStorage.setItem('CreatorId', '7');
});

afterEach(() => {
  vi.useRealTimers();
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

test('typing survives the creator being read again; a stored change starts the form again', async () => {
  const texts = await useLanguage('ko');
  const c = texts.creatorStudio.missions.custom;
  let stored: MyCreator['customMission'] = { active: true, minimumCost: 300 };
  const calls = serve({
    'GET /api/v1/creators/me': () => json(creatorWith(stored)),
    'GET /api/v1/creators/me/missions/count': () =>
      json({ basic: 0, lucky: 0, customRequested: 0, customAccepted: 0, completed: 0, rejected: 0 }),
    'GET /api/v1/missions/page': () => json({ content: [], totalPages: 0, totalElements: 0, number: 0, size: 12 }),
  });
  const creatorReads = () => calls.filter((call) => call.path === '/api/v1/creators/me').length;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  renderAt(
    '/mission-management/list/custom',
    <Route path="/mission-management/list/:type" element={<MissionListPage />} />,
  );
  // The empty list below is drawn (it reads the creator too) before the creator types.
  await screen.findByText(texts.discover.empty.managementMissions);
  const shown = () => screen.getByLabelText(new RegExp(c.minimum.replace(/[()（）]/g, '.'))) as HTMLInputElement;
  await waitFor(() => expect(shown().value).toBe('300'));
  await userEvent.clear(shown());
  await userEvent.type(shown(), '450');
  const before = creatorReads();
  await vi.advanceTimersByTimeAsync(PENDING_MEDIA_REFETCH_MS);
  await waitFor(() => expect(creatorReads()).toBeGreaterThan(before));
  await vi.advanceTimersByTimeAsync(0);
  expect(shown().value).toBe('450');
  // Stored elsewhere (another tab saved 500): the form shows what is stored.
  stored = { active: true, minimumCost: 500 };
  await vi.advanceTimersByTimeAsync(PENDING_MEDIA_REFETCH_MS);
  await waitFor(() => expect(shown().value).toBe('500'));
});
