// @vitest-environment jsdom
// A creator who comes to the coin charge (here: a request without enough coins, the way a
// member reaches it from a creator page) is told "creators cannot charge coins" and sent to his own creator page;
// the charge modal never opens. In ko, en and ja.
import type { Language, MissionProduct } from '@fanmission/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { MissionRequestDialog } from './mission-request-dialog';

const basic = {
  id: 2,
  name: 'Birthday song',
  type: 'BASIC',
  coinPrice: 300,
  minimumCost: null,
  allowAttachments: false,
} as unknown as MissionProduct;

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('UserId', '3');
  window.localStorage.setItem('CreatorId', '9');
  window.localStorage.setItem('IsVerified', 'true');
});

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe.each<Language>(['ko', 'en', 'ja'])('a creator at the coin charge (%s)', (language) => {
  test('is told creators cannot charge coins and lands on his own page', { timeout: 60_000 }, async () => {
    const t = await useLanguage(language);
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = String(url).includes('/coin-deposit') ? { point: 0 } : [];
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderAt(
      '/creator/1',
      <Route path="/creator/1" element={<MissionRequestDialog product={basic} onClose={() => {}} />} />,
    );
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.to)), 'M');
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.detail)), 'D');
    await user.click(within(dialog).getByLabelText(t.missionRequest.terms));
    await user.click(within(dialog).getByRole('button', { name: t.missionRequest.submit }));
    expect(await screen.findByText(t.missionRequest.notEnoughCoins)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.common.ok }));

    expect(await screen.findByText(t.coinCharge.creatorsCannotCharge)).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/creator/9'));
    expect(screen.queryByText(t.coinCharge.title)).toBeNull();
  });
});
