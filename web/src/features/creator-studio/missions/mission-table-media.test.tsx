// @vitest-environment jsdom
// A request that arrives with a video still being made playable: the open dialog plays it once it is ready.
import type { MissionView } from '@fanmission/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createQueryClient, QueryProvider } from '../../../shared/api/query-provider';
import { PENDING_MEDIA_REFETCH_MS } from '../../../shared/media/pending';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { AppProviders, cleanupApp, useLanguage } from '@fanmission/tests/support/web/render';
import { MissionTable } from './mission-table';

const attachment = (processing: 'PENDING' | 'READY') => ({
  id: 9,
  filename: 'my-dance.mp4',
  s3Url: '/files/my-dance.mp4',
  contentType: 'video/mp4',
  thumbnail: null,
  smallScreenVideo: null,
  processing,
});

const request = (processing: 'PENDING' | 'READY') =>
  ({
    id: 41,
    status: 'REQUESTED',
    user: { id: 2, username: 'fanny', image: null },
    missionProduct: { name: 'Custom mission' },
    coinPrice: 300,
    created: '2026-11-01T00:00:00.000Z',
    accepted: null,
    decisionDueAt: '2026-11-11T00:00:00.000Z',
    to: 'Mina',
    from: null,
    requestComment: 'Dance like me',
    requestFile: attachment(processing),
  }) as unknown as MissionView;

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

test('the open request plays the fan’s video once its rendition is ready, without a reload', async () => {
  await useLanguage('ko');
  let processing: 'PENDING' | 'READY' = 'PENDING';
  const calls = serve({
    'GET /api/v1/missions/page': () =>
      json({ content: [request(processing)], totalPages: 1, totalElements: 1, number: 0, size: 12, last: true }),
  });
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  render(
    <AppProviders i18n={i18next}>
      <QueryProvider client={createQueryClient()}>
        <MemoryRouter>
          <MissionTable listType="custom" />
        </MemoryRouter>
      </QueryProvider>
    </AppProviders>,
  );
  await userEvent.click(await screen.findByRole('button', { name: /Custom mission/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('media-processing-note');
  expect(within(dialog).queryByLabelText('my-dance.mp4')).toBeNull();
  processing = 'READY';
  await vi.advanceTimersByTimeAsync(PENDING_MEDIA_REFETCH_MS);
  expect((await within(dialog).findByLabelText('my-dance.mp4')).tagName).toBe('VIDEO');
  // Ready: the list stops asking.
  const reads = calls.filter((call) => call.path === '/api/v1/missions/page').length;
  await vi.advanceTimersByTimeAsync(PENDING_MEDIA_REFETCH_MS * 2);
  expect(calls.filter((call) => call.path === '/api/v1/missions/page')).toHaveLength(reads);
});
