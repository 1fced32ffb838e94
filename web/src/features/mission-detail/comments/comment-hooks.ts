import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { useGoToLogin } from '../../../shared/auth/login-return';
import { ApiError } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session';
import { fetchCommentPage } from './comments-api';

/* What the comment components share: the query key, the pages of a list, the login gate and the refresh after a write. */

export const commentsKey = (missionId: number) => ['mission-comments', missionId] as const;

/** The server's message for a refused write, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body?.message ? error.body.message : fallback;
}

/** Alerts "you must log in" and opens /login when nobody is logged in; true when the caller may go on. */
export function useLoginGate() {
  const { t } = useTranslation();
  const session = useSession();
  const goToLogin = useGoToLogin();
  return async () => {
    if (session.loggedIn) return true;
    await showAlert(t('comments.mustLogin'));
    goToLogin();
    return false;
  };
}

export function useRefresh(missionId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: commentsKey(missionId) });
    void queryClient.invalidateQueries({ queryKey: ['mission', String(missionId)] });
  };
}

/** A mission's top-level comments, or one comment's replies, a page at a time ("more" loads the next). */
export function useCommentPages(missionId: number, parentCommentId?: number) {
  const session = useSession();
  const list = useInfiniteQuery({
    queryKey: [...commentsKey(missionId), parentCommentId ?? 'top', session.userId],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchCommentPage(missionId, pageParam, parentCommentId),
    getNextPageParam: (last, pages) => (last.last || last.content.length === 0 ? undefined : pages.length),
  });
  return { list, comments: list.data?.pages.flatMap((page) => page.content) ?? [] };
}
