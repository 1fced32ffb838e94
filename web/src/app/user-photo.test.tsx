// @vitest-environment jsdom
// The signed-in user's own picture, in the header's account menu and on my page: their photo when they have one,
// else their initials on their colour (shared/cards/pictures.tsx), never the default silhouette.
import { DEFAULT_PROFILE_IMAGE } from '@fanmission/contracts';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { currentUser } from '@fanmission/tests/support/web/current-user';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { FanMyPage } from '../features/my-page/fan-my-page';
import { Header } from './header';

function signIn(imageUrl: string) {
  const values = { UserId: '5', UserName: 'Mina Park', IsVerified: 'true', ImageUrl: imageUrl };
  for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
}

const me = (imageUrl: string) =>
  currentUser({
    id: 5,
    username: 'Mina Park',
    email: 'mina@example.com',
    image:
      imageUrl === DEFAULT_PROFILE_IMAGE ? null : { id: 1, s3Url: imageUrl, contentType: 'image/png', thumbnail: null },
    imageUrl,
  });

describe("the user's own picture", () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test('header: the initials without a photo, the photo over them with one', async () => {
    const t = await useLanguage('ko');
    serve({});
    signIn(DEFAULT_PROFILE_IMAGE);
    renderAt('/', <Route path="/" element={<Header />} />);
    const menu = await screen.findByRole('button', { name: t.header.userMenu });
    expect(menu.querySelector('img')).toBeNull();
    expect(menu.textContent).toBe('MP');
    // Named by the initials' image, not by a label of its own that the initials it shows are not part of.
    expect(menu.hasAttribute('aria-label')).toBe(false);
    expect(screen.getByRole('img', { name: t.header.userMenu }).textContent).toBe('MP');
    expect(menu.querySelector<HTMLElement>('.fm-avatar')!.style.background).not.toBe('');
    cleanupApp();

    signIn('/files/mina.jpg');
    renderAt('/', <Route path="/" element={<Header />} />);
    const withPhoto = await screen.findByRole('button', { name: t.header.userMenu });
    expect(withPhoto.querySelector('img')?.getAttribute('src')).toBe('/files/mina.jpg');
  });

  test('header: a stored picture that no longer loads (changed in another session) is replaced by the current one', async () => {
    const t = await useLanguage('ko');
    const asked = vi.fn(() => json(me('/files/mina-new.jpg')));
    serve({ 'GET /api/v1/users/me': asked });
    signIn('/files/mina-old.jpg');
    renderAt('/', <Route path="/" element={<Header />} />);
    const menu = await screen.findByRole('button', { name: t.header.userMenu });
    // The old file is gone: the browser's load fails.
    menu.querySelector('img')!.dispatchEvent(new Event('error'));
    await waitFor(() => expect(menu.querySelector('img')?.getAttribute('src')).toBe('/files/mina-new.jpg'));
    expect(window.localStorage.getItem('ImageUrl')).toBe('/files/mina-new.jpg');
    expect(asked).toHaveBeenCalledTimes(1);
  });

  test('my page: the initials without a photo, the photo with one', async () => {
    const t = await useLanguage('ko');
    let picture = DEFAULT_PROFILE_IMAGE;
    serve({ 'GET /api/v1/users/me': () => json(me(picture)) });
    signIn(DEFAULT_PROFILE_IMAGE);
    renderAt('/user-mypage', <Route path="/user-mypage" element={<FanMyPage />} />);
    const button = await screen.findByRole('button', { name: t.myPage.photoEdit });
    await screen.findByText('mina@example.com');
    expect(button.querySelector('img')).toBeNull();
    expect(button.textContent).toBe('MP');
    cleanupApp();

    picture = '/files/mina.jpg';
    signIn(picture);
    renderAt('/user-mypage', <Route path="/user-mypage" element={<FanMyPage />} />);
    const withPhoto = await screen.findByRole('button', { name: t.myPage.photoEdit });
    await waitFor(() => expect(withPhoto.querySelector('img')?.getAttribute('src')).toBe('/files/mina.jpg'));
  });
});
