// @vitest-environment jsdom
// The age gate of an adult-flagged creator's page: what a visitor and a member not verified see instead of the page,
// the login that comes back to it, the identity check it starts, and the page read again (or the minor's refusal
// shown) when the check comes back.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { currentUser } from '@fanmission/tests/support/web/current-user';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { CreatorPage } from './creator-page';

const portOne = vi.hoisted(() => ({ requestIdentityVerification: vi.fn() }));
vi.mock('@portone/browser-sdk/v2', () => portOne);

const loginRequired = { status: 401, code: 'ADULT_LOGIN_REQUIRED', message: '19세 이상만 볼 수 있는 콘텐츠입니다.' };
const verificationRequired = { status: 403, code: 'ADULT_VERIFICATION_REQUIRED', message: '성인 인증을 해 주세요.' };
const page = <Route path="/creator/:creatorId" element={<CreatorPage />} />;

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('the age gate of an adult-flagged creator’s page', () => {
  test.each(['ko', 'en', 'ja'] as const)(
    'shows a visitor the gate with a login that returns to the page (%s)',
    async (language) => {
      const t = await useLanguage(language);
      serve({ 'GET /api/v1/creators/5': () => json(loginRequired, 401) });
      renderAt('/creator/5', page);
      expect(await screen.findByRole('heading', { level: 1, name: t.adultGate.title })).toBeTruthy();
      expect(screen.getByText(t.adultGate.loginBody)).toBeTruthy();
      expect(screen.queryByRole('button', { name: t.adultGate.verify })).toBeNull();
      await userEvent.setup().click(screen.getByRole('button', { name: t.adultGate.login }));
      expect(screen.getByLabelText('current path').textContent).toBe('/login');
      expect(window.sessionStorage.getItem('fm.login.returnTo')).toBe('/creator/5');
    },
  );

  test('offers a member not verified the adult verification, which opens the identity check', async () => {
    const t = await useLanguage('ko');
    window.localStorage.setItem('UserId', '9');
    const sandboxUrl = 'http://localhost/api/v1/identity-verification/sandbox/identity-verification-1?lang=ko';
    const calls = serve({
      'GET /api/v1/creators/5': () => json(verificationRequired, 403),
      'POST /api/v1/users/me/identity-verifications': () =>
        json({
          identityVerificationId: 'identity-verification-1',
          provider: 'sandbox',
          storeId: null,
          channelKey: null,
          sandboxUrl,
        }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/creator/5', assign });
    renderAt('/creator/5', page);
    expect(await screen.findByText(t.adultGate.verifyBody)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: t.adultGate.verify }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(sandboxUrl));
    const started = calls.find((call) => call.path === '/api/v1/users/me/identity-verifications');
    expect(started?.body).toEqual({ redirectUrl: 'http://localhost/creator/5' });
  });

  test('back from the check, has the server read it, leaves the address clean and reads the page again', async () => {
    await useLanguage('ko');
    window.localStorage.setItem('UserId', '9');
    const calls = serve({
      'GET /api/v1/creators/5': () => json(verificationRequired, 403),
      'POST /api/v1/users/me/adult-verification': () => json({ adultVerifiedAt: '2026-11-27T00:00:00.000Z' }),
      'GET /api/v1/users/me': () => json(currentUser({ id: 9, adultVerifiedAt: '2026-11-27T00:00:00.000Z' })),
    });
    vi.stubGlobal('location', {
      ...window.location,
      href: 'http://localhost/creator/5?identityVerificationId=identity-verification-1',
    });
    renderAt('/creator/5?identityVerificationId=identity-verification-1', page);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/v1/creators/5').length).toBeGreaterThanOrEqual(2),
    );
    const confirmed = calls.filter((call) => call.path === '/api/v1/users/me/adult-verification');
    expect(confirmed.map((call) => call.body)).toEqual([{ identityVerificationId: 'identity-verification-1' }]);
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/creator/5'));
  });

  test.each(['ko', 'en', 'ja'] as const)('shows a minor the server’s refusal (%s)', async (language) => {
    await useLanguage(language);
    window.localStorage.setItem('UserId', '9');
    const refusal = { status: 403, code: 'UNDER_ADULT_AGE', message: `minor refused (${language})` };
    serve({
      'GET /api/v1/creators/5': () => json(verificationRequired, 403),
      'POST /api/v1/users/me/adult-verification': () => json(refusal, 403),
    });
    vi.stubGlobal('location', {
      ...window.location,
      href: 'http://localhost/creator/5?identityVerificationId=identity-verification-2',
    });
    renderAt('/creator/5?identityVerificationId=identity-verification-2', page);
    expect((await screen.findByRole('alert')).textContent).toBe(refusal.message);
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/creator/5'));
  });

  test('opens PortOne’s identity check with the store, channel and id, and goes back with its answer', async () => {
    const t = await useLanguage('ko');
    window.localStorage.setItem('UserId', '9');
    serve({
      'GET /api/v1/creators/5': () => json(verificationRequired, 403),
      'POST /api/v1/users/me/identity-verifications': () =>
        json({
          identityVerificationId: 'identity-verification-3',
          provider: 'portone',
          storeId: 'store-1',
          channelKey: 'channel-identity',
          sandboxUrl: null,
        }),
    });
    portOne.requestIdentityVerification.mockResolvedValue({
      transactionType: 'IDENTITY_VERIFICATION',
      identityVerificationId: 'identity-verification-3',
      identityVerificationTxId: 'tx-1',
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/creator/5', assign });
    renderAt('/creator/5', page);
    await userEvent.setup().click(await screen.findByRole('button', { name: t.adultGate.verify }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/creator/5?identityVerificationId=identity-verification-3'),
    );
    expect(portOne.requestIdentityVerification).toHaveBeenCalledWith({
      storeId: 'store-1',
      channelKey: 'channel-identity',
      identityVerificationId: 'identity-verification-3',
      redirectUrl: 'http://localhost/creator/5',
    });
  });
});
