import type { CurrentUser } from '@fanmission/contracts';
import { useQuery } from '@tanstack/react-query';
import { storeCurrentUser, useSession } from '../session/session';
import { api } from './client';

/** `GET /api/v1/users/me` (the spec's "current-user fetch, path not shown"). */
export async function fetchCurrentUser(token?: string): Promise<CurrentUser> {
  return (await api<CurrentUser>('/users/me', token === undefined ? {} : { token })).data;
}

export const currentUserQueryKey = ['users', 'me'] as const;

/** The current user, kept in the session values too (name and picture change on my page and in the header). */
export function useCurrentUser() {
  const session = useSession();
  return useQuery({
    queryKey: [...currentUserQueryKey, session.userId],
    enabled: session.token !== null,
    queryFn: async () => {
      const user = await fetchCurrentUser();
      storeCurrentUser(user);
      return user;
    },
  });
}
