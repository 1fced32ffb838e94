// @vitest-environment jsdom
// Operators draw a lottery event now, or cancel it, from the mission products list, each with a reason; finance reads
// the list without them, and an event closed or cancelled offers neither.
import type { AdminMissionProduct, StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { MissionProductList } from './missions';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';
import { untilQueriesSettled } from '@fanmission/tests/support/query-clients';

vi.setConfig({ testTimeout: 60_000 });

const event = (id: number, eventStatus: AdminMissionProduct['eventStatus']): AdminMissionProduct => ({
  id,
  creatorId: 3,
  creatorName: '소라',
  type: 'EVENT',
  name: `이벤트 ${id}`,
  coinPrice: null,
  active: true,
  eventStatus,
  createdAt: '2026-11-20T01:00:00.000Z',
});

const permissionsAsked = vi.fn();
const auth = (roles: StaffRole[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => {
    permissionsAsked();
    return roles;
  },
});

function renderList(roles: StaffRole[], rows: AdminMissionProduct[]) {
  const provider = {
    getList: async () => ({ data: rows, total: rows.length }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth(roles)}>
      <ResourceContextProvider value="mission-products">
        <MissionProductList />
      </ResourceContextProvider>
    </ConsoleTestContext>,
  );
}

const words = consoleKo.console.lotteryEvents;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('an operator draws a drawing event now, with the reason asked first', async () => {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify({ id: 5, status: 'DRAWN', winners: [9] }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  renderList(['ROLE_OPERATOR'], [event(5, 'DRAWING')]);
  await userEvent.click(await screen.findByRole('button', { name: words.draw }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: /확인|Confirm/ });
  expect(confirm.disabled).toBe(true);
  await userEvent.type(within(dialog).getByLabelText(consoleKo.console.actions.reason), '크리에이터 연락 두절');
  await userEvent.click(confirm);
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/admin/lottery-events/5/draw');
  expect(JSON.parse(String(init.body))).toEqual({ reason: '크리에이터 연락 두절' });
});

test('cancel is offered until an event is closed or cancelled; draw only while drawing; finance is offered neither', async () => {
  renderList(['ROLE_OPERATOR'], [event(1, 'APPLYING'), event(2, 'CLOSED'), event(3, 'CANCELED'), event(4, null)]);
  expect(await screen.findAllByRole('button', { name: words.cancel }, { timeout: 10_000 })).toHaveLength(1);
  expect(screen.queryByRole('button', { name: words.draw })).toBeNull();
  cleanup();
  permissionsAsked.mockClear();
  renderList(['ROLE_FINANCE'], [event(5, 'DRAWING')]);
  expect(await screen.findByText('이벤트 5', {}, { timeout: 10_000 })).toBeTruthy();
  // The roles are known (and the row re-rendered with them) before looking for what they would show.
  await waitFor(() => expect(permissionsAsked).toHaveBeenCalled());
  await untilQueriesSettled();
  expect(screen.queryByRole('button', { name: words.draw })).toBeNull();
  expect(screen.queryByRole('button', { name: words.cancel })).toBeNull();
});
