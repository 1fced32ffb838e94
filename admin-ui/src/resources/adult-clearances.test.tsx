// @vitest-environment jsdom
// The to-do's "adult-content clearance requests" open their own queue: only creators whose request waits, its filter
// said in the title, and the clearance's decisions (해제 승인 / 해제 거절) as the row's actions, never the
// application's approve and reject.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider, type DataProvider, type GetListParams } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { TO_DO_LINKS } from '../to-do';
import { AdultClearanceList } from './creator-review';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => cleanup());

const asking = {
  id: 4,
  name: '보안칠크리에이터',
  reviewStatus: 'PENDING',
  grade: 'SILVER',
  containAdultContent: true,
  adultFlaggedBy: 'OPERATOR',
  adultClearRequestedAt: '2026-11-20T01:00:00.000Z',
  adultFlagDecision: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

test('the clearance queue lists only waiting requests, with 해제 승인 and 해제 거절 as the row actions', async () => {
  expect(TO_DO_LINKS.adultFlagClearRequests).toBe('/adult-clearances');
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [asking], total: 1 }));
  const provider = {
    getList,
    getOne: async () => ({ data: asking }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={staffAuth(['ROLE_OPERATOR'])}>
      <ResourceContextProvider value="creators">
        <AdultClearanceList />
      </ResourceContextProvider>
    </ConsoleTestContext>,
  );
  const row = (await screen.findByText('보안칠크리에이터', {}, { timeout: 10_000 })).closest('tr')!;
  await waitFor(() =>
    expect(getList).toHaveBeenCalledWith(
      'creators',
      expect.objectContaining({ filter: expect.objectContaining({ adultClearRequested: true }) }),
    ),
  );
  const words = consoleKo.console.actions;
  expect(within(row).getByRole('button', { name: words.acceptAdultClear })).toBeTruthy();
  expect(within(row).getByRole('button', { name: words.declineAdultClear })).toBeTruthy();
  expect(within(row).queryByRole('button', { name: words.approve })).toBeNull();
  expect(within(row).queryByRole('button', { name: words.reject })).toBeNull();
  expect(screen.getByText(consoleKo.console.adultClearances.requestedAt)).toBeTruthy();
});
