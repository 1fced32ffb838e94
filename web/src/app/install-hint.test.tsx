// @vitest-environment jsdom
// The install hint: due after a first request or performed mission, never on the landing page; Chromium's own prompt
// behind "install", Safari's words on an iPhone; dismissed or installed, it never comes back; none in the installed app.
import { act, cleanup, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { captureInstallPrompt, installMomentReached } from '../shared/pwa/install-hint';
import { InstallHintCard } from './install-hint';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

/** The browser offers to install (Chromium's `beforeinstallprompt`); answers the prompt's spy. */
function browserOffersInstall(): ReturnType<typeof vi.fn> {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return prompt;
}

function displayMode(standalone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: standalone && query === '(display-mode: standalone)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const show = (path: string) => renderAt(path, <Route path="*" element={<InstallHintCard />} />);

describe('install hint', () => {
  let stopCapturing: () => void;
  beforeAll(() => {
    stopCapturing = captureInstallPrompt();
  });
  afterAll(() => stopCapturing());
  beforeEach(() => {
    window.localStorage.clear();
    displayMode(false);
  });
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('not before the moment; then on every page but the landing one, and "install" opens Chromium’s prompt once', async () => {
    const t = await useLanguage('ko');
    const prompt = browserOffersInstall();
    show('/missions');
    expect(screen.queryByRole('complementary', { name: t.install.title })).toBeNull();

    act(() => installMomentReached());
    const hint = await screen.findByRole('complementary', { name: t.install.title });
    expect(hint.textContent).toContain(t.install.body);
    cleanup(); // unmounted; what it stored stays, as on the next page of the app

    show('/');
    expect(screen.queryByRole('complementary', { name: t.install.title })).toBeNull();
    cleanup(); // unmounted; what it stored stays, as on the next page of the app

    show('/mission-detail/3');
    await act(async () => screen.getByRole('button', { name: t.install.install }).click());
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('complementary', { name: t.install.title })).toBeNull();
    // Answered once: a later first request does not bring it back.
    act(() => installMomentReached());
    expect(screen.queryByRole('complementary', { name: t.install.title })).toBeNull();
    expect(window.localStorage.getItem('install-hint')).toBe('dismissed');
  });

  test('on an iPhone: Safari’s share-menu words, no install button; "later" dismisses it for good', async () => {
    const t = await useLanguage('en');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    installMomentReached();
    show('/my-coins');
    const hint = await screen.findByRole('complementary', { name: t.install.title });
    expect(hint.textContent).toContain(t.install.ios);
    expect(screen.queryByRole('button', { name: t.install.install })).toBeNull();
    await act(async () => screen.getByRole('button', { name: t.install.later }).click());
    expect(screen.queryByRole('complementary', { name: t.install.title })).toBeNull();
    cleanup(); // unmounted; what it stored stays, as on the next page of the app
    show('/my-coins');
    expect(screen.queryByRole('complementary', { name: t.install.title })).toBeNull();
  });

  test('none in the installed app, nor in a browser that cannot install', async () => {
    const t = await useLanguage('ja');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    installMomentReached();
    displayMode(true);
    show('/my-coins');
    expect(screen.queryByRole('complementary', { name: t.install.title })).toBeNull();
    cleanup(); // unmounted; what it stored stays, as on the next page of the app

    // A desktop Firefox: no prompt, no share menu to explain.
    displayMode(false);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Firefox/133.0');
    show('/my-coins');
    expect(screen.queryByRole('complementary', { name: t.install.title })).toBeNull();
  });
});
