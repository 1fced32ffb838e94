// @vitest-environment jsdom
import type { MissionView } from '@fanmission/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { clearSession, SESSION_KEYS, storeLogin, storeSessionValue } from '../../../shared/session/session';
import { CommentsPanel } from './comments-panel';
import { untilQueriesSettled } from '@fanmission/tests/support/query-clients';

const mission = { id: 7, commentsCount: 0 } as unknown as MissionView;

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** The comments API with the answer to the POST held until `answerPost` is called; `posts` counts the POSTs. */
function serve() {
  let answerPost: () => void = () => undefined;
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        await new Promise<void>((resolve) => (answerPost = resolve));
        return json({ id: 1, content: 'hello', commentEventWin: false, winPoint: 0 });
      }
      return json({ content: [], last: true, totalElements: 0, totalPages: 0, number: 0, size: 5 });
    }),
  );
  return { posts, answerPost: () => answerPost() };
}

describe('comment box while a comment is sent', () => {
  afterEach(() => {
    cleanupApp();
    clearSession();
    vi.unstubAllGlobals();
  });

  test('looks disabled, keeps the focus, and ignores a second send', { timeout: 60_000 }, async () => {
    const t = await useLanguage('en');
    storeLogin({ id: 90, roles: ['ROLE_USER'] });
    const api = serve();
    const user = userEvent.setup();
    renderAt('/mission/7', <Route path="/mission/7" element={<CommentsPanel mission={mission} />} />);
    await screen.findByText(t.discover.empty.comments);

    await user.type(screen.getByLabelText(t.comments.placeholder), 'hello');
    const send = screen.getByRole('button', { name: t.comments.submit });
    await user.click(send);
    await waitFor(() => expect(api.posts).toHaveLength(1));

    // Busy: announced and greyed like a disabled button, but still focusable (the win dialog returns the focus here).
    expect(send.getAttribute('aria-disabled')).toBe('true');
    expect(send.classList.contains('Mui-disabled')).toBe(true);
    expect(send.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(send);
    // A second send while the first is under way does nothing: a second click (one that gets through the disabled
    // look's `pointer-events: none`, as a fast double click can), Enter or Space.
    await userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }).click(send);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(api.posts).toHaveLength(1);

    api.answerPost();
    await waitFor(() => expect(send.getAttribute('aria-disabled')).toBe('false'));
    expect(send.classList.contains('Mui-disabled')).toBe(false);
    expect((screen.getByLabelText(t.comments.placeholder) as HTMLTextAreaElement).value).toBe('');
    expect(api.posts).toEqual([{ content: 'hello' }]);
  });
});

describe('the comment coin event beside the comment box', () => {
  afterEach(() => {
    cleanupApp();
    clearSession();
    vi.unstubAllGlobals();
  });

  const running = {
    event: {
      title: '댓글 달고 코인 받자!',
      endsAt: '2026-12-04T14:59:00.000Z',
      winProbability: 5,
      coinsPerWin: 10,
      commitment: 'c'.repeat(64),
    },
  };
  const serveEvent = (answer: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/comment-events/current')
          ? json(answer)
          : json({ content: [], last: true, totalElements: 0, totalPages: 0, number: 0, size: 5 }),
      ),
    );

  test(
    'a fan is told the event, its chance, coins and end (Korea time); none without an event',
    { timeout: 60_000 },
    async () => {
      const t = await useLanguage('ko');
      storeLogin({ id: 90, roles: ['ROLE_USER'] });
      serveEvent(running);
      renderAt('/mission/7', <Route path="/mission/7" element={<CommentsPanel mission={mission} />} />);
      const hint = await screen.findByTestId('comment-event');
      expect(hint.textContent).toBe(
        t.comments.eventHint
          .replace('{{title}}', '댓글 달고 코인 받자!')
          .replace('{{probability}}', '5')
          .replace('{{coins}}', '10')
          .replace('{{date}}', '2026.12.04 23:59'),
      );
      cleanupApp();

      serveEvent({ event: null });
      renderAt('/mission/7', <Route path="/mission/7" element={<CommentsPanel mission={mission} />} />);
      await screen.findByText(t.discover.empty.comments);
      expect(screen.queryByTestId('comment-event')).toBeNull();
    },
  );

  test('a creator, who takes no part, is not invited', { timeout: 60_000 }, async () => {
    const t = await useLanguage('ko');
    storeLogin({ id: 91, roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    storeSessionValue(SESSION_KEYS.creatorId, '4');
    serveEvent(running);
    renderAt('/mission/7', <Route path="/mission/7" element={<CommentsPanel mission={mission} />} />);
    await screen.findByText(t.discover.empty.comments);
    await untilQueriesSettled();
    expect(screen.queryByTestId('comment-event')).toBeNull();
  });
});
