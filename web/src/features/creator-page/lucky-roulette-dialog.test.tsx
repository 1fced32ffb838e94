// @vitest-environment jsdom
// The lucky roulette shows its odds before every roll: the win chance and the coins one win costs on average (the
// price divided by the chance), before the first roll and again with the retry after a loss.
import type { MissionProduct } from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { clearSession, storeLogin } from '../../shared/session/session';
import { LuckyRouletteDialog } from './lucky-roulette-dialog';
import { expectedCoinsPerWin } from './roulette-odds';

const product = { id: 3, name: 'Lucky dance', type: 'LUCKY', coinPrice: 30, winProbability: 0.5 } as MissionProduct;

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

function serve(win = false) {
  const rolls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      if (path.endsWith('/missions/lucky')) return json({ id: 55 });
      if (path.endsWith('/missions/55/rolls')) {
        rolls.push(init?.method ?? 'GET');
        return json({ success: win });
      }
      if (path.endsWith('/missions/55')) return json({ id: 55, performDueAt: '2026-12-07T05:00:00Z' });
      if (path.endsWith('/coin-deposit')) return json({ point: 500, frozenPoint: 0 });
      // Each roll uses the seed's next nonce.
      return json({ commitment: 'ab'.repeat(32), clientSeed: 'seed', nextNonce: rolls.length });
    }),
  );
  return rolls;
}

describe('lucky roulette odds', () => {
  afterEach(() => {
    cleanupApp();
    clearSession();
    vi.unstubAllGlobals();
  });

  test('expected coins per win is the price divided by the chance', () => {
    expect(expectedCoinsPerWin(30, 0.5)).toBe(6000);
    expect(expectedCoinsPerWin(10, 10)).toBe(100);
    expect(expectedCoinsPerWin(7, 0.3)).toBe(2333);
    expect(expectedCoinsPerWin(10, null)).toBeNull();
    expect(expectedCoinsPerWin(10, 0)).toBeNull();
  });

  for (const language of ['ko', 'en', 'ja'] as const) {
    test(`shown before the first roll and before the retry (${language})`, { timeout: 60_000 }, async () => {
      const t = await useLanguage(language);
      storeLogin({ id: 9, roles: ['ROLE_USER'] });
      const rolls = serve();
      const user = userEvent.setup();
      renderAt('/c', <Route path="/c" element={<LuckyRouletteDialog product={product} onClose={() => undefined} />} />);
      const perWin = t.lucky.perWin.replace('{{coins}}', (6000).toLocaleString());
      const odds = () => screen.getByRole('group', { name: t.lucky.odds });
      const play = await screen.findByRole('button', { name: t.lucky.play.replace('{{count}}', '30') });
      expect(within(odds()).getByText(perWin)).toBeTruthy();
      expect(within(odds()).getByText(t.lucky.chance.replace('{{value}}', '0.5'))).toBeTruthy();

      await vi.waitFor(() => expect(play.hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
      await user.click(play);
      await screen.findByText(t.lucky.lost, undefined, { timeout: 10_000 });
      expect(rolls).toEqual(['POST']);
      // The fairness details wait behind their button; opened, the seed panel shows the nonce the next roll will use,
      // without reopening the dialog.
      expect(screen.queryByText(t.lotteryEvent.seed.nextNonce.replace('{{nonce}}', '1'))).toBeNull();
      await user.click(screen.getByRole('button', { name: t.lucky.fairness }));
      await screen.findByText(t.lotteryEvent.seed.nextNonce.replace('{{nonce}}', '1'));
      expect(screen.getByRole('button', { name: t.lucky.retry.replace('{{count}}', '30') })).toBeTruthy();
      expect(within(odds()).getByText(perWin)).toBeTruthy();
    });
  }

  test('a win links to the won mission with its perform deadline (ko)', { timeout: 60_000 }, async () => {
    const t = await useLanguage('ko');
    storeLogin({ id: 9, roles: ['ROLE_USER'] });
    serve(true);
    const user = userEvent.setup();
    renderAt('/c', <Route path="/c" element={<LuckyRouletteDialog product={product} onClose={() => undefined} />} />);
    const play = await screen.findByRole('button', { name: t.lucky.play.replace('{{count}}', '30') });
    await vi.waitFor(() => expect(play.hasAttribute('disabled')).toBe(false), { timeout: 10_000 });
    await user.click(play);
    const link = await screen.findByRole(
      'link',
      { name: t.lucky.myMissionUntil.replace('{{date}}', '12.07') },
      { timeout: 10_000 },
    );
    expect(link.getAttribute('href')).toBe('/mission-detail/55');
  });
});
