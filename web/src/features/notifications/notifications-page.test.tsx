// @vitest-environment jsdom
import type { Notification, Page } from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { NotificationsPage } from './notifications-page';

const row = (id: number, content: string, extra: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'COMMENT_REPLIED',
  content,
  created: '2026-11-28T03:00:00Z',
  thumbnail: null,
  image: null,
  mission: { id: 71 },
  missionComment: { id: 9, missionId: 71 },
  read: false,
  ...extra,
});

/** The server's answers: the page of `rows`, and the count after the page marks them seen. */
function serve(rows: Notification[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      const body: unknown = path.endsWith('/notifications/page')
        ? ({
            content: rows,
            totalElements: rows.length,
            totalPages: 1,
            number: 0,
            size: 12,
            first: true,
            last: true,
            empty: rows.length === 0,
          } satisfies Partial<Page<Notification>> & Record<string, unknown>)
        : { count: 0, more: false, newestId: Math.max(...rows.map((one) => one.id)) };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
});

const page = <Route path="/notifications" element={<NotificationsPage />} />;

describe('the notifications page (/notifications)', () => {
  test.each([
    ['ko', '내 댓글에 새 답글 3개가 달렸습니다.'],
    ['en', '3 new replies to your comments.'],
    ['ja', 'あなたのコメントに新しい返信が3件あります。'],
  ] as const)(
    'a row of grouped replies shows the server’s text and their count on its picture (%s)',
    async (language, text) => {
      const t = await useLanguage(language);
      const calls = serve([row(12, text, { count: 3 }), row(11, 'fan replied to your comment: hi', { read: true })]);
      renderAt('/notifications', page);
      const grouped = (await screen.findByText(text)).closest('tr')!;
      const badge = within(grouped).getByRole('img', { name: t.notifications.grouped.replace('{{count}}', '3') });
      expect(badge.textContent).toBe('3');
      expect(grouped.getAttribute('data-read')).toBe('false');
      // A row of one notice carries no count.
      const single = screen.getByText('fan replied to your comment: hi').closest('tr')!;
      expect(within(single).queryByText('3')).toBeNull();
      expect(single.querySelector('[data-count]')).toBeNull();
      // What it shows is marked seen up to the group's row, the newest.
      await vi.waitFor(() => expect(calls).toContain('POST /api/v1/users/me/notifications/seen'));
    },
  );
});
