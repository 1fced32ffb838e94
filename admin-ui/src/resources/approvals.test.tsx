// @vitest-environment jsdom
// A staff approval request says what it will run in the console's language, worded from its kind and its summary
// values (the server stores no text of it): every kind has a wording in ko and en naming exactly its values, and the
// request's page reads in Korean.
import { APPROVAL_KINDS, APPROVAL_SUMMARY_FIELDS, type AdminApproval } from '@fanmission/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { type DataProvider } from 'react-admin';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { consoleEn } from '../i18n/console-en';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { ApprovalShow } from './approvals';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const request = (overrides: Partial<AdminApproval>): AdminApproval => ({
  id: 41,
  kind: 'BONUS_GRANT',
  status: 'PENDING',
  role: 'ROLE_FINANCE',
  summary: { members: 2, coinsEach: 1_500, coins: 3_000, item: '데모 대량 무료 코인' },
  params: {},
  reason: '추석 감사 이벤트',
  makerId: 5,
  makerEmail: 'finance1@fanmission.local',
  createdAt: '2026-11-20T01:00:00.000Z',
  expiresAt: '2026-11-27T01:00:00.000Z',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  decisionNote: null,
  result: null,
  history: [
    {
      step: 'REQUESTED',
      actorId: 5,
      actorEmail: 'finance1@fanmission.local',
      note: '추석 감사 이벤트',
      at: '2026-11-20T01:00:00.000Z',
    },
  ],
  ...overrides,
});

const provider = (record: AdminApproval) =>
  ({
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: record }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
  }) as unknown as DataProvider;

const auth = staffAuth(['ROLE_FINANCE'], 6);

const showRequest = (record: AdminApproval) =>
  render(
    <ConsoleTestContext dataProvider={provider(record)} i18nProvider={i18nProvider} authProvider={auth}>
      <ApprovalShow resource="approvals" id={record.id} />
    </ConsoleTestContext>,
  );

afterEach(() => cleanup());

describe('a request’s summary', () => {
  test.each([
    ['ko', consoleKo.console.approvals.summaries],
    ['en', consoleEn.console.approvals.summaries],
  ])('%s: every kind is worded, naming exactly its summary values', (_language, wordings) => {
    const table: Record<string, string> = wordings;
    expect(Object.keys(table).sort()).toEqual([...APPROVAL_KINDS].sort());
    for (const kind of APPROVAL_KINDS) {
      const named = [...table[kind]!.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(named, kind).toEqual([...APPROVAL_SUMMARY_FIELDS[kind]].sort());
    }
  });

  test('reads in Korean on the request’s page: amounts grouped, roles by their labels', async () => {
    showRequest(request({}));
    await screen.findByText('회원 2명 × 1,500코인 = 3,000코인 (데모 대량 무료 코인)', {}, { timeout: 10_000 });
    cleanup();
    showRequest(
      request({
        kind: 'STAFF_INVITATION',
        role: 'ROLE_FINANCE',
        summary: { email: 'finance3@fanmission.local', roles: 'ROLE_FINANCE,ROLE_OPERATOR' },
      }),
    );
    await screen.findByText('finance3@fanmission.local 초대 (역할: 재무, 운영자)', {}, { timeout: 10_000 });
    expect(screen.queryByText(/ROLE_FINANCE/)).toBeNull();
  });
});

describe('a request’s page', () => {
  test('names who acted by e-mail and folds the stored values away under the summary', async () => {
    showRequest(request({ params: { idempotencyKey: 'key-1', userIds: [339, 340] } }));
    await screen.findByText('finance1@fanmission.local', { selector: 'td span' }, { timeout: 10_000 });
    const details = screen.getByText(consoleKo.console.approvals.technical).closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('idempotencyKey');
  });

  test('another member refuses a request; its maker withdraws his own', async () => {
    showRequest(request({}));
    await screen.findByRole('button', { name: consoleKo.console.approvals.refuse }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: consoleKo.console.approvals.withdraw })).toBeNull();
    cleanup();
    showRequest(request({ makerId: 6 }));
    await screen.findByRole('button', { name: consoleKo.console.approvals.withdraw }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: consoleKo.console.approvals.refuse })).toBeNull();
    expect(screen.queryByRole('button', { name: consoleKo.console.approvals.approve })).toBeNull();
  });
});
