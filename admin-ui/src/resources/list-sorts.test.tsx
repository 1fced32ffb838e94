// @vitest-environment jsdom
// Every console list offers to sort by exactly the fields its contract names (ADMIN_LIST_SORT_FIELDS, the list the
// server validates `sort` against), and a sort the server refuses anyway (stored by an older console) is dropped for
// the list's default order with a warning, instead of an empty list that stays broken.
import { ADMIN_LIST_SORT_FIELDS, adminListSortFields, type AdminListResource } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import {
  HttpError,
  memoryStore,
  Notification,
  ResourceContextProvider,
  type DataProvider,
  type GetListParams,
} from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { ApprovalList } from './approvals';
import { BlockObjectionList } from './block-objections';
import { BonusGrantList } from './bonus-grants';
import { FaqList, PopupList, TagList } from './content';
import { MissionList, MissionProductList } from './missions';
import { CommentList, CommentRestrictionList, CreatorList, GradeProposalList, PenaltyList } from './moderation';
import { CommentEventList } from './comment-events';
import { ReviewList } from './review-moderation';
import { BankTransferList, CoinItemList, CoinRefundList } from './money';
import { SettlementList } from './settlements';
import { TransferBatchList } from './transfer-batches';
import { PaymentList } from './payments';
import { PayoutAccountChangeList } from './payout-accounts';
import { StaffList, UserList } from './people';
import { AuditLogList, LedgerVerifyRunList } from './system';
import { TermsVersionList } from './terms-versions';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

/** Every list of the console by its resource (app.tsx mounts each under its resource's name). */
const LISTS: Record<AdminListResource, ComponentType> = {
  approvals: ApprovalList,
  'audit-log': AuditLogList,
  'bank-transfers': BankTransferList,
  'block-objections': BlockObjectionList,
  'bonus-grants': BonusGrantList,
  'coin-items': CoinItemList,
  'coin-refunds': CoinRefundList,
  'comment-events': CommentEventList,
  'comment-restrictions': CommentRestrictionList,
  'creator-penalties': PenaltyList,
  creators: CreatorList,
  faqs: FaqList,
  'grade-proposals': GradeProposalList,
  'ledger-verify-runs': LedgerVerifyRunList,
  'mission-comments': CommentList,
  'mission-reviews': ReviewList,
  'mission-products': MissionProductList,
  missions: MissionList,
  payments: PaymentList,
  'payout-account-changes': PayoutAccountChangeList,
  popups: PopupList,
  settlements: SettlementList,
  'settlement-transfer-batches': TransferBatchList,
  staff: StaffList,
  tags: TagList,
  'terms-versions': TermsVersionList,
  users: UserList,
};

const account = {
  bankName: 'KB',
  bankAccountNumber: '100000001',
  bankAccountHolder: '김팬',
  payoutOverseas: false,
};

/** One row with what every list's cells read (a column whose value is missing shows empty). */
const row = {
  id: 1,
  username: '팬하나',
  email: 'fan@example.com',
  status: 'ready',
  amount: 1000,
  currency: 'KRW',
  refundedAmount: 0,
  coinItem: { id: 1, name: '10 코인', point: 10, price: 1000 },
  from: account,
  to: account,
  parts: [],
  roles: ['ROLE_USER'],
  // An approval request's summary values (none for a kind that has none).
  summary: {},
  createdAt: '2026-11-20T01:00:00.000Z',
};

const auth = staffAuth(['ROLE_OPERATOR', 'ROLE_FINANCE']);

/** The server's answer to a sort its contract does not name: 400, the sub-error naming `sort`. */
const refusedSort = (field: string) =>
  new HttpError('입력값이 올바르지 않습니다.', 400, {
    message: '입력값이 올바르지 않습니다.',
    status: 400,
    code: 'VALIDATION_FAILED',
    subErrors: [{ field: 'sort[0]', message: '잘못된 값입니다.', rejectedValue: field }],
  });

/** A data provider that answers a list as the server does: its rows, or 400 for a sort the contract does not name. */
function providerFor(resource: AdminListResource) {
  const getList = vi.fn(async (_resource: string, params: GetListParams) => {
    if (params.sort && !adminListSortFields(resource).includes(params.sort.field)) throw refusedSort(params.sort.field);
    return { data: [row], total: 1 };
  });
  const provider = {
    getList,
    getOne: async () => ({ data: row }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
  } as unknown as DataProvider;
  return { provider, getList };
}

function renderList(resource: AdminListResource, store = memoryStore()) {
  const List = LISTS[resource];
  const { provider, getList } = providerFor(resource);
  const view = render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth} store={store}>
      <ResourceContextProvider value={resource}>
        <List />
      </ResourceContextProvider>
      <Notification />
    </ConsoleTestContext>,
  );
  return { ...view, getList };
}

const originalMatchMedia = window.matchMedia;
afterAll(() => {
  window.matchMedia = originalMatchMedia;
});

beforeAll(() => {
  // A wide screen (1280 px): every list shows all its columns (useWideConsole), as a table (usePhoneConsole).
  window.matchMedia = (query: string) =>
    ({
      matches: [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, bound, px]) =>
        bound === 'min' ? 1280 >= Number(px) : 1280 <= Number(px),
      ),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

afterEach(() => cleanup());

describe('every console list', () => {
  test('the console has a list for every list of the contract', () => {
    expect(Object.keys(LISTS).sort()).toEqual(Object.keys(ADMIN_LIST_SORT_FIELDS).sort());
  });

  test.each(Object.keys(LISTS) as AdminListResource[])(
    '%s: its default sort and every sortable header are fields of its contract',
    async (resource) => {
      const { container, getList } = renderList(resource);
      await screen.findAllByRole('columnheader', {}, { timeout: 10_000 });
      const fields = adminListSortFields(resource);
      expect(fields).toContain(getList.mock.calls[0]![1].sort!.field);
      const sortable = [...container.querySelectorAll<HTMLElement>('thead [data-field]')].map(
        (header) => header.dataset['field']!,
      );
      expect(sortable.length, `${resource} offers a sortable header`).toBeGreaterThan(0);
      for (const field of sortable) expect(fields, `${resource}: header ${field}`).toContain(field);
    },
  );

  test.each(Object.keys(LISTS) as AdminListResource[])(
    '%s: every header reads in Korean (no field name such as "Id" or "Updated at")',
    async (resource) => {
      const { container } = renderList(resource);
      await screen.findAllByRole('columnheader', {}, { timeout: 10_000 });
      const headers = [...container.querySelectorAll<HTMLElement>('thead th')]
        .map((header) => header.textContent?.trim() ?? '')
        .filter((text) => text.length > 0);
      for (const header of headers) expect(header, `${resource}: header "${header}"`).toMatch(/[\uac00-\ud7a3]/);
    },
  );
});

test('a stored sort the server refuses is dropped for the default order, with a warning naming the column', async () => {
  const store = memoryStore({
    'users.listParams': { sort: 'coins', order: 'ASC', page: 1, perPage: 10, filter: {} },
  });
  const { getList } = renderList('users', store);
  expect(
    await screen.findByText(consoleKo.console.list.sortRefused.replace('%{field}', '코인'), {}, { timeout: 10_000 }),
  ).toBeTruthy();
  await waitFor(() =>
    expect(getList).toHaveBeenLastCalledWith(
      'users',
      expect.objectContaining({ sort: { field: 'id', order: 'DESC' } }),
    ),
  );
  expect(await screen.findByText('fan@example.com')).toBeTruthy();
  expect(store.getItem<{ sort: string; order: string }>('users.listParams')).toMatchObject({
    sort: 'id',
    order: 'DESC',
  });
  expect(screen.queryByText('입력값이 올바르지 않습니다.')).toBeNull();
});

test('the refund requests open on those still to pay, the nearest due first', async () => {
  // The list's parameters of an earlier test stay in the location react-admin keeps them in.
  window.history.replaceState(null, '', '/');
  const { getList } = renderList('coin-refunds');
  await screen.findAllByRole('columnheader', {}, { timeout: 10_000 });
  expect(getList.mock.calls[0]![1]).toMatchObject({
    filter: { status: 'requested' },
    sort: { field: 'dueOn', order: 'ASC' },
  });
});
