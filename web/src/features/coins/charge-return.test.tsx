// @vitest-environment jsdom
// The provider's checkout comes back to the coin history; a charge started from a mission request that lacked coins
// goes on to that request's page once the fan has read what was charged.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { keepRequestDraft } from '../../shared/missions/request-draft';
import { useChargeReturn } from './use-charge-return';

function ChargeReturn() {
  useChargeReturn();
  return null;
}

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('the charge’s return', () => {
  const charge = () =>
    serve({
      'POST /api/v1/coin-deposit': () => json({ id: 1 }),
      'GET /api/v1/coin-deposit': () => json({ point: 300 }),
      'GET /api/v1/coin-items': () => json([{ id: 7, itemType: 'CASH', name: '300', point: 300, price: 30_000 }]),
    });

  test('the charge’s return goes back to the creator’s page once the fan has read what was charged', async () => {
    const t = await useLanguage('ko');
    const user = userEvent.setup();
    const calls = charge();
    keepRequestDraft({ path: '/starlight', productId: 2, fields: { requestComment: '고양이랑 춤춰 주세요' } });
    renderAt(
      '/coin-history?paymentId=p1&status=paid&coinItemId=7',
      <Route path="/coin-history" element={<ChargeReturn />} />,
    );
    const charged = t.coinCharge.charged.replace('{{point}}', '300').replace('{{balance}}', '300');
    await screen.findByText(charged);
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/v1/coin-deposit')).toBe(true);
    await user.click(screen.getByRole('button', { name: t.common.ok }));
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/starlight'));
  });

  test('without a request left behind, the fan stays on the coin history', async () => {
    const t = await useLanguage('ko');
    const user = userEvent.setup();
    charge();
    renderAt(
      '/coin-history?paymentId=p1&status=paid&coinItemId=7',
      <Route path="/coin-history" element={<ChargeReturn />} />,
    );
    await screen.findByText(t.coinCharge.charged.replace('{{point}}', '300').replace('{{balance}}', '300'));
    await user.click(screen.getByRole('button', { name: t.common.ok }));
    expect(screen.getByLabelText('current path').textContent).toBe('/coin-history');
  });
});
