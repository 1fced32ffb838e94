// @vitest-environment jsdom
import type { RouletteRoll } from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { clearSession, storeLogin } from '../../shared/session/session';
import { MyRollsPage } from './my-rolls-page';

const roll: RouletteRoll = {
  id: 7,
  missionId: 70,
  productId: 9,
  productName: '럭키 룰렛',
  creatorId: 3,
  creatorName: '별빛 크리에이터',
  coins: 1_200,
  winProbability: 10,
  commitment: 'ab'.repeat(32),
  clientSeed: 'seed',
  nonce: 4,
  success: false,
  created: '2026-11-20T03:00:00.000Z',
  serverSeed: null,
};

describe('my rolls', () => {
  afterEach(() => {
    cleanupApp();
    clearSession();
    vi.unstubAllGlobals();
  });

  test.each(['ko', 'en', 'ja'] as const)(
    'each roll names the creator whose roulette it was and what it cost (%s)',
    { timeout: 60_000 },
    async (language) => {
      const t = await useLanguage(language);
      storeLogin({ id: 5, roles: ['ROLE_USER'] });
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async () =>
            new Response(
              JSON.stringify({ content: [roll], last: true, totalElements: 1, totalPages: 1, number: 0, size: 10 }),
              { status: 200, headers: { 'Content-Type': 'application/json' } },
            ),
        ),
      );
      renderAt('/my-rolls', <Route path="/my-rolls" element={<MyRollsPage />} />);
      const item = await screen.findByRole('listitem', { name: '별빛 크리에이터 럭키 룰렛 #4' });
      expect(within(item).getByText('별빛 크리에이터 · 럭키 룰렛')).toBeTruthy();
      expect(within(item).getByText(t.lotteryEvent.rolls.cost.replace('{{coins}}', '1,200'))).toBeTruthy();
    },
  );
});
