// @vitest-environment jsdom
// The staff screen lists the staff changes waiting for a second member's approval (nothing of them has happened yet),
// each worded in the console's language with who asked, and opening its request.
import { STAFF_APPROVAL_KINDS, type AdminApproval } from '@fanmission/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18n-provider';
import { PendingStaffRequests } from './people';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const deactivation: AdminApproval = {
  id: 77,
  kind: 'STAFF_DEACTIVATION',
  status: 'PENDING',
  role: 'ROLE_FINANCE',
  summary: { staffId: 12 },
  params: { staffId: 12, checker: 'ROLE_FINANCE' },
  reason: null,
  makerId: 1,
  makerEmail: 'admin@fanmission.local',
  createdAt: '2026-11-20T01:00:00.000Z',
  expiresAt: '2026-11-27T01:00:00.000Z',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  decisionNote: null,
  result: null,
  history: [
    { step: 'REQUESTED', actorId: 1, actorEmail: 'admin@fanmission.local', note: null, at: '2026-11-20T01:00:00.000Z' },
  ],
};

const auth = staffAuth(['ROLE_FINANCE'], 6);

afterEach(() => cleanup());

test('lists the pending staff changes, in Korean, each linking to its request', async () => {
  const getList = vi.fn(async () => ({ data: [deactivation], total: 1 }));
  render(
    <ConsoleTestContext
      dataProvider={{ getList } as unknown as DataProvider}
      i18nProvider={i18nProvider}
      authProvider={auth}
    >
      <PendingStaffRequests />
    </ConsoleTestContext>,
  );
  const line = await screen.findByRole('link', { name: '운영진 12 비활성화(로그인 차단)' });
  expect(line.getAttribute('href')).toMatch(/\/approvals\/77\/show$/);
  expect(screen.getByText('요청: admin@fanmission.local')).toBeTruthy();
  expect(screen.getByRole('heading', { name: '승인 대기 중인 운영진 변경' })).toBeTruthy();
  expect(getList).toHaveBeenCalledWith(
    'approvals',
    expect.objectContaining({ filter: { status: 'PENDING', kind: STAFF_APPROVAL_KINDS } }),
  );
});
