// @vitest-environment jsdom
import type { MonthlySettlement } from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { clearSession, SESSION_KEYS, storeLogin, storeSessionValue } from '../../../shared/session/session';
import { PastTab } from './past-tab';

const statement = (id: number, overrides: Partial<MonthlySettlement>): MonthlySettlement => ({
  id,
  year: 2026,
  month: 9,
  created: '2026-10-01T15:00:00.000Z',
  totalEarningCoin: 1_000,
  income: 60_000,
  pgFee: 10_000,
  pgFeeRate: 10,
  fatkatFee: 30_000,
  fatkatFeeRate: 30,
  advancedPaymentCurrent: 0,
  advancedPaymentFeeRate: 0,
  advancedPaymentTotal: 0,
  totalIntroductionFee: 0,
  totalIntroductionFeeCoin: 0,
  toReceipt: 60_000,
  paid: false,
  status: 'APPROVED',
  grade: 'SILVER',
  monthCoins: 1_000,
  carriedCoins: 0,
  gross: 100_000,
  overseasFee: 0,
  overseasFeeRate: 0,
  taxWithheld: 0,
  taxRate: 0,
  localTaxWithheld: 0,
  localTaxRate: 0,
  dueDate: '2026-10-12',
  carriedIntoStatementId: null,
  payTo: { bankName: 'KB국민은행', bankAccountNumber: '****1111' },
  paidOn: null,
  held: false,
  holdReason: null,
  ...overrides,
});

// Today is 2026-11-27 in Korea: September's statement was due on 2026-10-12, October's is due on 2026-12-10.
const STATEMENTS = [
  // An individual creator's: 3 % income tax and 0.3 % local income tax withheld.
  statement(4, {
    month: 10,
    status: 'ISSUED',
    dueDate: '2026-12-10',
    taxWithheld: 1_800,
    taxRate: 3,
    localTaxWithheld: 180,
    localTaxRate: 0.3,
    toReceipt: 58_020,
  }),
  statement(3, {}),
  statement(2, { month: 8, status: 'PAID', paid: true, dueDate: '2026-09-10', paidOn: '2026-09-09' }),
  statement(1, { month: 7, status: 'CARRIED_OVER', dueDate: null, toReceipt: 0 }),
];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('past incomes: each statement’s payment state', () => {
  afterEach(() => {
    cleanupApp();
    clearSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test.each(['ko', 'en', 'ja'] as const)(
    'an unpaid statement past its due date reads delayed with the date, not scheduled (%s)',
    { timeout: 60_000 },
    async (language) => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T03:00:00Z') });
      const t = await useLanguage(language);
      storeLogin({ id: 5, roles: ['ROLE_USER', 'ROLE_CREATOR'] });
      storeSessionValue(SESSION_KEYS.creatorId, '3');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          json({ content: STATEMENTS, last: true, totalElements: 4, totalPages: 1, number: 0, size: 12 }),
        ),
      );
      renderAt('/adjustment-page', <Route path="/adjustment-page" element={<PastTab />} />);
      await screen.findAllByTestId('income-statement-row');
      const state = (id: number) =>
        within(
          screen
            .getAllByTestId('income-statement-row')
            .find((row) => row.firstElementChild?.textContent === String(id))!,
        );
      expect(state(4).getByText(t.income.status.UNPAID)).toBeTruthy();
      expect(
        state(3).getByText(
          t.income.overdue.replace('{{date}}', { ko: '2026.10.12', en: 'Oct 12, 2026', ja: '2026/10/12' }[language]),
        ),
      ).toBeTruthy();
      expect(state(3).queryByText(t.income.status.UNPAID)).toBeNull();
      expect(state(2).getByText(t.income.status.PAID)).toBeTruthy();
      expect(state(1).getByText(t.income.status.CARRIED_OVER)).toBeTruthy();
      // An unpaid statement says which account it pays; a paid or carried-over one does not.
      const paysTo = t.income.paysTo.replace('{{bank}}', 'KB국민은행').replace('{{account}}', '****1111');
      expect(state(4).getByText(paysTo)).toBeTruthy();
      expect(state(2).queryByText(paysTo)).toBeNull();
      // A paid statement says when and to which account it was paid.
      const paidTo = t.income.paidTo
        .replace('{{date}}', { ko: '09.09', en: 'Sep 9', ja: '09/09' }[language])
        .replace('{{bank}}', 'KB국민은행')
        .replace('{{account}}', '****1111');
      expect(state(2).getByText(paidTo)).toBeTruthy();
      expect(state(4).queryByText(paidTo)).toBeNull();
      expect(state(1).queryByText(paysTo)).toBeNull();
      // The taxes withheld show under the amount paid; a statement without any says nothing.
      const withheld = t.income.withheld
        .replace('{{total}}', (1_980).toLocaleString())
        .replace('{{incomeTax}}', (1_800).toLocaleString())
        .replace('{{localTax}}', (180).toLocaleString());
      expect(state(4).getByText(withheld)).toBeTruthy();
      expect(state(3).queryByText(/1,800/)).toBeNull();
    },
  );

  test.each(['ko', 'en', 'ja'] as const)(
    'a held statement reads on hold with its reason, and links the payout account when the creator can act (%s)',
    { timeout: 60_000 },
    async (language) => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T03:00:00Z') });
      const t = await useLanguage(language);
      storeLogin({ id: 5, roles: ['ROLE_USER', 'ROLE_CREATOR'] });
      storeSessionValue(SESSION_KEYS.creatorId, '3');
      const held = [
        statement(6, { month: 10, status: 'ISSUED', held: true, holdReason: 'ACCOUNT_MISMATCH' }),
        statement(5, { month: 10, status: 'ISSUED', held: true, holdReason: 'ACCOUNT_CHANGED' }),
        statement(4, { month: 10, status: 'ISSUED', held: true, holdReason: 'ACCOUNT_UNVERIFIED' }),
      ];
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json({ content: held, last: true, totalElements: 3, totalPages: 1, number: 0, size: 12 })),
      );
      renderAt('/adjustment-page', <Route path="/adjustment-page" element={<PastTab />} />);
      await screen.findAllByTestId('income-statement-row');
      const row = (id: number) =>
        within(
          screen
            .getAllByTestId('income-statement-row')
            .find((candidate) => candidate.firstElementChild?.textContent === String(id))!,
        );
      for (const id of [4, 5, 6]) {
        expect(row(id).getByText(t.income.status.HELD)).toBeTruthy();
        expect(row(id).queryByText(t.income.status.UNPAID)).toBeNull();
      }
      expect(row(6).getByTestId('income-hold-reason').textContent).toContain(t.income.hold.ACCOUNT_MISMATCH);
      expect(row(4).getByTestId('income-hold-reason').textContent).toContain(t.income.hold.ACCOUNT_UNVERIFIED);
      expect(row(6).getByRole('link', { name: t.income.hold.fixAccount }).getAttribute('href')).toBe(
        '/bank-account-change',
      );
      // A change waiting for finance: nothing for the creator to fix.
      expect(row(5).getByTestId('income-hold-reason').textContent).toContain(t.income.hold.ACCOUNT_CHANGED);
      expect(row(5).queryByRole('link', { name: t.income.hold.fixAccount })).toBeNull();
    },
  );
});
