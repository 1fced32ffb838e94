// @vitest-environment jsdom
// A reported comment's page shows each report (who, why, in his words, when, what was decided) and offers the
// operator the decisions that fit it: hide it, or dismiss the reports of a visible comment.
import type { AdminCommentDetail, StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { codesKo } from '../i18n/codes-ko';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { CommentShow } from './moderation';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const reported: AdminCommentDetail = {
  id: 41,
  missionId: 7,
  parentCommentId: null,
  content: '팔로워 구매는 example.test',
  userId: 12,
  username: 'Bartholomew Montgomery-Fitzgerald the Third',
  authorName: 'Bartholomew Montgomery-Fitzgerald the Third',
  createdAt: '2026-11-27T01:00:00.000Z',
  editedAt: null,
  likesCount: 0,
  reportsCount: 2,
  openReportsCount: 2,
  reportsOpenSince: '2026-11-27T02:00:00.000Z',
  hidden: false,
  moderation: null,
  moderationReason: null,
  reports: [
    {
      id: 2,
      commentId: 41,
      reporterId: 30,
      reporterName: '목격자',
      reporterEmail: 'witness@example.test',
      reason: 'OTHER',
      detail: '사칭 계정 같아요',
      createdAt: '2026-11-27T03:00:00.000Z',
      outcome: null,
      decidedAt: null,
    },
    {
      id: 1,
      commentId: 41,
      reporterId: 31,
      reporterName: '친구',
      reporterEmail: null,
      reason: 'SPAM',
      detail: null,
      createdAt: '2026-11-27T02:00:00.000Z',
      outcome: null,
      decidedAt: null,
    },
  ],
};

const auth = staffAuth;

function renderShow(record: AdminCommentDetail, roles: StaffRole[] = ['ROLE_OPERATOR']) {
  const update = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: { ...record, ...params.data },
  }));
  const provider = {
    getOne: async () => ({ data: record }),
    getList: async () => ({ data: [], total: 0 }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    update,
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth(roles)}>
      <CommentShow resource="mission-comments" id={record.id} />
    </ConsoleTestContext>,
  );
  return update;
}

afterEach(() => cleanup());

test('each report shows its reporter, reason, words, date and that it waits; the operator dismisses them with a reason', async () => {
  const update = renderShow(reported);
  const table = await screen.findByRole('table', {}, { timeout: 10_000 });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual([
    expect.stringContaining('목격자'),
    expect.stringContaining('친구'),
  ]);
  expect(rows[0]!.textContent).toContain(codesKo.commentReportReason.OTHER);
  expect(rows[0]!.textContent).toContain('사칭 계정 같아요');
  expect(rows[0]!.textContent).toContain('2026.11.27 12:00');
  expect(rows[0]!.textContent).toContain(consoleKo.console.comments.waiting);
  expect(rows[1]!.textContent).toContain(codesKo.commentReportReason.SPAM);
  // A visible comment is not offered "show again".
  expect(screen.queryByRole('button', { name: consoleKo.console.actions.unhide })).toBeNull();

  await userEvent.click(await screen.findByRole('button', { name: consoleKo.console.comments.dismiss }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByRole('textbox'), '광고가 아님');
  await userEvent.click(within(dialog).getByRole('button', { name: '확인' }));
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith(
      'mission-comments',
      expect.objectContaining({
        id: 41,
        data: expect.objectContaining({ hidden: false, moderationReason: '광고가 아님' }),
      }),
    ),
  );
});

test('decided reports show their outcome; a hidden comment offers "show again" and no dismissal', async () => {
  renderShow({
    ...reported,
    hidden: true,
    moderation: 'HIDDEN',
    moderationReason: '개인정보',
    openReportsCount: 0,
    reportsOpenSince: null,
    reports: reported.reports.map((report) => ({
      ...report,
      outcome: 'UPHELD',
      decidedAt: '2026-11-27T05:00:00.000Z',
    })),
  });
  const table = await screen.findByRole('table', {}, { timeout: 10_000 });
  expect(within(table).getAllByText(codesKo.commentReportOutcome.UPHELD)).toHaveLength(2);
  expect(await screen.findByRole('button', { name: consoleKo.console.actions.unhide })).toBeTruthy();
  expect(screen.queryByRole('button', { name: consoleKo.console.comments.dismiss })).toBeNull();
});

test('a comment without reports says so', async () => {
  renderShow({ ...reported, reportsCount: 0, openReportsCount: 0, reportsOpenSince: null, reports: [] });
  expect(await screen.findByText(consoleKo.console.comments.noReports, {}, { timeout: 10_000 })).toBeTruthy();
});

test('a comment by the mission’s creator names him by his creator name under 작성자, not by his nickname', async () => {
  renderShow({ ...reported, username: '민준', authorName: '게임왕 민준' });
  expect(await screen.findByText('게임왕 민준', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.queryByText('민준')).toBeNull();
  expect(screen.getByText('작성자')).toBeTruthy();
});
