// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { Language } from '@fanmission/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Route } from 'react-router';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import type { Guard } from '../shared/session/session';
import { Guarded } from './guarded';

function routes(guard: Guard) {
  return (
    <>
      <Route path="/" element={<p>home</p>} />
      <Route
        path="/guarded"
        element={
          <Guarded guard={guard}>
            <p>inside</p>
          </Guarded>
        }
      />
    </>
  );
}

function store(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
}

describe('Guarded', () => {
  beforeAll(() => useLanguage('ko'));
  beforeEach(() => window.localStorage.clear());
  afterEach(cleanupApp);

  test('a visitor is sent to / from logged-in, creator and verified-fan pages, and let into logged-out ones', async () => {
    for (const guard of ['loggedIn', 'creator', 'verifiedFan'] as const) {
      renderAt('/guarded', routes(guard));
      expect(await screen.findByText('home')).toBeTruthy();
      expect(screen.getByLabelText('current path').textContent).toBe('/');
      cleanup();
    }
    renderAt('/guarded', routes('loggedOut'));
    expect(await screen.findByText('inside')).toBeTruthy();
  });

  test('a verified fan passes the fan guard but not the creator or logged-out guards', async () => {
    store({ UserId: '1', IsVerified: 'true' });
    renderAt('/guarded', routes('verifiedFan'));
    expect(await screen.findByText('inside')).toBeTruthy();
    cleanup();
    for (const guard of ['creator', 'loggedOut'] as const) {
      renderAt('/guarded', routes(guard));
      expect(await screen.findByText('home')).toBeTruthy();
      cleanup();
    }
  });

  test('an unverified fan is refused the fan pages; a creator is refused them too but passes the creator guard', async () => {
    store({ UserId: '1', IsVerified: 'false' });
    renderAt('/guarded', routes('verifiedFan'));
    expect(await screen.findByText('home')).toBeTruthy();
    cleanup();
    store({ IsVerified: 'true', CreatorId: '4' });
    renderAt('/guarded', routes('verifiedFan'));
    expect(await screen.findByText('home')).toBeTruthy();
    cleanup();
    renderAt('/guarded', routes('creator'));
    expect(await screen.findByText('inside')).toBeTruthy();
  });
});

describe.each<Language>(['ko', 'en', 'ja'])('a creator opening the coin charge (%s)', (language) => {
  beforeEach(() => window.localStorage.clear());
  afterEach(cleanupApp);

  test('is told creators cannot charge coins and lands on his own creator page', async () => {
    const t = await useLanguage(language);
    store({ UserId: '3', IsVerified: 'true', CreatorId: '9' });
    renderAt(
      '/guarded',
      <>
        {routes('coinCharge')}
        <Route path="/creator/:creatorId" element={<p>own page</p>} />
      </>,
    );
    expect(await screen.findByText(t.coinCharge.creatorsCannotCharge)).toBeTruthy();
    expect(await screen.findByText('own page')).toBeTruthy();
    expect(screen.getByLabelText('current path').textContent).toBe('/creator/9');
  });

  test('a verified fan opens it', async () => {
    await useLanguage(language);
    store({ UserId: '1', IsVerified: 'true' });
    renderAt('/guarded', routes('coinCharge'));
    expect(await screen.findByText('inside')).toBeTruthy();
  });
});
