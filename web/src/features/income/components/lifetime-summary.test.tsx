// @vitest-environment jsdom
import type { IncomeOld, LifetimeIncomeTotals } from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { clearSession, SESSION_KEYS, storeLogin, storeSessionValue } from '../../../shared/session/session';
import { IncomePage } from '../income-page';

const totals: LifetimeIncomeTotals = {
  totalEarningCoin: 12_345,
  income: 740_700,
  pgFee: 123_450,
  fatkatFee: 370_350,
  toReceipt: 700_000,
  withheld: 40_700,
};
const paid: IncomeOld = { totalEarning: 740_700, paidIncome: 520_000 };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(options: { fail?: boolean } = {}) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      asked.push(path);
      if (path.endsWith('/creators/me/incomes/accumulated-new'))
        return options.fail ? json({ message: 'down', status: 503 }, 503) : json(totals);
      if (path.endsWith('/creators/me/incomes/accumulated')) return json(paid);
      if (path.includes('/by-month-new'))
        return json({
          ...totals,
          year: 2026,
          month: 11,
          grade: 'SILVER',
          settled: false,
          statementId: null,
          taxWithheld: 22_220,
          localTaxWithheld: 2_220,
          gross: 1_234_500,
          overseasFee: 0,
          minimumCoins: 500,
          carriesOver: false,
        });
      return json({ content: [], last: true, totalElements: 0, totalPages: 0, number: 0, size: 12 });
    }),
  );
  return asked;
}

describe('income page: lifetime totals', () => {
  afterEach(() => {
    cleanupApp();
    clearSession();
    vi.unstubAllGlobals();
  });

  test(
    'shows coins, total earned, paid out, still to be paid, the taxes withheld and the fees since the start',
    { timeout: 60_000 },
    async () => {
      const t = await useLanguage('en');
      storeLogin({ id: 5, roles: ['ROLE_USER', 'ROLE_CREATOR'] });
      storeSessionValue(SESSION_KEYS.creatorId, '3');
      const asked = serve();
      renderAt('/adjustment-page', <Route path="/adjustment-page" element={<IncomePage />} />);
      const section = await screen.findByRole('region', { name: t.income.lifetime.title });
      const value = (label: string) => within(section).getByText(label).nextElementSibling?.textContent;
      await within(section).findByText(t.income.lifetime.earned);
      expect(value(t.income.totalEarningCoin)).toBe('12,345 coins');
      expect(value(t.income.lifetime.earned)).toBe('₩740,700');
      expect(value(t.income.lifetime.paid)).toBe('₩520,000');
      expect(value(t.income.lifetime.unpaid)).toBe('₩180,000');
      // Paid, still to be paid and the taxes withheld add up to the total earned.
      expect(value(t.income.lifetime.withheld)).toBe('₩40,700');
      expect(value(t.income.pgFee)).toBe('₩123,450');
      expect(value(t.income.fatkatFee)).toBe('₩370,350');
      expect(asked).toContain('/api/v1/creators/me/incomes/accumulated');
      // This month's summary adds up the taxes withheld (income tax and local income tax).
      const month = await screen.findByTestId('month-summary');
      expect(within(month).getByText(t.income.taxWithheld).closest('dt')?.nextElementSibling?.textContent).toBe(
        '₩24,440',
      );
    },
  );

  test('says so when the totals cannot be read', { timeout: 60_000 }, async () => {
    const t = await useLanguage('ko');
    storeLogin({ id: 5, roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    storeSessionValue(SESSION_KEYS.creatorId, '3');
    serve({ fail: true });
    renderAt('/adjustment-page', <Route path="/adjustment-page" element={<IncomePage />} />);
    expect(await screen.findByText(t.income.lifetime.failed, undefined, { timeout: 20_000 })).toBeTruthy();
  });
});
