// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { CoinChargeDialog } from './coin-charge-dialog';

const items = [{ id: 1, name: '10 코인', point: 10, price: 1000, usdPrice: 0.8, itemType: 'CASH' }];
const checkout = {
  merchantUid: 'pay_1',
  provider: 'sandbox',
  payMethod: 'phone',
  checkoutUrl: 'http://localhost/api/v1/payment/sandbox/pay_1',
};

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the coin charge dialog', () => {
  test.each(['ko', 'en', 'ja'] as const)(
    'offers mobile phone billing (%s), says its month rule, and orders it in won',
    async (language) => {
      const texts = await useLanguage(language);
      window.localStorage.setItem('UserId', '5');
      const calls = serve({
        'GET /api/v1/coin-items': () => json(items),
        'GET /api/v1/payment/imp-code': () =>
          json({ impCode: 'imp-sandbox', provider: 'sandbox', storeId: null, channelKey: null }),
        'POST /api/v1/payment': () => json(checkout),
      });
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, origin: 'http://localhost', assign });
      renderAt('/', <Route path="/" element={<CoinChargeDialog onClose={() => undefined} />} />);
      const user = userEvent.setup();
      await user.click(
        await screen.findByRole('button', {
          name: new RegExp(`^${texts.coinCharge.itemLabel.replace('{{point}}', '10')}`),
        }),
      );
      expect(screen.queryByText(texts.coinCharge.phoneNote)).toBeNull();
      await user.click(screen.getByRole('radio', { name: texts.coinCharge.phone }));
      expect(screen.getByText(texts.coinCharge.phoneNote)).toBeTruthy();
      await user.click(screen.getByRole('checkbox', { name: texts.coinCharge.terms }));
      await user.click(screen.getByRole('button', { name: texts.coinCharge.pay }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(checkout.checkoutUrl));
      const order = calls.find((call) => call.method === 'POST' && call.path === '/api/v1/payment');
      expect(order?.body).toMatchObject({ coinItemId: 1, userId: 5, payMethod: 'phone', currency: 'KRW' });
    },
  );

  test.each([
    ['a merchant code not obtained', 'card', 'GET /api/v1/payment/imp-code'],
    ['a bank deposit not asked for', 'withoutbankbook', 'POST /api/v1/payment/bank-transfer'],
  ] as const)('says %s and reloads the page', async (_what, payMethod, failing) => {
    const texts = await useLanguage('ko');
    window.localStorage.setItem('UserId', '5');
    serve({
      'GET /api/v1/coin-items': () => json(items),
      'GET /api/v1/payment/imp-code': () =>
        json({ impCode: 'imp-sandbox', provider: 'sandbox', storeId: null, channelKey: null }),
      'POST /api/v1/payment': () => json(checkout),
      [failing]: () => json({ message: '잠시 후 다시 시도해 주세요.', status: 500 }, 500),
    });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'http://localhost', assign: vi.fn(), reload });
    renderAt('/', <Route path="/" element={<CoinChargeDialog onClose={() => undefined} />} />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: new RegExp(`^${texts.coinCharge.itemLabel.replace('{{point}}', '10')}`),
      }),
    );
    if (payMethod === 'withoutbankbook') {
      await user.click(screen.getByRole('radio', { name: texts.coinCharge.withoutbankbook }));
      await user.type(screen.getByRole('textbox', { name: texts.coinCharge.depositorName }), '김팬');
      await user.type(screen.getByRole('textbox', { name: texts.coinCharge.depositorPhone }), '01012345678');
    }
    await user.click(screen.getByRole('checkbox', { name: texts.coinCharge.terms }));
    await user.click(
      screen.getByRole('button', {
        name: payMethod === 'withoutbankbook' ? texts.coinCharge.apply : texts.coinCharge.pay,
      }),
    );
    const alert = await screen.findByRole('alertdialog');
    expect(reload).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
