import type { CurrentUser } from '@fanmission/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { storeCurrentUser, useSession } from '../session/session';
import { api } from './client';
import { queryKeys } from './query-keys';

/** `GET /api/v1/users/me` (the spec's "current-user fetch, path not shown"). */
export async function fetchCurrentUser(token?: string): Promise<CurrentUser> {
  return (await api<CurrentUser>('/users/me', token === undefined ? {} : { token })).data;
}

/** The current user, kept in the session values too (name and picture change on my page and in the header). */
export function useCurrentUser() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.currentUser.of(session.userId),
    enabled: session.loggedIn,
    queryFn: async () => {
      const user = await fetchCurrentUser();
      storeCurrentUser(user);
      return user;
    },
  });
}

/** Reloads the current user into the session values and every query showing it (after a profile change). */
export async function refreshCurrentUser(queryClient: QueryClient): Promise<void> {
  storeCurrentUser(await fetchCurrentUser());
  await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser.all });
}

/**
 * The account's e-mail for the pages that act on it (`/password-change`, `/bank-account-change`): the one the profile
 * editor passed in navigation state, else the signed-in member's own, so a bookmark or a reload opens the page too.
 * `email` is null while it loads (`loading`) and for an account without one.
 */
export function useAccountEmail(state: unknown): { email: string | null; loading: boolean } {
  const passed = (state as { email?: unknown } | null)?.email;
  const user = useCurrentUser();
  if (typeof passed === 'string' && passed !== '') return { email: passed, loading: false };
  if (user.isPending && user.fetchStatus !== 'idle') return { email: null, loading: true };
  return { email: user.data?.email ?? null, loading: false };
}
