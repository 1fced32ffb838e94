// @vitest-environment jsdom
// The connection banner after a failed call: it clears itself when the browser is back online (and the pages' data
// is asked for again) or when the next call is answered, without "try again" being pressed.
import { act, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { api } from '../shared/api/client';
import { reportConnectionTrouble, RETRY_EVENT } from '../shared/network/connection';
import { ConnectionBanner } from './connection-banner';

const show = () => renderAt('/', <Route path="*" element={<ConnectionBanner />} />);

describe('connection banner', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test('clears on the browser’s online event, and the open pages reload', async () => {
    const t = await useLanguage('ko');
    show();
    act(() => reportConnectionTrouble());
    expect(screen.getByText(t.network.unstable)).toBeTruthy();
    const retried = vi.fn();
    window.addEventListener(RETRY_EVENT, retried);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    window.removeEventListener(RETRY_EVENT, retried);
    expect(screen.queryByText(t.network.unstable)).toBeNull();
    expect(retried).toHaveBeenCalledTimes(1);
  });

  test('clears on the next answered call', async () => {
    const t = await useLanguage('ko');
    serve({ 'GET /api/v1/ping': () => json({}) });
    show();
    act(() => reportConnectionTrouble());
    expect(screen.getByText(t.network.unstable)).toBeTruthy();
    await act(async () => {
      await api('/ping');
    });
    expect(screen.queryByText(t.network.unstable)).toBeNull();
  });
});
