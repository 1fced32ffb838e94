// @vitest-environment jsdom
// The landing page's app entry: no badge links to a store listing that does not exist; the web app is added to the
// home screen instead, by the browser's own prompt where it has one, else by the words saying where.
import { fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { captureInstallPrompt } from '../../shared/pwa/install-hint';
import { LandingHero } from './landing-page';

describe('landing hero', () => {
  let stopCapturing: (() => void) | undefined;
  afterEach(() => {
    stopCapturing?.();
    stopCapturing = undefined;
    cleanupApp();
    window.localStorage.clear();
  });

  for (const language of ['ko', 'en', 'ja'] as const) {
    test(`${language}: without store listings, no store link; adding to the home screen says how`, async () => {
      const t = await useLanguage(language);
      renderAt('/', <Route path="/" element={<LandingHero />} />);
      expect(screen.queryByRole('link', { name: t.landing.appStore })).toBeNull();
      expect(screen.queryByRole('link', { name: t.landing.googlePlay })).toBeNull();
      expect(document.querySelector('a[href*="apps.apple.com"], a[href*="play.google.com"]')).toBeNull();
      const add = screen.getByRole('button', { name: t.landing.addToHome });
      expect(screen.queryByText(t.landing.addToHomeHow)).toBeNull();
      fireEvent.click(add);
      expect(screen.getByText(t.landing.addToHomeHow).getAttribute('role')).toBe('status');
      expect(add.getAttribute('aria-expanded')).toBe('true');
    });
  }

  test('where the browser offers its install prompt, the button opens it', async () => {
    const t = await useLanguage('ko');
    stopCapturing = captureInstallPrompt();
    renderAt('/', <Route path="/" element={<LandingHero />} />);
    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    window.dispatchEvent(offer);
    fireEvent.click(await screen.findByRole('button', { name: t.landing.addToHome }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(t.landing.addToHomeHow)).toBeNull();
  });
});
