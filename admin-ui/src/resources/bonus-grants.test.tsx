// @vitest-environment jsdom
// Finance's free-coin grant form: members by id or by a filter, with a reason and a budget, sent once with the form's
// Idempotency-Key.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification, ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { BonusGrantCreate, grantFacts, grantRequestOf } from './bonus-grants';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const auth = staffAuth(['ROLE_FINANCE']);
const fields = consoleKo.resources['bonus-grants'].fields;
/** A label as a pattern (a required field's label ends in ' *'). */
const named = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

afterEach(() => cleanup());

test('the form becomes the API’s request: the members picked, or the filter with instants', () => {
  const base = { coinItemId: 9, reason: '추석 감사', budgetCoins: 300 };
  expect(grantRequestOf({ ...base, mode: 'userIds', userIds: [12, 15, 20] })).toEqual({
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

const MEMBERS = [
  { id: 12, username: '리뷰팬', email: 'fan@example.test' },
  { id: 15, username: 'Bartholomew Montgomery-Fitzgerald', email: 'bart@example.test' },
  { id: 20, username: '다른팬', email: null },
];

test('finance finds members by nickname or e-mail, sees the item’s coins, and the confirmation names the members', async () => {
  // Under the approval limit the grant runs at once: the answer counts the members granted and their coins.
  const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: { id: 1, ...params.data, recipients: 2, grantedCoins: 100 },
  }));
  const searches: unknown[] = [];
  const item = { id: 9, name: '무료 코인 이벤트', itemType: 'BONUS', point: 50 };
  const provider = {
    getList: async (resource: string, params: { filter: { q?: string } }) => {
      if (resource !== 'users') return { data: [item], total: 1 };
      searches.push(params.filter);
      const q = (params.filter.q ?? '').toLowerCase();
      const found = MEMBERS.filter(
        (member) => member.username.toLowerCase().includes(q) || (member.email ?? '').includes(q),
      );
      return { data: found, total: found.length };
    },
    getMany: async (resource: string, params: { ids: number[] }) => ({
      data: resource === 'users' ? MEMBERS.filter((member) => params.ids.map(Number).includes(member.id)) : [item],
    }),
    getManyReference: async () => ({ data: [], total: 0 }),
    getOne: async (resource: string) => ({ data: resource === 'coin-items' ? item : { id: 1 } }),
    create,
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth}>
      <ResourceContextProvider value="bonus-grants">
        <BonusGrantCreate />
      </ResourceContextProvider>
      <Notification />
    </ConsoleTestContext>,
  );
  await userEvent.click(await screen.findByRole('combobox', { name: named(fields.coinItemId) }, { timeout: 10_000 }));
  await userEvent.click(await screen.findByRole('option', { name: '무료 코인 이벤트 · 1인 50코인' }));
  await userEvent.type(screen.getByRole('textbox', { name: named(fields.reason) }), '추석 감사');
  await userEvent.type(screen.getByRole('spinbutton', { name: named(fields.budgetCoins) }), '300');
  const search = screen.getByRole('combobox', { name: named(fields.userIds) });
  await userEvent.type(search, 'fan@');
  // The typed words go to the server's member search (nickname or e-mail), not only through the page loaded.
  await waitFor(() => expect(searches).toContainEqual({ q: 'fan@' }));
  await userEvent.click(await screen.findByRole('option', { name: '리뷰팬 (fan@example.test)' }));
  await userEvent.type(search, 'bart');
  await userEvent.click(
    await screen.findByRole('option', { name: 'Bartholomew Montgomery-Fitzgerald (bart@example.test)' }),
  );
  await userEvent.click(screen.getByRole('button', { name: /저장|Save/ }));
  // Nothing is sent before the confirmation, which names the members and the coins (their worth in won).
  const confirmation = await screen.findByRole('dialog', { name: consoleKo.console.confirm.bonusGrantTitle });
  expect(
    await within(confirmation).findByText(
      '회원 리뷰팬 (fan@example.test), Bartholomew Montgomery-Fitzgerald (bart@example.test)',
    ),
  ).toBeTruthy();
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
  // The grant says what it did, not react-admin's bare "created".
  expect(await screen.findByText('회원 2명에게 모두 100코인을 지급했습니다.')).toBeTruthy();
});

test('past five members the confirmation says how many more', () => {
  const facts = grantFacts(
    { coinItemId: 9, reason: 'r', budgetCoins: 1_000, mode: 'userIds', userIds: [1, 2, 3, 4, 5, 6, 7] },
    10,
    [{ id: 1, username: '하나', email: null }],
    (key, options) => `${key} ${JSON.stringify(options)}`,
  );
  expect(facts.who).toBe('console.confirm.membersAndOthers {"names":"하나, #2, #3, #4, #5","others":2}');
});
