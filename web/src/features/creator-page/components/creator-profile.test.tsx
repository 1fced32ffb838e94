// @vitest-environment jsdom
// The creator page has its own follow button (beside the name): a member follows and unfollows as himself and the
// follower count follows the server's answer; a visitor is sent to log in; the creator does not see it on his page.
import type { CreatorPage } from '@fanmission/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { CreatorProfile } from './creator-profile';

const page = (overrides: Partial<CreatorPage> = {}) =>
  ({
    creator: {
      id: 5,
      url: 'starlight',
      name: 'Starlight',
      verified: true,
      user: { id: 50, username: 'starlight', image: null },
      avatar: null,
      intro: null,
      tags: [],
      snsLinks: [],
      description: null,
    },
    followerCount: 141,
    likeCount: 9,
    following: false,
    eventProduct: null,
    ...overrides,
  }) as unknown as CreatorPage;

/** Whatever else the page reads answers empty; the follow calls answer as the server would. */
function api(followerCount: number) {
  return serve({
    'POST /api/v1/creators/5/follower': () => json({ creatorId: 5, following: true, followerCount: followerCount + 1 }),
    'DELETE /api/v1/creators/5/follower': () => json({ creatorId: 5, following: false, followerCount }),
  });
}

describe('the creator page’s follow button', () => {
  afterEach(() => {
    cleanupApp();
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  test('a member follows and unfollows; the count follows the server', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = await useLanguage('ko');
    window.localStorage.setItem('UserId', '1');
    window.localStorage.setItem('IsVerified', 'true');
    const calls = api(141);
    renderAt('/c', <Route path="/c" element={<CreatorProfile data={page()} />} />);
    const button = screen.getByRole('button', { name: t.creatorPage.follow });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    const following = await screen.findByRole('button', { name: t.creatorPage.following });
    expect(following.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('142')).toBeTruthy();
    fireEvent.click(following);
    await screen.findByRole('button', { name: t.creatorPage.follow });
    expect(screen.getByText('141')).toBeTruthy();
    const follows = calls.filter((call) => call.path === '/api/v1/creators/5/follower');
    expect(follows.map((call) => [call.method, call.body ?? call.query.get('userId')])).toEqual([
      ['POST', { userId: 1 }],
      ['DELETE', '1'],
    ]);
  });

  test('a visitor is sent to log in', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = await useLanguage('en');
    api(141);
    renderAt('/c', <Route path="/c" element={<CreatorProfile data={page()} />} />);
    fireEvent.click(screen.getByRole('button', { name: t.creatorPage.follow }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'current path' }).textContent).toBe('/login'));
  });

  test('the creator does not see it on his own page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = await useLanguage('ja');
    window.localStorage.setItem('UserId', '50');
    window.localStorage.setItem('CreatorId', '5');
    api(141);
    renderAt('/c', <Route path="/c" element={<CreatorProfile data={page()} />} />);
    expect(screen.getByRole('link', { name: t.creatorPage.editProfile })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.creatorPage.follow })).toBeNull();
  });
});

describe('the creator page’s intro', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  const withIntro = (contentType: string, thumbnail: string | null) => {
    const data = page();
    return {
      ...data,
      creator: {
        ...data.creator,
        avatar: { id: 1, s3Url: '/files/photo.webp', contentType: 'image/webp', thumbnail: null },
        intro: {
          id: 2,
          s3Url: '/files/intro',
          contentType,
          thumbnail: thumbnail === null ? null : { id: 3, s3Url: thumbnail, contentType: 'image/webp' },
        },
      },
    } as CreatorPage;
  };

  test.each(['ko', 'en', 'ja'] as const)(
    'a voice intro plays under the creator’s photo, not in a black video frame (%s)',
    async (language) => {
      const t = await useLanguage(language);
      api(0);
      renderAt(
        '/creator/5',
        <Route path="/creator/:id" element={<CreatorProfile data={withIntro('audio/mpeg', null)} />} />,
      );
      expect(screen.getByRole('img', { name: 'Starlight' }).getAttribute('src')).toBe('/files/photo.webp');
      expect(screen.getByLabelText(t.creatorPage.introVoice).tagName).toBe('AUDIO');
      expect(document.querySelector('video')).toBeNull();
    },
  );

  test('a video intro shows its poster frame, else the creator’s photo, before it plays', async () => {
    const t = await useLanguage('ko');
    api(0);
    const view = renderAt(
      '/creator/5',
      <Route path="/creator/:id" element={<CreatorProfile data={withIntro('video/mp4', '/files/poster.webp')} />} />,
    );
    expect(screen.getByLabelText(t.creatorPage.introVideo).getAttribute('poster')).toBe('/files/poster.webp');
    view.unmount();
    renderAt(
      '/creator/5',
      <Route path="/creator/:id" element={<CreatorProfile data={withIntro('video/mp4', null)} />} />,
    );
    expect(screen.getByLabelText(t.creatorPage.introVideo).getAttribute('poster')).toBe('/files/photo.webp');
    expect(document.querySelector('audio')).toBeNull();
  });
});

describe('the creator page’s time to perform', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test('shown once, in the response times line (90-day medians), beside the on-time chip', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = await useLanguage('ko');
    serve({
      'GET /api/v1/creators/reliability': () =>
        json([{ creatorId: 5, dueCount: 6, onTimeRate: 5 / 6, medianPerformHours: 48 }]),
      'GET /api/v1/creators/5/availability': () =>
        json({
          paused: false,
          returnOn: null,
          pauseMessage: null,
          maxOpenRequests: null,
          openRequests: null,
          products: [],
          responseTimes: { acceptHours: null, completeHours: 48 },
        }),
    });
    renderAt('/c', <Route path="/c" element={<CreatorProfile data={page()} />} />);
    const chips = await screen.findByTestId('creator-reliability');
    expect(chips.textContent).toContain(t.trust.reliability.onTime.replace('{{rate}}', '83'));
    const complete = t.capacity.responseTimes.complete.replace('{{time}}', '2일');
    expect(await screen.findByText(complete)).toBeTruthy();
    expect(screen.queryByText(t.trust.reliability.median.replace('{{time}}', '2일'))).toBeNull();
    expect(document.body.textContent!.split('2일').length - 1).toBe(1);
  });
});
