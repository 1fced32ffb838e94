// @vitest-environment jsdom
// A money action that waits for a second member past a daily limit names the limit's figure, as the server's session
// says it (in won for cancels and refunds and for bank deposits, in coins for free-coin grants).
import { cleanup, render, screen } from '@testing-library/react';

import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { authProvider } from '../auth';
import { i18nProvider } from '../i18n/i18n-provider';
import { MoneySummary, type MoneyFacts } from './money-confirm';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            id: 3,
            email: 'fin@example.com',
            roles: ['ROLE_FINANCE'],
            approvalLimits: { aboveWon: 50_000, bonusGrantAboveCoins: 2_000, bankDepositAboveWon: 10_000 },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
  await authProvider.checkAuth({});
  vi.unstubAllGlobals();
});

afterEach(() => cleanup());

const facts = (approval: MoneyFacts['approval']): MoneyFacts => ({
  who: '팬하나',
  coins: 1_000,
  next: 'console.confirm.next.refundPaid',
  approval,
});

const renderSummary = (approval: MoneyFacts['approval']) =>
  render(
    <ConsoleTestContext i18nProvider={i18nProvider}>
      <MoneySummary facts={facts(approval)} />
    </ConsoleTestContext>,
  );

test('a refund or cancel past the daily limit names the limit in won', async () => {
  renderSummary('aboveWon');
  expect(
    await screen.findByText(
      '최근 24시간 동안 혼자 처리한 합계가 한도(₩50,000)를 넘으면 승인 요청으로 접수되고, 다른 재무 담당자가 승인하면 실행됩니다.',
      {},
      { timeout: 10_000 },
    ),
  ).toBeTruthy();
});

test('a bank deposit confirmed past the daily limit names the deposits’ own limit', async () => {
  renderSummary('aboveDepositWon');
  expect(await screen.findByText(/합계가 한도\(₩10,000\)를 넘으면/, {}, { timeout: 10_000 })).toBeTruthy();
});

test('a free-coin grant names the limit in coins; an action that always waits says so', async () => {
  renderSummary('aboveBonusCoins');
  expect(await screen.findByText(/합계가 한도\(2,000코인\)를 넘으면/, {}, { timeout: 10_000 })).toBeTruthy();
  cleanup();
  renderSummary('always');
  expect(await screen.findByText(/승인/, { selector: '.MuiAlert-message' }, { timeout: 10_000 })).toBeTruthy();
  expect(screen.queryByText(/합계가/)).toBeNull();
});
