// @vitest-environment jsdom
// The dashboard's allowance block: a finance member sees what he did alone in the last 24 hours out of each daily
// allowance, in coins or won, and which one is used up; an operator, who has none, sees no block and asks nothing.
import type { AdminStaffAllowance } from '@fanmission/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { type AuthProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { AllowanceBlock } from './allowance';
import { i18nProvider } from './i18n/i18n-provider';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';
import { untilQueriesSettled } from '@fanmission/tests/support/query-clients';

vi.setConfig({ testTimeout: 60_000 });

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const auth = (roles: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => roles,
});

function renderBlock(roles: string[], answer: AdminStaffAllowance) {
  const fetch = vi.fn(async () => json(answer));
  vi.stubGlobal('fetch', fetch);
  render(
    <ConsoleTestContext i18nProvider={i18nProvider} authProvider={auth(roles)}>
      <AllowanceBlock />
    </ConsoleTestContext>,
  );
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('finance sees each allowance used and left, in Korean; a used-up one says the next waits', async () => {
  const fetch = renderBlock(['ROLE_FINANCE'], {
    windowHours: 24,
    allowances: [
      { allowance: 'FREE_COINS', used: 400, limit: 1_000, remaining: 600 },
      { allowance: 'MONEY_OUT_WON', used: 97_000, limit: 100_000, remaining: 3_000 },
      { allowance: 'MONEY_IN_WON', used: 10_000, limit: 10_000, remaining: 0 },
    ],
  });
  const block = await screen.findByRole('region', { name: '오늘 혼자 처리한 한도 (최근 24시간)' }, { timeout: 10_000 });
  expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/admin/approvals/allowance');
  expect(await within(block).findByText('1,000코인 중 400코인', {}, { timeout: 10_000 })).toBeTruthy();
  expect(within(block).getByText('600코인 남음')).toBeTruthy();
  expect(within(block).getByText('100,000원 중 97,000원')).toBeTruthy();
  expect(within(block).getByText('한도 소진: 다음 처리는 승인을 기다립니다')).toBeTruthy();
  expect(within(block).getByRole('progressbar', { name: '무통장 입금 확인' }).getAttribute('aria-valuenow')).toBe(
    '100',
  );
});

test('an operator has no allowance: no block, no call', async () => {
  const fetch = renderBlock(['ROLE_OPERATOR'], { windowHours: 24, allowances: [] });
  // Its roles known (react-admin asks the auth provider), the block stays empty.
  await untilQueriesSettled();
  expect(screen.queryByRole('region')).toBeNull();
  expect(fetch).not.toHaveBeenCalled();
});
