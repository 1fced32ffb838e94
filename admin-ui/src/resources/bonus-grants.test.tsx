// @vitest-environment jsdom
// Finance's free-coin grant form: members by id or by a filter, with a reason and a budget, sent once with the form's
// Idempotency-Key.
import type { StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { BonusGrantCreate, grantRequestOf } from './bonus-grants';

vi.setConfig({ testTimeout: 60_000 });

const auth: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['ROLE_FINANCE'] as StaffRole[],
};
const fields = consoleKo.resources['bonus-grants'].fields;
/** A label as a pattern (a required field's label ends in ' *'). */
const named = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

afterEach(() => cleanup());

test('the form becomes the API’s request: ids as a list, or the filter with instants', () => {
  const base = { coinItemId: 9, reason: '추석 감사', budgetCoins: 300 };
  expect(grantRequestOf({ ...base, mode: 'userIds', userIds: '12, 15 20' })).toEqual({
    ...base,
    recipients: { userIds: [12, 15, 20] },
  });
  expect(
    grantRequestOf({
      ...base,
      mode: 'filter',
      joinedFrom: '2026-11-01T00:00:00.000Z',
      joinedTo: '',
    }),
  ).toEqual({ ...base, recipients: { filter: { joinedFrom: '2026-11-01T00:00:00.000Z' } } });
});

test('finance grants the BONUS item to the members typed, with the form’s Idempotency-Key', async () => {
  const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: { id: 1, ...params.data },
  }));
  const provider = {
    getList: async () => ({ data: [{ id: 9, name: '무료 코인 이벤트', itemType: 'BONUS' }], total: 1 }),
    getMany: async () => ({ data: [{ id: 9, name: '무료 코인 이벤트', itemType: 'BONUS' }] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    getOne: async (resource: string) => ({
      data: resource === 'coin-items' ? { id: 9, name: '무료 코인 이벤트', itemType: 'BONUS', point: 50 } : { id: 1 },
    }),
    create,
  } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth}>
      <ResourceContextProvider value="bonus-grants">
        <BonusGrantCreate />
      </ResourceContextProvider>
    </AdminContext>,
  );
  await userEvent.click(await screen.findByRole('combobox', { name: named(fields.coinItemId) }, { timeout: 10_000 }));
  await userEvent.click(await screen.findByRole('option', { name: '무료 코인 이벤트' }));
  await userEvent.type(screen.getByRole('textbox', { name: named(fields.reason) }), '추석 감사');
  await userEvent.type(screen.getByRole('spinbutton', { name: named(fields.budgetCoins) }), '300');
  await userEvent.type(screen.getByRole('textbox', { name: named(fields.userIds) }), '12, 15');
  await userEvent.click(screen.getByRole('button', { name: /저장|Save/ }));
  // Nothing is sent before the confirmation, which names the members and the coins (their worth in won).
  const confirmation = await screen.findByRole('dialog', { name: consoleKo.console.confirm.bonusGrantTitle });
  expect(within(confirmation).getByText('회원 #12, #15')).toBeTruthy();
  expect(await within(confirmation).findByText('100코인 (₩10,000)')).toBeTruthy();
  expect(create).not.toHaveBeenCalled();
  await userEvent.click(within(confirmation).getByRole('button', { name: /확인|Confirm/ }));
  await waitFor(() => expect(create).toHaveBeenCalled());
  const [resource, params] = create.mock.calls[0] as unknown as [
    string,
    { data: unknown; meta: { idempotencyKey: string } },
  ];
  expect(resource).toBe('bonus-grants');
  expect(params.data).toEqual({
    coinItemId: 9,
    reason: '추석 감사',
    budgetCoins: 300,
    recipients: { userIds: [12, 15] },
  });
  expect(params.meta.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
});
