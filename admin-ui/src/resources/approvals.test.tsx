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

describe('the checker’s page names the subject of a money request', () => {
  test('a refund: the member, the won, the bank account (last digits) and its holder, a link to the refund', async () => {
    showRequest(
      request({
        kind: 'MANUAL_REFUND',
        summary: { refundId: 8 },
        reason: '회원의 코인 환불 요청 #8',
        subject: {
          members: [{ userId: 31, username: '칠번팬', email: 'rv7fan@example.com' }],
          memberCount: 1,
          amountWon: 194_000,
          coins: null,
          destination: {
            kind: 'BANK_ACCOUNT',
            methods: [],
            bankName: '카카오뱅크',
            accountNumber: '****5678',
            accountHolder: '홍길동',
          },
          record: { resource: 'coin-refunds', id: 8 },
        },
      }),
    );
    const subject = await screen.findByRole(
      'region',
      { name: consoleKo.console.approvals.subject.title },
      { timeout: 10_000 },
    );
    expect(subject.textContent).toContain('칠번팬 (rv7fan@example.com)');
    expect(subject.textContent).toContain('194,000원');
    expect(subject.textContent).toContain('카카오뱅크 ****5678 (예금주 홍길동)');
    const link = screen.getByRole('link', { name: consoleKo.console.approvals.subject.openRefund });
    expect(link.getAttribute('href')).toContain('/coin-refunds/8/show');
  });

  test('a provider refund names the card; a grant names its members, how many in all and the coins', async () => {
    showRequest(
      request({
        kind: 'PROVIDER_REFUND',
        summary: { refundId: 11 },
        subject: {
          members: [{ userId: 32, username: '팔번팬', email: 'fan8@example.com' }],
          memberCount: 1,
          amountWon: 54_400,
          coins: null,
          destination: {
            kind: 'ORIGINAL_METHOD',
            methods: ['card'],
            bankName: null,
            accountNumber: null,
            accountHolder: null,
          },
          record: { resource: 'coin-refunds', id: 11 },
        },
      }),
    );
    const refund = await screen.findByRole(
      'region',
      { name: consoleKo.console.approvals.subject.title },
      { timeout: 10_000 },
    );
    expect(refund.textContent).toContain('54,400원');
    expect(refund.textContent).toContain('신용카드');
    cleanup();
    showRequest(
      request({
        subject: {
          members: [
            { userId: 33, username: '구번팬', email: 'fan9@example.com' },
            { userId: 34, username: '십번팬', email: null },
          ],
          memberCount: 3,
          amountWon: null,
          coins: 4_500,
          destination: null,
          record: null,
        },
      }),
    );
    const grant = await screen.findByRole(
      'region',
      { name: consoleKo.console.approvals.subject.title },
      { timeout: 10_000 },
    );
    expect(grant.textContent).toContain('구번팬 (fan9@example.com)');
    expect(grant.textContent).toContain('십번팬');
    expect(grant.textContent).toContain('외 1명');
    expect(grant.textContent).toContain('4,500코인');
  });
});
