// @vitest-environment jsdom
// The month's settlement reads as it is calculated: 총 매출 (coins × 100 won) − 결제 수수료 − 플랫폼 수수료 (− the
// taxes withheld) = 정산 금액, in that order; a month under the 500-coin minimum says it carries over, not an amount.
import type { Language, MonthIncome } from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { MonthSummary } from './month-summary';

const LANGUAGES: Language[] = ['ko', 'en', 'ja'];

/** 5,440 coins at Gold (80 won a coin): 544,000 won sold, 54,400 payment fee, 54,400 platform fee, 435,200 income. */
const gold: MonthIncome = {
  year: 2026,
  month: 11,
  grade: 'GOLD',
  statementId: null,
  settled: false,
  totalEarningCoin: 5_440,
  gross: 544_000,
  income: 435_200,
  pgFee: 54_400,
  fatkatFee: 54_400,
  overseasFee: 0,
  taxWithheld: 13_050,
  localTaxWithheld: 1_300,
  toReceipt: 420_850,
  minimumCoins: 500,
  carriesOver: false,
};

/** A new creator's 180 coins at Silver: under the minimum. */
const newcomer: MonthIncome = {
  ...gold,
  grade: 'SILVER',
  totalEarningCoin: 180,
  gross: 18_000,
  income: 10_800,
  pgFee: 1_800,
  fatkatFee: 5_400,
  taxWithheld: 0,
  localTaxWithheld: 0,
  toReceipt: 10_800,
  carriesOver: true,
};

const show = (income: MonthIncome) =>
  renderAt('/adjustment-page', <Route path="/adjustment-page" element={<MonthSummary income={income} />} />);

describe('the month’s settlement summary', () => {
  afterEach(() => cleanupApp());

  test.each(LANGUAGES)('reads gross − fees − taxes = the settlement amount, in that order (%s)', async (language) => {
    const t = await useLanguage(language);
    show(gold);
    const summary = await screen.findByTestId('month-summary');
    const terms = within(summary)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual([
      expect.stringContaining(t.income.gross),
      `−${t.income.pgFee}`,
      `−${t.income.fatkatFee}`,
      `−${t.income.taxWithheld}`,
      `=${t.income.payout}`,
    ]);
    expect(terms[0]).toContain(t.income.grossDetail.replace('{{coins}}', '5,440').replace('{{won}}', '100'));
    const amounts = within(summary)
      .getAllByRole('definition')
      .map((amount) => amount.textContent);
    const won = (amount: string) => t.income.won.replace('{{amount}}', amount);
    expect(amounts).toEqual([won('544,000'), won('54,400'), won('54,400'), won('14,350'), won('420,850')]);
  });

  test.each(LANGUAGES)('says a month under the minimum carries over instead of an amount (%s)', async (language) => {
    const t = await useLanguage(language);
    show(newcomer);
    const payout = await screen.findByTestId('month-summary-payout');
    expect(payout.textContent).toContain(t.income.carriesOver.replace('{{minimum}}', '500'));
    expect(payout.textContent).not.toContain('10,800');
  });
});
